/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "sweep-table.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <limits>
#include <optional>

namespace sweep
{

using namespace ns3;

namespace
{

/// \return the CSV column of \p stage's value of \p metric: overload_edge_up
std::string
StageColumn(const std::string& metric, FabricStage stage)
{
    std::string column = metric + "_" + FabricStageName(stage);
    std::replace(column.begin(), column.end(), '-', '_');
    return column;
}

/// \return \p result's value of \p stage in its per-stage object \p key (none in a result of a
/// driver older than the metric)
std::optional<double>
StageValue(const nlohmann::json& result, const std::string& key, FabricStage stage)
{
    const nlohmann::json::json_pointer at("/" + key + "/" + FabricStageName(stage));
    if (!result.contains(at))
    {
        return std::nullopt;
    }
    return result[at].get<double>();
}

} // namespace

std::map<PointKey, Point>
TabulateRuns(const Options& options, const std::vector<Job>& grid)
{
    std::ofstream csv(options.out + "/results.csv");
    csv << std::setprecision(std::numeric_limits<double>::max_digits10); // doubles round-trip
    csv << "scheme,workload,k,msg_bytes,msg_packets,run,cct_ns,bound_ns,cct_increase_pct,"
           "q_mean_pkts,max_queue_pkts,packets_dropped,messages,messages_completed,vary_flag,"
           "vary_value,recovery,cc,retransmissions,timeouts,link_drops,cnps,"
           "mean_final_rate_gbps,min_final_rate_gbps,hosts,topology,fabric";
    for (const StageMetric& metric : STAGE_METRICS)
    {
        for (FabricStage stage : FABRIC_SWITCH_STAGES)
        {
            csv << "," << StageColumn(metric.key, stage);
        }
    }
    csv << "\n";
    std::ofstream lines(options.out + "/results.jsonl");
    std::map<PointKey, Point> points;
    for (const Job& job : grid)
    {
        const nlohmann::json r = ReadResult(job.json);
        if (r.is_discarded())
        {
            continue;
        }
        csv << job.scheme << "," << options.workload << "," << r.value("k", options.k) << ","
            << job.bytes << "," << r["msg_packets"] << "," << job.run << "," << r["cct_ns"] << ","
            << r["bound_ns"] << "," << r["cct_increase_pct"] << "," << r["q_mean_pkts"] << ","
            << r["max_queue_pkts"] << "," << r["packets_dropped"] << "," << r["messages"] << ","
            << r["messages_completed"] << "," << options.varyFlag << ","
            << (options.varyFlag.empty() ? "" : options.varyValues[job.variant]) << ","
            << r.value("recovery", "erasure") << "," << r.value("cc", "fixed") << ","
            << r.value("retransmissions", 0) << "," << r.value("timeouts", 0) << ","
            << r.value("link_drops", 0) << "," << r.value("cnps", 0) << ","
            << r.value("mean_final_rate_gbps", 0.0) << "," << r.value("min_final_rate_gbps", 0.0)
            << "," << r.value("hosts", 0) << "," << r.value("topology", "fat-tree") << ","
            << r.value("fabric", "k=" + std::to_string(options.k));
        for (const StageMetric& metric : STAGE_METRICS)
        {
            for (FabricStage stage : FABRIC_SWITCH_STAGES)
            {
                const std::optional<double> value = StageValue(r, metric.key, stage);
                csv << ",";
                if (value)
                {
                    csv << *value; // an empty cell where the run's driver did not report it
                }
            }
        }
        csv << "\n";
        nlohmann::json line = r;
        if (!options.varyFlag.empty())
        {
            line["vary_flag"] = options.varyFlag;
            line["vary_value"] = options.varyValues[job.variant];
        }
        lines << line.dump() << "\n";
        Point& p = points[{job.scheme, job.bytes, job.variant}];
        p.packets = r["msg_packets"].get<double>();
        if (IsIncomplete(r))
        {
            ++p.incomplete;
            continue;
        }
        p.cctIncrease += r["cct_increase_pct"].get<double>();
        p.qMean += r["q_mean_pkts"].get<double>();
        p.maxQueue += r["max_queue_pkts"].get<double>();
        for (size_t m = 0; m < STAGE_METRICS.size(); ++m)
        {
            std::array<double, FABRIC_SWITCH_STAGES.size()> values{};
            bool complete = true; // a run counts for a metric it reports for every stage
            for (size_t i = 0; i < FABRIC_SWITCH_STAGES.size() && complete; ++i)
            {
                const std::optional<double> value =
                    StageValue(r, STAGE_METRICS[m].key, FABRIC_SWITCH_STAGES[i]);
                complete = value.has_value();
                values[i] = value.value_or(0);
            }
            if (complete)
            {
                ++p.stageRuns[m];
                for (size_t i = 0; i < FABRIC_SWITCH_STAGES.size(); ++i)
                {
                    p.stages[m][i] += values[i];
                }
            }
        }
        ++p.runs;
    }
    for (auto& [key, p] : points)
    {
        if (p.runs > 0)
        {
            p.cctIncrease /= p.runs;
            p.qMean /= p.runs;
            p.maxQueue /= p.runs;
        }
        for (size_t m = 0; m < STAGE_METRICS.size(); ++m)
        {
            for (double& value : p.stages[m])
            {
                value = p.stageRuns[m] > 0 ? value / p.stageRuns[m] : NAN;
            }
        }
    }
    return points;
}

} // namespace sweep
