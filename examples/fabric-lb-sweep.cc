/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * fabric-lb-sweep: runs fabric-lb-sim over a grid of schemes, message sizes,
 * optionally the values of one more driver flag (--vary), and runs, in parallel
 * over the machine's cores, and turns the results into a CSV, figures (ns-3's
 * Gnuplot class writes the scripts, gnuplot draws the PNGs) and, without
 * --vary, least-squares fits (GSL) of the exponent in m of q(m) and of the
 * maximum queue.
 *
 *   fabric-lb-sweep --schemes=ofan,rsq --sizes=65536,262144 --runs=3 --out=results/fig6
 *   fabric-lb-sweep --schemes=ecmp,ofan --sizes=262144 --vary=convergence:0,10us,inf
 *   fabric-lb-sweep --schemes=host-dr,ofan --sizes=1048576 --vary=k:4,8,16
 */

#include "ns3/collectives.h"
#include "ns3/command-line-values.h"
#include "ns3/command-line.h"
#include "ns3/fabric-experiment.h"
#include "ns3/gnuplot.h"
#include "ns3/lb-scheme.h"
#include "ns3/port-monitor.h"
#include "ns3/workload.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gsl/gsl_fit.h>
#include <iomanip>
#include <iostream>
#include <limits>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

using namespace ns3;

namespace
{

/// Splits a comma-separated list, dropping empty items.
std::vector<std::string>
Split(const std::string& text)
{
    std::vector<std::string> items;
    std::stringstream ss(text);
    std::string item;
    while (std::getline(ss, item, ','))
    {
        if (!item.empty())
        {
            items.push_back(item);
        }
    }
    return items;
}

/// Prints one error line and returns the exit status of bad input.
int
Fail(const std::string& message)
{
    std::cerr << "fabric-lb-sweep: error: " << message << std::endl;
    return 2;
}

/// What the command line asks for.
struct Options
{
    std::string sim;                     //!< path of fabric-lb-sim
    std::vector<std::string> schemes;    //!< scheme names
    std::string workload;                //!< permutation or all-to-all
    std::vector<uint64_t> sizes;         //!< message sizes in bytes
    uint32_t runs{0};                    //!< runs (RngRun 1..runs) per point
    uint32_t k{0};                       //!< fat-tree radix
    uint32_t jobs{0};                    //!< simulations at once
    std::string out;                     //!< output directory
    std::string extra;                   //!< further arguments for every run
    uint32_t fitMinPackets{0};           //!< smallest message size in the fits
    std::string varyFlag;                //!< the driver flag of --vary ("" without it)
    std::vector<std::string> varyValues; //!< its values, in the order given
};

/// Flags of the driver that the sweep sets itself for every run (--k too, unless --vary=k).
const std::vector<std::string> OWN_FLAGS = {"lb", "workload", "msgBytes", "run", "out"};

/// The switch stages of a result's per-stage objects (queues, overload), in path order.
constexpr std::array<FabricStage, 5> SWITCH_STAGES = {FabricStage::EDGE_UP,
                                                      FabricStage::AGG_UP,
                                                      FabricStage::CORE_DOWN,
                                                      FabricStage::AGG_DOWN,
                                                      FabricStage::EDGE_DOWN};

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

/// \return \p text as one word of a POSIX shell command: in single quotes
std::string
ShellWord(const std::string& text)
{
    std::string word = "'";
    for (char c : text)
    {
        word += c == '\'' ? std::string("'\\''") : std::string(1, c);
    }
    return word + "'";
}

/// \return whether \p c may appear in a --vary value: shell- and file-name-safe
bool
IsValueChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.' ||
           c == '+';
}

/// \return whether \p flag looks like a driver flag (failProb) or attribute (ns3::Type::Name)
bool
IsFlagName(const std::string& flag)
{
    return !flag.empty() && std::isalpha(static_cast<unsigned char>(flag.front())) &&
           flag.back() != ':' && std::all_of(flag.begin(), flag.end(), [](char c) {
               return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' ||
                      c == ':';
           });
}

