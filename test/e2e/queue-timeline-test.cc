/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// End-to-end tests of --queueTimeline: the bytes queued at each switch stage over time.

#include "e2e-util.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

using namespace fabriclbe2e;

namespace
{

/// A k=4 permutation that queues at every stage.
const std::string SPRAYED = "--k=4 --lb=host-spray --msgBytes=262144";

/// One row of a --queueTimeline file.
struct Sample
{
    double timeNs;     //!< the instant
    std::string stage; //!< the switch stage
    uint64_t bytes;    //!< queued at all its ports
    uint64_t largest;  //!< queued at its fullest port
};

/// \return the rows of the --queueTimeline file at \p path
std::vector<Sample>
ReadSamples(const std::string& path)
{
    std::vector<Sample> samples;
    for (const std::vector<std::string>& cell :
         CsvRows(path, "time_ns,stage,bytes,largest_port_bytes"))
    {
        EXPECT_EQ(cell.size(), 4U);
        if (cell.size() == 4)
        {
            samples.push_back(
                {std::stod(cell[0]), cell[1], std::stoull(cell[2]), std::stoull(cell[3])});
        }
    }
    return samples;
}

} // namespace

TEST(QueueTimeline, SamplesEveryStageEveryIntervalToTheEndAndChangesNoResult)
{
    const std::string timeline = TempPath("csv");
    const nlohmann::json plain = ResultJson(FABRIC_LB_SIM, SPRAYED);
    const nlohmann::json watched =
        ResultJson(FABRIC_LB_SIM,
                   SPRAYED + " --queueTimeline=" + timeline + " --queueTimelineInterval=250ns");
    EXPECT_EQ(plain, watched) << "the timeline schedules nothing: events and results alike";
    const std::vector<Sample> samples = ReadSamples(timeline);
    std::remove(timeline.c_str());

    const std::vector<std::string> stages{"edge-up",
                                          "agg-up",
                                          "core-down",
                                          "agg-down",
                                          "edge-down"};
    ASSERT_FALSE(samples.empty());
    ASSERT_EQ(samples.size() % stages.size(), 0U);
    const double cctNs = plain["cct_ns"].get<double>();
    const size_t instants = samples.size() / stages.size();
    // Instants 0, 250, 500, ... ns, the last at or before the run's end, within an interval.
    EXPECT_LE(250.0 * (instants - 1), cctNs);
    EXPECT_GT(250.0 * instants, cctNs);
    std::map<std::string, uint64_t> largest;
    for (size_t i = 0; i < samples.size(); ++i)
    {
        const Sample& s = samples[i];
        EXPECT_EQ(s.timeNs, 250.0 * (i / stages.size())) << i;
        EXPECT_EQ(s.stage, stages[i % stages.size()]) << i;
        EXPECT_LE(s.largest, s.bytes) << i;
        if (i < stages.size())
        {
            EXPECT_EQ(s.bytes, 0U) << "the ports are empty at time 0";
        }
        largest[s.stage] = std::max(largest[s.stage], s.largest);
    }
    for (const std::string& stage : stages)
    {
        // Sampled, a port's backlog is at most the largest the run saw, and each stage queues.
        EXPECT_GT(largest[stage], 0U) << stage;
        EXPECT_LE(largest[stage], plain["max_queue_bytes"][stage].get<uint64_t>()) << stage;
    }
}

TEST(QueueTimeline, ARunCutByItsTimeLimitEndsTheTimelineThereWithItsQueues)
{
    // The ports still hold packets when the run ends, and when they are disposed after it.
    const std::string timeline = TempPath("csv");
    const Outcome o =
        fabriclbe2e::Run(FABRIC_LB_SIM, SPRAYED + " --timeLimit=2us --queueTimeline=" + timeline);
    EXPECT_EQ(o.status, 1) << o.err;
    EXPECT_NE(o.err.find("the time limit of 2 us"), std::string::npos) << o.err;
    const std::vector<Sample> samples = ReadSamples(timeline);
    std::remove(timeline.c_str());
    ASSERT_EQ(samples.size(), 21U * 5) << "instants 0, 100, ..., 2000 ns";
    EXPECT_EQ(samples.back().timeNs, 2000.0);
    uint64_t queued = 0;
    for (size_t i = samples.size() - 5; i < samples.size(); ++i)
    {
        queued += samples[i].bytes;
    }
    EXPECT_GT(queued, 0U) << "packets are queued at the end";
}

TEST(QueueTimeline, BothSwitchPortPathsWriteTheSameTimeline)
{
    std::vector<std::string> contents;
    for (const std::string port : {"fabric", "queue-disc"})
    {
        const std::string timeline = TempPath("csv");
        ResultJson(FABRIC_LB_SIM,
                   SPRAYED + " --hostPath=ipv4 --switchPort=" + port +
                       " --queueTimeline=" + timeline);
        contents.push_back(Slurp(timeline));
        std::remove(timeline.c_str());
    }
    EXPECT_GT(std::count(contents[0].begin(), contents[0].end(), '\n'), 100);
    EXPECT_EQ(contents[0], contents[1]);
}

TEST(QueueTimeline, NeverOverwritesAnInputNorAnotherOutput)
{
    const std::string matrix = TempPath("input.cm");
    std::ofstream(matrix) << "Nodes 16\nConnections 1\n1->2 id 1 start 0 size 4096\n";
    const std::string before = Slurp(matrix);
    const Outcome over = fabriclbe2e::Run(FABRIC_LB_SIM,
                                          "--k=4 --workload=matrix --matrix=" + matrix +
                                              " --queueTimeline=" + matrix);
    const std::string after = Slurp(matrix);
    std::remove(matrix.c_str());
    EXPECT_EQ(over.status, 2) << over.err;
    EXPECT_NE(over.err.find("--queueTimeline=" + matrix + " names --matrix's file"),
              std::string::npos)
        << over.err;
    EXPECT_EQ(after, before) << "the input is byte for byte as it was";
    const std::string json = TempPath("shared.json");
    const Outcome twice =
        fabriclbe2e::Run(FABRIC_LB_SIM,
                         "--k=4 --msgBytes=4096 --out=" + json + " --queueTimeline=" + json);
    EXPECT_EQ(twice.status, 2) << twice.err;
    EXPECT_NE(twice.err.find("two outputs cannot share one"), std::string::npos) << twice.err;
    EXPECT_FALSE(std::filesystem::exists(json));
}
