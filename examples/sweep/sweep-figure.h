/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_SWEEP_FIGURE_H
#define FABRIC_LB_SWEEP_FIGURE_H

#include "sweep-table.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace sweep
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
    /// how it is drawn: gnuplot's line style (a dashed black line by default)
    std::string style{"lc rgb \"black\" dt 2 lw 2"};
};

/**
 * Writes a Gnuplot script of \p series (its style from each series' scheme) and draws it as
 * dir/NAME.png: each mark the mean of its runs, with a bar from the least to the largest, the
 * series side by side within a category; a mark some of whose runs did not complete hollow
 * and labelled "n/N"; a mark without a completed run, or at zero on a log axis, named in the
 * title; each of \p models as a dashed black line, named in the key and explained in the title.
 */
void Draw(const std::string& dir,
          const FigureText& text,
          const XAxis& axis,
          const std::vector<Series>& series,
          const std::vector<ModelCurve>& models = {});

} // namespace sweep

#endif /* FABRIC_LB_SWEEP_FIGURE_H */
