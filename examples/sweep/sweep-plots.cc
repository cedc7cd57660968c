/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "sweep-plots.h"

#include "ns3/gnuplot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <gsl/gsl_fit.h>
#include <iomanip>
#include <iostream>
#include <limits>

namespace sweep
{

using namespace ns3;

namespace
{

/// Points of one line of a figure, each at its x.
using Series = std::map<std::string, std::vector<std::pair<double, Point>>>;

/// Lines of a figure: label -> (x, y); a y that is not positive (or NaN) breaks its line.
using Lines = std::map<std::string, std::vector<std::pair<double, double>>>;

/// \return the lines of \p metric over \p series (NaN at a point without a completed run)
Lines
Values(const Series& series, double Point::*metric)
{
    Lines lines;
    for (const auto& [label, points] : series)
    {
        for (const auto& [x, p] : points)
        {
            lines[label].emplace_back(x, p.runs > 0 ? p.*metric : NAN);
        }
    }
    return lines;
}

/// \return Gnuplot settings for an x axis of \p categories at 0, 1, ..., in that order, tilted
std::vector<std::string>
CategoryAxis(const std::vector<std::string>& categories)
{
    std::string tics = "set xtics (";
    for (size_t i = 0; i < categories.size(); ++i)
    {
        tics += (i > 0 ? ", \"" : "\"") + categories[i] + "\" " + std::to_string(i);
    }
    // Tilted, so that ten scheme names fit side by side.
    return {tics + ")",
            "set xtics rotate by -30",
            "set xrange [-0.5:" + std::to_string(categories.size() - 0.5) + "]"};
}

/**
 * Writes a Gnuplot script, one dataset per line, and draws it as dir/name.png; a point
 * without a positive value breaks its line, a line without any is left out (unless no line
 * has one: then every finite point is drawn, zeros included, on \p settings' axes).
 */
void
Plot(const std::string& dir,
     const std::string& name,
     const std::string& title,
     const std::string& xlabel,
     const std::string& ylabel,
     const std::vector<std::string>& settings,
     Gnuplot2dDataset::Style style,
     const Lines& lines)
{
    Gnuplot plot(dir + "/" + name + ".png", title);
    plot.SetTerminal("png size 960,640");
    plot.SetLegend(xlabel, ylabel);
    for (const std::string& setting : settings)
    {
        plot.AppendExtra(setting);
    }
    plot.AppendExtra("set key outside right");
    plot.AppendExtra("set grid");
    const auto positive = [](const auto& point) { return point.second > 0; };
    const bool anyPositive = std::any_of(lines.begin(), lines.end(), [&](const auto& line) {
        return std::any_of(line.second.begin(), line.second.end(), positive);
    });
    for (const auto& [label, points] : lines)
    {
        if (anyPositive && std::none_of(points.begin(), points.end(), positive))
        {
            continue; // nothing to draw: gnuplot would warn
        }
        Gnuplot2dDataset dataset(label);
        dataset.SetStyle(style);
        for (const auto& [x, y] : points)
        {
            if (y > 0 || (!anyPositive && std::isfinite(y)))
            {
                dataset.Add(x, y);
            }
            else
            {
                dataset.AddEmptyLine();
            }
        }
        plot.AddDataset(dataset);
    }
    const std::string script = dir + "/" + name + ".plt";
    std::ofstream out(script);
    plot.GenerateOutput(out);
    out.close();
    // A relative path as "./" and it: gnuplot would take --out=-1's "-1/..." for an option.
    const std::string argument = script.front() == '/' ? script : "./" + script;
    if (std::system(("gnuplot " + ShellWord(argument)).c_str()) != 0)
    {
        std::cerr << "fabric-lb-sweep: gnuplot failed on " << script << std::endl;
    }
}

} // namespace

double
LogLogSlope(const std::vector<double>& x, const std::vector<double>& y, double minX)
{
    std::vector<double> lx;
    std::vector<double> ly;
    for (size_t i = 0; i < x.size(); ++i)
    {
        if (x[i] > 0 && x[i] >= minX && y[i] > 0)
        {
            lx.push_back(std::log(x[i]));
            ly.push_back(std::log(y[i]));
        }
    }
    if (lx.size() < 2)
    {
        return NAN;
    }
    double c0;
    double c1;
    double cov00;
    double cov01;
    double cov11;
    double sumsq;
    gsl_fit_linear(lx.data(), 1, ly.data(), 1, lx.size(), &c0, &c1, &cov00, &cov01, &cov11, &sumsq);
    return c1;
}

void
FitAndPlotSizes(const Options& options, const std::map<PointKey, Point>& points)
{
    Series series;
    for (const auto& [key, p] : points)
    {
        if (p.runs > 0)
        {
            series[std::get<0>(key)].emplace_back(p.packets, p);
        }
    }
    const std::string fitsName =
        options.fitMinPackets > 0 ? "/fits-from-" + std::to_string(options.fitMinPackets) + ".csv"
                                  : "/fits.csv";
    std::ofstream fits(options.out + fitsName);
    fits << std::setprecision(std::numeric_limits<double>::max_digits10);
    fits << "scheme,q_mean_exponent,max_queue_exponent\n";
    std::cout << "exponents in m fitted over m >= " << options.fitMinPackets << " packets\n";
    std::cout << "scheme      q(m) exponent  max-queue exponent\n";
    for (const auto& [scheme, bySize] : series)
    {
        std::vector<double> m;
        std::vector<double> q;
        std::vector<double> maxq;
        for (const auto& [packets, p] : bySize)
        {
            m.push_back(packets);
            q.push_back(p.qMean);
            maxq.push_back(p.maxQueue);
        }
        const double qExponent = LogLogSlope(m, q, options.fitMinPackets);
        const double maxExponent = LogLogSlope(m, maxq, options.fitMinPackets);
        fits << scheme << "," << qExponent << "," << maxExponent << "\n";
        std::printf("%-10s %14.3f %19.3f\n", scheme.c_str(), qExponent, maxExponent);
    }
    fits.close();

    const std::string xlabel = "message size m (packets)";
    const std::vector<std::string> logLog = {"set logscale xy"};
    Plot(options.out,
         "cct-increase",
         "CCT increase over the bound",
         xlabel,
         "CCT increase (%)",
         logLog,
         Gnuplot2dDataset::LINES_POINTS,
         Values(series, &Point::cctIncrease));
    Plot(options.out,
         "max-queue",
         "Largest switch queue",
         xlabel,
         "max queue (packets)",
         logLog,
         Gnuplot2dDataset::LINES_POINTS,
         Values(series, &Point::maxQueue));
    Plot(options.out,
         "q-mean",
         "q(m): time-averaged switch queue",
         xlabel,
         "mean queue (packets)",
         logLog,
         Gnuplot2dDataset::LINES_POINTS,
         Values(series, &Point::qMean));
    std::cout << "results: " << options.out << "/results.csv, " << fitsName.substr(1)
              << ", cct-increase.png, max-queue.png, q-mean.png" << std::endl;
}

void
PlotVariants(const Options& options, const std::map<PointKey, Point>& points)
{
    const bool bySchemes = options.varyValues.size() <= 1;
    const std::vector<std::string>& categories = bySchemes ? options.schemes : options.varyValues;
    Series series;
    const int width = std::max<int>(12, options.varyFlag.size());
    std::printf("%-12s %9s  %-*s %9s  %14s  %16s\n",
                "scheme",
                "msg_bytes",
                width,
                options.varyFlag.c_str(),
                "complete",
                "cct increase %",
                "max queue (pkts)");
    for (const auto& [key, p] : points)
    {
        const auto& [scheme, bytes, variant] = key;
        const std::string value = options.varyFlag.empty() ? "" : options.varyValues[variant];
        std::string label = !bySchemes      ? scheme
                            : value.empty() ? options.workload
                                            : options.varyFlag + "=" + value;
        if (options.sizes.size() > 1)
        {
            label += ", m=" + std::to_string(static_cast<uint64_t>(p.packets));
        }
        const size_t x =
            bySchemes ? std::find(categories.begin(), categories.end(), scheme) - categories.begin()
                      : variant;
        series[label].emplace_back(x, p);
        std::printf("%-12s %9llu  %-*s %5u/%-3u  %14.3f  %16.3f\n",
                    scheme.c_str(),
                    static_cast<unsigned long long>(bytes),
                    width,
                    value.c_str(),
                    p.runs,
                    p.runs + p.incomplete,
                    p.runs > 0 ? p.cctIncrease : NAN,
                    p.runs > 0 ? p.maxQueue : NAN);
    }
    std::vector<std::string> settings = CategoryAxis(categories);
    // A log axis needs a positive value: a collective every scheme ends at its bound has none.
    bool anyIncrease = false;
    for (const auto& [label, line] : series)
    {
        for (const auto& [x, point] : line)
        {
            anyIncrease = anyIncrease || (point.runs > 0 && point.cctIncrease > 0);
        }
    }
    if (anyIncrease)
    {
        settings.emplace_back("set logscale y");
    }
    // Points from the map come sorted by scheme name: put them in the order of the categories.
    for (auto& [label, line] : series)
    {
        std::stable_sort(line.begin(), line.end(), [](const auto& a, const auto& b) {
            return a.first < b.first;
        });
    }
    const std::string xlabel = bySchemes ? "scheme" : options.varyFlag;
    const auto style = bySchemes ? Gnuplot2dDataset::POINTS : Gnuplot2dDataset::LINES_POINTS;
    const std::string note = " (" + options.workload + ", mean of completed runs)";
    Plot(options.out,
         "cct-increase",
         "CCT increase over the bound" + note,
         xlabel,
         "CCT increase (%)",
         settings,
         style,
         Values(series, &Point::cctIncrease));
    Plot(options.out,
         "max-queue",
         "Largest switch queue" + note,
         xlabel,
         "max queue (packets)",
         settings,
         style,
         Values(series, &Point::maxQueue));
    std::cout << "results: " << options.out << "/results.csv, cct-increase.png, max-queue.png"
              << std::endl;
}

void
PlotStageMetric(const Options& options,
                const std::map<PointKey, Point>& points,
                size_t m,
                const std::vector<std::string>& stages)
{
    const StageMetric& metric = STAGE_METRICS[m];
    std::map<uint64_t, Lines> bySize; // message size in bytes -> its figure's lines
    for (const auto& [key, p] : points)
    {
        const auto& [scheme, bytes, variant] = key;
        Lines& lines = bySize[bytes];
        std::string label = scheme;
        if (options.varyValues.size() > 1)
        {
            label += ", " + options.varyFlag + "=" + options.varyValues[variant];
        }
        for (size_t i = 0; i < p.stages[m].size(); ++i)
        {
            lines[label].emplace_back(i, p.stages[m][i]);
        }
    }
    std::cout << metric.key << " per stage:";
    for (const auto& [bytes, lines] : bySize)
    {
        const std::string size = std::to_string(bytes);
        const std::string key = metric.key;
        const std::string name = bySize.size() > 1 ? key + "-" + size : key;
        Plot(options.out,
             name,
             std::string(metric.title) + " (" + options.workload + ", " + size +
                 " B, mean of completed runs)",
             "stage",
             metric.yLabel,
             CategoryAxis(stages),
             Gnuplot2dDataset::LINES_POINTS,
             lines);
        std::cout << " " << options.out << "/" << name << ".png";
    }
    std::cout << std::endl;
}

} // namespace sweep
