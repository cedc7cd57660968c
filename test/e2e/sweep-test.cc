/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * End-to-end tests of fabric-lb-sweep: the CSV of every run, the fitted
 * exponents, the figures, resuming, --vary and incomplete runs, bad input.
 */

#include "e2e-util.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <gtest/gtest.h>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

using namespace fabriclbe2e;

namespace
{

Outcome
RunSweep(const std::string& args)
{
    return Run(FABRIC_LB_SWEEP, std::string("--sim=") + FABRIC_LB_SIM + " " + args);
}

/// The rows of a CSV file, each split at its commas; the header is row 0.
std::vector<std::vector<std::string>>
ReadCsv(const std::string& path)
{
    std::vector<std::vector<std::string>> rows;
    std::stringstream lines(Slurp(path));
    std::string line;
    while (std::getline(lines, line))
    {
        std::vector<std::string> cells;
        std::stringstream fields(line);
        std::string cell;
        while (std::getline(fields, cell, ','))
        {
            cells.push_back(cell);
        }
        rows.push_back(cells);
    }
    return rows;
}

/// \return the index of the column \p name in the CSV header \p header
size_t
Column(const std::vector<std::string>& header, const std::string& name)
{
    return std::find(header.begin(), header.end(), name) - header.begin();
}

/// Runs a sweep with \p args into a fresh directory, removed afterwards; \return its outcome
/// and the rows of its results.csv
std::pair<Outcome, std::vector<std::vector<std::string>>>
SweepOnce(const std::string& args)
{
    const std::string dir = TempPath("sweep-once");
    const Outcome o = RunSweep(args + " --out=" + dir);
    auto rows = ReadCsv(dir + "/results.csv");
    std::filesystem::remove_all(dir);
    return {o, rows};
}

/// Runs one sweep per test into a fresh directory, removed afterwards.
class SweepRun : public ::testing::Test
{
  protected:
    /// \return the sweep's arguments but --out
    virtual std::string Grid() const = 0;

    void SetUp() override
    {
        m_dir = TempPath("sweep");
        m_outcome = RunSweep(Grid() + " --out=" + m_dir);
        m_rows = ReadCsv(m_dir + "/results.csv");
    }

    /// \return the index of the column \p name of results.csv
    size_t ColumnOf(const std::string& name) const
    {
        return Column(m_rows.at(0), name);
    }

    void TearDown() override
    {
        std::filesystem::remove_all(m_dir);
    }

    /// Removes \p removed, runs the sweep again, checks that it ran \p removed but not \p kept.
    Outcome ResumeWithout(const std::string& kept, const std::string& removed) const
    {
        const auto keptTime = std::filesystem::last_write_time(kept);
        std::filesystem::remove(removed);
        const Outcome again = RunSweep(Grid() + " --out=" + m_dir);
        EXPECT_EQ(again.status, 0) << again.err;
        EXPECT_EQ(std::filesystem::last_write_time(kept), keptTime);
        EXPECT_TRUE(std::filesystem::exists(removed));
        EXPECT_EQ(ReadCsv(m_dir + "/results.csv").size(), 1U + 8U);
        return again;
    }

    std::string m_dir;
    Outcome m_outcome;
    std::vector<std::vector<std::string>> m_rows; //!< results.csv after the sweep, header first
};

/// A small grid on the k=4 fabric: 2 schemes x 2 sizes x 2 runs.
class Sweep : public SweepRun
{
  protected:
    std::string Grid() const override
    {
        return "--k=4 --schemes=ofan,rsq --sizes=16384,65536 --runs=2 --jobs=2";
    }
};

} // namespace

