/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "scheme-style.h"

#include <map>
#include <sstream>

namespace sweep
{

SchemeStyle
StyleOf(const std::string& scheme)
{
    // The seven schemes the study compares most have the Okabe-Ito palette's colours (safe
    // for the colour-blind; its pale yellow left out) and filled markers, but ECMP's open
    // square; the others distinct extras (Paul Tol's indigo, olive, wine and teal, a brown, a
    // grey, Tol's purple), most with open markers. No two share a colour or a point type.
    static const std::map<std::string, SchemeStyle> styles{
        {"ecmp", {"ECMP", "#000000", 4}},
        {"subflow", {"subflow", "#332288", 10}},
        {"plb", {"PLB", "#999933", 8}},
        {"flowlet", {"flowlet", "#882255", 6}},
        {"host-spray", {"host spray", "#56B4E9", 13}},
        {"reps", {"REPS", "#CC79A7", 11}},
        {"reps-uet", {"REPS (UET)", "#AA4499", 1}},
        {"host-dr", {"host DR", "#0072B2", 5}},
        {"rr", {"RR", "#E69F00", 15}},
        {"simple-rr", {"simple RR", "#8C510A", 14}},
        {"switch-ar", {"switch AR", "#009E73", 9}},
        {"jsq", {"JSQ", "#44AA99", 12}},
        {"rsq", {"RSQ", "#777777", 3}},
        {"ofan", {"Ofan", "#D55E00", 7}},
    };
    const auto it = styles.find(scheme);
    // A scheme registered outside the driver (fabric-lb-own-discipline): a grey cross.
    return it != styles.end() ? it->second : SchemeStyle{scheme, "#555555", 2};
}

std::string
GnuplotStyle(const std::string& scheme)
{
    const SchemeStyle style = StyleOf(scheme);
    std::ostringstream os;
    os << "lc rgb \"" << style.colour << "\" pt " << style.pointType << " ps " << POINT_SIZE;
    return os.str();
}

} // namespace sweep
