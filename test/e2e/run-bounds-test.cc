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
