/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/fat-tree-topology.h"
#include "ns3/leaf-spine-topology.h"
#include "ns3/multi-plane-topology.h"
#include "ns3/port-monitor.h"
#include "ns3/rail-topology.h"

#include <gtest/gtest.h>
#include <map>
#include <set>
#include <utility>

using namespace ns3::fabriclb;
constexpr uint32_t FROM_ABOVE = FabricTopology::FROM_ABOVE;

namespace
{

/**
 * What any topology must hold: every switch-to-switch link is behind exactly one up port
 * and one down port, the ones its ends name, and every host is behind its attachment.
 */
void
ExpectConsistent(const FabricTopology& t)
{
    std::map<uint32_t, std::pair<int, int>> sides; // link: up ports, down ports
    for (uint32_t tier = 0; tier < t.TierCount(); ++tier)
    {
        for (uint32_t index = 0; index < t.SwitchCount(tier); ++index)
        {
            const SwitchRef sw{tier, index};
            for (uint32_t port = 0; port < t.UpPortCount(sw); ++port)
            {
                const std::optional<uint32_t> link = t.LinkOfPort(sw, true, port);
                ASSERT_TRUE(link.has_value());
                ASSERT_LT(*link, t.LinkCount());
                ++sides[*link].first;
            }
            for (uint32_t port = 0; port < t.DownPortCount(sw); ++port)
            {
                const std::optional<uint32_t> link = t.LinkOfPort(sw, false, port);
                EXPECT_EQ(link.has_value(), tier > 0) << "only host links have no id";
                if (link)
                {
                    ++sides[*link].second;
                }
            }
        }
    }
    ASSERT_EQ(sides.size(), t.LinkCount());
    for (const auto& [link, count] : sides)
    {
        EXPECT_EQ(count, std::make_pair(1, 1)) << "link " << link;
        const LinkEnds ends = t.EndsOf(link);
        EXPECT_EQ(ends.upper.tier, ends.lower.tier + 1);
        EXPECT_EQ(t.LinkOfPort(ends.lower, true, ends.upPort), link);
        EXPECT_EQ(t.LinkOfPort(ends.upper, false, ends.downPort), link);
    }
    for (uint32_t host = 0; host < t.HostCount(); ++host)
    {
        const HostAttachment at = t.AttachmentOf(host);
        EXPECT_EQ(t.DownPortToward({0, at.leaf}, host, FROM_ABOVE), at.downPort) << "host " << host;
        EXPECT_EQ(t.HostFromAddress(FabricTopology::HostAddress(host)), host);
        EXPECT_EQ(t.PortAttachment(host, 0).leaf, at.leaf);
        std::set<uint32_t> leaves;
        for (uint32_t port = 0; port < t.HostPorts(); ++port)
        {
            const HostAttachment portAt = t.PortAttachment(host, port);
            EXPECT_TRUE(leaves.insert(portAt.leaf).second) << "a switch of its own per port";
            EXPECT_EQ(t.DownPortToward({0, portAt.leaf}, host, FROM_ABOVE), portAt.downPort);
        }
    }
}

/**
 * Walks a packet from host \p from to host \p to taking up port \p choice % (up ports) at
 * every switch that goes up; \return the links it crosses, or nothing if it loops.
 */
std::vector<uint32_t>
Walk(const FabricTopology& t, uint32_t from, uint32_t to, uint32_t choice, uint32_t port = 0)
{
    std::vector<uint32_t> crossed;
    SwitchRef at{0, t.PortAttachment(from, port).leaf};
    uint32_t arrival = t.PortAttachment(from, port).downPort;
    for (uint32_t step = 0; step < 2 * t.TierCount(); ++step)
    {
        const uint32_t down = t.DownPortToward(at, to, arrival);
        if (down == FabricTopology::GO_UP)
        {
            const uint32_t up = choice % t.UpPortCount(at);
            const uint32_t link = *t.LinkOfPort(at, true, up);
            crossed.push_back(link);
            const LinkEnds ends = t.EndsOf(link);
            at = ends.upper;
            arrival = ends.downPort;
            continue;
        }
        if (at.tier == 0)
        {
            EXPECT_EQ(t.PortAttachment(to, port).leaf, at.index);
            EXPECT_EQ(t.PortAttachment(to, port).downPort, down);
            return crossed;
        }
        const uint32_t link = *t.LinkOfPort(at, false, down);
        crossed.push_back(link);
        at = t.EndsOf(link).lower;
        arrival = FROM_ABOVE;
    }
    ADD_FAILURE() << "no way from host " << from << " to host " << to;
    return {};
}

} // namespace