TEST_F(Sweep, WritesEveryRunToTheCsv)
{
    ASSERT_EQ(m_outcome.status, 0) << m_outcome.err;
    ASSERT_EQ(m_rows.size(), 1U + 8U);
    for (size_t i = 1; i < m_rows.size(); ++i)
    {
        const std::vector<std::string>& row = m_rows[i];
        const std::string json = m_dir + "/runs/" + row[ColumnOf("scheme")] + "-" +
                                 row[ColumnOf("msg_bytes")] + "-" + row[ColumnOf("run")] + ".json";
        const nlohmann::json r = nlohmann::json::parse(Slurp(json));
        EXPECT_EQ(row[ColumnOf("workload")], "permutation");
        EXPECT_EQ(std::stod(row[ColumnOf("cct_ns")]), r["cct_ns"].get<double>()) << json;
        EXPECT_EQ(std::stod(row[ColumnOf("cct_increase_pct")]), r["cct_increase_pct"].get<double>())
            << json;
        EXPECT_EQ(std::stod(row[ColumnOf("max_queue_pkts")]), r["max_queue_pkts"].get<double>());
        EXPECT_EQ(row[ColumnOf("packets_dropped")], "0");
        EXPECT_EQ(row[ColumnOf("k")], "4");
        EXPECT_EQ(row[ColumnOf("hosts")], "16");
        for (const std::string metric : {"overload", "over_share"})
        {
            for (const char* stage : {"edge-up", "agg-up", "core-down", "agg-down", "edge-down"})
            {
                std::string column = metric + "_" + stage;
                std::replace(column.begin(), column.end(), '-', '_');
                ASSERT_LT(ColumnOf(column), row.size()) << column;
                EXPECT_EQ(std::stod(row[ColumnOf(column)]), r[metric][stage].get<double>())
                    << json << " " << stage;
            }
        }
    }
}

TEST_F(Sweep, FitsTheLogLogSlopeOfTheMeans)
{
    ASSERT_EQ(m_outcome.status, 0) << m_outcome.err;
    // scheme -> packets -> (sum of q(m), sum of max queue, runs)
    std::map<std::string, std::map<double, std::vector<double>>> sums;
    for (size_t i = 1; i < m_rows.size(); ++i)
    {
        const std::vector<std::string>& row = m_rows[i];
        std::vector<double>& s =
            sums[row[ColumnOf("scheme")]][std::stod(row[ColumnOf("msg_packets")])];
        s.resize(3, 0.0);
        s[0] += std::stod(row[ColumnOf("q_mean_pkts")]);
        s[1] += std::stod(row[ColumnOf("max_queue_pkts")]);
        s[2] += 1;
    }
    const auto fits = ReadCsv(m_dir + "/fits.csv");
    ASSERT_EQ(fits.size(), 1U + 2U);
    for (size_t i = 1; i < fits.size(); ++i)
    {
        const auto& bySize = sums.at(fits[i][0]);
        ASSERT_EQ(bySize.size(), 2U);
        const auto& [m1, s1] = *bySize.begin();
        const auto& [m2, s2] = *bySize.rbegin();
        EXPECT_EQ(m1, 4.0);
        EXPECT_EQ(m2, 16.0);
        for (size_t metric = 0; metric < 2; ++metric)
        {
            // Two sizes: the least-squares slope is the slope through both means.
            const double y1 = s1[metric] / s1[2];
            const double y2 = s2[metric] / s2[2];
            const double fitted = std::stod(fits[i][1 + metric]);
            if (y1 > 0 && y2 > 0)
            {
                EXPECT_NEAR(fitted, std::log(y2 / y1) / std::log(m2 / m1), 1e-9) << fits[i][0];
            }
            else
            {
                EXPECT_TRUE(std::isnan(fitted)) << fits[i][0];
            }
        }
    }
}

TEST_F(Sweep, DrawsTheFigures)
{
    ASSERT_EQ(m_outcome.status, 0) << m_outcome.err;
    for (const char* figure :
         {"cct-increase", "max-queue", "q-mean", "overload-16384", "overload-65536"})
    {
        const std::string png = Slurp(m_dir + "/" + figure + ".png");
        ASSERT_GT(png.size(), 8U) << figure;
        EXPECT_EQ(png.substr(1, 3), "PNG") << figure;
    }
}

TEST_F(Sweep, ResumesWithoutRunningAgainWhatItHas)
{
    ASSERT_EQ(m_outcome.status, 0) << m_outcome.err;
    ResumeWithout(m_dir + "/runs/ofan-16384-1.json", m_dir + "/runs/rsq-65536-2.json");
}

