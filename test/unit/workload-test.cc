/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "uniform-source.h"

#include "ns3/workload.h"

#include <gtest/gtest.h>
#include <set>
#include <stdexcept>

using namespace ns3::fabriclb;

TEST(Workload, DerangementIsAPermutationWithoutFixedPoints)
{
    for (uint32_t seed = 0; seed < 50; ++seed)
    {
        const auto order = RandomDerangement(128, Source(seed));
        std::set<uint32_t> targets(order.begin(), order.end());
        EXPECT_EQ(targets.size(), 128U);
        for (uint32_t i = 0; i < order.size(); ++i)
        {
            EXPECT_NE(order[i], i);
        }
    }
}

TEST(Workload, DerangementsOfThreeAreBothCycles)
{
    // The only derangements of 3 are the two 3-cycles; a uniform sampler hits both.
    std::set<std::vector<uint32_t>> seen;
    UniformIndex source = Source(1);
    for (int i = 0; i < 100; ++i)
    {
        seen.insert(RandomDerangement(3, source));
    }
    EXPECT_EQ(seen, (std::set<std::vector<uint32_t>>{{1, 2, 0}, {2, 0, 1}}));
}

TEST(Workload, PermutationSendsAndReceivesOncePerHost)
{
    const auto messages = PermutationWorkload(16, 1000, Source(3));
    ASSERT_EQ(messages.size(), 16U);
    std::set<uint32_t> receivers;
    for (uint32_t h = 0; h < 16; ++h)
    {
        EXPECT_EQ(messages[h].source, h);
        EXPECT_EQ(messages[h].bytes, 1000U);
        receivers.insert(messages[h].destination);
    }
    EXPECT_EQ(receivers.size(), 16U);
}

TEST(Workload, AllToAllCoversEveryOrderedPair)
{
    const auto messages = AllToAllWorkload(8, 4096);
    ASSERT_EQ(messages.size(), 56U);
    std::set<std::pair<uint32_t, uint32_t>> pairs;
    for (const MessageSpec& m : messages)
    {
        EXPECT_NE(m.source, m.destination);
        pairs.insert({m.source, m.destination});
    }
    EXPECT_EQ(pairs.size(), 56U);
}

TEST(Workload, RejectsTooFewHosts)
{
    EXPECT_THROW(RandomDerangement(1, Source(0)), std::invalid_argument);
}
