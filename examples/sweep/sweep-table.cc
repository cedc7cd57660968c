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
#include <sstream>

namespace sweep
{

using namespace ns3;

namespace
{

/// \return the CSV column of stage \p stage's value of \p metric: overload_edge_up
std::string
StageColumn(const std::string& metric, const std::string& stage)
{
    std::string column = metric + "_" + stage;
    std::replace(column.begin(), column.end(), '-', '_');
    return column;
}

/// \return \p result's value of \p stage in its per-stage object \p key (none in a result of a
/// driver older than the metric)
std::optional<double>
StageValue(const nlohmann::json& result, const std::string& key, const std::string& stage)
{
    const nlohmann::json::json_pointer at("/" + key + "/" + stage);
    if (!result.contains(at))
    {
        return std::nullopt;
    }
    return result[at].get<double>();
}

/// The shared fabric's tables (jobs.csv, background.csv), opened at their first row.
class SharedFabricTables
{
  public:
    /// \param out the sweep's folder
    explicit SharedFabricTables(const std::string& out)
        : m_out(out)
    {
    }

    /// Adds the rows of run \p r: \p key is its scheme, size, vary value and run, in CSV.
    void Add(const std::string& key, const nlohmann::json& r)
    {
        if (r.contains("jobs"))
        {
            Open(m_jobs,
                 "jobs.csv",
                 "job,job_workload,job_hosts,iterations,mean_cct_ns,job_bound_ns,"
                 "mean_alone_cct_ns,slowdown");
            for (const nlohmann::json& job : r["jobs"])
            {
                m_jobs << key << "," << job["name"].get<std::string>() << ","
                       << job["workload"].get<std::string>() << "," << job["hosts"] << ","
                       << job["iterations"] << "," << Cell(job["mean_cct_ns"]) << ","
                       << Cell(job["bound_ns"]) << "," << Cell(job["mean_alone_cct_ns"]) << ","
                       << Cell(job["slowdown"]) << "\n";
            }
        }
        if (r.contains("background"))
        {
            Open(m_background,
                 "background.csv",
                 "distribution,load,min_bytes,max_bytes,flows,slowdown_p50,slowdown_p95,"
                 "slowdown_p99,slowdown_mean");
            const nlohmann::json& b = r["background"];
            const auto row = [&](const nlohmann::json& bucket, const std::string& range) {
                m_background << key << "," << b["distribution"].get<std::string>() << ","
                             << b["load"] << "," << range << "," << bucket["flows"] << ","
                             << bucket["slowdown_p50"] << "," << bucket["slowdown_p95"] << ","
                             << bucket["slowdown_p99"] << "," << bucket["slowdown_mean"] << "\n";
            };
            for (const nlohmann::json& bucket : b["buckets"])
            {
                row(bucket,
                    std::to_string(bucket["min_bytes"].get<uint64_t>()) + "," +
                        std::to_string(bucket["max_bytes"].get<uint64_t>()));
            }
            nlohmann::json all = b;
            all["flows"] = b["flows_completed"];
            row(all, "0,"); // every flow: an open range
        }
    }

  private:
    /// Opens \p file as out/\p name with the run's columns and \p columns, if not yet open.
    void Open(std::ofstream& file, const std::string& name, const std::string& columns)
    {
        if (!file.is_open())
        {
            file.open(m_out + "/" + name);
            file << std::setprecision(std::numeric_limits<double>::max_digits10);
            file << "scheme,msg_bytes,vary_value,run," << columns << "\n";
        }
    }

    /// \return \p value as a cell: empty for null
    static std::string Cell(const nlohmann::json& value)
    {
        return value.is_null() ? "" : Number(value.get<double>());
    }

    /// \return \p value with every digit a double holds
    static std::string Number(double value)
    {
        std::ostringstream os;
        os << std::setprecision(std::numeric_limits<double>::max_digits10) << value;
        return os.str();
    }