TEST(FabricTopology, FatTreeDownPortsLeadToTheHost)
{
    const FatTreeTopology t(4);
    constexpr uint32_t UP = FabricTopology::GO_UP;
    EXPECT_EQ(t.DownPortToward({0, 0}, 1, FROM_ABOVE), 1U);  // host 1 in slot 1 under edge 0
    EXPECT_EQ(t.DownPortToward({0, 0}, 2, FROM_ABOVE), UP);  // under edge 1
    EXPECT_EQ(t.DownPortToward({1, 1}, 3, FROM_ABOVE), 1U);  // aggregation 1 of pod 0: edge 1
    EXPECT_EQ(t.DownPortToward({1, 1}, 4, FROM_ABOVE), UP);  // pod 1
    EXPECT_EQ(t.DownPortToward({2, 3}, 12, FROM_ABOVE), 3U); // a core: the pod
    EXPECT_EQ(t.DestinationKey({0, 5}, 13), 6U);             // the destination's edge switch
    EXPECT_EQ(t.DestinationKey({1, 5}, 13), 3U);             // its pod
    EXPECT_EQ(t.DestinationKeyCount({0, 0}), 8U);
    EXPECT_EQ(t.DestinationKeyCount({1, 0}), 4U);
    EXPECT_EQ(t.LabelDivisor({0, 0}), 1U);
    EXPECT_EQ(t.LabelDivisor({1, 0}), 2U);
}

TEST(FabricTopology, FatTreeWalkFromAnySwitchReachesEveryHost)
{
    const FatTreeTopology t(6);
    for (uint32_t host = 0; host < t.HostCount(); ++host)
    {
        // Down from every core: core, the pod's aggregation switch, the edge switch, the host.
        for (uint32_t core = 0; core < t.CoreCount(); ++core)
        {
            const uint32_t pod = t.DownPortToward({2, core}, host, FROM_ABOVE);
            ASSERT_EQ(pod, t.PodOf(host));
            const uint32_t agg = pod * t.Half() + core / t.Half();
            const uint32_t edgePosition = t.DownPortToward({1, agg}, host, FROM_ABOVE);
            ASSERT_NE(edgePosition, FabricTopology::GO_UP);
            const uint32_t edge = pod * t.Half() + edgePosition;
            EXPECT_EQ(t.DownPortToward({0, edge}, host, FROM_ABOVE), t.SlotOf(host));
        }
    }
}

TEST(FabricTopology, FatTreeLinksAreBehindOneUpAndOneDownPort)
{
    for (uint32_t k : {4, 6, 8})
    {
        SCOPED_TRACE(k);
        ExpectConsistent(FatTreeTopology(k));
    }
}

TEST(FabricTopology, AnOversubscribedFatTreeHasMoreHostsBehindTheSameLinks)
{
    const FatTreeTopology t(4, 2); // 4 hosts under each edge switch's 2 uplinks
    EXPECT_EQ(t.HostCount(), 32U);
    EXPECT_EQ(t.HostsPerPod(), 8U);
    EXPECT_EQ(t.LinkCount(), FatTreeTopology(4).LinkCount());
    EXPECT_EQ(t.DownPortCount({0, 0}), 4U);
    EXPECT_EQ(t.UpPortCount({0, 0}), 2U);
    EXPECT_EQ(t.EdgeOf(13), 3U); // pod 1, edge 1, slot 1
    EXPECT_EQ(t.SlotOf(13), 1U);
    EXPECT_EQ(t.PodOf(13), 1U);
    EXPECT_EQ(t.Describe(), "k=4 oversubscription=2");
    ExpectConsistent(t);
    for (uint32_t a = 0; a < t.HostCount(); ++a)
    {
        for (uint32_t b = 0; b < t.HostCount(); ++b)
        {
            EXPECT_EQ(Walk(t, a, b, a + b).size(), a == b ? 0 : t.Hops(a, b) - 2);
        }
    }
    EXPECT_THROW(FatTreeTopology(4, 0), std::invalid_argument);
    EXPECT_THROW(FatTreeTopology(160, 2), std::invalid_argument); // 2048000 hosts
}