/// A --vary grid on the k=4 fabric with one failed link: 2 schemes x 2 convergence times x 2 runs.
class SweepVary : public SweepRun
{
  protected:
    std::string Grid() const override
    {
        // ECMP hashes some flows into the black hole under G=inf: those runs are incomplete.
        return "--k=4 --schemes=ecmp,ofan --sizes=16384 --runs=2 --jobs=2 "
               "--extra=--failLinks=edge-p0-0:agg-p0-0 --vary=convergence:inf,0";
    }

    /// \return the JSON file of one run
    std::string Json(const std::string& scheme, const std::string& value, int run) const
    {
        return m_dir + "/runs/" + scheme + "-16384-convergence=" + value + "-" +
               std::to_string(run) + ".json";
    }
};

TEST_F(SweepVary, WritesOneRowPerSchemeValueAndRun)
{
    ASSERT_EQ(m_outcome.status, 0) << m_outcome.err;
    ASSERT_EQ(m_rows.size(), 1U + 8U);
    size_t i = 1;
    for (const char* scheme : {"ecmp", "ofan"})
    {
        // In the order given, not sorted.
        for (const char* value : {"inf", "0"})
        {
            for (int run = 1; run <= 2; ++run, ++i)
            {
                const std::vector<std::string>& row = m_rows[i];
                ASSERT_EQ(row.size(), m_rows[0].size()) << i;
                EXPECT_EQ(row[ColumnOf("scheme")], scheme);
                EXPECT_EQ(row[ColumnOf("vary_flag")], "convergence");
                EXPECT_EQ(row[ColumnOf("vary_value")], value);
                EXPECT_EQ(row[ColumnOf("run")], std::to_string(run));
                const nlohmann::json r = nlohmann::json::parse(Slurp(Json(scheme, value, run)));
                EXPECT_EQ(r["converged"], std::string(value) == "0") << scheme << value << run;
                EXPECT_EQ(row[ColumnOf("messages")], r["messages"].dump());
                EXPECT_EQ(row[ColumnOf("messages_completed")], r["messages_completed"].dump());
                EXPECT_EQ(std::stod(row[ColumnOf("cct_ns")]), r["cct_ns"].get<double>());
            }
        }
    }
    for (const char* figure : {"cct-increase", "max-queue"})
    {
        EXPECT_EQ(Slurp(m_dir + "/" + figure + ".png").substr(1, 3), "PNG") << figure;
    }
    EXPECT_FALSE(std::filesystem::exists(m_dir + "/fits.csv"));
}

TEST_F(SweepVary, PutsTheValuesOnTheXAxisInTheOrderGiven)
{
    ASSERT_EQ(m_outcome.status, 0) << m_outcome.err;
    const std::string script = Slurp(m_dir + "/cct-increase.plt");
    // Named values in words (inf: never), as categories.
    EXPECT_NE(script.find("set xtics (\"never\" 0, \"0\" 1)"), std::string::npos) << script;
    EXPECT_NE(script.find("set xlabel \"convergence time G\""), std::string::npos) << script;
}

TEST_F(SweepVary, TitlesTheFabricSizeAndRunsAndNamesAPointWithoutACompletedRun)
{
    ASSERT_EQ(m_outcome.status, 0) << m_outcome.err;
    const std::string script = Slurp(m_dir + "/cct-increase.plt");
    EXPECT_NE(script.find("\\npermutation of 16 KiB messages, k=4 fat tree (16 hosts), 2 runs a "
                          "point\\n"),
              std::string::npos)
        << script;
    // ECMP's runs under G=inf all ran into the black hole: named, not silently missing.
    EXPECT_NE(script.find("not drawn: ECMP at never (0/2 complete)"), std::string::npos) << script;
    // Each scheme in its own style, in the key whether or not it has a point to draw.
    EXPECT_NE(script.find("NaN title \"ECMP\" with points lc rgb \"#000000\" pt 4"),
              std::string::npos)
        << script;
    EXPECT_NE(script.find("NaN title \"Ofan\" with points lc rgb \"#D55E00\" pt 7"),
              std::string::npos)
        << script;
    EXPECT_EQ(script.find("ns3::"), std::string::npos) << script;
}

