/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "sweep-plots.h"

#include "figure-text.h"
#include "scheme-style.h"

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

/// One point of a series as a figure draws it: a metric's values over a point's runs.
struct Mark
{
    double x;          //!< where on the x axis, before the series' offset
    RunValues values;  //!< the completed runs' values
    uint32_t total;    //!< the runs with a result, completed or not
    std::string where; //!< the point in words (" at never"), for a note
};

/// One scheme's marks in a figure.
struct Series
{
    std::string scheme;      //!< whose style it has
    std::vector<Mark> marks; //!< in x order
};

/// A figure's x axis.
struct XAxis
{
    std::string label;                                //!< its label, with its unit
    std::vector<std::pair<std::string, double>> tics; //!< each tic's text and place
    bool categorical{true};                           //!< groups of points, or lines over numbers
    bool log{false};                                  //!< a log scale (numbers only)
};

/// What a figure shows, in words.
struct FigureText
{
    std::string name;    //!< its file, without .png
    std::string metric;  //!< what it shows: the title's first line
    std::string setting; //!< of what: the title's second line
    std::string yLabel;  //!< the y axis, with its unit
    bool logY{false};    //!< a log y axis, if the values span a factor of 10
    bool key{true};      //!< a key naming the series (not where the schemes are the x axis)
};

/// A curve of a model drawn beside the measured series: a dashed black line in the key.
struct ModelCurve
{
    std::string label;      //!< its name in the key
    std::string expression; //!< a gnuplot function of x, the x axis' own unit
    std::string note;       //!< a line of the title saying what it is, with its formula
};

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

/// \return \p text as lines of at most \p width characters where it can, broken after a
///         comma, semicolon or colon and its space
std::vector<std::string>
Wrapped(const std::string& text, size_t width = 120)
{
    std::vector<std::string> lines{""};
    size_t start = 0;
    while (start < text.size())
    {
        // The next piece: up to and with the next separator and its space.
        size_t end = start;
        do
        {
            end = text.find_first_of(",;:", end + 1);
        } while (end != std::string::npos && end + 1 < text.size() && text[end + 1] != ' ');
        end = end == std::string::npos || end + 1 >= text.size() ? text.size() : end + 2;
        const std::string piece = text.substr(start, end - start);
        if (!lines.back().empty() && lines.back().size() + piece.size() > width)
        {
            lines.back().erase(lines.back().find_last_not_of(' ') + 1);
            lines.emplace_back();
        }
        lines.back() += piece;
        start = end;
    }
    return lines;
}

/// \return the gnuplot point type of \p pointType drawn hollow (7, a filled circle: 6)
int
Hollow(int pointType)
{
    return pointType >= 5 && pointType <= 15 && pointType % 2 == 1 ? pointType - 1 : pointType;
}

/**
 * Writes a Gnuplot script of \p series (its style from each series' scheme) and draws it as
 * dir/NAME.png: each mark the mean of its runs, with a bar from the least to the largest, the
 * series side by side within a category; a mark some of whose runs did not complete hollow
 * and labelled "n/N"; a mark without a completed run, or at zero on a log axis, named in the
 * title; each of \p models as a dashed black line, named in the key and explained in the title.
 */
