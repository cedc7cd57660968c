/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/htsim-topology-file.h"

#include <gtest/gtest.h>
#include <sstream>
#include <string>

using namespace ns3::fabriclb;

namespace
{

/// uet-htsim's fat_tree_128_1os.topo: the k=8 fat tree (its comment's tab included).
const std::string FAT_TREE_128 = "# Test 3-tier FatTree that is supposed to match\tthe default\n"
                                 "Nodes 128\nTiers 3\nPodsize 16\n\n"
                                 "Tier 0\nOversubscribed 1\nDownlink_speed_Gbps 100\n"
                                 "Radix_Down 4\nRadix_Up 4\nDownlink_Latency_ns 1000\n"
                                 "Switch_Latency_ns 0\n\n"
                                 "Tier 1\nOversubscribed 1\nDownlink_speed_Gbps 100\n"
                                 "Radix_Down 4\nRadix_Up 4\nDownlink_Latency_ns 1000\n"
                                 "Switch_Latency_ns 0\nBundle 1\n\n"
                                 "Tier 2\nDownlink_speed_Gbps 100\nRadix_Down 8\n"
                                 "Downlink_Latency_ns 1000\nSwitch_Latency_ns 0\nBundle 1";

/// uet-htsim's leaf_spine_1024.topo: 32 leaves of 32 hosts, 32 spines.
const std::string LEAF_SPINE_1024 = "Nodes 1024\nTiers 2\nPodsize 1024\n\n"
                                    "Tier 0\nDownlink_speed_Gbps 100\nRadix_Down 32\n"
                                    "Radix_Up 32\nDownlink_Latency_ns 1000\n"
                                    "Switch_Latency_ns 0\n\n"
                                    "Tier 1\nDownlink_speed_Gbps 100\nRadix_Down 32\n"
                                    "Downlink_Latency_ns 1000\nSwitch_Latency_ns 0\n";

/// A 2-tier file of 4 leaves of 4 hosts, made of \p tier0 and \p tier1's lines.
std::string
LeafSpine(const std::string& tier0, const std::string& tier1)
{
    return "Nodes 16\nTiers 2\nPodsize 16\nTier 0\n" + tier0 + "Tier 1\n" + tier1;
}

HtsimTopologyFile
Parse(const std::string& text)
{
    std::istringstream in(text);
    return ParseHtsimTopology(in, "t.topo");
}

HtsimFabric
Map(const std::string& text)
{
    return MapHtsimTopology(Parse(text), "t.topo");
}

/// \return what() of the HtsimTopologyError that parsing and mapping text throws, or "" if none
std::string
ErrorOf(const std::string& text)
{
    try
    {
        Map(text);
    }
    catch (const HtsimTopologyError& e)
    {
        return e.what();
    }
    return "";
}

/// The radices of a valid 16-host leaf-spine's tiers.
const std::string TIER0 = "Radix_Down 4\nRadix_Up 4\n";
const std::string TIER1 = "Radix_Down 4\n";

} // namespace

TEST(HtsimTopologyFile, ReadsEveryKeyWithItsLine)
{
    const HtsimTopologyFile topo =
        Parse("# a comment\nNodes 16\ntiers 2\nPODSIZE 16\nTier 0\nDownlink_speed_Gbps 400\n"
              "Radix_Down 4\nRadix_Up 2\nDownlink_Latency_ns 750\nSwitch_Latency_ns 0\n"
              "Oversubscribed 2\nBundle 1\nQueue_Down 100000\nQueue_Up 200000\n"
              "  Tier\t1  \r\nradix_down 4\nQUEUE_DOWN 300000\n");
    EXPECT_EQ(topo.nodes.value, 16U);
    EXPECT_EQ(topo.nodes.line, 2U);
    EXPECT_EQ(topo.tiers.value, 2U);
    EXPECT_EQ(topo.podsize.value, 16U);
    ASSERT_EQ(topo.tier.size(), 2U);
    const auto& t0 = topo.tier[0];
    EXPECT_EQ(t0.at("Downlink_speed_Gbps").value, 400U);
    EXPECT_EQ(t0.at("Radix_Down").value, 4U);
    EXPECT_EQ(t0.at("Radix_Up").value, 2U);
    EXPECT_EQ(t0.at("Downlink_Latency_ns").value, 750U);
    EXPECT_EQ(t0.at("Switch_Latency_ns").value, 0U);
    EXPECT_EQ(t0.at("Oversubscribed").value, 2U);
    EXPECT_EQ(t0.at("Bundle").value, 1U);
    EXPECT_EQ(t0.at("Queue_Down").value, 100000U);
    EXPECT_EQ(t0.at("Queue_Up").value, 200000U);
    EXPECT_EQ(t0.at("Queue_Up").line, 14U);
    EXPECT_EQ(topo.tier[1].at("Tier").line, 15U);
    EXPECT_EQ(topo.tier[1].at("Radix_Down").value, 4U);
    EXPECT_EQ(topo.tier[1].at("Queue_Down").line, 17U);
}

