/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "balanced-windows.h"
#include "uniform-source.h"

#include "ns3/fat-tree-topology.h"
#include "ns3/host-labels.h"
#include "ns3/leaf-spine-topology.h"

#include <algorithm>
#include <cstdint>
#include <gtest/gtest.h>
#include <map>
#include <set>
#include <stdexcept>
#include <vector>

using namespace ns3::fabriclb;

// ---------------------------------------------------------------- REPS

TEST(Reps, ReusesUnmarkedAndAbandonsMarkedLabels)
{
    RepsLabelCache reps(8, 100, 1024);
    UniformIndex draw = Source(17);
    // Empty cache: explore.
    const uint16_t a = reps.NextLabel(0, draw);
    const uint16_t b = reps.NextLabel(0, draw);
    const uint16_t c = reps.NextLabel(0, draw);
    EXPECT_EQ(reps.Explored(), 3U);
    for (uint16_t label : {a, b, c})
    {
        EXPECT_GE(label, 1024U);
    }
    reps.OnAck(a, false); // good: recycled
    reps.OnAck(b, true);  // ECN: abandoned
    reps.OnLoss(c, 0);    // lost: abandoned
    EXPECT_EQ(reps.Cached(), 1U);
    EXPECT_EQ(reps.NextLabel(0, draw), a);
    EXPECT_EQ(reps.Explored(), 3U);
    // Cache empty again: explore.
    reps.NextLabel(0, draw);
    EXPECT_EQ(reps.Explored(), 4U);
}

TEST(Reps, RecyclesInFifoOrderUpToCapacity)
{
    RepsLabelCache reps(3);
    for (uint16_t label : {2000, 2001, 2002, 2003})
    {
        reps.OnAck(label, false);
    }
    EXPECT_EQ(reps.Cached(), 3U);
    EXPECT_EQ(reps.NextLabel(0, NoDraw), 2000U);
    EXPECT_EQ(reps.NextLabel(0, NoDraw), 2001U);
    reps.OnAck(2000, false);
    EXPECT_EQ(reps.NextLabel(0, NoDraw), 2002U);
    EXPECT_EQ(reps.NextLabel(0, NoDraw), 2000U);
    EXPECT_EQ(reps.Cached(), 0U);
}

TEST(Reps, ExploresTheWholeLabelRange)
{
    RepsLabelCache reps(4, 10, 65000);
    UniformIndex draw = Source(18);
    std::set<uint16_t> seen;
    for (int i = 0; i < 20000; ++i)
    {
        const uint16_t label = reps.NextLabel(0, draw);
        EXPECT_GE(label, 65000U);
        seen.insert(label);
    }
    EXPECT_EQ(seen.size(), 536U);
}

TEST(Reps, FreezeReusesCachedLabelsWithoutExploringThenStartsAfresh)
{
    RepsLabelCache reps(8, 10000, 1024); // freezes last 10 ns
    reps.OnAck(3000, false);
    reps.OnAck(3001, false);
    reps.OnTimeout(1000);
    EXPECT_TRUE(reps.Frozen());
    EXPECT_EQ(reps.Freezes(), 1U);
    reps.OnTimeout(5000); // already frozen: the freeze is not extended
    EXPECT_EQ(reps.Freezes(), 1U);
    std::vector<uint16_t> labels;
    for (uint64_t now = 1000; now < 11000; now += 2000)
    {
        labels.push_back(reps.NextLabel(now, NoDraw));
    }
    EXPECT_EQ(labels, (std::vector<uint16_t>{3000, 3001, 3000, 3001, 3000}));
    EXPECT_TRUE(reps.Frozen());
    EXPECT_EQ(reps.Explored(), 0U);
    // The freeze ends at 11 ns: the cache is emptied and fresh labels are explored.
    EXPECT_GE(reps.NextLabel(11000, Source(1)), 1024U);
    EXPECT_FALSE(reps.Frozen());
    EXPECT_EQ(reps.Cached(), 0U);
    EXPECT_EQ(reps.Explored(), 1U);
    reps.OnTimeout(20000); // a later timeout freezes again
    EXPECT_EQ(reps.Freezes(), 2U);
}

