/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_SCHEME_STYLE_H
#define FABRIC_LB_SCHEME_STYLE_H

#include <string>

namespace sweep
{

/// How every figure draws one load-balancing scheme.
struct SchemeStyle
{
    std::string label;  //!< its name in legends and on axes
    std::string colour; //!< its colour, "#RRGGBB"
    int pointType;      //!< its gnuplot point type
};

/// The marker size of every figure's points (gnuplot's pointsize).
constexpr double POINT_SIZE = 1.8;

/**
 * \param scheme a scheme's --lb name
 * \return its style: one of the driver's 13 schemes' (the Okabe-Ito colours and a few
 *         distinct extras, each with a point type of its own), or a fixed fallback for a
 *         name the table does not know, labelled with the name itself
 */
SchemeStyle StyleOf(const std::string& scheme);

/// \return \p scheme's colour, point type and size as gnuplot plot options:
///         lc rgb "#D55E00" pt 7 ps 1.8
std::string GnuplotStyle(const std::string& scheme);

} // namespace sweep

#endif /* FABRIC_LB_SCHEME_STYLE_H */
