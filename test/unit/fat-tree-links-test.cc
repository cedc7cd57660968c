/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The fat tree's link table, W-ECMP weights, usable paths and rho_max.
 */

#include "ns3/fabric-paths.h"
#include "ns3/fat-tree-topology.h"

#include <gtest/gtest.h>
#include <set>

using namespace ns3::fabriclb;

namespace
{

/// k=4: 16 hosts, 4 pods of 2 edge and 2 aggregation switches, 4 cores.
const FatTreeTopology K4(4);

/// Host i of pod 0 sends to host i of pod 1.
std::vector<std::pair<uint32_t, uint32_t>>
PodZeroToPodOne()
{
    return {{0, 4}, {1, 5}, {2, 6}, {3, 7}};
}

LinkStates
Down(const FatTreeTopology& topology, std::initializer_list<const char*> names)
{
    LinkStates down(topology.LinkCount(), false);
    for (const char* name : names)
    {
        down[*topology.FindLink(name)] = true;
    }
    return down;
}

} // namespace

TEST(FatTreeLinks, EveryLinkHasOneNameThatFindsIt)
{
    for (uint32_t k : {4U, 8U, 16U})
    {
        const FatTreeTopology topology(k);
        EXPECT_EQ(topology.LinkCount(), k * k * k / 2);
        std::set<std::string> names;
        for (uint32_t link = 0; link < topology.LinkCount(); ++link)
        {
            const std::string name = topology.LinkName(link);
            EXPECT_TRUE(names.insert(name).second) << name;
            EXPECT_EQ(topology.FindLink(name), link) << name;
        }
    }
}

TEST(FatTreeLinks, NamesAndEnds)
{
    const FatTreeTopology k8(8);
    // Aggregation switch 1 of pod 3 (fabric-wide 13) reaches cores 4..7.
    const uint32_t aggCore = k8.AggregationCoreLink(13, 1);
    EXPECT_EQ(k8.LinkName(aggCore), "agg-p3-1:core-5");
    EXPECT_EQ(k8.LowerEndOf(aggCore), std::make_pair(13U, 1U));
    EXPECT_EQ(k8.UpperEndOf(aggCore), std::make_pair(5U, 3U));
    const uint32_t edgeAgg = k8.EdgeAggregationLink(13, 2);
    EXPECT_EQ(k8.LinkName(edgeAgg), "edge-p3-1:agg-p3-2");
    EXPECT_EQ(k8.UpperEndOf(edgeAgg), std::make_pair(14U, 1U));
    EXPECT_TRUE(k8.IsEdgeAggregationLink(edgeAgg));
    EXPECT_FALSE(k8.IsEdgeAggregationLink(aggCore));
}

TEST(FatTreeLinks, UnknownNamesAreRejected)
{
    for (const char* name : {"agg-p3-1:core-5", // core 5 is above aggregation position 2
                             "agg-p4-0:core-0", // no pod 4 at k=4
                             "edge-p0-0:agg-p1-0",
                             "edge-p0-2:agg-p0-0",
                             "agg-p0-0:core-0 ",
                             "core-0:agg-p0-0",
                             ""})
    {
        EXPECT_FALSE(K4.FindLink(name)) << name;
    }
}

TEST(FatTreeLinks, ParsesNamedFailuresWithTimes)
{
    const std::vector<NamedFailure> failures =
        ParseNamedFailures("agg-p1-0:core-1,edge-p2-1:agg-p2-0@10us", K4);
    ASSERT_EQ(failures.size(), 2U);
    EXPECT_EQ(failures[0].link, *K4.FindLink("agg-p1-0:core-1"));
    EXPECT_EQ(failures[0].atPs, 0U);
    EXPECT_EQ(failures[1].atPs, 10000000U);
    EXPECT_THROW(ParseNamedFailures("agg-p1-0:core-9", K4), std::invalid_argument);
    EXPECT_THROW(ParseNamedFailures("agg-p1-0:core-1@soon", K4), std::invalid_argument);
    EXPECT_THROW(ParseNamedFailures("agg-p1-0:core-1,agg-p1-0:core-1", K4), std::invalid_argument);
    EXPECT_THROW(ParseNamedFailures("", K4), std::invalid_argument);
}

TEST(FatTreeLinks, ParsesSimulatedTimes)
{
    EXPECT_EQ(ParseSimulatedTimePs("0"), 0U);
    EXPECT_EQ(ParseSimulatedTimePs("250ps"), 250U);
    EXPECT_EQ(ParseSimulatedTimePs("1.5us"), 1500000U);
    EXPECT_EQ(ParseSimulatedTimePs("2ms"), 2000000000U);
    EXPECT_EQ(ParseSimulatedTimePs("1s"), 1000000000000U);
    for (const char* bad : {"", "10", "-1us", "1 us", "us", "1e3us", "1.us"})
    {
        EXPECT_FALSE(ParseSimulatedTimePs(bad)) << bad;
    }
}