/// Parses --vary=FLAG:v1,v2,... into \p options; throws std::invalid_argument on bad input.
void
ParseVary(const std::string& vary, Options& options)
{
    const size_t colon = vary.rfind(':');
    if (colon == std::string::npos)
    {
        throw std::invalid_argument("--vary must be FLAG:v1,v2,..., got '" + vary + "'");
    }
    const std::string flag = vary.substr(0, colon);
    if (!IsFlagName(flag))
    {
        throw std::invalid_argument("--vary: '" + flag +
                                    "' is not the name of a fabric-lb-sim flag (failProb, "
                                    "convergence, ns3::Type::Attribute)");
    }
    if (std::find(OWN_FLAGS.begin(), OWN_FLAGS.end(), flag) != OWN_FLAGS.end())
    {
        throw std::invalid_argument("--vary: --" + flag +
                                    " is set by the sweep itself (--schemes, --workload, --sizes, "
                                    "--runs, --out)");
    }
    std::stringstream values(vary.substr(colon + 1));
    std::string value;
    while (std::getline(values, value, ','))
    {
        if (value.empty() || !std::all_of(value.begin(), value.end(), IsValueChar))
        {
            throw std::invalid_argument(
                "--vary: value '" + value + "' of " + flag +
                " is empty or has characters other than letters, digits and _-.+");
        }
        if (std::find(options.varyValues.begin(), options.varyValues.end(), value) !=
            options.varyValues.end())
        {
            throw std::invalid_argument("--vary: value '" + value + "' of " + flag +
                                        " is given twice");
        }
        options.varyValues.push_back(value);
    }
    if (options.varyValues.empty() || vary.back() == ',')
    {
        throw std::invalid_argument("--vary: no value, or an empty one, for " + flag + " in '" +
                                    vary + "'");
    }
    options.varyFlag = flag;
}

/// Parses the command line; throws std::invalid_argument naming the first bad value.
Options
ParseOptions(int argc, char* argv[])
{
    Options options;
    options.sim = "build/fabric-lb-sim";
    options.workload = "permutation";
    options.out = "results/sweep";
    std::string schemes = "ofan,rsq";
    std::string sizes = "65536,262144";
    // Numbers are read as text and parsed by ParseWholeInteger below.
    std::string runsText = "3";
    std::string kText = "8";
    std::string jobsText = std::to_string(std::max(1U, std::thread::hardware_concurrency()));
    std::string fitMinPacketsText = "0";
    std::string vary;

    CommandLine cmd(__FILE__);
    cmd.Usage("Runs fabric-lb-sim over schemes x sizes [x --vary values] x runs; writes CSV, fits "
              "and figures.");
    cmd.AddValue("sim", "path of fabric-lb-sim", WholeTextValue(options.sim), options.sim);
    cmd.AddValue("schemes", "comma-separated scheme names", schemes);
    cmd.AddValue("workload", "permutation or all-to-all", options.workload);
    cmd.AddValue("sizes", "comma-separated message sizes in bytes", sizes);
    cmd.AddValue("runs", "runs (RngRun 1..runs) per point", runsText);
    cmd.AddValue("k", "fat-tree radix (each run's with --vary=k)", kText);
    cmd.AddValue("jobs", "simulations at once", jobsText);
    cmd.AddValue("out", "output directory", WholeTextValue(options.out), options.out);
    cmd.AddValue("extra",
                 "further arguments for every run, spaces between them",
                 WholeTextValue(options.extra));
    cmd.AddValue("fitMinPackets",
                 "fit only message sizes of at least this many packets",
                 fitMinPacketsText);
    cmd.AddValue("vary",
                 "one more dimension, FLAG:v1,v2,...: each run gets --FLAG=value (e.g. "
                 "convergence:0,1rtt,inf, or k:4,8,16 instead of --k); figures then have the "
                 "values on the x axis",
                 vary);
    cmd.Parse(argc, argv);

    options.k = ParseRadix(kText);
    if (!fabriclb::FindCollective(options.workload))
    {
        throw std::invalid_argument("unknown workload '" + options.workload + "'");
    }
    options.runs = ParseWholeInteger<uint32_t>(runsText).value_or(0);
    options.jobs = ParseWholeInteger<uint32_t>(jobsText).value_or(0);
    if (options.runs == 0 || options.jobs == 0)
    {
        throw std::invalid_argument("--runs and --jobs must be integers of at least 1, got '" +
                                    runsText + "' and '" + jobsText + "'");
    }
    const std::optional<uint32_t> fitMinPackets = ParseWholeInteger<uint32_t>(fitMinPacketsText);
    if (!fitMinPackets)
    {
        throw std::invalid_argument("--fitMinPackets must be a non-negative integer, got '" +
                                    fitMinPacketsText + "'");
    }
    options.fitMinPackets = *fitMinPackets;
    for (const std::string& size : Split(sizes))
    {
        const uint64_t bytes = ParseWholeInteger<uint64_t>(size).value_or(0);
        if (bytes == 0)
        {
            throw std::invalid_argument("message size '" + size + "' is not a positive integer");
        }
        options.sizes.push_back(bytes);
    }
    options.schemes = Split(schemes);
    for (const std::string& scheme : options.schemes)
    {
        if (!fabriclb::FindLbScheme(scheme))
        {
            throw std::invalid_argument("unknown scheme '" + scheme +
                                        "' (fabric-lb-sim --lb=help lists them)");
        }
    }
    if (!vary.empty())
    {
        ParseVary(vary, options);
    }
    if (options.varyFlag == "k")
    {
        // Each run's --k replaces the sweep's; a bad radix is bad input now, not a failed run.
        std::for_each(options.varyValues.begin(), options.varyValues.end(), ParseRadix);
    }
    if (options.schemes.empty() || options.sizes.empty())
    {
        throw std::invalid_argument("nothing to run: give --schemes and --sizes");
    }
    return options;
}

