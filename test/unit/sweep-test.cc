/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The sweep runner's parts: its grid, its table of means, its fits, its shell words.
 */

#include "sweep/sweep-options.h"
#include "sweep/sweep-plots.h"
#include "sweep/sweep-runs.h"
#include "sweep/sweep-table.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <unistd.h>

using namespace sweep;

namespace
{

TEST(SweepOptions, SplitDropsEmptyItems)
{
    EXPECT_EQ(Split("ofan,,rr,"), (std::vector<std::string>{"ofan", "rr"}));
    EXPECT_TRUE(Split("").empty());
}

TEST(SweepOptions, ShellWordQuotesEverything)
{
    EXPECT_EQ(ShellWord("a b"), "'a b'");
    EXPECT_EQ(ShellWord("it's"), "'it'\\''s'");
    EXPECT_EQ(ShellWord("$(rm -rf /)"), "'$(rm -rf /)'");
}

TEST(SweepGrid, SchemeThenSizeThenValueThenRun)
{
    Options options;
    options.schemes = {"ofan", "rr"};
    options.sizes = {4096, 8192};
    options.runs = 2;
    options.out = "out";
    const std::vector<Job> grid = MakeGrid(options);
    ASSERT_EQ(grid.size(), 8U);
    // Without --vary, the names of earlier sweeps, so that they resume.
    EXPECT_EQ(grid[0].json, "out/runs/ofan-4096-1.json");
    EXPECT_EQ(grid[1].json, "out/runs/ofan-4096-2.json");
    EXPECT_EQ(grid[2].json, "out/runs/ofan-8192-1.json");
    EXPECT_EQ(grid[7].json, "out/runs/rr-8192-2.json");

    options.sizes = {4096};
    options.runs = 1;
    options.varyFlag = "failProb";
    options.varyValues = {"0.01", "0.02"};
    const std::vector<Job> varied = MakeGrid(options);
    ASSERT_EQ(varied.size(), 4U);
    EXPECT_EQ(varied[1].json, "out/runs/ofan-4096-failProb=0.02-1.json");
    EXPECT_EQ(varied[1].variant, 1U);
    EXPECT_EQ(varied[2].scheme, "rr");
}

/// A driver result with the fields the table reads; over_share only if \p overShare.
nlohmann::json
Result(double cctIncrease, uint64_t completed, bool overShare)
{
    nlohmann::json stages;
    for (ns3::FabricStage stage : SWITCH_STAGES)
    {
        stages[ns3::FabricStageName(stage)] = cctIncrease / 10;
    }
    nlohmann::json result{{"k", 4},
                          {"msg_packets", 2},
                          {"cct_ns", 1000},
                          {"bound_ns", 900},
                          {"cct_increase_pct", cctIncrease},
                          {"q_mean_pkts", cctIncrease / 100},
                          {"max_queue_pkts", 3},
                          {"packets_dropped", 0},
                          {"messages", 16},
                          {"messages_completed", completed},
                          {"overload", stages}};
    if (overShare)
    {
        result["over_share"] = stages;
    }
    return result;
}

TEST(SweepTable, MeansOfCompletedRunsOnly)
{
    const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                      ("fabric-lb-sweep-table-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir / "runs");
    Options options;
    options.schemes = {"ofan"};
    options.sizes = {8192};
    options.runs = 4;
    options.workload = "permutation";
    options.out = dir.string();
    const std::vector<Job> grid = MakeGrid(options);
    // Run 1 and 2 complete (10% and 30%), run 3 incomplete, run 4 never wrote a result;
    // run 2 comes from a driver older than over_share.
    std::ofstream(grid[0].json) << Result(10, 16, true);
    std::ofstream(grid[1].json) << Result(30, 16, false);
    std::ofstream(grid[2].json) << Result(1000, 15, true);

    const std::map<PointKey, Point> points = Collect(options, grid);
    ASSERT_EQ(points.size(), 1U);
    const Point& p = points.begin()->second;
    EXPECT_EQ(p.runs, 2U);
    EXPECT_EQ(p.incomplete, 1U);
    EXPECT_DOUBLE_EQ(p.cctIncrease, 20);
    EXPECT_DOUBLE_EQ(p.qMean, 0.2);
    EXPECT_DOUBLE_EQ(p.maxQueue, 3);
    // overload from both complete runs, over_share from the one that has it.
    EXPECT_EQ(p.stageRuns[0], 2U);
    EXPECT_EQ(p.stageRuns[1], 1U);
    EXPECT_DOUBLE_EQ(p.stages[0][0], 2);
    EXPECT_DOUBLE_EQ(p.stages[1][0], 1);

    // One row per result, the incomplete one included; an empty cell where over_share is missing.
    std::ifstream csv(dir / "results.csv");
    std::vector<std::string> rows;
    for (std::string row; std::getline(csv, row);)
    {
        rows.push_back(row);
    }
    ASSERT_EQ(rows.size(), 4U);
    EXPECT_EQ(rows[0].substr(0, 22), "scheme,workload,k,msg_");
    EXPECT_NE(rows[1].back(), ',');
    EXPECT_EQ(rows[2].substr(rows[2].size() - 5), ",,,,,");
    std::filesystem::remove_all(dir);
}

TEST(SweepFits, ExponentOfAPowerLaw)
{
    const std::vector<double> m{16, 64, 256, 1024};
    std::vector<double> q;
    for (double x : m)
    {
        q.push_back(3 * std::sqrt(x));
    }
    EXPECT_NEAR(LogLogSlope(m, q, 0), 0.5, 1e-12);
    // Sizes below the fit's smallest and queues of zero are left out.
    EXPECT_NEAR(LogLogSlope({1, 16, 64, 256}, {1000, 12, 24, 0}, 16), 0.5, 1e-12);
    EXPECT_NEAR(LogLogSlope({1, 16, 64, 256}, {1000, 12, 24, 48}, 16), 0.5, 1e-12);
    // Fewer than two points: no exponent.
    EXPECT_TRUE(std::isnan(LogLogSlope({16, 64}, {12, 0}, 0)));
}

} // namespace
