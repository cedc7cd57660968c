/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * End-to-end tests of a run's bounds and limits through the driver: the bound under PXN
 * counts the NVLink hops a message crosses, and no healthy run falls below it; the automatic
 * time limit lets a healthy run over a degraded link or slow NVLink finish; a run that cannot
 * end in reasonable time or memory is refused up front with its estimate, in one line, and
 * runs when the limit is raised.
 */

#include "e2e-util.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <string>

using namespace fabriclbe2e;

namespace
{

/// Runs the driver with \p args, killed after a minute of wall-clock time (exit status 124).
Outcome
RunSim(const std::string& args)
{
    return Run("timeout 60 " FABRIC_LB_SIM, args);
}

/// \return the driver's JSON for \p args, which must complete
nlohmann::json
RunJson(const std::string& args)
{
    const std::string json = TempPath("json");
    const Outcome o = RunSim(args + " --out=" + json);
    EXPECT_EQ(o.status, 0) << args << "\n" << o.err;
    nlohmann::json parsed = nlohmann::json::parse(Slurp(json), nullptr, false);
    std::remove(json.c_str());
    return parsed;
}

/// What a refused run did: its outcome and its wall-clock time.
struct Refusal
{
    Outcome outcome;   //!< exit status and output
    double seconds{0}; //!< how long it took
};

/// Runs the driver with \p args, which must be refused: exit status 2, one line on stderr.
Refusal
RunRefused(const std::string& args)
{
    const auto start = std::chrono::steady_clock::now();
    Refusal refusal{RunSim(args)};
    refusal.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const Outcome& o = refusal.outcome;
    EXPECT_EQ(o.status, 2) << args << "\n" << o.err;
    EXPECT_EQ(o.err.rfind("fabric-lb-sim: error: ", 0), 0U) << o.err;
    EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
    return refusal;
}

/// A run is refused before it starts: within this many seconds of wall-clock time (under a
/// second here, more under the sanitizers).
constexpr double REFUSED_WITHIN_SECONDS = 10;

/// A rail fabric of 2 servers of 2 GPUs, each GPU on a leaf of its own, one spine: GPUs 0 and
/// 1 share server 0, GPUs 2 and 3 server 1; GPUs 0 and 2 are rail 0. Between leaves, 4 links.
const std::string TINY_RAIL =
    "--topology=rail --servers=2 --serversPerLeaf=1 --gpusPerServer=2 --railSpines=1";

} // namespace

TEST(RunBounds, PxnBoundCountsTheNvlinkLegsOfEveryMessage)
{
    // NVLink at 1 Gb/s, 100 ns: d = 33424 ns a data packet, a = 672 ns an ACK, Tg = 160 ns.
    // An all-to-all of 2 packets a message: each GPU sends one message within its server, one
    // to its rail's GPU of the other server (over the fabric alone) and one to the other
    // rail's, which crosses NVLink to its server's GPU on that rail first (PXN), its ACKs
    // likewise from the destination's server. So each GPU's NVLink carries up: its in-server
    // message's data, its relayed message's data, the ACKs of its in-server message received
    // and of its relayed message received: 4 d + 4 a; down the same. Its uplink's last packet
    // can be an ACK, which still needs p + (H-1) Ta = 200 + 512 ns (H = 2 NVLink hops):
    // 4 (33424 + 672) - 160 + 712 = 136936 ns. The bound counted none of the relayed legs
    // before: 101.376 us, one in-server message alone.
    const nlohmann::json j = RunJson(TINY_RAIL + " --pxn=true --nvlinkRate=1Gbps "
                                                 "--workload=all-to-all --msgBytes=8192");
    EXPECT_DOUBLE_EQ(j["bound_ns"].get<double>(), 136936.0);
    EXPECT_GE(j["cct_ns"].get<double>(), j["bound_ns"].get<double>());
}

TEST(RunBounds, ALoneRelayedMessageOverSlowNvlinkEndsAtItsBound)
{
    // One message of 100 packets from GPU 0 to GPU 3 (the other server, the other rail): over
    // NVLink to GPU 1, then 4 fabric links to GPU 3; its ACKs over NVLink to GPU 2, then the
    // fabric. The first packet crosses 2 (33264 + 100) + 4 (41.58 + 500) ns, 99 more follow at
    // NVLink's 33424 ns, and the last ACK returns in 2 (512 + 100) + 4 (0.64 + 500) ns:
    // 3381096.88 ns, what the run takes. The bound without the NVLink legs, 8.283 us, made
    // the automatic time limit 414 us, which ended the run.
    const std::string matrix = TempPath("one.cm");
    std::ofstream(matrix) << "Nodes 4\nConnections 1\n0->3 id 1 start 0 size 409600\n";
    const nlohmann::json j = RunJson(TINY_RAIL +
                                     " --pxn=true --nvlinkRate=1Gbps "
                                     "--workload=matrix --matrix=" +
                                     matrix);
    std::remove(matrix.c_str());
    EXPECT_DOUBLE_EQ(j["bound_ns"].get<double>(), 3381096.88);
    EXPECT_DOUBLE_EQ(j["cct_ns"].get<double>(), 3381096.88);
}

