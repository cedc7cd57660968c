/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "sweep-table.h"

#include "ns3/error-text.h"
#include "ns3/input-file.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iomanip>
#include <limits>
#include <optional>
#include <sstream>
#include <stdexcept>

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

/// \return the comma-separated cells of a CSV row
std::vector<std::string>
Cells(const std::string& row)
{
    std::vector<std::string> cells;
    std::istringstream is(row);
    for (std::string cell; std::getline(is, cell, ',');)
    {
        cells.push_back(cell);
    }
    if (!row.empty() && row.back() == ',')
    {
        cells.emplace_back(); // the last cell is empty
    }
    return cells;
}

/// \return the number in \p cell, NaN if it holds none (an empty cell, null)
double
Number(const std::string& cell)
{
    char* end = nullptr;
    const double value = std::strtod(cell.c_str(), &end);
    return end != cell.c_str() ? value : NAN;
}

/// \return whether \p cell is what TabulateRuns writes for a number: one, finite, or none
/// (empty, or null where a result lacked the field)
bool
IsNumberCell(const std::string& cell)
{
    char* end = nullptr;
    const double value = std::strtod(cell.c_str(), &end);
    return cell.empty() || cell == "null" ||
           (end == cell.c_str() + cell.size() && std::isfinite(value));
}

/// \return whether \p cell is a whole number of digits only that 64 bits hold
bool
IsWholeCell(const std::string& cell)
{
    errno = 0;
    return !cell.empty() && cell.find_first_not_of("0123456789") == std::string::npos &&
           (std::strtoull(cell.c_str(), nullptr, 10), errno == 0);
}

/**
 * \return what \p read returns from the result in \p path; a field of another type than the
 * driver writes refused in one line
 * \throws std::invalid_argument naming the file
 */
template <typename T>
T
NotAResultOn(const std::string& path, const std::function<T()>& read)
{
    try
    {
        return read();
    }
    catch (const nlohmann::json::exception& e)
    {
        throw std::invalid_argument(fabriclb::PrintableText(path) +
                                    ": not a result of fabric-lb-sim (" + e.what() + ")");
    }
}

/// The tables of a result's optional sections (jobs.csv and background.csv of the shared fabric,
/// compute.csv of a workload that computes), each opened at its first row.
class SectionTables
{
  public:
    /// \param out the sweep's folder
    explicit SectionTables(const std::string& out)
        : m_out(out)
    {
    }

    /// Adds the rows of run \p r: \p key is its scheme, size, vary value and run, in CSV.
    /// (\p r is a copy: a field it lacks reads as null.)
    void Add(const std::string& key, nlohmann::json r)
    {
        if (r.contains("jobs"))
        {
            Open(m_jobs,
                 "jobs.csv",
                 "job,job_workload,job_hosts,iterations,mean_cct_ns,job_bound_ns,"
                 "mean_alone_cct_ns,slowdown");
            for (nlohmann::json& job : r["jobs"])
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
            nlohmann::json& b = r["background"];
            const auto row = [&](nlohmann::json& bucket, const std::string& range) {
                m_background << key << "," << b["distribution"].get<std::string>() << ","
                             << b["load"] << "," << range << "," << bucket["flows"] << ","
                             << bucket["slowdown_p50"] << "," << bucket["slowdown_p95"] << ","
                             << bucket["slowdown_p99"] << "," << bucket["slowdown_mean"] << "\n";
            };
            for (nlohmann::json& bucket : b["buckets"])
            {
                row(bucket,
                    std::to_string(bucket["min_bytes"].get<uint64_t>()) + "," +
                        std::to_string(bucket["max_bytes"].get<uint64_t>()));
            }
            nlohmann::json all = b;
            all["flows"] = b["flows_completed"];
            row(all, "0,"); // every flow: an open range
        }
        if (r.contains("compute"))
        {
            Open(m_compute,
                 "compute.csv",
                 "cct_ns,computes,busiest_gpu_compute_ns,communication_ns,"
                 "exposed_communication_ns");
            nlohmann::json& c = r["compute"];
            m_compute << key << "," << Cell(r["cct_ns"]) << "," << c["computes"] << ","
                      << Cell(c["busiest_gpu_compute_ns"]) << "," << Cell(c["communication_ns"])
                      << "," << Cell(c["exposed_communication_ns"]) << "\n";
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
    std::ofstream m_compute;    //!< compute.csv
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
            return NotAResultOn<std::vector<std::string>>(job.json, [&r]() {
                return r["stages"].get<std::vector<std::string>>();
            });
        }
    }
    std::vector<std::string> names;
    for (const auto& [stage, name] : NamedSwitchStages())
    {
        names.push_back(name);
    }
    return names;
}

