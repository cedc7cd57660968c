/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * End-to-end tests of lossless RoCE (--pfc): no drop where the lossy fabric drops,
 * pauses counted at both ends and reaching the senders in time, every scheme and
 * transport lossless, lossy runs unchanged, bad settings refused.
 */

#include "e2e-util.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

using namespace fabriclbe2e;

namespace
{

/// The 15:1 incast on a k=4 fat tree: every host but 0 sends 1 MiB to host 0.
const std::string INCAST = std::string("--k=4 --workload=matrix --matrix=") + FABRIC_LB_MATRIX_DIR +
                           "/good-incast-15to1.cm";

/// \return the driver's JSON for \p args (which must succeed)
nlohmann::json
RunJson(const std::string& args)
{
    const std::string json = TempPath("json");
    const Outcome o = Run(FABRIC_LB_SIM, args + " --out=" + json);
    EXPECT_EQ(o.status, 0) << args << "\n" << o.err;
    nlohmann::json parsed = nlohmann::json::parse(Slurp(json), nullptr, false);
    std::remove(json.c_str());
    return parsed;
}

/// \return the sum of a PFC per-stage object's values
double
StageSum(const nlohmann::json& stages)
{
    double sum = 0;
    for (const auto& [stage, value] : stages.items())
    {
        sum += value.get<double>();
    }
    return sum;
}

/// Expects a lossless run's books: no drop, every message done, every packet sent
/// delivered or still on its way when the last message completed; and when none is, the
/// switch buffers' counters back at zero.
void
ExpectLossless(const nlohmann::json& j, const std::string& what)
{
    EXPECT_EQ(j["packets_dropped"], 0) << what;
    EXPECT_EQ(j["messages_completed"], j["messages"]) << what;
    EXPECT_EQ(j["packets_delivered"].get<uint64_t>() + j["acks_delivered"].get<uint64_t>() +
                  j["in_flight"].get<uint64_t>(),
              j["packets_sent"].get<uint64_t>() + j["acks_sent"].get<uint64_t>())
        << what;
    if (j["in_flight"] == 0)
    {
        EXPECT_EQ(j["pfc"]["buffer_bytes_at_end"], 0) << what;
    }
    EXPECT_EQ(j["pfc"]["headroom_overflows"], 0) << what;
    EXPECT_EQ(StageSum(j["pfc"]["pause_frames_sent"]),
              StageSum(j["pfc"]["pause_frames_received"]) +
                  j["pfc"]["pause_frames_in_flight"].get<double>())
        << what << ": pause frames are counted at both ends alike";
    EXPECT_LE(j["pfc"]["pause_frames_in_flight"].get<uint64_t>(), 2U) << what;
    EXPECT_EQ(j["pause_frames_sent"].get<double>(), StageSum(j["pfc"]["pause_frames_sent"]))
        << what;
}

/// A timeline row.
struct Row
{
    double timeNs;     //!< when
    std::string node;  //!< the port's node
    std::string peer;  //!< the node at its link's far end
    std::string stage; //!< the port's stage
    std::string event; //!< what happened
};

/// \return the rows of a --pfcTimeline file
std::vector<Row>
ReadTimeline(const std::string& path)
{
    std::vector<Row> rows;
    for (const std::vector<std::string>& cell :
         CsvRows(path, "time_ns,node,port,peer,stage,event,priority,value"))
    {
        EXPECT_EQ(cell.size(), 8U);
        if (cell.size() == 8)
        {
            rows.push_back({std::stod(cell[0]), cell[1], cell[3], cell[4], cell[5]});
        }
    }
    return rows;
}

} // namespace

TEST(Pfc, NoDropUnderA15To1IncastWhereTheLossyFabricDrops)
{
    const nlohmann::json lossy = RunJson(INCAST);
    EXPECT_GT(lossy["packets_dropped"].get<uint64_t>(), 0U) << "the incast overflows 800 KB ports";
    EXPECT_FALSE(lossy.contains("pfc"));
    const nlohmann::json lossless = RunJson(INCAST + " --pfc");
    ExpectLossless(lossless, "the incast");
    EXPECT_EQ(lossless["in_flight"], 0);
    EXPECT_EQ(lossless["pfc"]["buffer_bytes_at_end"], 0) << "the counters return to zero";
    EXPECT_EQ(lossless["recovery"], "gbn") << "go-back-N is lossless RoCE's default";
    EXPECT_GT(lossless["pause_frames_sent"].get<uint64_t>(), 0U);
    EXPECT_GT(lossless["pfc"]["xoffs"].get<uint64_t>(), 0U);
    EXPECT_GT(lossless["pfc"]["max_headroom_bytes"].get<uint64_t>(), 0U);
    EXPECT_LE(lossless["pfc"]["max_headroom_bytes"].get<uint64_t>(),
              lossless["pfc"]["headroom_bytes"].get<uint64_t>());
    // 800 Gb/s over 500 ns, a 9000 B MTU: 2 R d + 3 F + P.
    EXPECT_EQ(lossless["pfc"]["headroom_bytes"], 2 * 50000 + 3 * 9002 + 64);
    EXPECT_EQ(lossless["pfc"]["lossless"], true);
    EXPECT_EQ(lossless["pfc"]["deadlock"].size(), 0U);
}