TEST(FabricTopology, FatTreeUplinkViewComesFromTheLinks)
{
    const FatTreeTopology t(4);
    LinkStates down(t.LinkCount(), false);
    EXPECT_FALSE(t.BuildUplinkView({0, 0}, down).failuresKnown);
    // Aggregation 0 of pod 0 loses its up port 1: core 1.
    down[*t.LinkOfPort({1, 0}, true, 1)] = true;
    const UplinkView view = t.BuildUplinkView({1, 0}, down);
    ASSERT_TRUE(view.failuresKnown);
    ASSERT_EQ(view.usable.size(), 4U);
    EXPECT_EQ(view.usable[2], std::vector<uint32_t>{0}); // towards pod 2: only core 0
    EXPECT_EQ(*t.LinkOfPort({2, 1}, false, 0), *t.LinkOfPort({1, 0}, true, 1)); // one link
}

TEST(FabricTopology, LeafSpineLinksAreBehindOneUpAndOneDownPort)
{
    ExpectConsistent(LeafSpineTopology(4, 2, 3, 1));
    ExpectConsistent(LeafSpineTopology(3, 2, 2, 3));
    ExpectConsistent(LeafSpineTopology(2, 1, 1, 2));
}

TEST(FabricTopology, LeafSpineParallelLinksKeepTheirLane)
{
    const LeafSpineTopology t(3, 2, 2, 2); // 4 uplinks a leaf: (spine, lane) = u % 2, u / 2
    EXPECT_EQ(t.HostCount(), 6U);
    EXPECT_EQ(t.LinkCount(), 12U);
    EXPECT_EQ(t.PathCount(0, 5), 4U);
    EXPECT_EQ(t.PathCount(0, 1), 1U);
    EXPECT_EQ(t.Hops(0, 5), 4U);
    EXPECT_EQ(t.Hops(0, 1), 2U);
    for (uint32_t up = 0; up < 4; ++up)
    {
        // Host 0 (leaf 0) to host 5 (leaf 2): up on leaf 0's port u, down on leaf 2's port u.
        const std::vector<uint32_t> links = Walk(t, 0, 5, up);
        ASSERT_EQ(links.size(), 2U);
        EXPECT_EQ(links[0], 0 * 4 + up);
        EXPECT_EQ(links[1], 2 * 4 + up);
    }
    EXPECT_EQ(Walk(t, 0, 1, 0).size(), 0U); // the same leaf: no switch link
}

TEST(FabricTopology, EveryWalkArrives)
{
    const FatTreeTopology fatTree(4);
    const LeafSpineTopology leafSpine(4, 3, 2, 2);
    for (const FabricTopology* t : {static_cast<const FabricTopology*>(&fatTree),
                                    static_cast<const FabricTopology*>(&leafSpine)})
    {
        for (uint32_t a = 0; a < t->HostCount(); ++a)
        {
            for (uint32_t b = 0; b < t->HostCount(); ++b)
            {
                for (uint32_t choice = 0; choice < 4; ++choice)
                {
                    EXPECT_EQ(Walk(*t, a, b, choice).size(), a == b ? 0 : t->Hops(a, b) - 2);
                }
            }
        }
    }
}

TEST(FabricTopology, LeafSpineUplinkViewAfterAFailure)
{
    const LeafSpineTopology t(3, 2, 1, 1);
    LinkStates down(t.LinkCount(), false);
    down[*t.LinkOfPort({1, 1}, false, 2)] = true; // spine 1 to leaf 2
    const UplinkView fromLeaf0 = t.BuildUplinkView({0, 0}, down);
    ASSERT_TRUE(fromLeaf0.failuresKnown);
    EXPECT_EQ(fromLeaf0.usable[1], (std::vector<uint32_t>{0, 1}));
    EXPECT_EQ(fromLeaf0.usable[2], std::vector<uint32_t>{0}); // only spine 0 reaches leaf 2
    EXPECT_EQ(fromLeaf0.weights[2], (std::vector<uint64_t>{1, 0}));
    const UplinkView fromLeaf2 = t.BuildUplinkView({0, 2}, down);
    EXPECT_EQ(fromLeaf2.usable[0], std::vector<uint32_t>{0}); // its own uplink 1 is down
}