void
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
    SectionTables shared(options.out);
    for (const Job& job : grid)
    {
        nlohmann::json r = ReadResult(job.json); // not const: a field it lacks reads as null
        if (r.is_discarded())
        {
            continue;
        }
        NotAResultOn<void>(job.json, [&]() {
            csv << job.scheme << "," << options.workload << "," << r.value("k", options.k) << ","
                << job.bytes << "," << r["msg_packets"] << "," << job.run << "," << r["cct_ns"]
                << "," << r["bound_ns"] << "," << r["cct_increase_pct"] << "," << r["q_mean_pkts"]
                << "," << r["max_queue_pkts"] << "," << r["packets_dropped"] << "," << r["messages"]
                << "," << r["messages_completed"] << "," << options.varyFlag << ","
                << (options.varyFlag.empty() ? "" : options.varyValues[job.variant]) << ","
                << r.value("recovery", "erasure") << "," << r.value("cc", "fixed") << ","
                << r.value("retransmissions", 0) << "," << r.value("timeouts", 0) << ","
                << r.value("link_drops", 0) << "," << r.value("cnps", 0) << ","
                << r.value("mean_final_rate_gbps", 0.0) << ","
                << r.value("min_final_rate_gbps", 0.0) << "," << r.value("hosts", 0) << ","
                << r.value("topology", "fat-tree") << ","
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
                const nlohmann::json ports =
                    r["pfc"].value("ports_paused", nlohmann::json::object());
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
        });
    }
}

double
RunValues::Mean() const
{
    double sum = 0;
    for (double value : values)
    {
        sum += value;
    }
    return values.empty() ? NAN : sum / values.size();
}

double
RunValues::Min() const
{
    return values.empty() ? NAN : *std::min_element(values.begin(), values.end());
}

double
RunValues::Max() const
{
    return values.empty() ? NAN : *std::max_element(values.begin(), values.end());
}