TEST_F(SweepVary, RedrawsTheSameFiguresFromItsCsvAlone)
{
    ASSERT_EQ(m_outcome.status, 0) << m_outcome.err;
    const std::string script = Slurp(m_dir + "/cct-increase.plt");
    std::filesystem::remove_all(m_dir + "/runs");
    std::filesystem::remove(m_dir + "/cct-increase.png");
    // Without the sweep's grid: the schemes, sizes and values are the CSV's.
    const Outcome o = fabriclbe2e::Run(FABRIC_LB_SWEEP, "--replot --out=" + m_dir);
    EXPECT_EQ(o.status, 0) << o.err;
    EXPECT_EQ(Slurp(m_dir + "/cct-increase.plt"), script);
    EXPECT_EQ(Slurp(m_dir + "/cct-increase.png").substr(1, 3), "PNG");
    EXPECT_FALSE(std::filesystem::exists(m_dir + "/runs")) << "--replot ran the grid";
}

TEST(SweepStyle, PrintsASchemesGnuplotStyle)
{
    const Outcome o = fabriclbe2e::Run(FABRIC_LB_SWEEP, "--printStyle=ofan");
    EXPECT_EQ(o.status, 0) << o.err;
    EXPECT_EQ(o.out, "lc rgb \"#D55E00\" pt 7 ps 1.8\tOfan\n");
    // A name the table does not know: the fallback, not an error.
    EXPECT_EQ(fabriclbe2e::Run(FABRIC_LB_SWEEP, "--printStyle=mine").out,
              "lc rgb \"#555555\" pt 2 ps 1.8\tmine\n");
}

TEST(SweepOneValue, PutsTheSchemesOnTheXAxis)
{
    const std::string dir = TempPath("sweep-one-value");
    const Outcome o = RunSweep("--k=4 --schemes=ofan,ecmp --sizes=16384 --runs=1 --jobs=2 "
                               "--vary=convergence:0 --extra=--failLinks=agg-p0-0:core-0 --out=" +
                               dir);
    const std::string script = Slurp(dir + "/max-queue.plt");
    std::filesystem::remove_all(dir);
    ASSERT_EQ(o.status, 0) << o.err;
    EXPECT_NE(script.find("set xtics (\"Ofan\" 0, \"ECMP\" 1)"), std::string::npos) << script;
    // The one value in words in the title.
    EXPECT_NE(script.find(", convergence time G: 0"), std::string::npos) << script;
}

TEST(SweepOneSize, PutsTheSchemesOnTheXAxisAndTheStagesOnTheOverloadFigure)
{
    const std::string dir = TempPath("sweep-one-size");
    const Outcome o =
        RunSweep("--k=4 --schemes=ofan,ecmp --sizes=16384 --runs=1 --jobs=2 --out=" + dir);
    const std::string script = Slurp(dir + "/cct-increase.plt");
    const std::string overload = Slurp(dir + "/overload.plt");
    const std::string png = Slurp(dir + "/overload.png");
    std::filesystem::remove_all(dir);
    ASSERT_EQ(o.status, 0) << o.err;
    EXPECT_NE(script.find("set xtics (\"Ofan\" 0, \"ECMP\" 1)"), std::string::npos) << script;
    EXPECT_NE(overload.find("set xtics (\"edge-up\" 0, \"agg-up\" 1, \"core-down\" 2, "
                            "\"agg-down\" 3, \"edge-down\" 4)"),
              std::string::npos)
        << overload;
    EXPECT_EQ(png.substr(1, 3), "PNG");
}

TEST(SweepExtra, PassesEveryFlagToEveryRunIntoADirectoryWithASpace)
{
    // --extra carries several flags, spaces between them; every one reaches the run.
    const std::string dir = TempPath("sweep extra");
    const Outcome o = RunSweep("--k=4 --schemes=ofan --sizes=16384 --runs=1 --jobs=1 "
                               "--extra='--wire=study --recovery=sack --cc=swift' --out='" +
                               dir + "'");
    const std::string json = Slurp(dir + "/runs/ofan-16384-1.json");
    const std::string csv = Slurp(dir + "/results.csv");
    std::filesystem::remove_all(dir);
    ASSERT_EQ(o.status, 0) << o.err;
    ASSERT_FALSE(json.empty()) << "the run's JSON is in the directory with a space";
    const nlohmann::json r = nlohmann::json::parse(json);
    EXPECT_EQ(r["wire"], "study");
    EXPECT_EQ(r["recovery"], "sack");
    EXPECT_EQ(r["cc"], "swift");
    EXPECT_NE(csv.find(",sack,swift,"), std::string::npos) << csv;
}

