/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "sweep-figure.h"

#include "figure-text.h"
#include "scheme-style.h"

#include "ns3/gnuplot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
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

/// \return \p text as lines of at most \p width characters where it can, broken after a
///         comma, semicolon or colon and its space, each piece on the first line it fits
std::vector<std::string>
GreedyLines(const std::string& text, size_t width)
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

/// \return \p text in as few lines as GreedyLines breaks it into at \p width, their lengths
///         balanced (the narrowest width that needs no more lines), so that no line is left
///         with a word or two
std::vector<std::string>
Wrapped(const std::string& text, size_t width = 120)
{
    const std::vector<std::string> widest = GreedyLines(text, width);
    for (size_t narrower = text.size() / widest.size(); narrower < width; ++narrower)
    {
        std::vector<std::string> lines = GreedyLines(text, narrower);
        if (lines.size() == widest.size())
        {
            return lines;
        }
    }
    return widest;
}

/// \return the gnuplot point type of \p pointType drawn hollow (7, a filled circle: 6)
int
Hollow(int pointType)
{
    return pointType >= 5 && pointType <= 15 && pointType % 2 == 1 ? pointType - 1 : pointType;
}

} // namespace

void
Draw(const std::string& dir,
     const FigureText& text,
     const XAxis& axis,
     const std::vector<Series>& series,
     const std::vector<ModelCurve>& models)
{
    // The file name is written into the script in double quotes, as every string of ours.
    Gnuplot plot(GnuplotQuoted(dir + "/" + text.name + ".png"));
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
    // Room beyond the outermost values: for the series set aside from them and their caps too,
    // so that no mark sits on the frame or beyond it.
    const double outermost = series.empty() ? 0 : (series.size() - 1) / 2.0 * step + cap;
    const double pad = axis.categorical ? std::max(0.5, outermost + 0.05)
                                        : std::max(0.1 * std::max(slot, scaled(hi) - scaled(lo)),
                                                   outermost + 0.05 * slot);
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
        // Whole decades, with at least a tenth of one beyond the least and the largest value.
        plot.AppendExtra("set logscale y");
        plot.AppendExtra("set yrange [" + Shown(std::pow(10, std::floor(std::log10(least) - 0.1))) +
                         ":" + Shown(std::pow(10, std::ceil(std::log10(largest) + 0.1))) + "]");
    }
    plot.AppendExtra("set grid ytics");
    plot.AppendExtra(text.key ? "set key outside right top" : "unset key");
    // A linear axis over the values' own range and a little more, so that no mark sits on the
    // frame.
    if (!logY)
    {
        plot.AppendExtra("set autoscale yfix");
        plot.AppendExtra("set offsets 0, 0, graph 0.05, graph 0.05");
    }

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
        curve.SetExtra("with lines " + model.style);
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
        throw std::runtime_error("gnuplot failed on " + script);
    }
}

} // namespace sweep