TEST(FabricTopology, LeafSpineRefusesWhatCannotBeBuilt)
{
    EXPECT_THROW(LeafSpineTopology(1, 2, 2, 1), std::invalid_argument);
    EXPECT_THROW(LeafSpineTopology(2, 0, 2, 1), std::invalid_argument);
    EXPECT_THROW(LeafSpineTopology(2, 2, 0, 1), std::invalid_argument);
    EXPECT_THROW(LeafSpineTopology(2, 2, 2, 0), std::invalid_argument);
    EXPECT_THROW(LeafSpineTopology(1024, 2, 2048, 1), std::invalid_argument); // 2^21 hosts
    try
    {
        LeafSpineTopology(1, 2, 2, 1);
    }
    catch (const std::invalid_argument& e)
    {
        EXPECT_STREQ(e.what(), "a leaf-spine fabric needs at least 2 leaves, got 1");
    }
}

TEST(FabricTopology, StagesAreNamedByTheirTiers)
{
    const std::vector<std::pair<ns3::FabricStage, std::string>> fatTree =
        ns3::SwitchStagesOf(FatTreeTopology(4));
    ASSERT_EQ(fatTree.size(), ns3::FABRIC_SWITCH_STAGES.size());
    for (size_t i = 0; i < fatTree.size(); ++i)
    {
        EXPECT_EQ(fatTree[i].first, ns3::FABRIC_SWITCH_STAGES[i]);
        EXPECT_EQ(fatTree[i].second, ns3::FabricStageName(ns3::FABRIC_SWITCH_STAGES[i]));
    }
    const std::vector<std::pair<ns3::FabricStage, std::string>> leafSpine{
        {ns3::FabricStage::EDGE_UP, "leaf-up"},
        {ns3::FabricStage::CORE_DOWN, "spine-down"},
        {ns3::FabricStage::EDGE_DOWN, "leaf-down"}};
    EXPECT_EQ(ns3::SwitchStagesOf(LeafSpineTopology(2, 1, 1, 1)), leafSpine);
}

TEST(FabricTopology, RailPutsGpuGOfEveryServerOnRailGsLeaf)
{
    // 4 servers of 3 GPUs in rail groups of 2 servers: 2 groups x 3 rails = 6 leaves of
    // 2 hosts, 2 spines.
    const RailTopology t(4, 3, 2, 2, 1);
    EXPECT_EQ(t.Name(), "rail");
    EXPECT_EQ(t.Describe(), "rail servers=4 gpusPerServer=3 serversPerLeaf=2 spines=2");
    EXPECT_EQ(t.HostCount(), 12U);
    EXPECT_EQ(t.SwitchCount(0), 6U);
    EXPECT_EQ(t.LinkCount(), 12U);
    ExpectConsistent(t);
    // Host 7: GPU 1 of server 2, the first server of group 1: leaf 1 * 3 + 1, port 0.
    EXPECT_EQ(t.ServerOf(7), 2U);
    EXPECT_EQ(t.RailOf(7), 1U);
    EXPECT_EQ(t.AttachmentOf(7).leaf, 4U);
    EXPECT_EQ(t.AttachmentOf(7).downPort, 0U);
    EXPECT_EQ(t.AttachmentOf(10).leaf, 4U); // GPU 1 of server 3: the same rail and group
    EXPECT_EQ(t.AttachmentOf(10).downPort, 1U);
    EXPECT_EQ(t.DestinationKey({0, 0}, 7), 4U); // a rotation's key: the destination's leaf
    // One server's GPUs are on different rails: they meet at a spine; one rail and group
    // meet at their leaf.
    EXPECT_EQ(t.Hops(6, 7), 4U);
    EXPECT_EQ(t.PathCount(6, 7), 2U);
    EXPECT_EQ(t.Hops(7, 10), 2U);
    EXPECT_EQ(t.PathCount(7, 10), 1U);
    for (uint32_t a = 0; a < t.HostCount(); ++a)
    {
        for (uint32_t b = 0; b < t.HostCount(); ++b)
        {
            for (uint32_t choice = 0; choice < 2; ++choice)
            {
                EXPECT_EQ(Walk(t, a, b, choice).size(), a == b ? 0 : t.Hops(a, b) - 2);
            }
        }
    }
    // The leaves' cut groups a rail leaf's GPUs: servers 0 and 1's GPU 2.
    const std::vector<HostCut> cuts = t.Cuts();
    ASSERT_EQ(cuts.size(), 1U);
    EXPECT_EQ(cuts[0].groupOfHost[2], 2U);
    EXPECT_EQ(cuts[0].groupOfHost[5], 2U);
    EXPECT_EQ(cuts[0].linksPerGroup, 2U);
}