TEST(RunBounds, NoRailRunEndsBeforeItsBound)
{
    const std::string rail = "--topology=rail --servers=4 --serversPerLeaf=2 --gpusPerServer=4 "
                             "--railSpines=2 --msgBytes=65536 --lb=ofan";
    for (const std::string pxn : {"false", "true"})
    {
        for (const std::string rate : {"100Gbps", "3600Gbps"})
        {
            for (const std::string workload : {"all-to-all", "permutation", "ring-allreduce"})
            {
                const std::string args =
                    rail + " --pxn=" + pxn + " --nvlinkRate=" + rate + " --workload=" + workload;
                const nlohmann::json j = RunJson(args);
                EXPECT_GE(j["cct_ns"].get<double>(), j["bound_ns"].get<double>()) << args;
                EXPECT_EQ(j["messages_completed"], j["messages"]) << args;
            }
        }
    }
}

TEST(RunBounds, NoRunOfBarriersEndsBeforeItsBound)
{
    // Barriers that wait on every flow into a host (MoE's experts, a tree's parents, a server's
    // reduction) fire no earlier than those flows can have crossed its link one after another
    // (fabriclb::ComputeEarliestStarts): a bound that still holds on the fat tree and on a rail
    // fabric with PXN, where a server's flows take its NVLink and relayed ones the fabric.
    const std::string rail = "--topology=rail --servers=4 --serversPerLeaf=2 --gpusPerServer=4 "
                             "--railSpines=2 --pxn=true";
    for (const std::string fabric : {std::string("--k=4"), rail})
    {
        for (const std::string workload :
             {"--workload=moe --skew=2 --tokens=16",
              "--workload=allreduce --algorithm=tree --msgBytes=1048576",
              "--workload=allreduce --algorithm=hierarchical --localRanks=4 --msgBytes=262144",
              "--workload=pipeline --stages=4 --msgBytes=262144"})
        {
            for (const std::string lb : {"ofan", "ecmp"})
            {
                const std::string args = fabric + " " + workload + " --lb=" + lb;
                const nlohmann::json j = RunJson(args);
                EXPECT_GE(j["cct_ns"].get<double>(), j["bound_ns"].get<double>()) << args;
                EXPECT_EQ(j["messages_completed"], j["messages"]) << args;
            }
        }
    }
    // The turns tighten the bound: a tree all-reduce of 1 MiB on k=4 under Ofan ends within 25%
    // of it (44% when each flow into a parent was taken alone).
    const nlohmann::json tree =
        RunJson("--k=4 --lb=ofan --workload=allreduce --algorithm=tree --msgBytes=1048576");
    EXPECT_LT(tree["cct_increase_pct"].get<double>(), 25.0);
}

TEST(RunBounds, TheTimeLimitCoversAFlowOverADegradedLinkAtLineRate)
{
    // agg-p0-0:core-0 at 0.1% of 800 Gb/s, flows at line rate: ECMP pins a flow of 160
    // packets to it, which needs about 6.7 ms; the bound (12.965 us) splits every flow evenly
    // and its 50 times, 648 us, ended the run. The limit now covers twice every message that may
    // take the link at its rate: 94.3 ms (unit test SlowLinkEstimate has the arithmetic).
    const std::string args = "--k=4 --failLinks=agg-p0-0:core-0 --failMode=degrade "
                             "--failRate=0.001 --msgBytes=655360 --workload=permutation "
                             "--rate=line";
    const nlohmann::json j = RunJson(args);
    EXPECT_EQ(j["messages_completed"], 16);
    EXPECT_GT(j["cct_ns"].get<double>(), 6.5e6);
}

