/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/fat-tree-topology.h"

#include <gtest/gtest.h>
#include <set>
#include <stdexcept>

using ns3::fabriclb::FabricTopology;
using ns3::fabriclb::FatTreeTopology;

class FatTreeSizes : public ::testing::TestWithParam<uint32_t>
{
};

TEST_P(FatTreeSizes, CountsFollowK)
{
    const uint32_t k = GetParam();
    const FatTreeTopology topo(k);
    EXPECT_EQ(topo.HostCount(), k * k * k / 4);
    EXPECT_EQ(topo.EdgeCount(), k * k / 2);
    EXPECT_EQ(topo.CoreCount(), k * k / 4);
    EXPECT_EQ(topo.HostsPerPod(), k * k / 4);
}

TEST_P(FatTreeSizes, CoordinatesCoverEveryPortOnce)
{
    const FatTreeTopology topo(GetParam());
    std::set<std::pair<uint32_t, uint32_t>> seen; // (edge, slot)
    for (uint32_t h = 0; h < topo.HostCount(); ++h)
    {
        EXPECT_LT(topo.PodOf(h), topo.K());
        EXPECT_EQ(topo.PodOfSwitch(topo.EdgeOf(h)), topo.PodOf(h));
        EXPECT_TRUE(seen.insert({topo.EdgeOf(h), topo.SlotOf(h)}).second);
    }
    EXPECT_EQ(seen.size(), topo.HostCount());
}

TEST_P(FatTreeSizes, HopsAndPathCounts)
{
    const FatTreeTopology topo(GetParam());
    const uint32_t half = topo.Half();
    const uint32_t sameEdge = 1;                  // host 1 shares host 0's edge switch
    const uint32_t samePod = half;                // first host of the pod's second edge
    const uint32_t otherPod = topo.HostsPerPod(); // first host of pod 1
    EXPECT_EQ(topo.Hops(0, 0), 0U);
    EXPECT_EQ(topo.Hops(0, sameEdge), 2U);
    EXPECT_EQ(topo.Hops(0, samePod), 4U);
    EXPECT_EQ(topo.Hops(0, otherPod), 6U);
    EXPECT_EQ(topo.Hops(otherPod, 0), 6U);
    EXPECT_EQ(topo.PathCount(0, sameEdge), 1U);
    EXPECT_EQ(topo.PathCount(0, samePod), half);
    EXPECT_EQ(topo.PathCount(0, otherPod), half * half);
}

TEST_P(FatTreeSizes, EveryCoreReachedOncePerPod)
{
    const FatTreeTopology topo(GetParam());
    std::set<uint32_t> cores;
    for (uint32_t agg = 0; agg < topo.Half(); ++agg)
    {
        for (uint32_t port = 0; port < topo.Half(); ++port)
        {
            EXPECT_TRUE(cores.insert(topo.CoreAbove(agg, port)).second);
        }
    }
    EXPECT_EQ(cores.size(), topo.CoreCount());
    EXPECT_EQ(*cores.rbegin(), topo.CoreCount() - 1);
}

TEST_P(FatTreeSizes, AddressesRoundTrip)
{
    const FatTreeTopology topo(GetParam());
    for (uint32_t h = 0; h < topo.HostCount(); ++h)
    {
        EXPECT_EQ(topo.HostFromAddress(FabricTopology::HostAddress(h)), h);
    }
    // The switch side of a host link, and addresses past the last host, are no host's.
    EXPECT_EQ(topo.HostFromAddress(FabricTopology::HostAddress(0) + 1), topo.HostCount());
    EXPECT_EQ(topo.HostFromAddress(FabricTopology::HostAddress(topo.HostCount())),
              topo.HostCount());
    EXPECT_EQ(topo.HostFromAddress(0x0B000001), topo.HostCount());
}

INSTANTIATE_TEST_SUITE_P(K, FatTreeSizes, ::testing::Values(4U, 6U, 8U));

TEST(FatTree, ConcreteK4Layout)
{
    const FatTreeTopology topo(4);
    EXPECT_EQ(topo.HostCount(), 16U);
    EXPECT_EQ(topo.PodOf(5), 1U);  // hosts 4..7 are pod 1
    EXPECT_EQ(topo.EdgeOf(5), 2U); // hosts 4,5 under edge 2
    EXPECT_EQ(topo.SlotOf(5), 1U);
    EXPECT_EQ(topo.CoreAbove(1, 0), 2U);
    EXPECT_EQ(FabricTopology::HostAddress(5), 0x0A000015U); // 10.0.0.21
}

TEST(FatTree, RejectsOddOrSmallRadix)
{
    EXPECT_THROW(FatTreeTopology(5), std::invalid_argument);
    EXPECT_THROW(FatTreeTopology(2), std::invalid_argument);
    EXPECT_THROW(FatTreeTopology(0), std::invalid_argument);
    // The address plan: k^3/4 links x 4 addresses within a /10.
    EXPECT_NO_THROW(FatTreeTopology(FatTreeTopology::MAX_K));
    EXPECT_LE(4ULL * FatTreeTopology(FatTreeTopology::MAX_K).HostCount(), 1ULL << 22);
    EXPECT_GT(4ULL * 162 * 162 * 162 / 4, 1ULL << 22);
    EXPECT_THROW(FatTreeTopology(FatTreeTopology::MAX_K + 2), std::invalid_argument);
}