TEST(FabricTopology, RailRefusesWhatCannotBeBuilt)
{
    EXPECT_THROW(RailTopology(0, 8, 1, 1, 1), std::invalid_argument);
    EXPECT_THROW(RailTopology(4, 0, 2, 1, 1), std::invalid_argument);
    EXPECT_THROW(RailTopology(4, 8, 0, 1, 1), std::invalid_argument);
    EXPECT_THROW(RailTopology(4, 8, 2, 0, 1), std::invalid_argument);
    EXPECT_THROW(RailTopology(1, 1, 1, 1, 1), std::invalid_argument); // one leaf
    try
    {
        RailTopology(5, 8, 2, 2, 1);
        ADD_FAILURE() << "5 servers in groups of 2";
    }
    catch (const std::invalid_argument& e)
    {
        EXPECT_STREQ(e.what(),
                     "a rail fabric's 5 servers do not form rail groups of 2 servers per leaf");
    }
}

TEST(FabricTopology, PlanesAreCopiesThatShareNothing)
{
    const auto base = std::make_shared<const LeafSpineTopology>(3, 2, 2, 2);
    const MultiPlaneTopology t(base, 3);
    ExpectConsistent(t);
    ExpectConsistent(MultiPlaneTopology(std::make_shared<const FatTreeTopology>(4), 2));
    ExpectConsistent(MultiPlaneTopology(std::make_shared<const RailTopology>(4, 2, 2, 2, 1), 2));
    EXPECT_EQ(t.Name(), "leaf-spine");
    EXPECT_EQ(t.Describe(), base->Describe() + " planes=3");
    EXPECT_EQ(t.HostCount(), 6U);
    EXPECT_EQ(t.HostPorts(), 3U);
    EXPECT_EQ(t.SwitchCount(0), 9U);
    EXPECT_EQ(t.SwitchCount(1), 6U);
    EXPECT_EQ(t.LinkCount(), 36U);
    // Host 5 (leaf 2, port 1): its port p on plane p's leaf 2, switch 3 p + 2.
    for (uint32_t port = 0; port < 3; ++port)
    {
        EXPECT_EQ(t.PortAttachment(5, port).leaf, 3 * port + 2);
        EXPECT_EQ(t.PortAttachment(5, port).downPort, 1U);
    }
    EXPECT_THROW(t.PortAttachment(5, 3), std::out_of_range);
    // Every walk stays in the plane it starts in and takes as many links as in the base.
    for (uint32_t port = 0; port < 3; ++port)
    {
        for (uint32_t a = 0; a < t.HostCount(); ++a)
        {
            for (uint32_t b = 0; b < t.HostCount(); ++b)
            {
                for (uint32_t choice = 0; choice < 4; ++choice)
                {
                    const std::vector<uint32_t> links = Walk(t, a, b, choice, port);
                    EXPECT_EQ(links, [&] {
                        std::vector<uint32_t> inBase = Walk(*base, a, b, choice);
                        for (uint32_t& link : inBase)
                        {
                            link += port * base->LinkCount();
                        }
                        return inBase;
                    }());
                    for (uint32_t link : links)
                    {
                        EXPECT_EQ(t.PlaneOfLink(link), port);
                    }
                }
            }
        }
    }
}