TEST(Reps, FreezeStillEvictsBadLabelsAndAvoidsDuplicates)
{
    RepsLabelCache reps(8, 100, 1024);
    reps.OnAck(3000, false);
    reps.OnAck(3001, false);
    reps.OnAck(3002, false);
    reps.OnTimeout(0);
    EXPECT_EQ(reps.NextLabel(0, NoDraw), 3000U);
    reps.OnAck(3000, false); // already cached while frozen: not duplicated
    EXPECT_EQ(reps.Cached(), 3U);
    reps.OnAck(3001, true); // ECN while frozen: evicted
    reps.OnLoss(3002, 0);   // loss while frozen: evicted
    EXPECT_EQ(reps.Cache(), (std::deque<uint16_t>{3000}));
    EXPECT_EQ(reps.NextLabel(0, NoDraw), 3000U);
    EXPECT_EQ(reps.NextLabel(0, NoDraw), 3000U);
    reps.OnLoss(3000, 0);
    // A frozen but empty cache can only explore.
    const uint16_t fresh = reps.NextLabel(0, Source(2));
    EXPECT_GE(fresh, 1024U);
    EXPECT_EQ(reps.Explored(), 1U);
    EXPECT_THROW(RepsLabelCache(0), std::invalid_argument);
}

TEST(Reps, FreezesWhenALostLabelIsPickedAgainAsTheStudysSimulator)
{
    RepsLabelCache reps(8, 100, 1024);
    std::vector<uint32_t> draws{5, 5, 6, 5};
    size_t next = 0;
    const UniformIndex draw = [&](uint32_t) { return draws.at(next++); };
    EXPECT_EQ(reps.NextLabel(0, draw), 1029U);
    reps.OnLoss(1029, 10);
    EXPECT_FALSE(reps.Frozen()) << "a loss alone does not freeze";
    // The next exploration draws the overdue label again: a timeout. The label is
    // skipped and forgotten, and the queue pair freezes.
    EXPECT_EQ(reps.NextLabel(20, draw), 1030U);
    EXPECT_TRUE(reps.Frozen());
    EXPECT_EQ(reps.Freezes(), 1U);
    // Forgotten: drawn once more, it is used.
    EXPECT_EQ(reps.NextLabel(30, draw), 1029U);
    EXPECT_EQ(reps.Freezes(), 1U);
}

TEST(Reps, AnAckClearsAnOverdueLabel)
{
    RepsLabelCache reps(8, 100, 1024);
    const UniformIndex draw = [](uint32_t) { return 5U; };
    EXPECT_EQ(reps.NextLabel(0, draw), 1029U);
    reps.OnLoss(1029, 10);
    reps.OnAck(1029, false); // a late ACK of the same label: good again, recycled
    EXPECT_EQ(reps.NextLabel(20, NoDraw), 1029U);
    EXPECT_FALSE(reps.Frozen());
    EXPECT_EQ(reps.NextLabel(30, draw), 1029U); // explored again, not overdue
    EXPECT_EQ(reps.Freezes(), 0U);
}

TEST(Reps, FreezeAtEveryLossFreezesAtOnce)
{
    RepsLabelCache reps(8, 100, 1024, true);
    reps.OnAck(3000, false);
    reps.OnLoss(3001, 50);
    EXPECT_TRUE(reps.Frozen());
    EXPECT_EQ(reps.Freezes(), 1U);
    EXPECT_EQ(reps.NextLabel(60, NoDraw), 3000U);
    EXPECT_EQ(reps.NextLabel(149, NoDraw), 3000U);
    EXPECT_TRUE(reps.Frozen());
    EXPECT_GE(reps.NextLabel(150, Source(3)), 1024U); // thawed at 50 + 100
    EXPECT_FALSE(reps.Frozen());
}

// ---------------------------------------------------------------- PLB

namespace
{
/// A draw that must be asked for exactly \p bound and answers \p value.
UniformIndex
Fixed(uint32_t bound, uint32_t value)
{
    return [bound, value](uint32_t asked) {
        EXPECT_EQ(asked, bound);
        return value;
    };
}
} // namespace

