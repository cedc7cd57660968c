/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The sweep runner's parts: its grid, its table of means, its fits, its shell words, its
 * figures' styles and words.
 */

#include "sweep/figure-text.h"
#include "sweep/scheme-style.h"
#include "sweep/sweep-options.h"
#include "sweep/sweep-plots.h"
#include "sweep/sweep-runs.h"
#include "sweep/sweep-table.h"

#include "ns3/fabric-registry.h"
#include "ns3/port-monitor.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <set>

using namespace sweep;

namespace
{

TEST(SweepOptions, ListItemsRefusesEmptyAndRepeatedItems)
{
    EXPECT_EQ(ListItems("ofan,rr", "schemes"), (std::vector<std::string>{"ofan", "rr"}));
    EXPECT_TRUE(ListItems("", "schemes").empty());
    EXPECT_THROW(ListItems("ofan,,rr", "schemes"), std::invalid_argument);
    EXPECT_THROW(ListItems("ofan,rr,", "schemes"), std::invalid_argument);
    EXPECT_THROW(ListItems("ofan,rr,ofan", "schemes"), std::invalid_argument);
}

TEST(SweepOptions, ShellWordQuotesEverything)
{
    EXPECT_EQ(ShellWord("a b"), "'a b'");
    EXPECT_EQ(ShellWord("it's"), "'it'\\''s'");
    EXPECT_EQ(ShellWord("$(rm -rf /)"), "'$(rm -rf /)'");
}

TEST(SweepGrid, SchemeThenSizeThenValueThenRun)
{
    Options options;
    options.schemes = {"ofan", "rr"};
    options.sizes = {4096, 8192};
    options.runs = 2;
    options.out = "out";
    const std::vector<Job> grid = MakeGrid(options);
    ASSERT_EQ(grid.size(), 8U);
    // Without --vary, the names of earlier sweeps, so that they resume.
    EXPECT_EQ(grid[0].json, "out/runs/ofan-4096-1.json");
    EXPECT_EQ(grid[1].json, "out/runs/ofan-4096-2.json");
    EXPECT_EQ(grid[2].json, "out/runs/ofan-8192-1.json");
    EXPECT_EQ(grid[7].json, "out/runs/rr-8192-2.json");

    options.sizes = {4096};
    options.runs = 1;
    options.varyFlag = "failProb";
    options.varyValues = {"0.01", "0.02"};
    const std::vector<Job> varied = MakeGrid(options);
    ASSERT_EQ(varied.size(), 4U);
    EXPECT_EQ(varied[1].json, "out/runs/ofan-4096-failProb=0.02-1.json");
    EXPECT_EQ(varied[1].variant, 1U);
    EXPECT_EQ(varied[2].scheme, "rr");
}

/**
 * A driver result with the fields the table reads: stage i's overload and over_share
 * are \p cctIncrease / 10 + i; over_share only if \p overShare.
 */
nlohmann::json
Result(double cctIncrease, uint64_t completed, bool overShare)
{
    nlohmann::json stages;
    for (size_t i = 0; i < ns3::FABRIC_SWITCH_STAGES.size(); ++i)
    {
        stages[ns3::FabricStageName(ns3::FABRIC_SWITCH_STAGES[i])] = cctIncrease / 10 + i;
    }
    nlohmann::json result{{"k", 4},
                          {"msg_packets", 2},
                          {"cct_ns", 1000},
                          {"bound_ns", 900},
                          {"cct_increase_pct", cctIncrease},
                          {"q_mean_pkts", cctIncrease / 100},
                          {"max_queue_pkts", 3},
                          {"packets_dropped", 0},
                          {"messages", 16},
                          {"messages_completed", completed},
                          {"overload", stages}};
    if (overShare)
    {
        result["over_share"] = stages;
    }
    return result;
}

/// A fresh directory for one test, removed with it.
struct ScratchDirectory
{
    /// \param name the test's name
    explicit ScratchDirectory(const std::string& name)
        : path(std::filesystem::path(::testing::TempDir()) / ("fabric-lb-" + name))
    {
        std::filesystem::remove_all(path);
        std::filesystem::create_directories(path / "runs");
    }

    ~ScratchDirectory()
    {
        std::filesystem::remove_all(path);
    }

