/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "uniform-source.h"

#include "ns3/queue-choice.h"

#include <gtest/gtest.h>
#include <map>
#include <set>
#include <stdexcept>

using namespace ns3::fabriclb;

TEST(Adaptive, QuantisedBands)
{
    const uint64_t buffer = 1000;
    EXPECT_EQ(QuantisedBand(0, buffer), 0U);
    EXPECT_EQ(QuantisedBand(49, buffer), 0U);
    EXPECT_EQ(QuantisedBand(50, buffer), 1U);
    EXPECT_EQ(QuantisedBand(99, buffer), 1U);
    EXPECT_EQ(QuantisedBand(100, buffer), 2U);
    EXPECT_EQ(QuantisedBand(199, buffer), 2U);
    EXPECT_EQ(QuantisedBand(200, buffer), 3U);
    EXPECT_EQ(QuantisedBand(5000, buffer), 3U);
    EXPECT_EQ(QuantisedBand(300, buffer, {0.5}), 0U);
    EXPECT_EQ(QuantisedBand(500, buffer, {0.5}), 1U);
}

TEST(Adaptive, LowestBandPicksOnlyTheLowestBandUniformly)
{
    const uint64_t buffer = 800'000; // bands at 40 KB, 80 KB, 160 KB

    struct Case
    {
        std::vector<uint32_t> backlogs;
        std::set<uint32_t> allowed;
    };

    const std::vector<Case> cases{
        {{0, 0, 0, 0}, {0, 1, 2, 3}},
        {{39'999, 0, 40'000, 12'000}, {0, 1, 3}},             // band 0
        {{50'000, 90'000, 200'000, 79'999}, {0, 3}},          // band 1
        {{100'000, 170'000, 90'000, 159'999}, {0, 2, 3}},     // band 2
        {{500'000, 160'000, 800'000, 300'000}, {0, 1, 2, 3}}, // all band 3
        {{200'000, 200'000, 45'000, 200'000}, {2}},           // a single winner
        {{4'000}, {0}},
    };
    UniformIndex draw = Source(12);
    for (const Case& c : cases)
    {
        std::map<uint32_t, int> hits;
        for (int i = 0; i < 400; ++i)
        {
            ++hits[ChooseLowestBand(c.backlogs, buffer, draw)];
        }
        std::set<uint32_t> picked;
        for (const auto& [port, count] : hits)
        {
            picked.insert(port);
            EXPECT_NEAR(count, 400.0 / c.allowed.size(), 60.0);
        }
        EXPECT_EQ(picked, c.allowed);
    }
    EXPECT_THROW(ChooseLowestBand({}, buffer, draw), std::invalid_argument);
}

TEST(Adaptive, JsqPicksTheExactMinimum)
{
    UniformIndex draw = Source(13);
    EXPECT_EQ(ChooseShortest({5, 3, 4, 9}, draw), 1U);
    EXPECT_EQ(ChooseShortest({39'999, 0, 40'000, 1}, draw), 1U);
    EXPECT_EQ(ChooseShortest({7}, NoDraw), 0U);
    std::set<uint32_t> picked;
    for (int i = 0; i < 200; ++i)
    {
        picked.insert(ChooseShortest({2, 1, 3, 1, 1}, draw));
    }
    EXPECT_EQ(picked, (std::set<uint32_t>{1, 3, 4}));
    EXPECT_THROW(ChooseShortest({}, draw), std::invalid_argument);
}

TEST(Adaptive, UniformCoversEveryCandidate)
{
    UniformIndex draw = Source(14);
    std::vector<int> count(5, 0);
    for (int i = 0; i < 5000; ++i)
    {
        ++count[ChooseUniform(5, draw)];
    }
    for (int c : count)
    {
        EXPECT_NEAR(c, 1000, 150);
    }
    EXPECT_EQ(ChooseUniform(1, NoDraw), 0U);
    EXPECT_THROW(ChooseUniform(0, draw), std::invalid_argument);
}