TEST(Plb, RepathsOnceThePathHasNotBeenGoodForLongerThanTheInterval)
{
    const uint64_t gap = 1000; // the congested interval is 10000 + [0, 2000) ps
    PlbState plb;              // the last 10 ACKs; good while fewer than 4 are marked
    const UniformIndex draw = Fixed(2000, 500);
    EXPECT_FALSE(plb.OnAck(false, 0, gap, draw));
    EXPECT_EQ(plb.CongestedIntervalPs(), 10'500U);
    // Three marks among the last ten: still good, each one a new last good time.
    for (uint64_t t : {1000, 2000, 3000})
    {
        EXPECT_FALSE(plb.OnAck(true, t, gap, draw));
        EXPECT_EQ(plb.LastGoodPs(), t);
    }
    // The fourth: not good. No repath until more than 10500 ps after 3000.
    EXPECT_FALSE(plb.OnAck(true, 4000, gap, NoDraw));
    EXPECT_FALSE(plb.OnAck(true, 13'500, gap, NoDraw));
    EXPECT_TRUE(plb.OnAck(true, 13'501, gap, NoDraw));
    // A repath counts as a good time; the interval and the marks stay.
    EXPECT_EQ(plb.LastGoodPs(), 13'501U);
    EXPECT_EQ(plb.MarkedAcks(), 6U);
    EXPECT_FALSE(plb.OnAck(true, 24'001, gap, NoDraw));
    EXPECT_TRUE(plb.OnAck(true, 24'002, gap, NoDraw));
    EXPECT_EQ(plb.Repaths(), 2U);
    // The window holds nine ACKs [F T T T T T T T T]; unmarked ones push the marks
    // out. After five, five marks remain; a sixth leaves four: not good, and more
    // than the interval after the repath, so it repaths although it is unmarked.
    uint64_t t = 30'000;
    for (uint32_t i = 0; i < 5; ++i, t += 10)
    {
        EXPECT_FALSE(plb.OnAck(false, t, gap, NoDraw)) << i;
        EXPECT_EQ(plb.LastGoodPs(), 24'002U);
    }
    EXPECT_EQ(plb.MarkedAcks(), 5U);
    EXPECT_TRUE(plb.OnAck(false, 34'503, gap, NoDraw));
    EXPECT_EQ(plb.MarkedAcks(), 4U);
    // The seventh leaves three: good again, with a fresh interval.
    EXPECT_FALSE(plb.OnAck(false, 36'600, gap, Fixed(2000, 1999)));
    EXPECT_EQ(plb.MarkedAcks(), 3U);
    EXPECT_EQ(plb.LastGoodPs(), 36'600U);
    EXPECT_EQ(plb.CongestedIntervalPs(), 11'999U);
    EXPECT_EQ(plb.Repaths(), 3U);
}

TEST(Plb, NoCongestionRepathBeforeTheFirstGoodAck)
{
    PlbState plb(10, 1, 10, 12); // one mark makes the path not good
    for (uint64_t t = 0; t < 100; ++t)
    {
        EXPECT_FALSE(plb.OnAck(true, t * 1'000'000'000, 1000, NoDraw));
    }
    EXPECT_FALSE(plb.HasInterval());
    EXPECT_EQ(plb.Repaths(), 0U);
    // A loss repaths even so.
    plb.OnLoss(5);
    EXPECT_EQ(plb.Repaths(), 1U);
    EXPECT_EQ(plb.LastGoodPs(), 5U);
}

TEST(Plb, ALossRepathsAndRestartsTheClock)
{
    PlbState plb(10, 1, 10, 10); // a fixed interval of 10 gaps: no draw
    EXPECT_FALSE(plb.OnAck(false, 0, 100, NoDraw));
    EXPECT_EQ(plb.CongestedIntervalPs(), 1000U);
    EXPECT_FALSE(plb.OnAck(true, 500, 100, NoDraw));
    plb.OnLoss(900);
    EXPECT_FALSE(plb.OnAck(true, 1900, 100, NoDraw)); // 1000 ps after the loss
    EXPECT_TRUE(plb.OnAck(true, 1901, 100, NoDraw));
    EXPECT_EQ(plb.Repaths(), 2U);
}

TEST(Plb, TheCongestedIntervalIsUniformInPacingGaps)
{
    UniformIndex draw = Source(20);
    for (uint64_t gap : {5'000ULL, 10'000'000'000ULL}) // 5 ns; 10 ms, a span beyond 32 bits
    {
        PlbState plb;
        uint64_t lowest = UINT64_MAX;
        uint64_t highest = 0;
        double sum = 0;
        const int draws = 20'000;
        for (int i = 0; i < draws; ++i)
        {
            plb.OnAck(false, i, gap, draw);
            lowest = std::min(lowest, plb.CongestedIntervalPs());
            highest = std::max(highest, plb.CongestedIntervalPs());
            sum += static_cast<double>(plb.CongestedIntervalPs());
        }
        EXPECT_GE(lowest, 10 * gap);
        EXPECT_LT(highest, 12 * gap);
        EXPECT_LT(lowest, 10 * gap + gap / 100);
        EXPECT_GT(highest, 12 * gap - gap / 100);
        EXPECT_NEAR(sum / draws / gap, 11.0, 0.02);
    }
    EXPECT_THROW(PlbState(0), std::invalid_argument);
    EXPECT_THROW(PlbState(10, 4, 12, 10), std::invalid_argument);
}

// ---------------------------------------------------------------- host DR

TEST(HostDr, LabelsDecodeToTheirUplinks)
{
    for (uint32_t half : {2U, 3U, 4U, 16U, 32U})
    {
        const uint16_t base = DrLabelBase(half);
        EXPECT_GE(base, 1024U);
        EXPECT_EQ(base % (half * half), 0U);
        std::set<uint16_t> labels;
        for (uint32_t e = 0; e < half; ++e)
        {
            for (uint32_t a = 0; a < half; ++a)
            {
                const uint16_t label = DrLabel(half, e, a);
                EXPECT_EQ(DrEdgeUplink(label, half), e);
                EXPECT_EQ(DrAggUplink(label, half), a);
                labels.insert(label);
            }
        }
        EXPECT_EQ(labels.size(), half * half);
    }
    EXPECT_THROW(DrLabel(4, 4, 0), std::invalid_argument);
    EXPECT_THROW(DrLabel(4, 0, 4), std::invalid_argument);
}

TEST(HostDr, CrossPodRotationCoversEachAggCorePairOncePerRotation)
{
    for (uint32_t k : {4U, 8U, 16U})
    {
        const auto fatTree = std::make_shared<const FatTreeTopology>(k);
        const FatTreeTopology& topo = *fatTree;
        const uint32_t half = topo.Half();
        const uint32_t source = 1;
        const uint32_t destination = topo.HostCount() - 1; // last pod
        ASSERT_NE(topo.PodOf(source), topo.PodOf(destination));
        HostDrRotation dr(fatTree, source);
        EXPECT_EQ(dr.Choices(destination), half * half);
        UniformIndex draw = Source(k);
        std::vector<uint32_t> aggs;
        for (uint32_t rotation = 0; rotation < 5; ++rotation)
        {
            std::set<uint32_t> cores;
            for (uint32_t i = 0; i < half * half; ++i)
            {
                const uint16_t label = dr.NextLabel(destination, 0, draw);
                const uint32_t agg = DrEdgeUplink(label, half);
                const uint32_t core = topo.CoreAbove(agg, DrAggUplink(label, half));
                cores.insert(core);
                aggs.push_back(agg);
            }
            EXPECT_EQ(cores.size(), topo.CoreCount()) << "k=" << k << " rotation " << rotation;
        }
        // Successive packets also spread evenly over the aggregation switches.
        ExpectBalancedWindows(aggs, half, half);
        ExpectBalancedWindows(aggs, half, half + 1);
    }
}

TEST(HostDr, PointersPerDestinationAndBin)
{
    const auto fatTree = std::make_shared<const FatTreeTopology>(8);
    const FatTreeTopology& topo = *fatTree;
    const uint32_t half = topo.Half();
    HostDrRotation dr(fatTree, 0);
    UniformIndex draw = Source(21);
    // Same pod, other edge: rotate over the aggregation switches.
    const uint32_t samePod = half; // host 4: pod 0, edge 1
    ASSERT_EQ(topo.Hops(0, samePod), 4U);
    EXPECT_EQ(dr.Choices(samePod), half);
    std::set<uint32_t> aggs;
    for (uint32_t i = 0; i < half; ++i)
    {
        aggs.insert(DrEdgeUplink(dr.NextLabel(samePod, 0, draw), half));
    }
    EXPECT_EQ(aggs.size(), half);
    // Same edge: no choice, no pointer.
    EXPECT_EQ(dr.Choices(1), 1U);
    EXPECT_EQ(dr.NextLabel(1, 0, NoDraw), DrLabelBase(half));
    EXPECT_EQ(dr.Pointers(), 1U);
    // Data and ACK bins to one destination keep separate pointers.
    const uint32_t remote = topo.HostsPerPod() * 3;
    dr.NextLabel(remote, 0, draw);
    dr.NextLabel(remote, 1, draw);
    EXPECT_EQ(dr.Pointers(), 3U);
}

TEST(HostDr, KnownFailuresTakePathsOutOfTheRotation)
{
    const auto fatTree = std::make_shared<const FatTreeTopology>(4);
    HostDrRotation dr(fatTree, 0);
    UniformIndex draw = Source(1);
    auto down = std::make_shared<LinkStates>(fatTree->LinkCount(), false);
    (*down)[*fatTree->FindLink("agg-p1-0:core-1")] = true;
    dr.SetKnownFailures(down);
    // Host 0 to host 4 (pod 1): of the 4 paths, (edge uplink 0, core 1) is gone.
    std::map<uint32_t, int> paths;
    for (int i = 0; i < 300; ++i)
    {
        const uint16_t label = dr.NextLabel(4, 0, draw);
        ++paths[DrEdgeUplink(label, 2) + 2 * DrAggUplink(label, 2)];
    }
    EXPECT_EQ(paths, (std::map<uint32_t, int>{{0, 100}, {1, 100}, {3, 100}}));
    // Another pod is unaffected.
    std::set<uint16_t> labels;
    for (int i = 0; i < 4; ++i)
    {
        labels.insert(dr.NextLabel(8, 0, draw));
    }
    EXPECT_EQ(labels.size(), 4U);
}

TEST(HostDr, LeafSpineRotatesOverSpinesAndLanes)
{
    // 3 leaves, 2 spines, 2 parallel links: 4 paths a leaf pair, labels from 1024.
    const auto leafSpine = std::make_shared<const LeafSpineTopology>(3, 2, 2, 2);
    HostDrRotation dr(leafSpine, 0);
    UniformIndex draw = Source(5);
    EXPECT_EQ(dr.Choices(5), 4U);
    EXPECT_EQ(dr.Choices(1), 1U); // the same leaf
    EXPECT_EQ(DrLabelBaseForSlots(leafSpine->PathSlots()), 1024U);
    std::map<uint32_t, int> uplinks;
    for (int i = 0; i < 40; ++i)
    {
        ++uplinks[LabelUplink(dr.NextLabel(5, 0, draw), 1, 4)];
    }
    EXPECT_EQ(uplinks, (std::map<uint32_t, int>{{0, 10}, {1, 10}, {2, 10}, {3, 10}}));
    // Spine 1's lane 0 into leaf 2 fails: leaf 0's uplink 1 no longer reaches it.
    auto down = std::make_shared<LinkStates>(leafSpine->LinkCount(), false);
    (*down)[*leafSpine->FindLink("leaf-2:spine-1/0")] = true;
    dr.SetKnownFailures(down);
    uplinks.clear();
    for (int i = 0; i < 30; ++i)
    {
        ++uplinks[LabelUplink(dr.NextLabel(5, 0, draw), 1, 4)];
    }
    EXPECT_EQ(uplinks, (std::map<uint32_t, int>{{0, 10}, {2, 10}, {3, 10}}));
}

TEST(HostDr, LabelBaseFitsThePaths)
{
    EXPECT_EQ(DrLabelBaseForSlots(16), DrLabelBase(4));
    EXPECT_EQ(DrLabelBaseForSlots(48), 1056U); // 22 x 48
    EXPECT_THROW(DrLabelBaseForSlots(0), std::invalid_argument);
    EXPECT_THROW(DrLabelBaseForSlots(40000), std::invalid_argument);
}
