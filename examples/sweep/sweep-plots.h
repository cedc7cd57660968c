/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_SWEEP_PLOTS_H
#define FABRIC_LB_SWEEP_PLOTS_H

#include "sweep-options.h"
#include "sweep-table.h"

#include <map>
#include <vector>

namespace sweep
{

/// Least-squares slope of log(y) against log(x), over the points with x >= minX and y > 0.
double LogLogSlope(const std::vector<double>& x, const std::vector<double>& y, double minX);

/// Without --vary, two sizes or more: fits the exponents in m, draws the metrics against m.
void FitAndPlotSizes(const Options& options, const std::map<PointKey, Point>& points);

/**
 * With --vary, or a single size: prints the means and draws CCT increase and max queue
 * against the --vary values (categorical, in the order given), one line per scheme (and
 * size, if several); with a single value or none, against the schemes instead.
 */
void PlotVariants(const Options& options, const std::map<PointKey, Point>& points);

/**
 * Draws a per-stage metric (STAGE_METRICS[\p m]), one line per scheme (and --vary value,
 * if several) over \p stages (StageNames): KEY.png, or with several sizes one figure per
 * size, KEY-BYTES.png.
 */
void PlotStageMetric(const Options& options,
                     const std::map<PointKey, Point>& points,
                     size_t m,
                     const std::vector<std::string>& stages);

} // namespace sweep

#endif /* FABRIC_LB_SWEEP_PLOTS_H */