TEST(HtsimTopologyFile, FatTree128IsTheK8FatTree)
{
    const HtsimFabric fabric = Map(FAT_TREE_128);
    EXPECT_TRUE(fabric.fatTree);
    EXPECT_EQ(fabric.k, 8U);
    EXPECT_EQ(fabric.oversubscription, 1U);
    EXPECT_EQ(fabric.linkRateGbps, 100U);
    EXPECT_TRUE(fabric.linkDelayGiven);
    EXPECT_EQ(fabric.linkDelayNs, 1000U);
    EXPECT_EQ(fabric.Make()->Name(), "fat-tree");
    EXPECT_EQ(fabric.Make()->HostCount(), 128U);
}

TEST(HtsimTopologyFile, AnOversubscribedFatTree)
{
    // k=4 with 4 hosts an edge switch: 2 times its 2 uplinks.
    const HtsimFabric fabric = Map("Nodes 32\nTiers 3\nPodsize 8\n"
                                   "Tier 0\nRadix_Down 4\nRadix_Up 2\nOversubscribed 2\n"
                                   "Tier 1\nRadix_Down 2\nRadix_Up 2\nTier 2\nRadix_Down 4\n");
    EXPECT_TRUE(fabric.fatTree);
    EXPECT_EQ(fabric.k, 4U);
    EXPECT_EQ(fabric.oversubscription, 2U);
    EXPECT_EQ(fabric.linkRateGbps, 0U) << "no speed: --linkRate's";
    EXPECT_FALSE(fabric.linkDelayGiven);
    EXPECT_EQ(fabric.Make()->HostCount(), 32U);
}

TEST(HtsimTopologyFile, LeafSpine1024Is32LeavesOf32Hosts)
{
    const HtsimFabric fabric = Map(LEAF_SPINE_1024);
    EXPECT_FALSE(fabric.fatTree);
    EXPECT_EQ(fabric.leaves, 32U);
    EXPECT_EQ(fabric.spines, 32U);
    EXPECT_EQ(fabric.hostsPerLeaf, 32U);
    EXPECT_EQ(fabric.linksPerSpine, 1U);
    EXPECT_EQ(fabric.linkRateGbps, 100U);
    EXPECT_EQ(fabric.linkDelayNs, 1000U);
    EXPECT_EQ(fabric.Make()->Describe(),
              "leaf-spine leaves=32 spines=32 hostsPerLeaf=32 linksPerSpine=1");
}

TEST(HtsimTopologyFile, OversubscribedLeavesAndBundles)
{
    // 4:1 as leaf_spine_1024_oversub.topo: a leaf's 4 hosts over 1 uplink, to 1 spine.
    const HtsimFabric over = Map(LeafSpine("Radix_Down 4\nRadix_Up 1\nOversubscribed 4\n", TIER1));
    EXPECT_EQ(over.spines, 1U);
    EXPECT_EQ(over.hostsPerLeaf, 4U);
    // Two links between each leaf and each of 2 spines.
    const HtsimFabric bundled = Map(LeafSpine(TIER0, "Radix_Down 8\nBundle 2\n"));
    EXPECT_EQ(bundled.leaves, 4U);
    EXPECT_EQ(bundled.spines, 2U);
    EXPECT_EQ(bundled.linksPerSpine, 2U);
}

TEST(HtsimTopologyFile, RefusesMalformedLines)
{
    EXPECT_EQ(ErrorOf("Nodes 16 17\n"), "t.topo:1: malformed line: want 'Nodes NUMBER'");
    EXPECT_EQ(ErrorOf("Nodes\n"), "t.topo:1: malformed line: want 'Nodes NUMBER'");
    EXPECT_EQ(ErrorOf("\nNodes -1\n"),
              "t.topo:2: Nodes '-1' is not a whole number from 0 to 4294967295");
    EXPECT_EQ(ErrorOf("Nodes 4294967296\n"),
              "t.topo:1: Nodes '4294967296' is not a whole number from 0 to 4294967295");
    EXPECT_EQ(ErrorOf("Nodes 1e3\n"),
              "t.topo:1: Nodes '1e3' is not a whole number from 0 to 4294967295");
    EXPECT_EQ(ErrorOf("Hosts 16\n"),
              "t.topo:1: unknown key 'Hosts' (keys: Nodes, Tiers, Podsize, Tier, "
              "Downlink_speed_Gbps, Radix_Down, Radix_Up, Downlink_Latency_ns, "
              "Switch_Latency_ns, Oversubscribed, Bundle, Queue_Down, Queue_Up)");
    EXPECT_EQ(ErrorOf("Nodes\x01 1\n").rfind("t.topo:1: unknown key 'Nodes\\x01' (keys: ", 0), 0U);
}