TEST(SweepVaryK, RunsEachRadixAndNamesItInTheCsv)
{
    const auto [o, rows] =
        SweepOnce("--k=8 --schemes=ofan --sizes=16384 --runs=1 --jobs=2 --vary=k:6,4");
    ASSERT_EQ(o.status, 0) << o.err;
    ASSERT_EQ(rows.size(), 1U + 2U);
    const auto& header = rows[0];
    EXPECT_EQ(rows[1][Column(header, "k")], "6");
    EXPECT_EQ(rows[1][Column(header, "hosts")], "54");
    EXPECT_EQ(rows[1][Column(header, "vary_value")], "6");
    EXPECT_EQ(rows[2][Column(header, "k")], "4");
    EXPECT_EQ(rows[2][Column(header, "hosts")], "16");
}

TEST(SweepTopology, RunsALeafSpineShapedByVaryAndNamesItInTheCsv)
{
    const auto [o, rows] = SweepOnce("--topology=leaf-spine --schemes=ofan --sizes=16384 "
                                     "--runs=1 --jobs=2 --extra='--leaves=2 --hostsPerLeaf=4' "
                                     "--vary=spines:4,2");
    ASSERT_EQ(o.status, 0) << o.err;
    ASSERT_EQ(rows.size(), 1U + 2U);
    const auto& header = rows[0];
    EXPECT_EQ(rows[1][Column(header, "topology")], "leaf-spine");
    EXPECT_EQ(rows[1][Column(header, "fabric")],
              "leaf-spine leaves=2 spines=4 hostsPerLeaf=4 linksPerSpine=1");
    EXPECT_EQ(rows[1][Column(header, "hosts")], "8");
    EXPECT_EQ(rows[1][Column(header, "k")], "0");
    EXPECT_EQ(rows[2][Column(header, "fabric")],
              "leaf-spine leaves=2 spines=2 hostsPerLeaf=4 linksPerSpine=1");
    // Per-stage columns as the leaf-spine names its stages, and nothing of the fat tree's.
    EXPECT_FALSE(rows[1][Column(header, "overload_spine_down")].empty());
    EXPECT_EQ(std::count(header.begin(), header.end(), "overload_agg_up"), 0);
}

TEST_F(SweepVary, ListsIncompleteRunsWithoutFailingOrAveragingThem)
{
    ASSERT_EQ(m_outcome.status, 0) << m_outcome.err;
    ASSERT_EQ(m_rows.size(), 1U + 8U);
    for (size_t i = 1; i < m_rows.size(); ++i)
    {
        const bool blackHoled =
            m_rows[i][ColumnOf("scheme")] == "ecmp" && m_rows[i][ColumnOf("vary_value")] == "inf";
        EXPECT_EQ(std::stoi(m_rows[i][ColumnOf("messages_completed")]) <
                      std::stoi(m_rows[i][ColumnOf("messages")]),
                  blackHoled)
            << i;
    }
    EXPECT_NE(m_outcome.err.find("8/8 runs done, 2 incomplete, 0 failed"), std::string::npos)
        << m_outcome.err;
    // The table of means: no completed run of ECMP under G=inf, both of the others.
    EXPECT_NE(m_outcome.out.find("ecmp             16384  inf              0/2"), std::string::npos)
        << m_outcome.out;
    EXPECT_NE(m_outcome.out.find("ofan             16384  inf              2/2"), std::string::npos)
        << m_outcome.out;
}

