/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Hierarchical collectives: their phases' rings, chunks and dependencies, and the workloads
 * that choose them by --algorithm.
 */

#include "ns3/collectives.h"
#include "ns3/hierarchical-collectives.h"
#include "ns3/lower-bound.h"

#include <gtest/gtest.h>
#include <map>
#include <set>

using namespace ns3::fabriclb;

namespace
{

/// \return the latest earliest start of \p m's flows, each flow arriving 1 after its start
uint64_t
LastStart(const ConnectionMatrix& m)
{
    const std::vector<uint64_t> one(m.flows.size(), 1);
    uint64_t last = 0;
    for (const auto& start : ComputeEarliestStarts(m, one, one))
    {
        EXPECT_TRUE(start.has_value());
        last = std::max(last, start.value_or(0));
    }
    return last;
}

} // namespace

TEST(HierarchicalCollectives, AllReduceIsServerRingsThenRailRingsThenServerRings)
{
    // 16 hosts, servers of 4: 4 servers, 4 rails.
    const ConnectionMatrix m =
        HierarchicalCollective(HierarchicalKind::ALL_REDUCE, 16, 0, 4, 1048576);
    ASSERT_EQ(m.flows.size(), 3U * 16 + 6U * 16 + 3U * 16);
    EXPECT_EQ(m.flows.size(), HierarchicalMessages(HierarchicalKind::ALL_REDUCE, 16, 0, 4));
    // The server phases send a quarter of the buffer a step to the next host of the server;
    // the rail phase a sixteenth to the same local rank of the next server.
    for (size_t f = 0; f < m.flows.size(); ++f)
    {
        const MatrixFlow& flow = m.flows[f];
        const bool rail = f >= 48 && f < 48 + 96;
        if (rail)
        {
            EXPECT_EQ(flow.bytes, 65536U) << f;
            EXPECT_EQ(flow.source % 4, flow.destination % 4) << f;
            EXPECT_EQ((flow.source / 4 + 1) % 4, flow.destination / 4) << f;
        }
        else
        {
            EXPECT_EQ(flow.bytes, 262144U) << f;
            EXPECT_EQ(flow.source / 4, flow.destination / 4) << f;
            EXPECT_EQ((flow.source + 1) % 4, flow.destination % 4) << f;
        }
    }
    // Only the first phase's first step starts at time 0; every step follows the one before,
    // through the phases: 3 + 6 + 3 steps, the last starting after 11 arrivals.
    size_t timed = 0;
    for (const MatrixFlow& flow : m.flows)
    {
        timed += flow.startPs ? 1 : 0;
    }
    EXPECT_EQ(timed, 16U);
    EXPECT_EQ(LastStart(m), 11U);
}

TEST(HierarchicalCollectives, GatherAndScatterHaveTheirTwoPhasesInTheirOrder)
{
    const ConnectionMatrix gather =
        HierarchicalCollective(HierarchicalKind::ALL_GATHER, 16, 0, 4, 1048576);
    ASSERT_EQ(gather.flows.size(), 96U);
    EXPECT_EQ(gather.flows.front().bytes, 65536U); // across first
    EXPECT_EQ(gather.flows.back().bytes, 262144U); // then within the server
    EXPECT_EQ(LastStart(gather), 5U);
    const ConnectionMatrix scatter =
        HierarchicalCollective(HierarchicalKind::REDUCE_SCATTER, 16, 0, 4, 1048576);
    ASSERT_EQ(scatter.flows.size(), 96U);
    EXPECT_EQ(scatter.flows.front().bytes, 262144U);
    EXPECT_EQ(scatter.flows.back().bytes, 65536U);
}

TEST(HierarchicalCollectives, OneServerOrOneHostAServerIsAPlainRing)
{
    // One server of 8: only the server phases; one host a server: only the rail phase.
    const ConnectionMatrix server =
        HierarchicalCollective(HierarchicalKind::ALL_REDUCE, 8, 0, 8, 8192);
    EXPECT_EQ(server.flows.size(), 2U * 7 * 8);
    const ConnectionMatrix rail =
        HierarchicalCollective(HierarchicalKind::ALL_REDUCE, 8, 0, 1, 8192);
    EXPECT_EQ(rail.flows.size(), 2U * 7 * 8);
    EXPECT_EQ(LastStart(rail), 13U);
    // In groups: each group on its own.
    const ConnectionMatrix groups =
        HierarchicalCollective(HierarchicalKind::ALL_REDUCE, 32, 16, 4, 1048576);
    EXPECT_EQ(groups.flows.size(), 2U * 192);
    std::set<uint32_t> ids;
    for (const MatrixTrigger& t : groups.triggers)
    {
        EXPECT_TRUE(ids.insert(t.id).second) << "trigger ids are unique";
    }
}

TEST(HierarchicalCollectives, BadShapesAreRefused)
{
    EXPECT_THROW(HierarchicalCollective(HierarchicalKind::ALL_REDUCE, 16, 0, 3, 1024),
                 std::invalid_argument);
    EXPECT_THROW(HierarchicalCollective(HierarchicalKind::ALL_REDUCE, 16, 0, 0, 1024),
                 std::invalid_argument);
    EXPECT_THROW(HierarchicalCollective(HierarchicalKind::ALL_REDUCE, 16, 0, 4, 0),
                 std::invalid_argument);
    EXPECT_THROW(HierarchicalCollective(HierarchicalKind::ALL_REDUCE, 16, 5, 4, 1024),
                 std::invalid_argument);
}

TEST(HierarchicalCollectives, WorkloadsChooseByAlgorithm)
{
    for (const std::string name : {"allgather", "reducescatter"})
    {
        const Collective& collective = Workloads().Get(name, "workload");
        CollectiveParams p;
        p.hosts = 16;
        p.bytes = 65536;
        p.algorithm = "ring";
        const ConnectionMatrix ring = collective.build(p);
        EXPECT_EQ(ring.flows.size(), 15U * 16) << name;
        EXPECT_EQ(collective.messages(p), ring.flows.size());
        // The default of ns3::HierarchicalAlgorithm::LocalRanks: servers of 8.
        p.algorithm = "hierarchical";
        const ConnectionMatrix hierarchical = collective.build(p);
        EXPECT_EQ(hierarchical.flows.size(), 7U * 16 + 1U * 16) << name;
        EXPECT_EQ(collective.messages(p), hierarchical.flows.size());
        p.algorithm = "tree";
        EXPECT_THROW(collective.build(p), std::invalid_argument);
    }
}