/// One run of the grid.
struct Job
{
    std::string scheme; //!< load-balancing scheme
    uint64_t bytes;     //!< message size
    size_t variant;     //!< index into Options::varyValues (0 without --vary)
    uint32_t run;       //!< RngRun
    std::string json;   //!< where the driver writes its result
};

/// The grid in the order scheme, size, --vary value, run; each job with its JSON file.
std::vector<Job>
MakeGrid(const Options& options)
{
    std::vector<Job> grid;
    const size_t variants = std::max<size_t>(1, options.varyValues.size());
    for (const std::string& scheme : options.schemes)
    {
        for (uint64_t bytes : options.sizes)
        {
            for (size_t variant = 0; variant < variants; ++variant)
            {
                for (uint32_t run = 1; run <= options.runs; ++run)
                {
                    // Without --vary, the names of earlier sweeps: they resume.
                    const std::string vary =
                        options.varyFlag.empty()
                            ? ""
                            : options.varyFlag + "=" + options.varyValues[variant] + "-";
                    grid.push_back({scheme,
                                    bytes,
                                    variant,
                                    run,
                                    options.out + "/runs/" + scheme + "-" + std::to_string(bytes) +
                                        "-" + vary + std::to_string(run) + ".json"});
                }
            }
        }
    }
    return grid;
}

/// \return the result in \p path, discarded if there is none or it is not JSON
nlohmann::json
ReadResult(const std::string& path)
{
    std::ifstream in(path);
    if (!in)
    {
        return nlohmann::json(nlohmann::json::value_t::discarded);
    }
    return nlohmann::json::parse(in, nullptr, false);
}

/// \return whether \p result is of an incomplete run: JSON written, not every message completed
bool
Incomplete(const nlohmann::json& result)
{
    return !result.is_discarded() && result["messages_completed"] != result["messages"];
}