TEST_F(SweepVary, ResumesWithoutRunningAgainWhatItHas)
{
    ASSERT_EQ(m_outcome.status, 0) << m_outcome.err;
    const Outcome again = ResumeWithout(Json("ecmp", "inf", 1), Json("ofan", "0", 2));
    // The kept incomplete runs are counted as such.
    EXPECT_NE(again.err.find("] 2 incomplete run(s)"), std::string::npos) << again.err;
}

TEST(SweepFailure, ARunWithoutResultFailsTheSweep)
{
    // The driver rejects the buffer size: no JSON.
    const auto [o, rows] = SweepOnce("--k=4 --schemes=ofan --sizes=16384 --runs=1 --jobs=1 "
                                     "--extra=--bufferBytes=lots");
    EXPECT_EQ(o.status, 1) << o.err;
    EXPECT_NE(o.err.find("1/1 runs done, 0 incomplete, 1 failed"), std::string::npos) << o.err;
    EXPECT_EQ(rows.size(), 1U);
}

TEST(SweepFailure, ASimThatWritesNoResultFailsTheSweep)
{
    // Before: a --sim that exits 0 and writes nothing counted as "0 failed", exit 0.
    const auto [o, rows] = SweepOnce("--k=4 --schemes=ofan --sizes=16384 --runs=1 --jobs=1 "
                                     "--sim=/bin/true");
    EXPECT_EQ(o.status, 1) << o.err;
    EXPECT_NE(o.err.find("1/1 runs done, 0 incomplete, 1 failed"), std::string::npos) << o.err;
}

TEST(SweepResume, RefusesAnOutDirectoryOfOtherSettings)
{
    // Before: a rerun with another --k or --extra reported the kept runs as its own.
    const std::string dir = TempPath("sweep-resume-other");
    const Outcome first =
        RunSweep("--k=4 --schemes=ofan --sizes=4096 --runs=1 --jobs=1 --out=" + dir);
    const Outcome radix =
        RunSweep("--k=6 --schemes=ofan --sizes=4096 --runs=1 --jobs=1 --out=" + dir);
    const Outcome extra = RunSweep("--k=4 --schemes=ofan --sizes=4096 --runs=1 --jobs=1 "
                                   "--extra=--wire=study --out=" +
                                   dir);
    const Outcome same = RunSweep("--k=4 --schemes=ofan,ecmp --sizes=4096 --runs=1 --jobs=1 "
                                  "--out=" +
                                  dir);
    std::filesystem::remove_all(dir);
    EXPECT_EQ(first.status, 0) << first.err;
    for (const Outcome& other : {radix, extra})
    {
        EXPECT_EQ(other.status, 2) << other.err;
        EXPECT_NE(other.err.find("holds runs of other settings"), std::string::npos) << other.err;
    }
    EXPECT_EQ(same.status, 0) << "more schemes over the same settings resume: " << same.err;
}

TEST(SweepResume, RefusesASettingsFileItDidNotWrite)
{
    // runs/settings.txt is read back: whatever else stands there is other settings.
    for (const std::string& junk :
         {std::string("\n"), std::string(5000, 'x'), std::string("\0\xff`touch t`", 11)})
    {
        const std::string dir = TempPath("sweep-resume-junk");
        std::filesystem::create_directories(dir + "/runs");
        std::ofstream(dir + "/runs/settings.txt", std::ios::binary) << junk;
        const Outcome o =
            RunSweep("--k=4 --schemes=ofan --sizes=4096 --runs=1 --jobs=1 --out=" + dir);
        const std::string after = Slurp(dir + "/runs/settings.txt");
        std::filesystem::remove_all(dir);
        EXPECT_EQ(o.status, 2) << o.err;
        EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
        EXPECT_EQ(after, junk) << "the file is left as it was";
    }
}