    std::string m_out;          //!< the sweep's folder
    std::ofstream m_jobs;       //!< jobs.csv
    std::ofstream m_background; //!< background.csv
};

} // namespace

std::vector<std::string>
StageNames(const std::vector<Job>& grid)
{
    for (const Job& job : grid)
    {
        const nlohmann::json r = ReadResult(job.json);
        if (!r.is_discarded() && r.contains("stages"))
        {
            return r["stages"].get<std::vector<std::string>>();
        }
    }
    std::vector<std::string> names;
    for (const auto& [stage, name] : NamedSwitchStages())
    {
        names.push_back(name);
    }
    return names;
}

std::map<PointKey, Point>
TabulateRuns(const Options& options, const std::vector<Job>& grid)
{
    const std::vector<std::string> stageNames = StageNames(grid);
    std::ofstream csv(options.out + "/results.csv");
    csv << std::setprecision(std::numeric_limits<double>::max_digits10); // doubles round-trip
    csv << "scheme,workload,k,msg_bytes,msg_packets,run,cct_ns,bound_ns,cct_increase_pct,"
           "q_mean_pkts,max_queue_pkts,packets_dropped,messages,messages_completed,vary_flag,"
           "vary_value,recovery,cc,retransmissions,timeouts,link_drops,cnps,"
           "mean_final_rate_gbps,min_final_rate_gbps,hosts,topology,fabric";
    for (const StageMetric& metric : STAGE_METRICS)
    {
        for (const std::string& stage : stageNames)
        {
            csv << "," << StageColumn(metric.key, stage);
        }
    }
    csv << ",pause_frames_sent,paused_us,headroom_overflows,ports_paused\n";
    std::ofstream lines(options.out + "/results.jsonl");
    SharedFabricTables shared(options.out);
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
            for (const std::string& stage : stageNames)
            {
                const std::optional<double> value = StageValue(r, metric.key, stage);
                csv << ",";
                if (value)
                {
                    csv << *value; // an empty cell where the run's driver did not report it
                }
            }
        }
        // PFC's: pause frames, time paused and ports paused at every stage, headroom
        // overflows (0: lossy).
        double pausedUs = 0;
        uint64_t overflows = 0;
        uint64_t portsPaused = 0;
        if (r.contains("pfc"))
        {
            for (const auto& [stage, us] : r["pfc"]["paused_us"].items())
            {
                pausedUs += us.get<double>();
            }
            const nlohmann::json ports = r["pfc"].value("ports_paused", nlohmann::json::object());
            for (const auto& [stage, count] : ports.items())
            {
                portsPaused += count.get<uint64_t>();
            }
            overflows = r["pfc"].value("headroom_overflows", uint64_t{0});
        }
        csv << "," << r.value("pause_frames_sent", uint64_t{0}) << "," << pausedUs << ","
            << overflows << "," << portsPaused << "\n";
        shared.Add(job.scheme + "," + std::to_string(job.bytes) + "," +
                       (options.varyFlag.empty() ? "" : options.varyValues[job.variant]) + "," +
                       std::to_string(job.run),
                   r);
        nlohmann::json line = r;
        if (!options.varyFlag.empty())
        {
            line["vary_flag"] = options.varyFlag;
            line["vary_value"] = options.varyValues[job.variant];
        }
        lines << line.dump() << "\n";
        Point& p = points[{job.scheme, job.bytes, job.variant}];
        for (std::vector<double>& values : p.stages)
        {
            values.resize(stageNames.size(), 0);
        }
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
            std::vector<double> values(stageNames.size(), 0);
            bool complete = true; // a run counts for a metric it reports for every stage
            for (size_t i = 0; i < stageNames.size() && complete; ++i)
            {
                const std::optional<double> value =
                    StageValue(r, STAGE_METRICS[m].key, stageNames[i]);
                complete = value.has_value();
                values[i] = value.value_or(0);
            }
            if (complete)
            {
                ++p.stageRuns[m];
                for (size_t i = 0; i < stageNames.size(); ++i)
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