TEST(WecmpWeights, EdgeWeightsCountTheCoresStillReachingTheDestinationPod)
{
    const FatTreeTopology k8(8);
    LinkStates down(k8.LinkCount(), false);
    // Destination pod 1's aggregation switch 3 (fabric-wide 7) loses two of its cores.
    down[k8.AggregationCoreLink(7, 0)] = true;
    down[k8.AggregationCoreLink(7, 1)] = true;
    // An edge switch of pod 0 towards an edge switch of pod 1: [4, 4, 4, 2] = the
    // study's [1600, 1600, 1600, 800].
    EXPECT_EQ(k8.EdgeUplinkWeights(down, 0, 4), (std::vector<uint64_t>{4, 4, 4, 2}));
    // Within pod 0 nothing changed: one path per live uplink.
    EXPECT_EQ(k8.EdgeUplinkWeights(down, 0, 1), (std::vector<uint64_t>{1, 1, 1, 1}));
    // Pod 1's own edge switches towards pod 0: their aggregation switch 3 reaches 2 cores.
    EXPECT_EQ(k8.EdgeUplinkWeights(down, 4, 0), (std::vector<uint64_t>{4, 4, 4, 2}));
    // Aggregation switch 3 of pod 0 towards pod 1: cores 12 and 13 no longer reach.
    EXPECT_EQ(k8.AggregationUplinkWeights(down, 3, 1), (std::vector<uint64_t>{0, 0, 1, 1}));
    EXPECT_EQ(k8.AggregationUplinkWeights(down, 3, 2), (std::vector<uint64_t>{1, 1, 1, 1}));
}

TEST(WecmpWeights, EdgeAggregationFailuresZeroTheirUplink)
{
    const LinkStates down = Down(K4, {"edge-p0-0:agg-p0-1", "edge-p1-1:agg-p1-0"});
    EXPECT_EQ(K4.EdgeUplinkWeights(down, 0, 2), (std::vector<uint64_t>{2, 0}));
    // Towards the edge switch below the other failed link, uplink 0 no longer arrives.
    EXPECT_EQ(K4.EdgeUplinkWeights(down, 0, 3), (std::vector<uint64_t>{0, 0}));
    // Within pod 0, aggregation switch 1 no longer reaches edge switch 0.
    EXPECT_EQ(K4.EdgeUplinkWeights(down, 1, 0), (std::vector<uint64_t>{1, 0}));
}

TEST(WecmpWeights, ViewListsTheUsableUplinksPerKey)
{
    const LinkStates none(K4.LinkCount(), false);
    EXPECT_FALSE(K4.BuildUplinkView({0, 0}, none).failuresKnown);

    const LinkStates down = Down(K4, {"agg-p1-0:core-1"});
    const UplinkView edge = K4.BuildUplinkView({0, 0}, down);
    ASSERT_TRUE(edge.failuresKnown);
    ASSERT_EQ(edge.usable.size(), K4.EdgeCount());
    EXPECT_EQ(edge.weights[2], (std::vector<uint64_t>{1, 2})); // pod 1's edges
    EXPECT_EQ(edge.usable[2], (std::vector<uint32_t>{0, 1}));
    EXPECT_EQ(edge.weights[4], (std::vector<uint64_t>{2, 2})); // pod 2 unaffected
    const UplinkView agg = K4.BuildUplinkView({1, 4}, down);
    ASSERT_EQ(agg.usable.size(), K4.K());
    EXPECT_EQ(agg.usable[1], (std::vector<uint32_t>{0})); // core 1 no longer reaches pod 1
    EXPECT_EQ(agg.usable[3], (std::vector<uint32_t>{0, 1}));
}

TEST(WecmpWeights, HostDrPathsThroughDownLinksAreUnusable)
{
    const LinkStates down = Down(K4, {"agg-p1-0:core-1"});
    // Host 0 (edge 0, pod 0) to host 4 (edge 2, pod 1): slot = edge uplink + 2 x core port;
    // edge uplink 0 then core 1 (slot 2) crosses the failure.
    EXPECT_FALSE(PathIsUp(K4.LeafPathOf(0, 2, 2), down));
    EXPECT_TRUE(PathIsUp(K4.LeafPathOf(0, 2, 0), down));
    EXPECT_TRUE(PathIsUp(K4.LeafPathOf(0, 2, 3), down));
    EXPECT_TRUE(PathIsUp(K4.LeafPathOf(0, 4, 2), down)); // pod 2 not through it
    EXPECT_TRUE(PathIsUp(K4.LeafPathOf(0, 0, 0), down)); // same edge switch: no link
    const LeafPath crossing = K4.LeafPathOf(0, 2, 2);
    EXPECT_EQ(crossing.up,
              (std::vector<uint32_t>{*K4.FindLink("edge-p0-0:agg-p0-0"),
                                     *K4.FindLink("agg-p0-0:core-1")}));
    EXPECT_EQ(crossing.down,
              (std::vector<uint32_t>{*K4.FindLink("agg-p1-0:core-1"),
                                     *K4.FindLink("edge-p1-0:agg-p1-0")}));
}

