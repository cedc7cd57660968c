/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "uniform-source.h"

#include "ns3/flowlet-table.h"

#include <gtest/gtest.h>
#include <memory>
#include <set>
#include <stdexcept>

using namespace ns3::fabriclb;

TEST(Flowlet, KeepsThePortWithinTheGapAndMayChangeAfterIt)
{
    const uint64_t gap = FlowletTable::DEFAULT_IDLE_GAP_PS;
    FlowletTable table;
    EXPECT_EQ(table.Slots(), 4096U);
    UniformIndex draw = Source(15);
    std::set<uint32_t> portsAfterGaps;
    for (uint32_t flow = 0; flow < 50; ++flow)
    {
        const uint32_t hash = 0x9e3779b9U * (flow + 1);
        uint64_t now = flow * 1000;
        const uint32_t first = table.Select(hash, now, 8, draw);
        // Back-to-back packets, each gap exactly the idle gap: same flowlet.
        for (int i = 0; i < 20; ++i)
        {
            now += (i % 2 == 0) ? gap : 1000;
            EXPECT_EQ(table.Select(hash, now, 8, draw), first);
        }
        // One gap longer than the idle gap: a new draw.
        const uint64_t before = table.NewFlowlets();
        now += gap + 1;
        portsAfterGaps.insert(table.Select(hash, now, 8, draw));
        EXPECT_EQ(table.NewFlowlets(), before + 1);
    }
    EXPECT_GT(portsAfterGaps.size(), 4U);
}

TEST(Flowlet, ColdSlotsAndShrinkingCandidateSets)
{
    FlowletTable table(1000, 16);
    auto calls = std::make_shared<uint64_t>(0);
    UniformIndex draw = CountingSource(16, calls);
    table.Select(3, 0, 4, draw);
    EXPECT_EQ(*calls, 1U);
    table.Select(3 + 16, 10, 4, draw); // same slot (colliding hash), still hot
    EXPECT_EQ(*calls, 1U);
    table.Select(4, 10, 4, draw); // another slot, cold
    EXPECT_EQ(*calls, 2U);
    // A port beyond the current candidate count is replaced.
    FlowletTable single(1000, 16);
    const uint32_t port = single.Select(5, 0, 8, [](uint32_t) { return 7U; });
    EXPECT_EQ(port, 7U);
    EXPECT_LT(single.Select(5, 1, 4, draw), 4U);
    EXPECT_THROW(FlowletTable(1000, 12), std::invalid_argument);
    EXPECT_THROW(FlowletTable(1000, 0), std::invalid_argument);
}
