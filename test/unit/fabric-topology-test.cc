/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/fabric-links.h"
#include "ns3/fat-tree-topology.h"

#include <gtest/gtest.h>
#include <map>
#include <utility>

using namespace ns3::fabriclb;

namespace
{

/**
 * What any topology must hold: every switch-to-switch link is behind exactly one up port
 * and one down port, the ones its ends name, and every host is behind its attachment.
 */
void
ExpectConsistent(const FatTreeTopology& t)
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
        EXPECT_EQ(t.DownPortToward({0, at.leaf}, host), at.downPort) << "host " << host;
    }
}

} // namespace

TEST(FabricTopology, FatTreeDownPortsLeadToTheHost)
{
    const FatTreeTopology t(4);
    constexpr uint32_t UP = FabricTopology::GO_UP;
    EXPECT_EQ(t.DownPortToward({0, 0}, 1), 1U);  // host 1 in slot 1 under edge 0
    EXPECT_EQ(t.DownPortToward({0, 0}, 2), UP);  // under edge 1
    EXPECT_EQ(t.DownPortToward({1, 1}, 3), 1U);  // aggregation 1 of pod 0: edge 1
    EXPECT_EQ(t.DownPortToward({1, 1}, 4), UP);  // pod 1
    EXPECT_EQ(t.DownPortToward({2, 3}, 12), 3U); // a core: the pod
    EXPECT_EQ(t.DestinationKey({0, 5}, 13), 6U); // the destination's edge switch
    EXPECT_EQ(t.DestinationKey({1, 5}, 13), 3U); // its pod
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
            const uint32_t pod = t.DownPortToward({2, core}, host);
            ASSERT_EQ(pod, t.PodOf(host));
            const uint32_t agg = pod * t.Half() + core / t.Half();
            const uint32_t edgePosition = t.DownPortToward({1, agg}, host);
            ASSERT_NE(edgePosition, FabricTopology::GO_UP);
            const uint32_t edge = pod * t.Half() + edgePosition;
            EXPECT_EQ(t.DownPortToward({0, edge}, host), t.SlotOf(host));
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