TEST(Pfc, APauseReachesTheUpstreamWithinTheWireTimesAndTheChainReachesTheSenders)
{
    // A low XOFF pauses hop by hop back to the sending hosts.
    const std::string timeline = TempPath("csv");
    const nlohmann::json j = RunJson(INCAST + " --pfc --xoffBytes=30000 --pfcTimeline=" + timeline);
    ExpectLossless(j, "the incast with a low XOFF");
    EXPECT_GT(j["pfc"]["pause_frames_received"]["host-up"].get<uint64_t>(), 0U)
        << "the pauses reach the sending hosts";
    const std::vector<Row> rows = ReadTimeline(timeline);
    std::remove(timeline.c_str());
    // After an XOFF at a port the peer is paused within: the largest frame on the reverse
    // wire and its gap (4158 + 20 B), a resume queued ahead and its gap (64 + 20 B), the
    // PAUSE (64 B), at 800 Gb/s (100 B/ns), and the link's 500 ns.
    const double boundNs = (4158 + 20 + 64 + 20 + 64) / 100.0 + 500;
    uint32_t checked = 0;
    double slowest = 0;
    for (size_t i = 0; i < rows.size(); ++i)
    {
        if (rows[i].event != "xoff")
        {
            continue;
        }
        for (size_t k = i + 1; k < rows.size(); ++k)
        {
            if (rows[k].event == "pause" && rows[k].node == rows[i].peer &&
                rows[k].peer == rows[i].node)
            {
                EXPECT_LE(rows[k].timeNs - rows[i].timeNs, boundNs + 1e-6)
                    << "XOFF at node " << rows[i].node << " at " << rows[i].timeNs << " ns";
                slowest = std::max(slowest, rows[k].timeNs - rows[i].timeNs);
                ++checked;
                break;
            }
        }
    }
    EXPECT_GT(checked, 10U);
    EXPECT_GE(slowest, 500 + 64 / 100.0) << "no PAUSE beats the wire";
}

TEST(Pfc, EverySchemeIsLosslessUnderPressure)
{
    for (const std::string& lb : STUDY_SCHEMES)
    {
        const nlohmann::json j = RunJson(std::string("--k=4 --workload=all-to-all --msgBytes=65536 "
                                                     "--pfc --xoffBytes=20000 --lb=") +
                                         lb);
        ExpectLossless(j, lb);
    }
}

TEST(Pfc, EveryFabricIsLossless)
{
    for (const std::string fabric :
         {INCAST + " --planes=2 --planeRate=400Gbps",
          std::string("--topology=leaf-spine --leaves=4 --spines=2 --hostsPerLeaf=8 "
                      "--workload=all-to-all --msgBytes=65536"),
          std::string("--topology=rail --servers=4 --serversPerLeaf=4 --railSpines=4 "
                      "--workload=all-to-all --msgBytes=65536")})
    {
        const nlohmann::json j = RunJson(fabric + " --pfc --xoffBytes=30000");
        ExpectLossless(j, fabric);
        EXPECT_GT(j["pause_frames_sent"].get<uint64_t>(), 0U) << fabric;
    }
}

TEST(Pfc, EveryRecoveryAndCongestionControlIsLossless)
{
    for (const char* transport : {"--recovery=erasure",
                                  "--recovery=sack",
                                  "--recovery=gbn --cc=dcqcn",
                                  "--recovery=sack --cc=swift",
                                  "--wire=study"})
    {
        const nlohmann::json j = RunJson(INCAST + " --pfc --lb=reps " + transport);
        ExpectLossless(j, transport);
    }
}

TEST(Pfc, DynamicSharingIsLosslessToo)
{
    const nlohmann::json j =
        RunJson(INCAST + " --pfc --bufferSharing=dynamic --switchBufferBytes=2000000 --alpha=0.5");
    ExpectLossless(j, "dynamic sharing");
    EXPECT_EQ(j["pfc"]["sharing"], "dynamic");
    EXPECT_LE(j["pfc"]["max_shared_bytes"].get<uint64_t>(), 2000000U);
    // Without PFC the shared buffer drops, and says so.
    const nlohmann::json lossy =
        RunJson(INCAST + " --bufferSharing=dynamic --switchBufferBytes=2000000 --alpha=0.5");
    EXPECT_EQ(lossy["pfc"]["lossless"], false);
    EXPECT_GT(lossy["pfc"]["buffer_drops"].get<uint64_t>(), 0U);
    EXPECT_EQ(lossy["pfc"]["buffer_drops"], lossy["packets_dropped"]);
    EXPECT_EQ(lossy["pause_frames_sent"], 0);
}