TEST(RunBounds, ALargeFabricAnnouncesTheMemoryOfWhatItsSendersHold)
{
    // A permutation of 1 MiB between two hosts of one edge switch on the k=32 fat tree (8,192
    // hosts): the packets on the links at once are what the two senders' paths hold (2 links
    // each, a link 2 x 0.5 us / 41.78 ns = 23.9 data packets both ways: 95.7) and as many
    // ACKs, not what the whole fabric's links hold (1.18 million).
    const std::string jobs = TempPath("jobs.json");
    std::ofstream(jobs) << R"({"jobs": [{"name": "pair", "workload": "permutation",
        "msgBytes": 1048576, "hosts": "0-1"}]})";
    const Outcome o = RunSim("--k=32 --jobs=" + jobs + " --timeLimit=1ns --out=/dev/null");
    std::remove(jobs.c_str());
    EXPECT_NE(o.err.find("(8192 hosts, 2 messages, 512 data packets, up to 191 packets on the "
                         "links at once): about "),
              std::string::npos)
        << o.err;
}

TEST(RunBounds, ALinkDelayOfSecondsIsRefusedWithWhatItWouldTake)
{
    // 1 s a link, the longest delay an attribute takes: a packet's round trip is 12 s, and until
    // its first ACK is back each ideal sender counts its packets lost every 30 us (3 x the 10 us
    // initial RTT) and resends them: about 1.5e9 packets, all on the links at once, hundreds of
    // GiB. (--linkDelay=100s is refused by the attribute's range.)
    const Refusal refused = RunRefused("--k=4 --linkDelay=1s");
    const std::string& err = refused.outcome.err;
    EXPECT_LT(refused.seconds, REFUSED_WITHIN_SECONDS);
    EXPECT_NE(err.find("k=4 with 16 messages needs about "), std::string::npos) << err;
    EXPECT_NE(err.find("while they wait up to 12 s for a first ACK, resending every 30 us"),
              std::string::npos)
        << err;
    EXPECT_NE(err.find("more than this machine's"), std::string::npos) << err;
}

TEST(RunBounds, AMessageOfATerabyteIsRefusedWithWhatItWouldTake)
{
    // 16 messages of 244 million packets: 59628 MiB of state by packet (16 B each), and about
    // 10^11 events; a machine with that memory refuses it for its events.
    const Refusal refused = RunRefused("--k=4 --msgBytes=1000000000000");
    const std::string& err = refused.outcome.err;
    EXPECT_LT(refused.seconds, REFUSED_WITHIN_SECONDS);
    const bool memory =
        err.find("k=4 with 16 messages of 3.90625e+09 packets in all needs about 59628 MiB "
                 "(16 B a packet; --msgBytes), more than this machine's") != std::string::npos;
    const bool events =
        err.find("above ns3::RunLimits::MaxEvents = 10000000000") != std::string::npos;
    EXPECT_TRUE(memory || events) << err;
}

TEST(RunBounds, ARunAboveItsEventLimitRunsWhenTheLimitIsRaised)
{
    // 1 ms a link: the ideal senders resend their 256 packets every 30 us for the 12 ms their
    // first ACK takes, 1.47 million packets in all (a run sends 1,468,278), about 3.6e7 events.
    const std::string args = "--k=4 --linkDelay=1ms";
    const Refusal refused = RunRefused(args + " --ns3::RunLimits::MaxEvents=10000000");
    EXPECT_LT(refused.seconds, REFUSED_WITHIN_SECONDS);
    EXPECT_EQ(refused.outcome.err,
              "fabric-lb-sim: error: this run expects about 3.64e+07 events (at about a million "
              "a second, 0.0101 hours of one core); its senders add about 1.47e+06 packets to "
              "their 4096 while they wait up to 0.012 s for a first ACK, resending every 30 us, "
              "above ns3::RunLimits::MaxEvents = 10000000: to run it anyway, raise that "
              "(--ns3::RunLimits::MaxEvents=0: no limit)\n");
    // Raised (no limit), it runs: here until a time limit of 1 us ends it.
    for (const std::string limit : {"0", "100000000"})
    {
        const Outcome ran =
            RunSim(args + " --ns3::RunLimits::MaxEvents=" + limit + " --timeLimit=1us");
        EXPECT_EQ(ran.status, 1) << ran.err;
        EXPECT_NE(ran.err.find("the time limit of 1 us"), std::string::npos) << ran.err;
    }
    // The terabyte message, on a machine with the memory for it, alike.
    const Outcome big = RunSim("--k=4 --msgBytes=1000000000000 --timeLimit=1us "
                               "--ns3::RunLimits::MaxEvents=0");
    EXPECT_TRUE(big.status == 1 || big.err.find("more than this machine's") != std::string::npos)
        << big.err;
}