// rho_max = B / F, F the flow units on the busiest link, each flow split evenly
// over its usable shortest paths (the study).
TEST(RhoMax, NoFailureLeavesTheHostLinksBusiest)
{
    // Pod 0 to pod 1, host i to host 4+i: each edge pair carries 2 flows over 4
    // paths (1/2 each); an edge uplink carries 2 paths = 1 unit, as a host link does.
    const RhoMax rho = ComputeRhoMax(K4, LinkStates(K4.LinkCount(), false), {}, PodZeroToPodOne());
    EXPECT_DOUBLE_EQ(rho.flowUnits, 1);
    EXPECT_DOUBLE_EQ(rho.fraction, 1);
    EXPECT_TRUE(rho.unreachableFlows.empty());
}

TEST(RhoMax, OneAggregationCoreFailure)
{
    // agg-p0-0:core-0 down: each edge pair keeps 3 paths, (a0,c1), (a1,c0), (a1,c1),
    // 2 flows over 3 paths = 2/3 a path. An edge switch's uplink 1 carries its 2 paths
    // through aggregation switch 1: 4/3; agg-p0-0:core-1 carries (a0,c1) of both edge
    // switches: 2 x 2/3 = 4/3; the host links carry 1. F = 4/3, rho_max = 3/4 B
    // (600 Gb/s at 800 Gb/s).
    const RhoMax rho = ComputeRhoMax(K4, Down(K4, {"agg-p0-0:core-0"}), {}, PodZeroToPodOne());
    EXPECT_DOUBLE_EQ(rho.flowUnits, 4.0 / 3);
    EXPECT_DOUBLE_EQ(rho.fraction, 0.75);
}

TEST(RhoMax, OneEdgeAggregationFailure)
{
    // edge-p0-0:agg-p0-0 down: edge switch 0's 2 flows keep only (a1,c0) and (a1,c1),
    // 1 unit each, so its uplink 1 carries 2 units (and so does the destination edge
    // switch's downlink from aggregation switch 1). F = 2, rho_max = B/2.
    const RhoMax rho = ComputeRhoMax(K4, Down(K4, {"edge-p0-0:agg-p0-0"}), {}, PodZeroToPodOne());
    EXPECT_DOUBLE_EQ(rho.flowUnits, 2);
    EXPECT_DOUBLE_EQ(rho.fraction, 0.5);
}

TEST(RhoMax, DegradedLinkCountsAgainstItsCapacity)
{
    std::vector<double> capacity(K4.LinkCount(), 1);
    // agg-p0-0:core-0 at a tenth of its rate, still used: it carries 2 paths x 1/2 = 1
    // unit against 0.1 of capacity: F = 10.
    capacity[*K4.FindLink("agg-p0-0:core-0")] = 0.1;
    const RhoMax rho =
        ComputeRhoMax(K4, LinkStates(K4.LinkCount(), false), capacity, PodZeroToPodOne());
    EXPECT_DOUBLE_EQ(rho.flowUnits, 10);
    EXPECT_DOUBLE_EQ(rho.fraction, 0.1);
}

TEST(RhoMax, CutOffFlowsAreListed)
{
    const RhoMax rho = ComputeRhoMax(K4,
                                     Down(K4, {"edge-p0-0:agg-p0-0", "edge-p0-0:agg-p0-1"}),
                                     {},
                                     PodZeroToPodOne());
    EXPECT_EQ(rho.unreachableFlows, (std::vector<uint32_t>{0, 1}));
    EXPECT_DOUBLE_EQ(rho.flowUnits, 1); // the other edge switch's flows still split 4 ways
}

TEST(FatTreeLinks, HtsimFailureNamesMapToLinks)
{
    const FatTreeTopology k8(8);
    // htsim's AGG 13 (pod 3, position 1), uplink 1: our aggregation switch 13's port 1.
    EXPECT_EQ(k8.LinkFromHtsim(FabricRole::AGGREGATION, 13, 1), *k8.FindLink("agg-p3-1:core-5"));
    // htsim's core k = position + k/2 x uplink: core 5 is position 1's uplink 1; its
    // link to pod 3 is the same link.
    EXPECT_EQ(k8.LinkFromHtsim(FabricRole::CORE, 5, 3), *k8.FindLink("agg-p3-1:core-5"));
    EXPECT_EQ(k8.LinkFromHtsim(FabricRole::EDGE, 13, 2), *k8.FindLink("edge-p3-1:agg-p3-2"));
    EXPECT_FALSE(k8.LinkFromHtsim(FabricRole::AGGREGATION, 32, 0));
    EXPECT_FALSE(k8.LinkFromHtsim(FabricRole::EDGE, 0, 4));
    EXPECT_FALSE(k8.LinkFromHtsim(FabricRole::CORE, 16, 0));
    EXPECT_FALSE(k8.LinkFromHtsim(FabricRole::CORE, 0, 8));
    EXPECT_FALSE(k8.LinkFromHtsim(FabricRole::HOST, 0, 0));
    for (uint32_t link = 0; link < k8.LinkCount(); ++link)
    {
        const auto [role, sw, port] = *k8.HtsimNameOf(link);
        EXPECT_EQ(k8.LinkFromHtsim(role, sw, port), link);
    }
}
