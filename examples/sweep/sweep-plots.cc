/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "sweep-plots.h"

#include "figure-text.h"
#include "scheme-style.h"
#include "sweep-figure.h"

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
#include <set>
#include <sstream>

namespace sweep
{

using namespace ns3;

namespace
{

/// \return \p count runs in words: "1 run", "10 runs"
std::string
Runs(uint32_t count)
{
    return std::to_string(count) + (count == 1 ? " run" : " runs");
}

/**
 * \param table the results
 * \param points the points a figure draws
 * \param size its message size in words ("1 MiB"), or sizes ("16 KiB to 4 MiB")
 * \param condition what its --vary value sets, if one for the whole figure
 * \param caption the sweep's --caption
 * \return the title's second line: "permutation of 1 MiB messages, k=8 fat tree (128 hosts),
 *         10 runs a point, CONDITION, CAPTION"
 */
std::string
Setting(const Table& table,
        const std::vector<const Point*>& points,
        const std::string& size,
        const std::string& condition,
        const std::string& caption)
{
    std::vector<std::string> fabrics;
    std::vector<uint32_t> hosts;
    uint32_t least = std::numeric_limits<uint32_t>::max();
    uint32_t most = 0;
    for (const Point* p : points)
    {
        if (std::find(fabrics.begin(), fabrics.end(), p->fabric) == fabrics.end())
        {
            fabrics.push_back(p->fabric);
        }
        if (p->hosts > 0)
        {
            hosts.push_back(p->hosts);
        }
        least = std::min(least, p->runs + p->incomplete);
        most = std::max(most, p->runs + p->incomplete);
    }
    // With --jobs, the jobs file's collectives run in place of the sweep's.
    std::string text =
        table.varyFlag == "jobs" ? "jobs of a jobs file" : WorkloadText(table.workload);
    if (table.varyFlag != "jobs" && HasMessageSize(table.workload))
    {
        text += " of " + size + " messages";
    }
    text += ", " + FabricsText(fabrics, hosts) + ", " +
            (least < most ? std::to_string(least) + " to " + std::to_string(most) + " runs"
                          : Runs(most)) +
            " a point";
    for (const std::string& more : {condition, caption})
    {
        text += more.empty() ? "" : ", " + more;
    }
    return text;
}

/// \return the category axis of \p names at 0, 1, ..., in that order
XAxis
Categories(const std::string& label, const std::vector<std::string>& names)
{
    XAxis axis{label, {}, true, false};
    for (size_t i = 0; i < names.size(); ++i)
    {
        axis.tics.emplace_back(names[i], i);
    }
    return axis;
}

/// \return the points of \p table with message size \p bytes (any, if 0) and --vary value
///         index \p variant (any, if it is the number of values)
std::vector<const Point*>
PointsOf(const Table& table, uint64_t bytes, size_t variant)
{
    std::vector<const Point*> points;
    for (const auto& [key, p] : table.points)
    {
        if ((bytes == 0 || std::get<1>(key) == bytes) &&
            (variant == table.varyValues.size() || std::get<2>(key) == variant))
        {
            points.push_back(&p);
        }
    }
    return points;
}

/// \return the y axis of the metric \p metric of a Point
std::string
YLabel(RunValues Point::*metric)
{
    return metric == &Point::cctIncrease ? "CCT increase over the bound (%)"
           : metric == &Point::maxQueue  ? "largest switch queue (data packets)"
                                         : "time-averaged switch queue (data packets)";
}

/// \return the title's first line for the metric \p metric of a Point
std::string
MetricTitle(RunValues Point::*metric)
{
    return metric == &Point::cctIncrease ? "CCT increase over the lower bound"
           : metric == &Point::maxQueue  ? "Largest switch queue"
                                         : "q(m): time-averaged switch queue";
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
FitAndPlotSizes(const Options& options, const Table& table)
{
    const std::string fitsName =
        options.fitMinPackets > 0 ? "/fits-from-" + std::to_string(options.fitMinPackets) + ".csv"
                                  : "/fits.csv";
    std::ofstream fits(options.out + fitsName);
    fits << std::setprecision(std::numeric_limits<double>::max_digits10);
    fits << "scheme,q_mean_exponent,max_queue_exponent\n";
    std::cout << "exponents in m fitted over m >= " << options.fitMinPackets << " packets\n";
    std::cout << "scheme      q(m) exponent  max-queue exponent\n";
    for (const std::string& scheme : table.schemes)
    {
        std::vector<double> m;
        std::vector<double> q;
        std::vector<double> maxq;
        for (const auto& [key, p] : table.points)
        {
            if (std::get<0>(key) == scheme && p.runs > 0)
            {
                m.push_back(p.packets);
                q.push_back(p.qMean.Mean());
                maxq.push_back(p.maxQueue.Mean());
            }
        }
        if (m.empty())
        {
            continue; // no completed run at any size
        }
        const double qExponent = LogLogSlope(m, q, options.fitMinPackets);
        const double maxExponent = LogLogSlope(m, maxq, options.fitMinPackets);
        fits << scheme << "," << qExponent << "," << maxExponent << "\n";
        std::printf("%-10s %14.3f %19.3f\n", scheme.c_str(), qExponent, maxExponent);
    }
    fits.close();

    // The sizes, in packets, on a log axis with a tic at each.
    XAxis axis{"message size m (packets)", {}, false, true};
    std::set<double> packets;
    for (const auto& [key, p] : table.points)
    {
        packets.insert(p.packets);
    }
    for (double m : packets)
    {
        axis.tics.emplace_back(Shown(m), m);
    }
    const std::vector<uint64_t>& sizes = table.sizes;
    const std::string range = BytesText(*std::min_element(sizes.begin(), sizes.end())) + " to " +
                              BytesText(*std::max_element(sizes.begin(), sizes.end()));
    const std::string condition =
        table.varyValues.front().empty() ? "" : Condition(table.varyFlag, table.varyValues[0]);
    const std::string setting = Setting(table,
                                        PointsOf(table, 0, table.varyValues.size()),
                                        range,
                                        condition,
                                        options.caption);
    // The study's model of random spraying's queue on a k-ary fat tree (its section 7): the
    // expected distance of a random walk of m steps, each of variance 1 - 2/k.
    std::vector<ModelCurve> models;
    if (options.topology == "fat-tree" && options.k > 2)
    {
        const std::string k = std::to_string(options.k);
        models.push_back({"random spraying, model",
                          "sqrt(1 - 2.0/" + k + ") * sqrt(2 * x / pi)",
                          "dashed: the study's model of random spraying's queue, "
                          "sqrt(1 - 2/k) sqrt(2m/pi) packets, k = " +
                              k});
    }
    for (const auto& [name, metric] : {std::pair{"cct-increase", &Point::cctIncrease},
                                       {"max-queue", &Point::maxQueue},
                                       {"q-mean", &Point::qMean}})
    {
        std::vector<Series> series;
        for (const std::string& scheme : table.schemes)
        {
            Series s{scheme, {}};
            for (const auto& [key, p] : table.points)
            {
                if (std::get<0>(key) == scheme)
                {
                    s.marks.push_back({p.packets,
                                       p.*metric,
                                       p.runs + p.incomplete,
                                       " at m = " + Shown(p.packets)});
                }
            }
            std::sort(s.marks.begin(), s.marks.end(), [](const Mark& a, const Mark& b) {
                return a.x < b.x;
            });
            series.push_back(s);
        }
        std::vector<ModelCurve> curves =
            metric == &Point::cctIncrease ? std::vector<ModelCurve>{} : models;
        if (metric == &Point::maxQueue && options.bufferPackets > 0)
        {
            curves.push_back({"a port's buffer",
                              Shown(options.bufferPackets),
                              "dotted: a port's buffer, " + Shown(options.bufferPackets) +
                                  " data packets, which no queue passes",
                              "lc rgb \"gray40\" dt 3 lw 2"});
        }
        Draw(options.out,
             {name, MetricTitle(metric), setting, YLabel(metric), true, true},
             axis,
             series,
             curves);
    }
    std::cout << "results: " << options.out << "/results.csv, " << fitsName.substr(1)
              << ", cct-increase.png, max-queue.png, q-mean.png" << std::endl;
}

void
PlotVariants(const Options& options, const Table& table)
{
    const std::string& flag = table.varyFlag;
    const std::vector<std::string>& values = table.varyValues;
    const bool bySchemes = values.size() <= 1;
    const int width = std::max<int>(12, flag.size());
    std::printf("%-12s %9s  %-*s %9s  %14s  %16s\n",
                "scheme",
                "msg_bytes",
                width,
                flag.c_str(),
                "complete",
                "cct increase %",
                "max queue (pkts)");
    for (const auto& [key, p] : table.points)
    {
        const auto& [scheme, bytes, variant] = key;
        std::printf("%-12s %9llu  %-*s %5u/%-3u  %14.3f  %16.3f\n",
                    scheme.c_str(),
                    static_cast<unsigned long long>(bytes),
                    width,
                    values[variant].c_str(),
                    p.runs,
                    p.runs + p.incomplete,
                    p.cctIncrease.Mean(),
                    p.maxQueue.Mean());
    }

    // The x axis: the schemes, or the values, as numbers where they are all numbers.
    XAxis axis;
    if (bySchemes)
    {
        std::vector<std::string> labels;
        for (const std::string& scheme : table.schemes)
        {
            labels.push_back(StyleOf(scheme).label);
        }
        axis = Categories("load-balancing scheme", labels);
    }
    else
    {
        axis = {AxisLabel(flag), {}, false, false};
        std::set<double> places;
        for (const std::string& value : values)
        {
            const std::optional<double> x = AxisValue(flag, value);
            axis.categorical = axis.categorical || !x || !places.insert(*x).second;
            axis.tics.emplace_back(ValueText(flag, value), x.value_or(0));
        }
        if (axis.categorical)
        {
            std::vector<std::string> labels;
            for (const std::string& value : values)
            {
                labels.push_back(ValueText(flag, value));
            }
            axis = Categories(AxisLabel(flag), labels);
        }
        else
        {
            // A log scale where the values span a factor of 8 or more.
            axis.log = *places.begin() > 0 && *places.rbegin() >= 8 * *places.begin();
        }
    }
    const std::string condition = bySchemes && !flag.empty() ? Condition(flag, values.front()) : "";
    for (uint64_t bytes : table.sizes)
    {
        const std::string suffix = table.sizes.size() > 1 ? "-" + std::to_string(bytes) : "";
        const std::string setting = Setting(table,
                                            PointsOf(table, bytes, values.size()),
                                            BytesText(bytes),
                                            condition,
                                            options.caption);
        for (const auto& [name, metric] :
             {std::pair{"cct-increase", &Point::cctIncrease}, {"max-queue", &Point::maxQueue}})
        {
            std::vector<Series> series;
            for (size_t i = 0; i < table.schemes.size(); ++i)
            {
                const std::string& scheme = table.schemes[i];
                Series s{scheme, {}};
                for (size_t v = 0; v < values.size(); ++v)
                {
                    const auto it = table.points.find({scheme, bytes, v});
                    if (it == table.points.end())
                    {
                        continue;
                    }
                    const Point& p = it->second;
                    s.marks.push_back({bySchemes ? i : axis.tics[v].second,
                                       p.*metric,
                                       p.runs + p.incomplete,
                                       bySchemes ? "" : " at " + axis.tics[v].first});
                }
                std::sort(s.marks.begin(), s.marks.end(), [](const Mark& a, const Mark& b) {
                    return a.x < b.x;
                });
                series.push_back(s);
            }
            Draw(options.out,
                 {name + suffix, MetricTitle(metric), setting, YLabel(metric), true, !bySchemes},
                 axis,
                 series);
        }
    }
    std::cout << "results: " << options.out << "/results.csv, cct-increase"
              << (table.sizes.size() > 1 ? "-*" : "") << ".png, max-queue"
              << (table.sizes.size() > 1 ? "-*" : "") << ".png" << std::endl;
}

void
PlotStageMetric(const Options& options, const Table& table, size_t m)
{
    const StageMetric& metric = STAGE_METRICS[m];
    const std::vector<std::string>& values = table.varyValues;
    const XAxis axis = Categories("switch stage, in path order", table.stages);
    std::cout << metric.key << " per stage:";
    for (uint64_t bytes : table.sizes)
    {
        for (size_t v = 0; v < values.size(); ++v)
        {
            std::string name = metric.key;
            name += table.sizes.size() > 1 ? "-" + std::to_string(bytes) : "";
            name += values.size() > 1 ? "-" + values[v] : "";
            std::vector<Series> series;
            for (const std::string& scheme : table.schemes)
            {
                const auto it = table.points.find({scheme, bytes, v});
                if (it == table.points.end())
                {
                    continue;
                }
                const Point& p = it->second;
                Series s{scheme, {}};
                for (size_t i = 0; i < table.stages.size(); ++i)
                {
                    s.marks.push_back({static_cast<double>(i),
                                       i < p.stages[m].size() ? p.stages[m][i] : RunValues{},
                                       p.runs + p.incomplete,
                                       ""});
                }
                series.push_back(s);
            }
            const std::string condition =
                values[v].empty() ? "" : Condition(table.varyFlag, values[v]);
            Draw(options.out,
                 {name,
                  metric.title,
                  Setting(table,
                          PointsOf(table, bytes, v),
                          BytesText(bytes),
                          condition,
                          options.caption),
                  metric.yLabel,
                  false,
                  true},
                 axis,
                 series);
            std::cout << " " << options.out << "/" << name << ".png";
        }
    }
    std::cout << std::endl;
}

} // namespace sweep