TEST(SweepExtra, PassesItsWordsAsTheyAreNotAsShellSyntax)
{
    // Before: '--seed=3;touch injected' reached the shell as it is, which ran the run and
    // then the touch. Now the run gets the words --seed=3;touch and injected (bad input: the
    // run fails).
    const std::string dir = TempPath("sweep-extra-words");
    std::filesystem::create_directories(dir);
    const Outcome o =
        fabriclbe2e::Run("cd '" + dir + "' && " FABRIC_LB_SWEEP,
                         std::string("--sim=") + FABRIC_LB_SIM +
                             " --k=4 --schemes=ofan --sizes=4096 --runs=1 --jobs=1 --out=out "
                             "--extra='--seed=3;touch injected'");
    const bool injected = std::filesystem::exists(dir + "/injected");
    const std::string err = Slurp(dir + "/out/runs/ofan-4096-1.json.err");
    std::filesystem::remove_all(dir);
    EXPECT_FALSE(injected) << "--extra ran as shell syntax";
    EXPECT_EQ(o.status, 1) << o.err;
    EXPECT_NE(err.find("unexpected argument 'injected'"), std::string::npos) << err;
}

TEST(SweepEmptyPath, IsOneErrorLine)
{
    // An empty --out made OUT/runs /runs, and put the figures in /.
    for (const char* args : {"--out=", "--sim= --out=x"})
    {
        const Outcome o = fabriclbe2e::Run(FABRIC_LB_SWEEP,
                                           std::string("--k=4 --schemes=ofan --sizes=4096 "
                                                       "--runs=1 --jobs=1 ") +
                                               args);
        EXPECT_EQ(o.status, 2) << args << ": " << o.err;
        EXPECT_EQ(o.err.rfind("fabric-lb-sweep: error: --", 0), 0U) << o.err;
        EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
    }
}

class SweepBadInput : public ::testing::TestWithParam<std::pair<std::string, std::string>>
{
};

TEST_P(SweepBadInput, OneClearErrorLine)
{
    const auto& [args, mention] = GetParam();
    const std::string dir = TempPath("sweep-bad");
    const Outcome o = RunSweep(args + " --out=" + dir);
    std::filesystem::remove_all(dir);
    EXPECT_EQ(o.status, 2) << o.err;
    EXPECT_EQ(o.err.rfind("fabric-lb-sweep: error: ", 0), 0U) << o.err;
    EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
    EXPECT_NE(o.err.find(mention), std::string::npos) << o.err;
}

INSTANTIATE_TEST_SUITE_P(
    Sweep,
    SweepBadInput,
    ::testing::Values(std::make_pair("--sizes=1.5", "1.5"),
                      std::make_pair("--sizes=-4096", "-4096"),
                      std::make_pair("--schemes=ofan,nope", "nope"),
                      std::make_pair("--k=6 --workload=ring", "ring"),
                      std::make_pair("--k=7", "even"),
                      std::make_pair("--runs=0", "--runs"),
                      std::make_pair("--runs=1.5", "1.5"),
                      std::make_pair("--k=abc", "abc"),
                      std::make_pair("--fitMinPackets=-1", "-1"),
                      std::make_pair("--bufferLine=0", "--bufferLine must be a positive number"),
                      std::make_pair("--bufferLine=12x", "'12x'"),
                      std::make_pair("--bufferLine=nan", "'nan'"),
                      std::make_pair("--vary=failProb", "FLAG:"),
                      std::make_pair("--vary=failProb:", "failProb"),
                      std::make_pair("--vary=failProb:0.1,,0.2", "''"),
                      std::make_pair("--vary=failProb:0.1,", "failProb"),
                      std::make_pair("--vary=--failProb:0.1", "--failProb"),
                      std::make_pair("--vary=:0.1", "flag"),
                      std::make_pair("--vary=msgBytes:1,2", "msgBytes"),
                      std::make_pair("--vary=k:4,7", "even"),
                      std::make_pair("--vary=failProb:0.1,0.1", "twice"),
                      // ns-3's refusal, its usage text and exit status 1
                      std::make_pair("--schemes=", "--schemes"),
                      std::make_pair("--schemes=ofan,ofan", "given twice"),
                      std::make_pair("--jobs=1000000", "at most 1024"),
                      std::make_pair("--runs=4294967295", "at most 100000"),
                      std::make_pair("--schemes=ofan,,ecmp", "empty item"),
                      std::make_pair("--sizes=4096,", "empty item"),
                      std::make_pair("--extra=--lb=ecmp", "--lb is set by the sweep itself"),
                      std::make_pair("--extra='--seed=2 --k=6'", "--k is set by the sweep itself"),
                      std::make_pair("--bogus=1", "--bogus"),
                      std::make_pair("stray", "unexpected argument 'stray'"),
                      std::make_pair("--topology=torus",
                                     "unknown --topology 'torus' "
                                     "(fat-tree, htsim, leaf-spine"),
                      std::make_pair("--topology=leaf-spine --k=4", "--k is a fat tree's radix"),
                      std::make_pair("--topology=leaf-spine --vary=k:4,6",
                                     "--k is a fat tree's radix"),
                      std::make_pair("--replot", "results.csv")));

