/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * fabric-lb-sweep: runs fabric-lb-sim over a grid of schemes, message sizes,
 * optionally the values of one more driver flag (--vary), and runs, in parallel
 * over the machine's cores, and turns the results into a CSV, figures (ns-3's
 * Gnuplot class writes the scripts, gnuplot draws the PNGs) and, without
 * --vary, least-squares fits (GSL) of the exponent in m of q(m) and of the
 * maximum queue.
 *
 *   fabric-lb-sweep --schemes=ofan,rsq --sizes=65536,262144 --runs=3 --out=results/fig6
 *   fabric-lb-sweep --schemes=ecmp,ofan --sizes=262144 --vary=convergence:0,10us,inf
 *   fabric-lb-sweep --schemes=host-dr,ofan --sizes=1048576 --vary=k:4,8,16
 *   fabric-lb-sweep --replot --out=results/fig6     # the figures again, from results.csv
 *   fabric-lb-sweep --printStyle=ofan               # how every figure draws a scheme
 */

#include "sweep/scheme-style.h"
#include "sweep/sweep-options.h"
#include "sweep/sweep-plots.h"
#include "sweep/sweep-runs.h"
#include "sweep/sweep-table.h"

#include <filesystem>
#include <iostream>
#include <stdexcept>

using namespace sweep;

namespace
{

/// Prints one error line and returns the exit status of bad input.
int
Fail(const std::string& message)
{
    std::cerr << "fabric-lb-sweep: error: " << message << std::endl;
    return 2;
}

} // namespace

int
main(int argc, char* argv[])
{
    Options options;
    try
    {
        options = ParseOptions(argc, argv);
    }
    catch (const std::invalid_argument& e)
    {
        return Fail(e.what());
    }
    if (!options.printStyle.empty())
    {
        std::cout << GnuplotStyle(options.printStyle) << "\t" << StyleOf(options.printStyle).label
                  << std::endl;
        return 0;
    }
    size_t failed = 0;
    if (!options.replot)
    {
        std::error_code error;
        std::filesystem::create_directories(options.out + "/runs", error);
        if (error)
        {
            return Fail("cannot create " + options.out + "/runs: " + error.message());
        }
        try
        {
            KeepSettings(options);
            const std::vector<Job> grid = MakeGrid(options);
            failed = RunGrid(options, grid);
            TabulateRuns(options, grid);
        }
        catch (const std::invalid_argument& e)
        {
            return Fail(e.what());
        }
    }
    // The figures come from results.csv, whether just written or kept (--replot).
    Table table;
    try
    {
        table = ReadTable(options.out + "/results.csv");
    }
    catch (const std::invalid_argument& e)
    {
        return Fail(std::string(e.what()) + ": nothing to draw");
    }
    if (table.points.empty())
    {
        std::cerr << "fabric-lb-sweep: no run has a result: no figures" << std::endl;
        return failed > 0 ? 1 : 0;
    }
    try
    {
        if (table.varyFlag.empty() && table.sizes.size() > 1)
        {
            FitAndPlotSizes(options, table);
        }
        else
        {
            PlotVariants(options, table);
        }
        for (size_t m = 0; m < STAGE_METRICS.size(); ++m)
        {
            PlotStageMetric(options, table, m);
        }
    }
    catch (const std::runtime_error& e)
    {
        std::cerr << "fabric-lb-sweep: error: " << e.what() << std::endl;
        return 1; // the runs may be fine; a figure is missing
    }
    return failed > 0 ? 1 : 0;
}
