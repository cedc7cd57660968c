/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "uniform-source.h"

#include "ns3/flowlet-table.h"
#include "ns3/queue-choice.h"

#include <gtest/gtest.h>
#include <memory>
#include <set>
#include <stdexcept>

using namespace ns3::fabriclb;

TEST(Flowlet, KeepsThePortWithinTheGapAndMayChangeAfterIt)
{
    const uint64_t gap = FlowletTable::DEFAULT_IDLE_GAP_PS;
    FlowletTable table(gap, FlowletTable::DEFAULT_SLOTS, 1); // LetFlow: a new port every gap
    EXPECT_EQ(table.Slots(), 4096U);
    UniformIndex draw = Source(15);
    std::set<uint32_t> portsAfterGaps;
    for (uint32_t flow = 0; flow < 50; ++flow)
    {
        const uint32_t hash = 0x9e3779b9U * (flow + 1);
        uint64_t now = flow * 1000;
        const uint32_t first = table.Select(hash, now, EveryPort(8), draw);
        // Back-to-back packets, each gap exactly the idle gap: same flowlet.
        for (int i = 0; i < 20; ++i)
        {
            now += (i % 2 == 0) ? gap : 1000;
            EXPECT_EQ(table.Select(hash, now, EveryPort(8), draw), first);
        }
        // One gap longer than the idle gap: a new draw.
        const uint64_t before = table.NewFlowlets();
        now += gap + 1;
        portsAfterGaps.insert(table.Select(hash, now, EveryPort(8), draw));
        EXPECT_EQ(table.NewFlowlets(), before + 1);
    }
    EXPECT_GT(portsAfterGaps.size(), 4U);
}

TEST(Flowlet, ColdSlotsAndShrinkingCandidateSets)
{
    FlowletTable table(1000, 16);
    auto calls = std::make_shared<uint64_t>(0);
    UniformIndex draw = CountingSource(16, calls);
    table.Select(3, 0, EveryPort(4), draw);
    EXPECT_EQ(*calls, 1U);
    table.Select(3 + 16, 10, EveryPort(4), draw); // same slot (colliding hash), still hot
    EXPECT_EQ(*calls, 1U);
    table.Select(4, 10, EveryPort(4), draw); // another slot, cold
    EXPECT_EQ(*calls, 2U);
    // A port beyond the current candidate count is replaced.
    FlowletTable single(1000, 16);
    const uint32_t port = single.Select(5, 0, EveryPort(8), [](uint32_t) { return 7U; });
    EXPECT_EQ(port, 7U);
    EXPECT_LT(single.Select(5, 1, EveryPort(4), draw), 4U);
    EXPECT_THROW(FlowletTable(1000, 12), std::invalid_argument);
    EXPECT_THROW(FlowletTable(1000, 0), std::invalid_argument);
}

TEST(Flowlet, RepathsAfterAGapWithTheRepathProbability)
{
    const uint64_t gap = 1000;
    const uint32_t flows = 2000;
    for (double p : {0.0, 0.25, 0.5, 1.0})
    {
        FlowletTable table(gap, 4096, p);
        auto calls = std::make_shared<uint64_t>(0);
        UniformIndex draw = CountingSource(18, calls);
        uint64_t repaths = 0;
        for (uint32_t flow = 0; flow < flows; ++flow)
        {
            const uint32_t hash = flow; // one slot each
            const uint32_t first = table.Select(hash, 0, EveryPort(1000), draw);
            const uint64_t before = table.NewFlowlets();
            const uint64_t callsBefore = *calls;
            // Within the gap: the port stands and nothing is drawn.
            EXPECT_EQ(table.Select(hash, gap, EveryPort(1000), draw), first);
            EXPECT_EQ(*calls, callsBefore);
            // After it: a new port with probability p.
            table.Select(hash, 2 * gap + 1, EveryPort(1000), draw);
            repaths += table.NewFlowlets() - before;
        }
        const double expected = p * flows;
        EXPECT_NEAR(static_cast<double>(repaths), expected, 100.0) << "p = " << p;
        EXPECT_EQ(table.NewFlowlets(), flows + repaths);
    }
    EXPECT_THROW(FlowletTable(gap, 16, 1.5), std::invalid_argument);
    EXPECT_THROW(FlowletTable(gap, 16, -0.1), std::invalid_argument);
}

TEST(Flowlet, AFlowletThatStaysCountsItsNextGapFromItsLastPacket)
{
    const uint64_t gap = 1000;
    FlowletTable never(gap, 16, 0);
    auto calls = std::make_shared<uint64_t>(0);
    UniformIndex draw = CountingSource(19, calls);
    const uint32_t port = never.Select(7, 0, EveryPort(8), draw);
    EXPECT_EQ(*calls, 1U);
    // Probability 0: gaps never move it, and no coin is tossed.
    for (uint64_t now = gap + 1; now < 20 * gap; now += gap + 1)
    {
        EXPECT_EQ(never.Select(7, now, EveryPort(8), draw), port);
    }
    EXPECT_EQ(*calls, 1U);
    EXPECT_EQ(never.NewFlowlets(), 1U);
    // Probability 1/2: a coin after each gap; a flowlet that stays starts its
    // next gap at this packet, so a packet within the gap tosses nothing.
    FlowletTable half(gap, 16, 0.5);
    half.Select(7, 0, EveryPort(8), draw);
    half.Select(7, gap + 1, EveryPort(8), [](uint32_t bound) { return bound - 1; }); // tails: stays
    EXPECT_EQ(half.NewFlowlets(), 1U);
    half.Select(7, 2 * gap + 1, EveryPort(8), NoDraw); // within the gap after the last packet
}

TEST(Flowlet, AFlowWhosePortIsNoLongerACandidateMovesAtOnce)
{
    FlowletTable table(10000, 64, 0.0); // never repaths after a gap
    UniformIndex draw = Source(5);
    const uint32_t port = table.Select(7, 0, {0, 1, 2, 3}, draw);
    EXPECT_EQ(table.Select(7, 1, {0, 1, 2, 3}, draw), port);
    std::vector<uint32_t> others;
    for (uint32_t p = 0; p < 4; ++p)
    {
        if (p != port)
        {
            others.push_back(p);
        }
    }
    const uint32_t moved = table.Select(7, 2, others, draw);
    EXPECT_NE(moved, port);
    EXPECT_EQ(table.Select(7, 3, others, draw), moved); // and stays there
    EXPECT_EQ(table.NewFlowlets(), 2U);
    EXPECT_THROW(table.Select(7, 4, {}, draw), std::invalid_argument);
}