/// Runs the jobs without a result yet, --jobs at once, with a progress line; \return failures.
size_t
RunGrid(const Options& options, const std::vector<Job>& grid)
{
    std::atomic<size_t> next{0};
    std::atomic<size_t> done{0};
    std::atomic<size_t> ran{0};
    std::atomic<size_t> incomplete{0};
    std::atomic<size_t> failed{0};
    std::mutex printing;
    const auto start = std::chrono::steady_clock::now();
    auto worker = [&]() {
        for (size_t i = next++; i < grid.size(); i = next++)
        {
            const Job& job = grid[i];
            const nlohmann::json kept = ReadResult(job.json);
            if (!kept.is_discarded())
            {
                // Kept from an earlier sweep: delete out/runs to run it again.
                incomplete += Incomplete(kept) ? 1 : 0;
                ++done;
                continue;
            }
            std::ostringstream command;
            command << ShellWord(options.sim);
            if (options.varyFlag != "k")
            {
                command << " --k=" << options.k;
            }
            command << " --lb=" << job.scheme << " --workload=" << options.workload
                    << " --msgBytes=" << job.bytes << " --run=" << job.run
                    << " --out=" << ShellWord(job.json);
            if (!options.varyFlag.empty())
            {
                command << " --" << options.varyFlag << "=" << options.varyValues[job.variant];
            }
            command << " " << options.extra << " >/dev/null 2>" << ShellWord(job.json + ".err");
            if (std::system(command.str().c_str()) != 0)
            {
                ++(Incomplete(ReadResult(job.json)) ? incomplete : failed);
            }
            const size_t finished = ++done;
            const size_t executed = ++ran;
            const double elapsed =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            const double left = elapsed / executed * (grid.size() - finished);
            std::lock_guard<std::mutex> lock(printing);
            std::fprintf(stderr,
                         "\r[fabric-lb-sweep] %zu/%zu runs done, %zu incomplete, %zu failed, "
                         "%.0f s elapsed, about %.0f s left   ",
                         finished,
                         grid.size(),
                         incomplete.load(),
                         failed.load(),
                         elapsed,
                         left);
        }
    };
    std::vector<std::thread> threads;
    for (uint32_t t = 0; t < options.jobs; ++t)
    {
        threads.emplace_back(worker);
    }
    for (std::thread& t : threads)
    {
        t.join();
    }
    std::fprintf(stderr, "\n");
    if (incomplete > 0)
    {
        std::cerr << "[fabric-lb-sweep] " << incomplete
                  << " incomplete run(s) (not every message completed): in results.csv, not "
                     "in the means"
                  << std::endl;
    }
    return failed;
}

/// Means of the completed runs of one (scheme, size, --vary value).
struct Point
{
    double packets{0};
    double cctIncrease{0};
    double qMean{0};
    double maxQueue{0};
    /// per STAGE_METRICS entry, per stage in SWITCH_STAGES order
    std::array<std::array<double, SWITCH_STAGES.size()>, STAGE_METRICS.size()> stages{};
    std::array<uint32_t, STAGE_METRICS.size()> stageRuns{}; //!< completed runs that have each
    uint32_t runs{0};                                       //!< completed runs
    uint32_t incomplete{0}; //!< incomplete runs, left out of the means
};

/// (scheme, message size, index of the --vary value)
using PointKey = std::tuple<std::string, uint64_t, size_t>;