TEST(HtsimTopologyFile, RefusesMisplacedAndRepeatedKeys)
{
    EXPECT_EQ(ErrorOf("Nodes 16\nNodes 16\n"), "t.topo:2: Nodes given twice (first on line 1)");
    EXPECT_EQ(ErrorOf("Tiers 4\n"), "t.topo:1: Tiers 4: a file has 2 or 3 tiers");
    EXPECT_EQ(ErrorOf("Nodes 0\n"), "t.topo:1: Nodes must be positive");
    EXPECT_EQ(ErrorOf("Podsize 0\n"), "t.topo:1: Podsize must be positive");
    EXPECT_EQ(ErrorOf("Tier 0\n"), "t.topo:1: Tier before the header's Tiers line");
    EXPECT_EQ(ErrorOf("Tiers 2\nTier 2\n"), "t.topo:2: Tier 2: the file has 2 tiers (Tier 0 to 1)");
    EXPECT_EQ(ErrorOf("Tiers 2\nTier 0\nTier 0\n"),
              "t.topo:3: Tier 0 given twice (first on line 2)");
    EXPECT_EQ(ErrorOf("Radix_Down 4\n"), "t.topo:1: Radix_Down before any Tier line");
    EXPECT_EQ(ErrorOf("Tiers 2\nTier 0\nRadix_Down 4\nradix_down 4\n"),
              "t.topo:4: Radix_Down given twice in Tier 0 (first on line 3)");
    EXPECT_EQ(ErrorOf("Tiers 2\nTier 0\nNodes 4\n"),
              "t.topo:3: Nodes belongs in the header, before the first Tier line");
    EXPECT_EQ(ErrorOf("Tiers 2\nTier 1\nRadix_Up 4\n"),
              "t.topo:3: Radix_Up in Tier 1, the top tier, which has no uplinks");
    EXPECT_EQ(ErrorOf("Tiers 3\nTier 2\nQueue_Up 4\n"),
              "t.topo:3: Queue_Up in Tier 2, the top tier, which has no uplinks");
}

TEST(HtsimTopologyFile, RefusesAMissingHeaderOrTier)
{
    EXPECT_EQ(ErrorOf("Tiers 2\nPodsize 16\n"), "t.topo: no Nodes line");
    EXPECT_EQ(ErrorOf("Nodes 16\nPodsize 16\n"), "t.topo: no Tiers line");
    EXPECT_EQ(ErrorOf("Nodes 16\nTiers 2\n"), "t.topo: no Podsize line");
    EXPECT_EQ(ErrorOf("Nodes 16\nTiers 2\nPodsize 16\nTier 0\n" + TIER0),
              "t.topo: no Tier 1 section");
    EXPECT_EQ(ErrorOf(LeafSpine("Radix_Down 4\n", TIER1)), "t.topo:4: Tier 0 has no Radix_Up");
    EXPECT_EQ(ErrorOf(LeafSpine(TIER0, "")), "t.topo:7: Tier 1 has no Radix_Down");
    EXPECT_EQ(ErrorOf(LeafSpine(TIER0, "Radix_Down 0\n")), "t.topo:8: Radix_Down must be positive");
}

