/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_SWEEP_PLOTS_H
#define FABRIC_LB_SWEEP_PLOTS_H

#include "sweep-options.h"
#include "sweep-table.h"

#include <vector>

namespace sweep
{

/*
 * Every figure follows one standard: each scheme in its own colour and marker (StyleOf); a
 * point is the mean of its completed runs with a bar from the least to the largest; a point
 * some of whose runs did not complete is hollow, with "n/N" beside it; a point without a
 * completed run is named in the title; the title names the collective, its size, the fabric
 * and the runs a point; every axis its unit. Categories (schemes, stages, named --vary
 * values) are groups of points side by side; numbers (sizes, numeric --vary values) are
 * lines.
 */

/// Least-squares slope of log(y) against log(x), over the points with x >= minX and y > 0.
double LogLogSlope(const std::vector<double>& x, const std::vector<double>& y, double minX);

/// Without --vary, two sizes or more: fits the exponents in m, draws the metrics against m.
void FitAndPlotSizes(const Options& options, const Table& table);

/**
 * With --vary, or a single size: prints the means and draws CCT increase and max queue
 * against the --vary values (in the order given), one series per scheme; with a single value
 * or none, against the schemes instead. With several sizes, one figure per size,
 * NAME-BYTES.png.
 */
void PlotVariants(const Options& options, const Table& table);

/**
 * Draws a per-stage metric (STAGE_METRICS[\p m]) over the stages, one series per scheme:
 * KEY.png, with several sizes one figure per size, KEY-BYTES.png, and with several --vary
 * values one per value, KEY[-BYTES]-VALUE.png.
 */
void PlotStageMetric(const Options& options, const Table& table, size_t m);

} // namespace sweep

#endif /* FABRIC_LB_SWEEP_PLOTS_H */