    std::filesystem::path path; //!< the directory
};

/// \return the comma-separated cells of \p row
size_t
Cells(const std::string& row)
{
    return std::count(row.begin(), row.end(), ',') + 1;
}

/// \return a sweep of Ofan over permutations of 8 KiB, \p runs runs, into \p dir
Options
OfanPermutationSweep(const std::filesystem::path& dir, uint32_t runs)
{
    Options options;
    options.schemes = {"ofan"};
    options.sizes = {8192};
    options.runs = runs;
    options.workload = "permutation";
    options.k = 4;
    options.out = dir.string();
    return options;
}

TEST(SweepTable, MeansOfCompletedRunsOnly)
{
    const ScratchDirectory scratch("sweep-table");
    const std::filesystem::path& dir = scratch.path;
    const Options options = OfanPermutationSweep(dir, 4);
    const std::vector<Job> grid = MakeGrid(options);
    // Run 1 and 2 complete (10% and 30%), run 3 incomplete, run 4 never wrote a result;
    // run 2 comes from a driver older than over_share.
    std::ofstream(grid[0].json) << Result(10, 16, true);
    // Run 2 is lossless: its pause columns sum the stages' paused time.
    nlohmann::json lossless = Result(30, 16, false);
    lossless["pause_frames_sent"] = 12;
    lossless["pfc"] = {{"paused_us", {{"edge-up", 1.5}, {"agg-up", 2.25}}},
                       {"ports_paused", {{"edge-up", 2}, {"agg-up", 3}}},
                       {"headroom_overflows", 0}};
    std::ofstream(grid[1].json) << lossless;
    std::ofstream(grid[2].json) << Result(1000, 15, true);

    TabulateRuns(options, grid);
    const Table table = ReadTable((dir / "results.csv").string());
    ASSERT_EQ(table.points.size(), 1U);
    EXPECT_EQ(table.workload, "permutation");
    EXPECT_EQ(table.schemes, std::vector<std::string>{"ofan"});
    EXPECT_EQ(table.sizes, std::vector<uint64_t>{8192});
    EXPECT_EQ(table.stages.size(), ns3::FABRIC_SWITCH_STAGES.size());
    const Point& p = table.points.begin()->second;
    EXPECT_EQ(p.runs, 2U);
    EXPECT_EQ(p.incomplete, 1U);
    EXPECT_EQ(p.fabric, "k=4"); // the sweep's, where the result has none
    EXPECT_DOUBLE_EQ(p.cctIncrease.Mean(), 20);
    EXPECT_DOUBLE_EQ(p.cctIncrease.Min(), 10);
    EXPECT_DOUBLE_EQ(p.cctIncrease.Max(), 30);
    EXPECT_DOUBLE_EQ(p.qMean.Mean(), 0.2);
    EXPECT_DOUBLE_EQ(p.maxQueue.Mean(), 3);
    // overload from both complete runs (stage i: 1 + i and 3 + i), over_share from the one
    // that has it (1 + i).
    for (size_t i = 0; i < ns3::FABRIC_SWITCH_STAGES.size(); ++i)
    {
        EXPECT_EQ(p.stages[0][i].values, (std::vector<double>{1.0 + i, 3.0 + i})) << i;
        EXPECT_EQ(p.stages[1][i].values, std::vector<double>{1.0 + i}) << i;
    }

    // One row per result, the incomplete one included; an empty cell where over_share is missing.
    std::ifstream csv(dir / "results.csv");
    std::vector<std::string> rows;
    for (std::string row; std::getline(csv, row);)
    {
        rows.push_back(row);
    }
    ASSERT_EQ(rows.size(), 4U);
    EXPECT_EQ(rows[0],
              "scheme,workload,k,msg_bytes,msg_packets,run,cct_ns,bound_ns,cct_increase_pct,"
              "q_mean_pkts,max_queue_pkts,packets_dropped,messages,messages_completed,vary_flag,"
              "vary_value,recovery,cc,retransmissions,timeouts,link_drops,cnps,"
              "mean_final_rate_gbps,min_final_rate_gbps,hosts,topology,fabric,overload_edge_up,"
              "overload_agg_up,"
              "overload_core_down,overload_agg_down,overload_edge_down,over_share_edge_up,"
              "over_share_agg_up,over_share_core_down,over_share_agg_down,over_share_edge_down,"
              "pause_frames_sent,paused_us,headroom_overflows,ports_paused");
    for (const std::string& row : rows)
    {
        EXPECT_EQ(Cells(row), Cells(rows[0])) << row;
    }
    EXPECT_EQ(rows[1].substr(rows[1].size() - 18), ",1,2,3,4,5,0,0,0,0");
    EXPECT_EQ(rows[2].substr(rows[2].size() - 27), ",3,4,5,6,7,,,,,,12,3.75,0,5");
}

TEST(SweepTable, OneJsonLinePerRunWithItsVariedValue)
{
    const ScratchDirectory scratch("sweep-jsonl");
    const std::filesystem::path& dir = scratch.path;
    Options options = OfanPermutationSweep(dir, 2);
    options.varyFlag = "failProb";
    options.varyValues = {"0.01", "0.02"};
    const std::vector<Job> grid = MakeGrid(options);
    ASSERT_EQ(grid.size(), 4U);
    // The driver writes its JSON over many lines; run 2 of 0.01 never wrote one.
    std::ofstream(grid[0].json) << Result(10, 16, true).dump(2);
    std::ofstream(grid[2].json) << Result(20, 16, true).dump(2);
    std::ofstream(grid[3].json) << Result(30, 15, true).dump(2);
    TabulateRuns(options, grid);

    std::ifstream jsonl(dir / "results.jsonl");
    std::vector<nlohmann::json> lines;
    for (std::string line; std::getline(jsonl, line);)
    {
        lines.push_back(nlohmann::json::parse(line));
    }
    ASSERT_EQ(lines.size(), 3U);
    const std::vector<std::pair<double, std::string>> expected{{10, "0.01"},
                                                               {20, "0.02"},
                                                               {30, "0.02"}};
    for (size_t i = 0; i < lines.size(); ++i)
    {
        nlohmann::json result = Result(expected[i].first, i == 2 ? 15 : 16, true);
        result["vary_flag"] = "failProb";
        result["vary_value"] = expected[i].second;
        EXPECT_EQ(lines[i], result) << "line " << i;
    }
}

TEST(SweepFits, ExponentOfAPowerLaw)
{
    const std::vector<double> m{16, 64, 256, 1024};
    std::vector<double> q;
    for (double x : m)
    {
        q.push_back(3 * std::sqrt(x));
    }
    EXPECT_NEAR(LogLogSlope(m, q, 0), 0.5, 1e-12);
    // Sizes below the fit's smallest and queues of zero are left out.
    EXPECT_NEAR(LogLogSlope({1, 16, 64, 256}, {1000, 12, 24, 0}, 16), 0.5, 1e-12);
    EXPECT_NEAR(LogLogSlope({1, 16, 64, 256}, {1000, 12, 24, 48}, 16), 0.5, 1e-12);
    // Fewer than two points: no exponent.
    EXPECT_TRUE(std::isnan(LogLogSlope({16, 64}, {12, 0}, 0)));
}

TEST(SchemeStyle, EverySchemeOfTheDriverHasAColourAndMarkerOfItsOwn)
{
    const SchemeStyle fallback = StyleOf("no-such-scheme");
    EXPECT_EQ(fallback.label, "no-such-scheme");
    std::set<std::string> colours{fallback.colour};
    std::set<int> markers{fallback.pointType};
    const auto schemes = ns3::fabriclb::LbSchemes().All();
    EXPECT_EQ(schemes.size(), 14U);
    for (const auto& scheme : schemes)
    {
        const SchemeStyle style = StyleOf(scheme.name);
        // Not the fallback's colour or marker, nor another scheme's.
        EXPECT_TRUE(colours.insert(style.colour).second) << scheme.name << " " << style.colour;
        EXPECT_TRUE(markers.insert(style.pointType).second) << scheme.name;
    }
    EXPECT_EQ(GnuplotStyle("ofan"), "lc rgb \"#D55E00\" pt 7 ps 1.8");
}

TEST(FigureText, FlagsInWordsWithTheirUnits)
{
    EXPECT_EQ(AxisLabel("bufferBytes"), "buffer (KB)");
    EXPECT_EQ(ValueText("bufferBytes", "83160"), "83.16");
    EXPECT_EQ(Condition("bufferBytes", "83160"), "buffer 83.16 KB");
    EXPECT_EQ(AxisLabel("ns3::FatTreeHelper::PayloadBytes"), "payload (B)");
    EXPECT_EQ(AxisLabel("failProb"), "link failure probability (%)");
    EXPECT_EQ(ValueText("failProb", "0.005"), "0.5");
    EXPECT_EQ(Condition("failProb", "0.01"), "link failure probability 1%");
    EXPECT_EQ(AxisLabel("convergence"), "convergence time G");
    EXPECT_EQ(ValueText("convergence", "inf"), "never");
    EXPECT_EQ(ValueText("convergence", "1rtt"), "1 RTT");
    EXPECT_EQ(ValueText("convergence", "10us"), "10 us");
    EXPECT_FALSE(AxisValue("convergence", "0")) << "G's values are names";
    EXPECT_EQ(ValueText("model", "llama3-405b"), "405B");
    EXPECT_EQ(Condition("recovery", "sack"), "loss recovery: selective repeat");
    EXPECT_EQ(ValueText("jobs", "dir/contiguous.json"), "contiguous");
    EXPECT_EQ(*AxisValue("k", "16"), 16);
    // An attribute no figure script varies: its name's words, never the path.
    EXPECT_EQ(AxisLabel("ns3::RoceNic::InitialRtt"), "initial rtt");
}

TEST(FigureText, FabricsSizesAndWorkloadsInWords)
{
    EXPECT_EQ(FabricText("k=8", 128), "k=8 fat tree (128 hosts)");
    EXPECT_EQ(FabricText("k=8 oversubscription=2 planes=2", 0),
              "k=8 fat tree, 2:1 at the edge, 2 planes");
    EXPECT_EQ(FabricText("leaf-spine leaves=8 spines=16 hostsPerLeaf=16 linksPerSpine=1", 128),
              "leaf-spine, 8 leaves of 16 hosts, 16 spines (128 hosts)");
    EXPECT_EQ(
        FabricText("rail servers=16 gpusPerServer=8 serversPerLeaf=16 spines=16 nvlink pxn", 128),
        "rail-optimised, 16 servers of 8 GPUs, 16 spines, NVLink and PXN (128 GPUs)");
    EXPECT_EQ(FabricsText({"k=4", "k=8", "k=16"}, {16, 128, 1024}), "fat trees (16 to 1024 hosts)");
    EXPECT_EQ(BytesText(1048576), "1 MiB");
    EXPECT_EQ(BytesText(262144), "256 KiB");
    EXPECT_EQ(BytesText(83160), "83160 B");
    EXPECT_EQ(WorkloadText("fsdp"), "Llama-3 FSDP backward pass");
    EXPECT_EQ(GnuplotQuoted("a \"b\" \\ c\nd"), "a \\\"b\\\" \\\\ c d");
    // gnuplot runs what stands between backquotes in a double-quoted string, unless escaped.
    EXPECT_EQ(GnuplotQuoted("`touch x`"), "\\`touch x\\`");
}

TEST(SweepTable, ReadsAnOlderCsvWithoutTheLaterColumns)
{
    const ScratchDirectory scratch("sweep-old-csv");
    const std::filesystem::path csv = scratch.path / "results.csv";
    std::ofstream(csv) << "scheme,workload,k,msg_bytes,msg_packets,run,cct_ns,bound_ns,"
                          "cct_increase_pct,q_mean_pkts,max_queue_pkts,packets_dropped,messages,"
                          "messages_completed,vary_flag,vary_value\n"
                          "rr,permutation,8,4096,1,1,1,1,5,0.5,2,0,128,128,failProb,0.01\n"
                          "rr,permutation,8,4096,1,2,1,1,7,0.5,4,0,128,127,failProb,0.01\n";
    const Table table = ReadTable(csv.string());
    ASSERT_EQ(table.points.size(), 1U);
    EXPECT_EQ(table.varyFlag, "failProb");
    EXPECT_EQ(table.varyValues, std::vector<std::string>{"0.01"});
    EXPECT_TRUE(table.stages.empty());
    const Point& p = table.points.begin()->second;
    EXPECT_EQ(p.fabric, "k=8");
    EXPECT_EQ(p.runs, 1U);
    EXPECT_EQ(p.incomplete, 1U);
    EXPECT_EQ(p.cctIncrease.values, std::vector<double>{5});
    EXPECT_THROW(ReadTable((scratch.path / "none.csv").string()), std::invalid_argument);
}

TEST(SweepTable, RefusesACsvItDidNotWriteNamingTheLine)
{
    const ScratchDirectory scratch("sweep-odd-csv");
    const std::string path = (scratch.path / "results.csv").string();
    const std::string header = "scheme,msg_bytes,run,cct_increase_pct,q_mean_pkts,max_queue_pkts,"
                               "messages,messages_completed,hosts\n";
    const std::string row = "rr,4096,1,5,0.5,2,16,16,16\n";
    const auto error = [&path](const std::string& text) {
        std::ofstream(path, std::ios::binary) << text;
        try
        {
            ReadTable(path);
        }
        catch (const std::invalid_argument& e)
        {
            return std::string(e.what());
        }
        return std::string();
    };
    EXPECT_EQ(error(header + row), "");
    EXPECT_EQ(error(header + "rr,4096,1,null,,2,16,16,16\n"), ""); // a result without the field
    EXPECT_EQ(error("scheme,msg_bytes\n" + row),
              path + ":1: no column 'messages': not a results.csv of fabric-lb-sweep");
    EXPECT_EQ(error(header + "rr,4096,1,5\n"), path + ":2: 4 cells where the header has 9");
    EXPECT_EQ(error(header + row + "rr,4096,2,5,0.5,x2,16,16,16\n"),
              path + ":3: max_queue_pkts 'x2' is not a number");
    EXPECT_EQ(error(header + "rr,4096,1,nan,0.5,2,16,16,16\n"),
              path + ":2: cct_increase_pct 'nan' is not a number");
    EXPECT_EQ(error(header + "rr,-4096,1,5,0.5,2,16,16,16\n"),
              path + ":2: msg_bytes '-4096' is not a whole number of bytes, at least 1");
    EXPECT_EQ(error(header + "rr,0,1,5,0.5,2,16,16,16\n"),
              path + ":2: msg_bytes '0' is not a whole number of bytes, at least 1");
    EXPECT_EQ(error(header + "rr,99999999999999999999,1,5,0.5,2,16,16,16\n"),
              path + ":2: msg_bytes '99999999999999999999' is not a whole number of bytes, at "
                     "least 1");
    EXPECT_EQ(error(header + "rr,4096,1,5,0.5,2,16,16,1e3\n"),
              path + ":2: hosts '1e3' is not a whole number");
    EXPECT_EQ(error(header + ",4096,1,5,0.5,2,16,16,16\n"), path + ":2: no scheme");
    EXPECT_EQ(error(header + row + row),
              path + ":3: run '1' of this scheme, size and value again (first on line 2)");
    EXPECT_EQ(error(header + row.substr(0, 10)),
              path + ":2: the last line has no newline: the file is cut short");
    std::filesystem::remove(path);
    std::filesystem::create_directory(path);
    EXPECT_EQ(error(""), "--out=" + path + ": cannot read: a directory");
}

TEST(SweepTable, ResultsOfAnotherShapeAreNoResults)
{
    const ScratchDirectory scratch("sweep-odd-results");
    const Options options = OfanPermutationSweep(scratch.path, 3);
    const std::vector<Job> grid = MakeGrid(options);
    // Not one object: no result (the run is made again); a directory is none either.
    std::ofstream(grid[0].json) << "[1, 2]";
    EXPECT_TRUE(ReadResult(grid[0].json).is_discarded());
    std::filesystem::create_directory(grid[1].json);
    EXPECT_TRUE(ReadResult(grid[1].json).is_discarded());
    // An object without the fields is a result, incomplete or not, without a crash.
    std::ofstream(grid[2].json) << "{}";
    EXPECT_FALSE(IsIncomplete(ReadResult(grid[2].json)));
    // A field of another type than the driver writes is refused, naming the file.
    std::ofstream(grid[2].json) << R"({"messages": 1, "messages_completed": 1, "stages": 5})";
    try
    {
        TabulateRuns(options, grid);
        ADD_FAILURE() << "accepted";
    }
    catch (const std::invalid_argument& e)
    {
        EXPECT_EQ(
            std::string(e.what()).rfind(grid[2].json + ": not a result of fabric-lb-sim (", 0),
            0U)
            << e.what();
    }
}

TEST(SweepResume, KeptSettingsAreComparedWhole)
{
    const ScratchDirectory scratch("sweep-settings");
    Options options = OfanPermutationSweep(scratch.path, 1);
    KeepSettings(options);
    const std::string path = (scratch.path / "runs/settings.txt").string();
    std::ifstream in(path);
    const std::string settings((std::istreambuf_iterator<char>(in)), {});
    EXPECT_NO_THROW(KeepSettings(options)) << "the same settings resume";
    // The right first line, and more: not what this sweep wrote.
    std::ofstream(path, std::ios::app) << "k=8\n";
    EXPECT_THROW(KeepSettings(options), std::invalid_argument);
    std::filesystem::remove(path);
    std::filesystem::create_directory(path);
    try
    {
        KeepSettings(options);
        ADD_FAILURE() << "accepted";
    }
    catch (const std::invalid_argument& e)
    {
        EXPECT_EQ(std::string(e.what()), "--out=" + path + ": cannot read: a directory");
    }
    EXPECT_EQ(settings.back(), '\n');
}

} // namespace