TEST(HtsimTopologyFile, RefusesWhatFabricLbCannotBuild)
{
    EXPECT_EQ(ErrorOf(LeafSpine(TIER0, TIER1 + "Switch_Latency_ns 500\n")),
              "t.topo:9: Tier 1 Switch_Latency_ns 500: fabric-lb's switches forward with no "
              "latency (0 only)");
    EXPECT_EQ(ErrorOf(LeafSpine(TIER0 + "Queue_Down 1000\n", TIER1)),
              "t.topo:7: Tier 0 Queue_Down: per-tier queue sizes are not supported "
              "(--bufferBytes sizes every port)");
    EXPECT_EQ(ErrorOf(LeafSpine(TIER0 + "Downlink_speed_Gbps 100\n",
                                TIER1 + "Downlink_speed_Gbps 200\n")),
              "t.topo:10: Tier 1 Downlink_speed_Gbps 200 differs from Tier 0's 100: fabric-lb "
              "has one --linkRate for every link");
    EXPECT_EQ(ErrorOf(LeafSpine(TIER0 + "Downlink_speed_Gbps 100\n", TIER1)),
              "t.topo:7: Tier 1 has no Downlink_speed_Gbps while Tier 0 gives it: fabric-lb has "
              "one --linkRate for every link");
    EXPECT_EQ(ErrorOf(LeafSpine(TIER0, TIER1 + "Downlink_Latency_ns 1000\n")),
              "t.topo:9: Tier 1 Downlink_Latency_ns given while Tier 0 has none: fabric-lb has "
              "one --linkDelay for every link");
    EXPECT_EQ(
        ErrorOf(LeafSpine(TIER0 + "Downlink_speed_Gbps 0\n", TIER1 + "Downlink_speed_Gbps 0\n")),
        "t.topo:7: Downlink_speed_Gbps must be positive");
    EXPECT_EQ(ErrorOf(LeafSpine(TIER0 + "Bundle 2\n", TIER1)),
              "t.topo:7: Tier 0 Bundle: a host has one link to its switch (1 only)");
    EXPECT_EQ(ErrorOf(LeafSpine("Radix_Down 4\nRadix_Up 2\n", TIER1)),
              "t.topo:4: Tier 0 Radix_Down 4 over Radix_Up 2 is not its Oversubscribed 1");
    EXPECT_EQ(ErrorOf(LeafSpine(TIER0, TIER1 + "Oversubscribed 2\n")),
              "t.topo:9: Tier 1 Oversubscribed: the top tier has no uplinks (1 only)");
    EXPECT_EQ(ErrorOf("Nodes 16\nTiers 2\nPodsize 8\nTier 0\n" + TIER0 + "Tier 1\n" + TIER1),
              "t.topo:3: Podsize 8 of Nodes 16: a 2-tier file of several pods is several "
              "fabrics (Podsize = Nodes)");
    EXPECT_EQ(ErrorOf("Nodes 16\nTiers 2\nPodsize 12\nTier 0\n" + TIER0 + "Tier 1\n" + TIER1),
              "t.topo:3: Podsize 12 does not divide Nodes 16");
    EXPECT_EQ(ErrorOf(LeafSpine("Radix_Down 3\nRadix_Up 3\n", TIER1)),
              "t.topo:5: Tier 0 Radix_Down 3 does not divide Podsize 16");
    EXPECT_EQ(ErrorOf(LeafSpine(TIER0, "Radix_Down 8\n")),
              "t.topo:8: Tier 1 Radix_Down 8 is not the 4 leaves times Bundle 1");
    EXPECT_EQ(ErrorOf(LeafSpine("Radix_Down 4\nRadix_Up 1\nOversubscribed 4\n",
                                "Radix_Down 8\nBundle 2\n")),
              "t.topo:6: Tier 0 Radix_Up 1 is not a multiple of Tier 1 Bundle 2");
}

TEST(HtsimTopologyFile, RefusesAThreeTierFileThatIsNoKaryFatTree)
{
    // uet-htsim's fat_tree_1024_4os.topo: 8 edge switches a pod, where k=4 has 2.
    EXPECT_EQ(ErrorOf("Nodes 1024\nTiers 3\nPodsize 64\nTier 0\nOversubscribed 4\n"
                      "Radix_Down 8\nRadix_Up 2\nTier 1\nRadix_Down 8\nRadix_Up 8\n"
                      "Tier 2\nRadix_Down 16\n"),
              "t.topo:9: not a k-ary fat tree (Tier 0 Radix_Up 2: k=4): Tier 1 Radix_Down is 8, "
              "k=4 needs 2");
    std::string bundled = FAT_TREE_128;
    bundled.replace(bundled.find("Bundle 1"), 8, "Bundle 2");
    EXPECT_EQ(ErrorOf(bundled),
              "t.topo:21: not a k-ary fat tree (Tier 0 Radix_Up 4: k=8): Tier 1 Bundle is 2, "
              "k=8 needs 1");
    std::string nodes = FAT_TREE_128;
    nodes.replace(nodes.find("Nodes 128"), 9, "Nodes 256");
    EXPECT_EQ(ErrorOf(nodes),
              "t.topo:2: not a k-ary fat tree (Tier 0 Radix_Up 4: k=8): Nodes is 256, k=8 needs "
              "128");
}

TEST(HtsimTopologyFile, ReadingAFileThatIsNotThereNamesIt)
{
    try
    {
        ReadHtsimTopologyFile("/nonexistent/f.topo");
        FAIL() << "no error";
    }
    catch (const HtsimTopologyError& e)
    {
        EXPECT_EQ(std::string(e.what()), "/nonexistent/f.topo: cannot open");
    }
}