TEST(FabricTopology, PlanesNameTheirLinksAndNumberTheirPaths)
{
    const auto base = std::make_shared<const LeafSpineTopology>(3, 2, 1, 1);
    const MultiPlaneTopology t(base, 2);
    EXPECT_EQ(t.LinkName(0), "p0/leaf-0:spine-0");
    EXPECT_EQ(t.LinkName(6 + 3), "p1/" + base->LinkName(3));
    for (uint32_t link = 0; link < t.LinkCount(); ++link)
    {
        EXPECT_EQ(t.FindLink(t.LinkName(link)), link);
    }
    EXPECT_FALSE(t.FindLink("leaf-0:spine-0").has_value()) << "a plane's links name their plane";
    EXPECT_FALSE(t.FindLink("p2/leaf-0:spine-0").has_value());
    EXPECT_THROW(t.LinkName(12), std::out_of_range);
    // Slot s: plane s mod 2, the base's path s / 2, its links in that plane.
    EXPECT_EQ(t.PathSlots(), 4U);
    EXPECT_EQ(t.LeafPathCount(0, 2), 4U);
    EXPECT_EQ(t.LeafPathCount(1, 1), 2U);
    EXPECT_EQ(t.PathCount(0, 2), 4U);
    EXPECT_EQ(t.Hops(0, 2), 4U);
    for (uint32_t slot = 0; slot < 4; ++slot)
    {
        const LeafPath path = t.LeafPathOf(0, 2, slot);
        const LeafPath inBase = base->LeafPathOf(0, 2, slot / 2);
        ASSERT_EQ(path.up.size(), 1U);
        EXPECT_EQ(path.up[0], inBase.up[0] + (slot % 2) * 6);
        EXPECT_EQ(path.down[0], inBase.down[0] + (slot % 2) * 6);
    }
    // A label's lowest digit is the plane: every switch reads its own digit above it.
    EXPECT_EQ(t.LabelDivisor({0, 4}), 2U * base->LabelDivisor({0, 1}));
    EXPECT_EQ(t.DestinationKey({0, 4}, 2), base->DestinationKey({0, 1}, 2));
    EXPECT_EQ(t.DestinationKeyCount({0, 4}), 3U);
    // A partition keeps a leaf's hosts with that leaf in every plane.
    EXPECT_EQ(t.PartitionGroupCount(), 3U);
    EXPECT_EQ(t.PartitionGroupOf({0, 4}), 1U);
    EXPECT_EQ(t.PartitionGroupOf({1, 3}), base->PartitionGroupOf({1, 1}));
    // Every cut has a link of each plane where the base has one.
    const std::vector<HostCut> cuts = t.Cuts();
    ASSERT_EQ(cuts.size(), base->Cuts().size());
    EXPECT_EQ(cuts[0].linksPerGroup, 4U); // a leaf's 2 uplinks in each of 2 planes
    EXPECT_EQ(cuts[0].groupOfHost, base->Cuts()[0].groupOfHost);
}

TEST(FabricTopology, AFailedLinkHurtsOnePlane)
{
    const auto base = std::make_shared<const LeafSpineTopology>(3, 2, 1, 1);
    const MultiPlaneTopology t(base, 2);
    LinkStates down(t.LinkCount(), false);
    down[*t.FindLink("p1/leaf-2:spine-1")] = true;
    const UplinkView plane0 = t.BuildUplinkView({0, 0}, down);
    EXPECT_FALSE(plane0.failuresKnown) << "plane 0's leaf 0 sees no failure";
    const UplinkView plane1 = t.BuildUplinkView({0, 3}, down);
    ASSERT_TRUE(plane1.failuresKnown);
    EXPECT_EQ(plane1.usable[2], std::vector<uint32_t>{0}); // only spine 0 reaches leaf 2
    EXPECT_EQ(plane1.usable[1], (std::vector<uint32_t>{0, 1}));
}

