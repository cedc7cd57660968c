/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_SWEEP_TABLE_H
#define FABRIC_LB_SWEEP_TABLE_H

#include "sweep-options.h"
#include "sweep-runs.h"

#include "ns3/port-monitor.h"

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace sweep
{

/// A per-stage metric of the driver's JSON that the sweep tabulates and draws.
struct StageMetric
{
    const char* key;    //!< its object in the JSON and its CSV columns' prefix
    const char* title;  //!< what its figures show
    const char* yLabel; //!< their y axis
};

/// The per-stage metrics, in CSV column order.
constexpr std::array<StageMetric, 2> STAGE_METRICS = {
    {{"overload",
      "Worst link load over the span",
      "bytes received / bytes sendable in the collective's span"},
     {"over_share",
      "Worst-case link overload",
      "bytes a link received / its fair share (its group's mean)"}}};

/// Means of the completed runs of one (scheme, size, --vary value).
struct Point
{
    double packets{0};     //!< packets a message
    double cctIncrease{0}; //!< CCT increase over the bound, percent
    double qMean{0};       //!< q(m): time-averaged switch queue, data packets
    double maxQueue{0};    //!< largest switch queue, data packets
    /// per STAGE_METRICS entry, per stage in StageNames order
    std::array<std::vector<double>, STAGE_METRICS.size()> stages{};
    std::array<uint32_t, STAGE_METRICS.size()> stageRuns{}; //!< completed runs that have each
    uint32_t runs{0};                                       //!< completed runs
    uint32_t incomplete{0}; //!< incomplete runs, left out of the means
};

/// (scheme, message size, index of the --vary value)
using PointKey = std::tuple<std::string, uint64_t, size_t>;

/// \return the switch stages the runs of \p grid report, in path order: the "stages" of the
/// first result that has them (a leaf-spine's "leaf-up", "spine-down", "leaf-down"), else
/// the fat tree's five
std::vector<std::string> StageNames(const std::vector<Job>& grid);

/// Writes out/results.csv, one row per run with a result, and out/results.jsonl, each such run's
/// JSON on one line (with the --vary flag and value where the sweep varies one); with several
/// jobs (--jobs) out/jobs.csv, a row per run and job, and with background traffic
/// out/background.csv, a row per run and flow-size bucket; \return the means per point.
std::map<PointKey, Point> TabulateRuns(const Options& options, const std::vector<Job>& grid);

} // namespace sweep

#endif /* FABRIC_LB_SWEEP_TABLE_H */