void
Draw(const std::string& dir,
     const FigureText& text,
     const XAxis& axis,
     const std::vector<Series>& series,
     const std::vector<ModelCurve>& models = {})
{
    Gnuplot plot(dir + "/" + text.name + ".png");
    plot.SetTerminal("pngcairo noenhanced size 1100,680 font \"sans,11\"");
    plot.SetLegend(GnuplotQuoted(axis.label), GnuplotQuoted(text.yLabel));
    std::string tics = "set xtics (";
    double lo = std::numeric_limits<double>::max();
    double hi = std::numeric_limits<double>::lowest();
    for (size_t i = 0; i < axis.tics.size(); ++i)
    {
        const auto& [label, x] = axis.tics[i];
        tics += (i > 0 ? ", \"" : "\"") + GnuplotQuoted(label) + "\" " + Shown(x);
        lo = std::min(lo, x);
        hi = std::max(hi, x);
    }
    // Long category names tilted, so that a dozen schemes fit side by side.
    size_t longest = 0;
    for (const auto& [label, x] : axis.tics)
    {
        longest = std::max(longest, label.size());
    }
    const bool tilted = axis.categorical && axis.tics.size() * (longest + 2) > 90;
    plot.AppendExtra(tics + ")" + (tilted ? " rotate by 30 right" : ""));
    // The room between neighbouring categories or values, in the axis' own scale.
    const auto scaled = [&axis](double x) { return axis.log ? std::log(x) : x; };
    double slot = axis.categorical ? 1 : 0;
    for (size_t i = 1; i < axis.tics.size(); ++i)
    {
        const double gap = std::abs(scaled(axis.tics[i].second) - scaled(axis.tics[i - 1].second));
        slot = slot == 0 ? gap : std::min(slot, gap);
    }
    slot = slot > 0 ? slot : 1;
    const double pad = axis.categorical ? 0.5 : 0.1 * std::max(slot, scaled(hi) - scaled(lo));
    const auto unscaled = [&axis](double x) { return axis.log ? std::exp(x) : x; };
    plot.AppendExtra("set xrange [" + Shown(unscaled(scaled(lo) - pad)) + ":" +
                     Shown(unscaled(scaled(hi) + pad)) + "]");
    if (axis.log)
    {
        plot.AppendExtra("set logscale x");
    }
    // A log y axis only where the values span a factor of 10 or more: below that, its tics
    // would be too few to read.
    double least = std::numeric_limits<double>::max();
    double largest = 0;
    for (const Series& s : series)
    {
        for (const Mark& mark : s.marks)
        {
            for (double value : mark.values.values)
            {
                least = value > 0 ? std::min(least, value) : least;
                largest = std::max(largest, value);
            }
        }
    }
    const bool logY = text.logY && largest >= 10 * least;
    if (logY)
    {
        plot.AppendExtra("set logscale y");
    }
    plot.AppendExtra("set grid ytics");
    plot.AppendExtra(text.key ? "set key outside right top" : "unset key");
    // A log axis over whole decades, a linear one over the values' own range and a little more,
    // so that no mark sits on the frame.
    if (!logY)
    {
        plot.AppendExtra("set autoscale yfix");
        plot.AppendExtra("set offsets 0, 0, graph 0.05, graph 0.05");
    }

    // Series that share an x side by side: within a category's width, or a little apart on a
    // numeric axis.
    std::set<double> places;
    bool shared = false;
    for (const Series& s : series)
    {
        for (const Mark& mark : s.marks)
        {
            shared = shared || !places.insert(mark.x).second;
        }
    }
    const double step = !shared || series.size() < 2
                            ? 0
                            : std::min((axis.categorical ? 0.7 : 0.25) * slot / (series.size() - 1),
                                       (axis.categorical ? 0.15 : 0.05) * slot);
    // A cap's half width: within the series' room.
    const double cap = 0.3 * (step > 0 ? step : (axis.categorical ? 0.25 : 0.1) * slot);
    std::vector<std::string> notes;
    bool anyIncomplete = false;
    bool anyDrawn = false;
    for (size_t s = 0; s < series.size(); ++s)
    {
        const SchemeStyle style = StyleOf(series[s].scheme);
        const std::string colour = "lc rgb \"" + style.colour + "\"";
        const std::string textColour = "tc rgb \"" + style.colour + "\"";
        const double offset = (s - (series.size() - 1) / 2.0) * step;
        if (text.key)
        {
            // The key's entry, whether or not the series has a point to draw.
            Gnuplot2dFunction key(GnuplotQuoted(style.label), "NaN");
            key.SetExtra(std::string(axis.categorical ? "with points " : "with linespoints ") +
                         GnuplotStyle(series[s].scheme) + " lw 2");
            plot.AddDataset(key);
        }
        // A bar, and its caps, as segments of lines: from the least value to the largest.
        Gnuplot2dDataset bars("");
        bars.SetStyle(Gnuplot2dDataset::LINES);
        bars.SetExtra(colour + " lw 1.5 notitle");
        Gnuplot2dDataset means("");
        means.SetStyle(axis.categorical ? Gnuplot2dDataset::POINTS
                                        : Gnuplot2dDataset::LINES_POINTS);
        means.SetExtra(GnuplotStyle(series[s].scheme) + " lw 2 notitle");
        Gnuplot2dDataset hollow("");
        hollow.SetStyle(Gnuplot2dDataset::POINTS);
        hollow.SetExtra(colour + " pt " + std::to_string(Hollow(style.pointType)) + " ps " +
                        Shown(POINT_SIZE) + " lw 2 notitle");
        size_t barCount = 0;
        size_t meanCount = 0;
        size_t hollowCount = 0;
        for (const Mark& mark : series[s].marks)
        {
            const double x = unscaled(scaled(mark.x) + offset);
            const size_t runs = mark.values.values.size();
            const double mean = mark.values.Mean();
            const std::string count = std::to_string(runs) + "/" + std::to_string(mark.total);
            if (runs == 0 || !std::isfinite(mean) || (logY && mean <= 0))
            {
                notes.push_back(style.label + mark.where +
                                (runs == 0 ? " (" + count + " complete)" : " (at 0)"));
                if (runs == 0 && !shared) // a column of its own: its count at the bottom
                {
                    plot.AppendExtra("set label \"" + count + "\" at first " + Shown(x) +
                                     ", graph 0.04 center " + textColour);
                }
                means.AddEmptyLine();
                continue;
            }
            anyDrawn = true;
            if (runs > 1)
            {
                const double low = mark.values.Min();
                const double high = mark.values.Max();
                const double left = unscaled(scaled(mark.x) + offset - cap);
                const double right = unscaled(scaled(mark.x) + offset + cap);
                for (const auto& [from, to] : {std::pair{std::pair{x, low}, std::pair{x, high}},
                                               {{left, low}, {right, low}},
                                               {{left, high}, {right, high}}})
                {
                    bars.Add(from.first, from.second);
                    bars.Add(to.first, to.second);
                    bars.AddEmptyLine();
                }
                ++barCount;
            }
            if (runs < mark.total)
            {
                anyIncomplete = true;
                hollow.Add(x, mean);
                ++hollowCount;
                means.AddEmptyLine();
                plot.AppendExtra("set label \"" + count + "\" at first " + Shown(x) + ", first " +
                                 Shown(mean) + " offset char 1.2, char 0 " + textColour);
            }
            else
            {
                means.Add(x, mean);
                ++meanCount;
            }
        }
        for (const auto& [dataset, points] : {std::pair<Gnuplot2dDataset*, size_t>{&bars, barCount},
                                              {&means, meanCount},
                                              {&hollow, hollowCount}})
        {
            if (points > 0)
            {
                plot.AddDataset(*dataset);
            }
        }
    }
    for (const ModelCurve& model : models)
    {
        Gnuplot2dFunction curve(GnuplotQuoted(model.label), model.expression);
        curve.SetExtra("with lines lc rgb \"black\" dt 2 lw 2");
        plot.AddDataset(curve);
    }
    if (!anyDrawn)
    {
        // Nothing to draw: an empty frame, not gnuplot's error.
        plot.AppendExtra("set yrange [0:1]");
        if (!text.key)
        {
            Gnuplot2dFunction nothing("", "NaN");
            nothing.SetExtra("notitle");
            plot.AddDataset(nothing);
        }
    }

    std::vector<std::string> lines{text.metric,
                                   text.setting,
                                   "mean of each point's completed runs, bar from the least to the "
                                   "largest"};
    if (anyIncomplete)
    {
        lines.back() += "; hollow, n/N: only n of its N runs completed";
    }
    for (const ModelCurve& model : models)
    {
        lines.push_back(model.note);
    }
    if (!notes.empty())
    {
        lines.emplace_back("not drawn: ");
        std::set<std::string> seen;
        for (const std::string& note : notes)
        {
            if (seen.insert(note).second)
            {
                lines.back() += (seen.size() > 1 ? ", " : "") + note;
            }
        }
    }
    std::string title;
    for (const std::string& line : lines)
    {
        for (const std::string& part : Wrapped(line))
        {
            title += (title.empty() ? "" : "\\n") + GnuplotQuoted(part);
        }
    }
    plot.SetTitle(title);

    const std::string script = dir + "/" + text.name + ".plt";
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
        Draw(options.out,
             {name, MetricTitle(metric), setting, YLabel(metric), true, true},
             axis,
             series,
             metric == &Point::cctIncrease ? std::vector<ModelCurve>{} : models);
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