TEST(FabricTopology, PlanesRefuseWhatCannotBeBuilt)
{
    const auto base = std::make_shared<const LeafSpineTopology>(2, 2, 2, 1);
    EXPECT_THROW(MultiPlaneTopology(base, 0), std::invalid_argument);
    EXPECT_THROW(MultiPlaneTopology(nullptr, 2), std::invalid_argument);
    const auto twoPlanes = std::make_shared<const MultiPlaneTopology>(base, 2);
    EXPECT_THROW(MultiPlaneTopology(twoPlanes, 2), std::invalid_argument);
    // 2^19 hosts: a second plane's host ports fit, a third's do not.
    const auto large = std::make_shared<const LeafSpineTopology>(512, 1, 1024, 1);
    EXPECT_NO_THROW(MultiPlaneTopology(large, 3));
    EXPECT_THROW(MultiPlaneTopology(large, 4), std::invalid_argument);
}

TEST(FabricTopology, RailGpusOfAServerMeetOverNvLink)
{
    // 4 servers of 3 GPUs, rail groups of 2 servers, 2 spines, NVLink in every server.
    const RailTopology t(4, 3, 2, 2, 1, true, false);
    EXPECT_EQ(t.Describe(), "rail servers=4 gpusPerServer=3 serversPerLeaf=2 spines=2 nvlink");
    ExpectConsistent(t);
    EXPECT_EQ(t.HostsPerServer(), 3U);
    EXPECT_TRUE(t.SameServer(6, 8));  // GPUs 0 and 2 of server 2
    EXPECT_FALSE(t.SameServer(5, 6)); // servers 1 and 2
    EXPECT_FALSE(t.SameServer(7, 7)); // a host is not its own peer
    EXPECT_EQ(t.Hops(6, 8), 2U);      // up to the server's switch and down
    EXPECT_EQ(t.PathCount(6, 8), 1U);
    EXPECT_EQ(t.Hops(7, 10), 2U); // one rail and group: their leaf
    EXPECT_EQ(t.Hops(7, 0), 4U);  // another rail, another server: over a spine
    EXPECT_EQ(t.FabricEntryOf(7, 0), 7U) << "without PXN a GPU sends from its own NIC";
    EXPECT_EQ(t.LongestPathHops(), 4U);
    EXPECT_EQ(RailTopology(4, 3, 2, 2, 1).HostsPerServer(), 1U) << "no NVLink: the fabric";
}

TEST(FabricTopology, RailPxnEntersTheFabricOnTheDestinationsRail)
{
    const RailTopology t(4, 3, 2, 2, 1, true, true);
    EXPECT_EQ(t.Describe(), "rail servers=4 gpusPerServer=3 serversPerLeaf=2 spines=2 nvlink pxn");
    // GPU 1 of server 2 (host 7) to GPU 0 of server 0 (host 0): over NVLink to GPU 0 of
    // server 2 (host 6), then rail 0 from group 1's leaf to group 0's, over a spine.
    EXPECT_EQ(t.FabricEntryOf(7, 0), 6U);
    EXPECT_EQ(t.Hops(7, 0), 2U + 4U);
    EXPECT_EQ(t.PathCount(7, 0), 2U);
    // GPU 2 of server 1 (host 5) to GPU 0 of server 0 (host 0), the same group: NVLink to
    // host 3, then their rail-0 leaf.
    EXPECT_EQ(t.FabricEntryOf(5, 0), 3U);
    EXPECT_EQ(t.Hops(5, 0), 2U + 2U);
    EXPECT_EQ(t.PathCount(5, 0), 1U);
    EXPECT_EQ(t.FabricEntryOf(4, 1), 4U) << "the same rail: its own NIC";
    EXPECT_EQ(t.Hops(6, 8), 2U) << "within a server: NVLink alone";
    EXPECT_EQ(t.LongestPathHops(), 6U);
    EXPECT_THROW(RailTopology(4, 3, 2, 2, 1, false, true), std::invalid_argument);
    // Planes of a rail fabric keep its servers and its PXN.
    const MultiPlaneTopology planes(std::make_shared<const RailTopology>(4, 3, 2, 2, 1, true, true),
                                    2);
    EXPECT_EQ(planes.HostsPerServer(), 3U);
    EXPECT_EQ(planes.FabricEntryOf(7, 0), 6U);
    EXPECT_EQ(planes.LongestPathHops(), 6U);
}
