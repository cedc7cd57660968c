/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Which rank of a distributed run simulates each node, and which collectives
 * can be spread over ranks.
 */

#include "ns3/collectives.h"
#include "ns3/fabric-partition.h"
#include "ns3/fat-tree-topology.h"
#include "ns3/leaf-spine-topology.h"

#include <gtest/gtest.h>
#include <stdexcept>

using namespace ns3::fabriclb;

namespace
{

TEST(FabricPartition, OneRankHoldsEverything)
{
    const FatTreeTopology k8(8);
    const FabricPartition one(k8, 1);
    for (uint32_t h = 0; h < k8.HostCount(); ++h)
    {
        EXPECT_EQ(one.RankOfHost(h), 0u);
    }
    for (uint32_t core = 0; core < k8.CoreCount(); ++core)
    {
        EXPECT_EQ(one.RankOfSwitch({2, core}), 0u);
    }
}

TEST(FabricPartition, PodsStayWholeAndRanksGetEqualShares)
{
    const FatTreeTopology k8(8); // 8 pods of 16 hosts, 16 cores
    const FabricPartition three(k8, 3);
    std::vector<uint32_t> hostsOn(3);
    for (uint32_t h = 0; h < k8.HostCount(); ++h)
    {
        const uint32_t rank = three.RankOfHost(h);
        EXPECT_EQ(rank, three.RankOfGroup(k8.PodOf(h)));
        EXPECT_EQ(rank, three.RankOfSwitch({0, k8.EdgeOf(h)})) << "host " << h << " and its edge";
        ++hostsOn[rank];
    }
    // pods 0-2 on rank 0, 3-5 on rank 1, 6-7 on rank 2 (pod * 3 / 8)
    EXPECT_EQ(hostsOn, (std::vector<uint32_t>{48, 48, 32}));
    std::vector<uint32_t> coresOn(3);
    for (uint32_t core = 0; core < k8.CoreCount(); ++core)
    {
        ++coresOn[three.RankOfSwitch({2, core})];
    }
    EXPECT_EQ(coresOn, (std::vector<uint32_t>{6, 5, 5}));
    const FabricPartition two(k8, 2);
    EXPECT_EQ(two.RankOfHost(63), 0u);
    EXPECT_EQ(two.RankOfHost(64), 1u);
    EXPECT_EQ(two.RankOfSwitch({2, 7}), 0u);
    EXPECT_EQ(two.RankOfSwitch({2, 8}), 1u);
}

TEST(FabricPartition, RefusesMoreRanksThanPods)
{
    const FatTreeTopology k4(4);
    EXPECT_NO_THROW(FabricPartition(k4, 4));
    EXPECT_THROW(FabricPartition(k4, 5), std::invalid_argument);
    EXPECT_THROW(FabricPartition(k4, 0), std::invalid_argument);
}

TEST(FabricPartition, LeavesStayWholeAndSpinesAreSpread)
{
    const LeafSpineTopology fabric(4, 6, 3, 1); // 4 leaves of 3 hosts, 6 spines
    const FabricPartition two(fabric, 2);
    for (uint32_t h = 0; h < fabric.HostCount(); ++h)
    {
        EXPECT_EQ(two.RankOfHost(h), h < 6 ? 0U : 1U) << "leaves 0-1 on rank 0";
        EXPECT_EQ(two.RankOfHost(h), two.RankOfSwitch({0, fabric.LeafOf(h)}));
    }
    std::vector<uint32_t> spinesOn(2);
    for (uint32_t spine = 0; spine < 6; ++spine)
    {
        ++spinesOn[two.RankOfSwitch({1, spine})];
    }
    EXPECT_EQ(spinesOn, (std::vector<uint32_t>{3, 3}));
    EXPECT_THROW(FabricPartition(fabric, 5), std::invalid_argument);
    try
    {
        FabricPartition(fabric, 5);
    }
    catch (const std::invalid_argument& e)
    {
        EXPECT_NE(std::string(e.what()).find("1 to 4 ranks (one leaf at least each)"),
                  std::string::npos)
            << e.what();
    }
}

TEST(FabricPartition, RingStepsRunWhereTheirInputArrives)
{
    const FatTreeTopology k4(4);
    CollectiveParams params;
    params.hosts = k4.HostCount();
    params.bytes = 1 << 20;
    const ConnectionMatrix ring = Workloads().Get("ring-allreduce", "workload").build(params);
    ASSERT_FALSE(ring.triggers.empty());
    EXPECT_EQ(FabricPartition(k4, 2).FindTriggerAcrossRanks(ring), std::nullopt);
    EXPECT_EQ(FabricPartition(k4, 4).FindTriggerAcrossRanks(ring), std::nullopt);
}

TEST(FabricPartition, FindsATriggerSignalledFromAnotherRank)
{
    const FatTreeTopology k4(4); // hosts 0-7 on rank 0, 8-15 on rank 1 of two
    ConnectionMatrix traffic;
    traffic.nodes = 16;
    traffic.triggers.push_back({1, TriggerKind::ONESHOT, 1, {1}, 0});
    MatrixFlow first{0, 1, 1, 4096, 0, std::nullopt, std::nullopt, 1, std::nullopt, 0};
    MatrixFlow second{9, 10, 2, 4096, std::nullopt, 1, std::nullopt, std::nullopt, std::nullopt, 0};
    traffic.flows = {first, second};
    // flow 1 ends at host 1 (rank 0) and starts flow 2 at host 9 (rank 1)
    const std::optional<std::string> clash = FabricPartition(k4, 2).FindTriggerAcrossRanks(traffic);
    ASSERT_TRUE(clash.has_value());
    EXPECT_NE(clash->find("trigger 1"), std::string::npos) << *clash;
    EXPECT_EQ(FabricPartition(k4, 1).FindTriggerAcrossRanks(traffic), std::nullopt);
}

} // namespace