TEST(Pfc, ASlowReceiverPausesItsSwitchOnlyWhenItsReceiveSideMay)
{
    // NICs that take in 200 Gb/s of their 800 Gb/s links.
    const std::string slow = "--k=4 --workload=all-to-all --msgBytes=262144 --pfc "
                             "--ns3::RoceReceiveQueue::Rate=200Gbps";
    const nlohmann::json quiet = RunJson(slow);
    ExpectLossless(quiet, "a slow receiver that does not pause");
    EXPECT_EQ(quiet["pfc"]["pause_frames_sent"]["host-up"], 0) << "receive pause is off by default";
    const nlohmann::json pausing = RunJson(slow + " --ns3::RoceReceiveQueue::Pause=true");
    ExpectLossless(pausing, "a slow receiver that pauses");
    EXPECT_GT(pausing["pfc"]["pause_frames_sent"]["host-up"].get<uint64_t>(), 0U);
    EXPECT_EQ(pausing["pfc"]["pause_frames_received"]["edge-down"],
              pausing["pfc"]["pause_frames_sent"]["host-up"])
        << "the hosts' pauses reach their switches' ports";
    EXPECT_GT(pausing["pfc"]["pause_frames_sent"]["edge-up"].get<uint64_t>(), 0U)
        << "and spread into the fabric";
}

TEST(Pfc, LossyRunsAreUnchangedWhenPfcIsOff)
{
    const std::string base = "--k=4 --workload=all-to-all --msgBytes=65536 --lb=reps";
    nlohmann::json plain = RunJson(base);
    nlohmann::json off = RunJson(base + " --pfc=false --bufferSharing=static");
    for (nlohmann::json* j : {&plain, &off})
    {
        j->erase("wall_seconds");
    }
    EXPECT_EQ(plain, off);
}

TEST(Pfc, BadSettingsAreOneLineAndExitTwo)
{
    const std::vector<std::pair<std::string, std::string>> cases{
        {"--pfc --xoffBytes=20000 --xonBytes=30000",
         "PFC's XON threshold (30000 B) must lie below its XOFF threshold (20000 B)"},
        {"--pfc --headroomBytes=1000", "PFC headroom of 1000 B is below one frame (9002 B)"},
        {"--pfc --headroomBytes=900000", "a port's buffer of 800000 B is smaller than its PFC"},
        {"--pfc --bufferSharing=dynamic --switchBufferBytes=100000",
         "the switch buffer of 100000 B is smaller than its ports' PFC headroom"},
        {"--bufferSharing=dynamic --alpha=0", "the buffer's alpha must be positive"},
        {"--bufferSharing=dynamic --alpha=-1", "--alpha: '-1' is not a number in [0, 64]"},
        {"--bufferSharing=dynamic --switchBufferBytes=1",
         "the switch buffer of 1 B holds no frame"},
        {"--pfc --xonBytes=700000",
         "PFC's XON threshold (700000 B) must lie below its XOFF threshold (672930 B"},
        {"--pfc --bufferSharing=dynamic --xonBytes=10000000", "at most alpha times the free"},
        {"--xoffBytes=20000", "--xoffBytes does nothing without --pfc"},
        {"--bufferSharing=static --alpha=0.5",
         "--alpha does nothing without --bufferSharing=dynamic"},
        {"--bufferSharing=shared", "bufferSharing"},
        {"--pfc --switchPort=queue-disc --hostPath=ipv4", "--switchPort=fabric"},
        {"--pfcTimeline=/tmp/t.csv", "--pfcTimeline does nothing without --pfc"},
        {"--pfc --pfcTimeline=/nonexistent/dir/t.csv", "cannot write --pfcTimeline file"},
        {"--hostPath=ipv4 --ns3::RoceReceiveQueue::Rate=200Gbps",
         "ns3::RoceReceiveQueue::Rate slows the NIC's own receive side"},
    };
    for (const auto& [args, message] : cases)
    {
        const Outcome o = fabriclbe2e::Run(FABRIC_LB_SIM, "--k=4 --msgBytes=8192 " + args);
        EXPECT_EQ(o.status, 2) << args << "\n" << o.err;
        EXPECT_NE(o.err.find(message), std::string::npos) << args << "\n" << o.err;
        EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << args << "\n" << o.err;
    }
}