Table
ReadTable(const std::string& path)
{
    std::error_code noFile;
    const std::string text =
        std::filesystem::exists(path, noFile) ? fabriclb::ReadInputFile("--out", path) : "";
    std::istringstream in(text);
    std::string line;
    if (!std::getline(in, line) || line.empty())
    {
        throw std::invalid_argument("no results in " + fabriclb::PrintableText(path));
    }
    if (text.back() != '\n') // TabulateRuns ends every row in one
    {
        throw std::invalid_argument(fabriclb::FileErrorLine(
            path,
            static_cast<uint32_t>(std::count(text.begin(), text.end(), '\n') + 1),
            "the last line has no newline: the file is cut short"));
    }
    const std::vector<std::string> header = Cells(line);
    const auto column = [&header](const std::string& name) -> std::optional<size_t> {
        const auto it = std::find(header.begin(), header.end(), name);
        return it == header.end() ? std::nullopt : std::optional<size_t>(it - header.begin());
    };
    uint32_t lineNumber = 1;
    const auto fail = [&path, &lineNumber](const std::string& problem) {
        throw std::invalid_argument(fabriclb::FileErrorLine(path, lineNumber, problem));
    };
    for (const char* name : {"scheme",
                             "msg_bytes",
                             "messages",
                             "messages_completed",
                             "cct_increase_pct",
                             "q_mean_pkts",
                             "max_queue_pkts"})
    {
        if (!column(name))
        {
            fail(std::string("no column '") + name + "': not a results.csv of fabric-lb-sweep");
        }
    }
    // The columns read as numbers: the run's values, every per-stage metric's.
    std::vector<size_t> numbers;
    for (size_t i = 0; i < header.size(); ++i)
    {
        const std::string& name = header[i];
        const bool perStage =
            std::any_of(STAGE_METRICS.begin(),
                        STAGE_METRICS.end(),
                        [&name](const StageMetric& metric) {
                            return name.rfind(metric.key + std::string("_"), 0) == 0;
                        });
        if (perStage || name == "msg_packets" || name == "messages" ||
            name == "messages_completed" || name == "cct_increase_pct" || name == "q_mean_pkts" ||
            name == "max_queue_pkts")
        {
            numbers.push_back(i);
        }
    }
    // Each run's row: (scheme, size, --vary value, run) -> its line.
    std::map<std::tuple<std::string, std::string, std::string, std::string>, uint32_t> runLines;
    Table table;
    // The stages of the per-stage columns, from the first metric's: overload_edge_up is edge-up.
    const std::string prefix = std::string(STAGE_METRICS[0].key) + "_";
    for (const std::string& name : header)
    {
        if (name.rfind(prefix, 0) == 0)
        {
            std::string stage = name.substr(prefix.size());
            std::replace(stage.begin(), stage.end(), '_', '-');
            table.stages.push_back(stage);
        }
    }
    while (std::getline(in, line))
    {
        ++lineNumber;
        const std::vector<std::string> row = Cells(line);
        if (row.size() != header.size())
        {
            fail(std::to_string(row.size()) + " cells where the header has " +
                 std::to_string(header.size()));
        }
        for (size_t i : numbers)
        {
            if (!IsNumberCell(row[i]))
            {
                fail(header[i] + " " + fabriclb::QuotedToken(row[i]) + " is not a number");
            }
        }
        const auto cell = [&](const std::string& name) -> std::string {
            const std::optional<size_t> i = column(name);
            return i ? row[*i] : "";
        };
        if (cell("scheme").empty())
        {
            fail("no scheme");
        }
        if (!IsWholeCell(cell("msg_bytes")) ||
            cell("msg_bytes").find_first_not_of('0') == std::string::npos)
        {
            fail("msg_bytes " + fabriclb::QuotedToken(cell("msg_bytes")) +
                 " is not a whole number of bytes, at least 1");
        }
        if (column("hosts") && !IsWholeCell(cell("hosts")))
        {
            fail("hosts " + fabriclb::QuotedToken(cell("hosts")) + " is not a whole number");
        }
        const std::string scheme = cell("scheme");
        const auto [first, fresh] = runLines.emplace(
            std::make_tuple(scheme, cell("msg_bytes"), cell("vary_value"), cell("run")),
            lineNumber);
        if (column("run") && !fresh)
        {
            fail("run " + fabriclb::QuotedToken(cell("run")) +
                 " of this scheme, size and value "
                 "again (first on line " +
                 std::to_string(first->second) + ")");
        }
        const uint64_t bytes = std::strtoull(cell("msg_bytes").c_str(), nullptr, 10);
        const std::string value = cell("vary_value");
        table.workload = cell("workload");
        table.varyFlag = cell("vary_flag");
        if (std::find(table.schemes.begin(), table.schemes.end(), scheme) == table.schemes.end())
        {
            table.schemes.push_back(scheme);
        }
        if (std::find(table.sizes.begin(), table.sizes.end(), bytes) == table.sizes.end())
        {
            table.sizes.push_back(bytes);
        }
        const size_t variant = std::find(table.varyValues.begin(), table.varyValues.end(), value) -
                               table.varyValues.begin();
        if (variant == table.varyValues.size())
        {
            table.varyValues.push_back(value);
        }
        Point& p = table.points[{scheme, bytes, variant}];
        p.packets = Number(cell("msg_packets"));
        p.fabric = column("fabric") ? cell("fabric") : "k=" + cell("k");
        p.hosts = static_cast<uint32_t>(std::strtoul(cell("hosts").c_str(), nullptr, 10));
        if (cell("messages_completed") != cell("messages"))
        {
            ++p.incomplete;
            continue;
        }
        ++p.runs;
        p.cctIncrease.values.push_back(Number(cell("cct_increase_pct")));
        p.qMean.values.push_back(Number(cell("q_mean_pkts")));
        p.maxQueue.values.push_back(Number(cell("max_queue_pkts")));
        for (size_t m = 0; m < STAGE_METRICS.size(); ++m)
        {
            std::vector<double> values;
            for (const std::string& stage : table.stages)
            {
                const std::string text = cell(StageColumn(STAGE_METRICS[m].key, stage));
                if (!text.empty())
                {
                    values.push_back(Number(text));
                }
            }
            if (values.size() == table.stages.size()) // a run counts where it has every stage
            {
                p.stages[m].resize(values.size());
                for (size_t i = 0; i < values.size(); ++i)
                {
                    p.stages[m][i].values.push_back(values[i]);
                }
            }
        }
    }
    return table;
}

} // namespace sweep