/// Writes out/results.csv, one row per run with a result; \return the means per point.
std::map<PointKey, Point>
Collect(const Options& options, const std::vector<Job>& grid)
{
    std::ofstream csv(options.out + "/results.csv");
    csv << std::setprecision(std::numeric_limits<double>::max_digits10); // doubles round-trip
    csv << "scheme,workload,k,msg_bytes,msg_packets,run,cct_ns,bound_ns,cct_increase_pct,"
           "q_mean_pkts,max_queue_pkts,packets_dropped,messages,messages_completed,vary_flag,"
           "vary_value,recovery,cc,retransmissions,timeouts,link_drops,cnps,"
           "mean_final_rate_gbps,min_final_rate_gbps,hosts";
    for (const StageMetric& metric : STAGE_METRICS)
    {
        for (FabricStage stage : SWITCH_STAGES)
        {
            csv << "," << StageColumn(metric.key, stage);
        }
    }
    csv << "\n";
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
            << "," << r.value("hosts", 0);
        for (const StageMetric& metric : STAGE_METRICS)
        {
            for (FabricStage stage : SWITCH_STAGES)
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
        Point& p = points[{job.scheme, job.bytes, job.variant}];
        p.packets = r["msg_packets"].get<double>();
        if (Incomplete(r))
        {
            ++p.incomplete;
            continue;
        }
        p.cctIncrease += r["cct_increase_pct"].get<double>();
        p.qMean += r["q_mean_pkts"].get<double>();
        p.maxQueue += r["max_queue_pkts"].get<double>();
        for (size_t m = 0; m < STAGE_METRICS.size(); ++m)
        {
            std::array<double, SWITCH_STAGES.size()> values{};
            bool complete = true; // a run counts for a metric it reports for every stage
            for (size_t i = 0; i < SWITCH_STAGES.size() && complete; ++i)
            {
                const std::optional<double> value =
                    StageValue(r, STAGE_METRICS[m].key, SWITCH_STAGES[i]);
                complete = value.has_value();
                values[i] = value.value_or(0);
            }
            if (complete)
            {
                ++p.stageRuns[m];
                for (size_t i = 0; i < SWITCH_STAGES.size(); ++i)
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

/// Points of one line of a figure, each at its x.
using Series = std::map<std::string, std::vector<std::pair<double, Point>>>;

/// Lines of a figure: label -> (x, y); a y that is not positive (or NaN) breaks its line.
using Lines = std::map<std::string, std::vector<std::pair<double, double>>>;

/// \return the lines of \p metric over \p series (NaN at a point without a completed run)
Lines
Values(const Series& series, double Point::*metric)
{
    Lines lines;
    for (const auto& [label, points] : series)
    {
        for (const auto& [x, p] : points)
        {
            lines[label].emplace_back(x, p.runs > 0 ? p.*metric : NAN);
        }
    }
    return lines;
}

/// \return Gnuplot settings for an x axis of \p categories at 0, 1, ..., in that order, tilted
std::vector<std::string>
CategoryAxis(const std::vector<std::string>& categories)
{
    std::string tics = "set xtics (";
    for (size_t i = 0; i < categories.size(); ++i)
    {
        tics += (i > 0 ? ", \"" : "\"") + categories[i] + "\" " + std::to_string(i);
    }
    // Tilted, so that ten scheme names fit side by side.
    return {tics + ")",
            "set xtics rotate by -30",
            "set xrange [-0.5:" + std::to_string(categories.size() - 0.5) + "]"};
}

/**
 * Writes a Gnuplot script, one dataset per line, and draws it as dir/name.png; a point
 * without a positive value breaks its line, a line without any is left out.
 */
void
Plot(const std::string& dir,
     const std::string& name,
     const std::string& title,
     const std::string& xlabel,
     const std::string& ylabel,
     const std::vector<std::string>& settings,
     Gnuplot2dDataset::Style style,
     const Lines& lines)
{
    Gnuplot plot(dir + "/" + name + ".png", title);
    plot.SetTerminal("png size 960,640");
    plot.SetLegend(xlabel, ylabel);
    for (const std::string& setting : settings)
    {
        plot.AppendExtra(setting);
    }
    plot.AppendExtra("set key outside right");
    plot.AppendExtra("set grid");
    for (const auto& [label, points] : lines)
    {
        if (std::none_of(points.begin(), points.end(), [](const auto& point) {
                return point.second > 0;
            }))
        {
            continue; // nothing to draw: gnuplot would warn
        }
        Gnuplot2dDataset dataset(label);
        dataset.SetStyle(style);
        for (const auto& [x, y] : points)
        {
            if (y > 0)
            {
                dataset.Add(x, y);
            }
            else
            {
                dataset.AddEmptyLine();
            }
        }
        plot.AddDataset(dataset);
    }
    const std::string script = dir + "/" + name + ".plt";
    std::ofstream out(script);
    plot.GenerateOutput(out);
    out.close();
    if (std::system(("gnuplot " + ShellWord(script)).c_str()) != 0)
    {
        std::cerr << "fabric-lb-sweep: gnuplot failed on " << script << std::endl;
    }
}

/// Least-squares slope of log(y) against log(x), over the points with x >= minX and y > 0.
double
LogLogSlope(const std::vector<double>& x, const std::vector<double>& y, double minX)
{
    std::vector<double> lx;
    std::vector<double> ly;
    for (size_t i = 0; i < x.size(); ++i)
    {
        if (x[i] > 0 && x[i] >= minX && y[i] > 0)
        {
            lx.push_back(std::log(x[i]));
            ly.push_back(std::log(y[i]));
        }
    }
    if (lx.size() < 2)
    {
        return NAN;
    }
    double c0;
    double c1;
    double cov00;
    double cov01;
    double cov11;
    double sumsq;
    gsl_fit_linear(lx.data(), 1, ly.data(), 1, lx.size(), &c0, &c1, &cov00, &cov01, &cov11, &sumsq);
    return c1;
}

/// Without --vary, two sizes or more: fits the exponents in m, draws the metrics against m.
void
FitAndPlotSizes(const Options& options, const std::map<PointKey, Point>& points)
{
    Series series;
    for (const auto& [key, p] : points)
    {
        if (p.runs > 0)
        {
            series[std::get<0>(key)].emplace_back(p.packets, p);
        }
    }
    const std::string fitsName =
        options.fitMinPackets > 0 ? "/fits-from-" + std::to_string(options.fitMinPackets) + ".csv"
                                  : "/fits.csv";
    std::ofstream fits(options.out + fitsName);
    fits << std::setprecision(std::numeric_limits<double>::max_digits10);
    fits << "scheme,q_mean_exponent,max_queue_exponent\n";
    std::cout << "exponents in m fitted over m >= " << options.fitMinPackets << " packets\n";
    std::cout << "scheme      q(m) exponent  max-queue exponent\n";
    for (const auto& [scheme, bySize] : series)
    {
        std::vector<double> m;
        std::vector<double> q;
        std::vector<double> maxq;
        for (const auto& [packets, p] : bySize)
        {
            m.push_back(packets);
            q.push_back(p.qMean);
            maxq.push_back(p.maxQueue);
        }
        const double qExponent = LogLogSlope(m, q, options.fitMinPackets);
        const double maxExponent = LogLogSlope(m, maxq, options.fitMinPackets);
        fits << scheme << "," << qExponent << "," << maxExponent << "\n";
        std::printf("%-10s %14.3f %19.3f\n", scheme.c_str(), qExponent, maxExponent);
    }
    fits.close();

    const std::string xlabel = "message size m (packets)";
    const std::vector<std::string> logLog = {"set logscale xy"};
    Plot(options.out,
         "cct-increase",
         "CCT increase over the bound",
         xlabel,
         "CCT increase (%)",
         logLog,
         Gnuplot2dDataset::LINES_POINTS,
         Values(series, &Point::cctIncrease));
    Plot(options.out,
         "max-queue",
         "Largest switch queue",
         xlabel,
         "max queue (packets)",
         logLog,
         Gnuplot2dDataset::LINES_POINTS,
         Values(series, &Point::maxQueue));
    Plot(options.out,
         "q-mean",
         "q(m): time-averaged switch queue",
         xlabel,
         "mean queue (packets)",
         logLog,
         Gnuplot2dDataset::LINES_POINTS,
         Values(series, &Point::qMean));
    std::cout << "results: " << options.out << "/results.csv, " << fitsName.substr(1)
              << ", cct-increase.png, max-queue.png, q-mean.png" << std::endl;
}

/**
 * With --vary, or a single size: prints the means and draws CCT increase and max queue
 * against the --vary values (categorical, in the order given), one line per scheme (and
 * size, if several); with a single value or none, against the schemes instead.
 */
void
PlotVariants(const Options& options, const std::map<PointKey, Point>& points)
{
    const bool bySchemes = options.varyValues.size() <= 1;
    const std::vector<std::string>& categories = bySchemes ? options.schemes : options.varyValues;
    Series series;
    const int width = std::max<int>(12, options.varyFlag.size());
    std::printf("%-12s %9s  %-*s %9s  %14s  %16s\n",
                "scheme",
                "msg_bytes",
                width,
                options.varyFlag.c_str(),
                "complete",
                "cct increase %",
                "max queue (pkts)");
    for (const auto& [key, p] : points)
    {
        const auto& [scheme, bytes, variant] = key;
        const std::string value = options.varyFlag.empty() ? "" : options.varyValues[variant];
        std::string label = !bySchemes      ? scheme
                            : value.empty() ? options.workload
                                            : options.varyFlag + "=" + value;
        if (options.sizes.size() > 1)
        {
            label += ", m=" + std::to_string(static_cast<uint64_t>(p.packets));
        }
        const size_t x =
            bySchemes ? std::find(categories.begin(), categories.end(), scheme) - categories.begin()
                      : variant;
        series[label].emplace_back(x, p);
        std::printf("%-12s %9llu  %-*s %5u/%-3u  %14.3f  %16.3f\n",
                    scheme.c_str(),
                    static_cast<unsigned long long>(bytes),
                    width,
                    value.c_str(),
                    p.runs,
                    p.runs + p.incomplete,
                    p.runs > 0 ? p.cctIncrease : NAN,
                    p.runs > 0 ? p.maxQueue : NAN);
    }
    std::vector<std::string> settings = CategoryAxis(categories);
    settings.emplace_back("set logscale y");
    // Points from the map come sorted by scheme name: put them in the order of the categories.
    for (auto& [label, line] : series)
    {
        std::stable_sort(line.begin(), line.end(), [](const auto& a, const auto& b) {
            return a.first < b.first;
        });
    }
    const std::string xlabel = bySchemes ? "scheme" : options.varyFlag;
    const auto style = bySchemes ? Gnuplot2dDataset::POINTS : Gnuplot2dDataset::LINES_POINTS;
    const std::string note = " (" + options.workload + ", mean of completed runs)";
    Plot(options.out,
         "cct-increase",
         "CCT increase over the bound" + note,
         xlabel,
         "CCT increase (%)",
         settings,
         style,
         Values(series, &Point::cctIncrease));
    Plot(options.out,
         "max-queue",
         "Largest switch queue" + note,
         xlabel,
         "max queue (packets)",
         settings,
         style,
         Values(series, &Point::maxQueue));
    std::cout << "results: " << options.out << "/results.csv, cct-increase.png, max-queue.png"
              << std::endl;
}

/**
 * Draws a per-stage metric (STAGE_METRICS[\p m]), one line per scheme (and --vary value,
 * if several): KEY.png, or with several sizes one figure per size, KEY-BYTES.png.
 */
void
PlotStageMetric(const Options& options, const std::map<PointKey, Point>& points, size_t m)
{
    const StageMetric& metric = STAGE_METRICS[m];
    std::map<uint64_t, Lines> bySize; // message size in bytes -> its figure's lines
    for (const auto& [key, p] : points)
    {
        const auto& [scheme, bytes, variant] = key;
        Lines& lines = bySize[bytes];
        std::string label = scheme;
        if (options.varyValues.size() > 1)
        {
            label += ", " + options.varyFlag + "=" + options.varyValues[variant];
        }
        for (size_t i = 0; i < SWITCH_STAGES.size(); ++i)
        {
            lines[label].emplace_back(i, p.stages[m][i]);
        }
    }
    std::vector<std::string> stages;
    for (FabricStage stage : SWITCH_STAGES)
    {
        stages.emplace_back(FabricStageName(stage));
    }
    std::cout << metric.key << " per stage:";
    for (const auto& [bytes, lines] : bySize)
    {
        const std::string size = std::to_string(bytes);
        const std::string key = metric.key;
        const std::string name = bySize.size() > 1 ? key + "-" + size : key;
        Plot(options.out,
             name,
             std::string(metric.title) + " (" + options.workload + ", " + size +
                 " B, mean of completed runs)",
             "stage",
             metric.yLabel,
             CategoryAxis(stages),
             Gnuplot2dDataset::LINES_POINTS,
             lines);
        std::cout << " " << options.out << "/" << name << ".png";
    }
    std::cout << std::endl;
}

} // namespace

int
main(int argc, char* argv[])
{
    Options options;
    try
    {
        options = ParseOptions(argc, argv);
    }
    catch (const std::invalid_argument& e)
    {
        return Fail(e.what());
    }
    std::error_code error;
    std::filesystem::create_directories(options.out + "/runs", error);
    if (error)
    {
        return Fail("cannot create " + options.out + "/runs: " + error.message());
    }
    const std::vector<Job> grid = MakeGrid(options);
    const size_t failed = RunGrid(options, grid);
    const std::map<PointKey, Point> points = Collect(options, grid);
    if (options.varyFlag.empty() && options.sizes.size() > 1)
    {
        FitAndPlotSizes(options, points);
    }
    else
    {
        PlotVariants(options, points);
    }
    for (size_t m = 0; m < STAGE_METRICS.size(); ++m)
    {
        PlotStageMetric(options, points, m);
    }
    return failed > 0 ? 1 : 0;
}