TEST(SweepOut, TextsHandedToGnuplotRunNothing)
{
    // gnuplot runs what stands between backquotes in a double-quoted string: a caption, an
    // output directory (with a quote too) and the figures' names reach its scripts.
    const std::string dir = TempPath("sweep-quote\"`touch sweep-gnuplot-ran`");
    const std::string ran = TempPath("sweep-gnuplot-ran");
    std::filesystem::create_directories(ran);
    const Outcome o = fabriclbe2e::Run("cd '" + ran + "' && " FABRIC_LB_SWEEP,
                                       std::string("--sim=") + FABRIC_LB_SIM +
                                           " --k=4 --schemes=ofan --sizes=4096 --runs=1 --jobs=1 "
                                           "--caption='`touch sweep-gnuplot-ran`' --out='" +
                                           dir + "'");
    const bool drawn = std::filesystem::exists(dir + "/cct-increase.png");
    const bool touched = std::filesystem::exists(ran + "/sweep-gnuplot-ran");
    std::filesystem::remove_all(dir);
    std::filesystem::remove_all(ran);
    EXPECT_EQ(o.status, 0) << o.err;
    EXPECT_TRUE(drawn) << o.err;
    EXPECT_FALSE(touched) << "gnuplot ran a command from the caption or the directory's name";
}

TEST(SweepOut, ADirectoryNamedLikeAnOptionGetsItsFigures)
{
    // gnuplot took the script "-1/cct-increase.plt" for an option, and drew nothing.
    const std::string dir = TempPath("sweep-dash");
    std::filesystem::create_directories(dir);
    const Outcome o = fabriclbe2e::Run("cd '" + dir + "' && " FABRIC_LB_SWEEP,
                                       std::string("--sim=") + FABRIC_LB_SIM +
                                           " --k=4 --schemes=ofan --sizes=4096 --runs=1 "
                                           "--jobs=1 --out=-1");
    const bool drawn = std::filesystem::exists(dir + "/-1/cct-increase.png");
    std::filesystem::remove_all(dir);
    EXPECT_EQ(o.status, 0) << o.err;
    EXPECT_TRUE(drawn) << o.err;
    EXPECT_EQ(o.err.find("unrecognized option"), std::string::npos) << o.err;
}

TEST(SweepCompute, WritesEachRunsComputeSplitToComputeCsv)
{
    const std::string dir = TempPath("sweep-compute");
    const Outcome o = RunSweep("--k=4 --workload=moe --schemes=ofan --sizes=16384 --runs=1 "
                               "--jobs=2 --extra=--tokens=16 --vary=skew:0,2 --out=" +
                               dir);
    ASSERT_EQ(o.status, 0) << o.err;
    const auto rows = ReadCsv(dir + "/compute.csv");
    std::filesystem::remove_all(dir);
    ASSERT_EQ(rows.size(), 1U + 2U);
    const auto& header = rows[0];
    for (size_t r = 1; r < rows.size(); ++r)
    {
        EXPECT_EQ(rows[r][Column(header, "computes")], "64");
        const double cct = std::stod(rows[r][Column(header, "cct_ns")]);
        const double busiest = std::stod(rows[r][Column(header, "busiest_gpu_compute_ns")]);
        const double exposed = std::stod(rows[r][Column(header, "exposed_communication_ns")]);
        EXPECT_NEAR(busiest + exposed, cct, 1e-3);
    }
    EXPECT_EQ(rows[1][Column(header, "vary_value")], "0");
    EXPECT_EQ(rows[2][Column(header, "vary_value")], "2");
}
