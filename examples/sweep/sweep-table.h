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
      "Worst link load per stage over the collective's span",
      "worst link's bytes over what it could carry in the span (ratio)"},
     {"over_share",
      "Worst-case link overload per stage",
      "worst link's bytes over its fair share (ratio, 1 = balanced)"}}};

/// One metric's values over the completed runs of a point, in the CSV's order.
struct RunValues
{
    std::vector<double> values; //!< one per completed run

    /// \return their mean, NaN without any
    double Mean() const;
    /// \return the least, NaN without any
    double Min() const;
    /// \return the largest, NaN without any
    double Max() const;
};

/// The runs of one (scheme, size, --vary value): the completed runs' values, and how many
/// did not complete.
struct Point
{
    double packets{0};     //!< packets a message
    RunValues cctIncrease; //!< CCT increase over the bound, percent
    RunValues qMean;       //!< q(m): time-averaged switch queue, data packets
    RunValues maxQueue;    //!< largest switch queue, data packets
    /// per STAGE_METRICS entry, per stage in Table::stages order; a run counts for a metric
    /// it reports for every stage
    std::array<std::vector<RunValues>, STAGE_METRICS.size()> stages{};
    uint32_t runs{0};       //!< completed runs
    uint32_t incomplete{0}; //!< incomplete runs, left out of the values
    std::string fabric;     //!< the runs' fabric (the results' "fabric" field)
    uint32_t hosts{0};      //!< its hosts (0 in results older than the field)
};

/// (scheme, message size, index of the --vary value)
using PointKey = std::tuple<std::string, uint64_t, size_t>;

/// \return the switch stages the runs of \p grid report, in path order: the "stages" of the
/// first result that has them (a leaf-spine's "leaf-up", "spine-down", "leaf-down"), else
/// the fat tree's five
/// \throws std::invalid_argument naming a result whose "stages" are not a list of names
std::vector<std::string> StageNames(const std::vector<Job>& grid);

/// What a sweep's results.csv holds, by point, as its figures draw it.
struct Table
{
    std::string workload;                //!< the collective
    std::string varyFlag;                //!< the --vary flag, "" without one
    std::vector<std::string> schemes;    //!< in the order of the rows
    std::vector<uint64_t> sizes;         //!< message sizes in bytes, in the order of the rows
    std::vector<std::string> varyValues; //!< in the order of the rows ("" without --vary)
    std::vector<std::string> stages;     //!< the per-stage columns' stages, in path order
    std::map<PointKey, Point> points;    //!< every point with a row
};

/// Writes out/results.csv, one row per run with a result, and out/results.jsonl, each such run's
/// JSON on one line (with the --vary flag and value where the sweep varies one); with several
/// jobs (--jobs) out/jobs.csv, a row per run and job, and with background traffic
/// out/background.csv, a row per run and flow-size bucket.
/// \throws std::invalid_argument naming a result with a field of another type than the driver
/// writes
void TabulateRuns(const Options& options, const std::vector<Job>& grid);

/**
 * Reads a results.csv that TabulateRuns wrote (or an older one, without the later columns).
 * \param path its path
 * \return its points: the completed runs' values, the incomplete ones counted
 * \throws std::invalid_argument if there is no such file or it has no header, and
 * fabriclb::InputFileError (naming --out and the file) for one that cannot be read
 */
Table ReadTable(const std::string& path);

} // namespace sweep

#endif /* FABRIC_LB_SWEEP_TABLE_H */
