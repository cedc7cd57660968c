/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "uniform-source.h"

#include "ns3/queue-choice.h"

#include <gtest/gtest.h>
#include <map>
#include <set>
#include <stdexcept>
#include <vector>

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
        // Refreshed at every read: the instantaneous backlogs.
        SampledBands bands(static_cast<uint32_t>(c.backlogs.size()), buffer, 0);
        const auto backlog = [&c](uint32_t port) { return c.backlogs[port]; };
        std::map<uint32_t, int> hits;
        for (int i = 0; i < 400; ++i)
        {
            ++hits[ChooseShortest(bands.Read(0, backlog),
                                  EveryPort(static_cast<uint32_t>(c.backlogs.size())),
                                  draw)];
        }
        std::set<uint32_t> picked;
        for (const auto& [port, count] : hits)
        {
            picked.insert(port);
            EXPECT_NEAR(count, 400.0 / c.allowed.size(), 60.0);
        }
        EXPECT_EQ(picked, c.allowed);
    }
    EXPECT_THROW(SampledBands(0, buffer, 0), std::invalid_argument);
}

TEST(Adaptive, BandsAreRecomputedOnlyWhenOlderThanTheRefreshInterval)
{
    const uint64_t refresh = 100;
    SampledBands bands(2, 1000, refresh); // bands at 50, 100, 200 B
    std::vector<uint32_t> backlogs{60, 250};
    std::vector<uint32_t> reads;
    const auto backlog = [&](uint32_t port) {
        reads.push_back(port);
        return backlogs[port];
    };
    // Every port starts in band 0, refreshed at time 0.
    EXPECT_EQ(bands.Read(0, backlog), (std::vector<uint32_t>{0, 0}));
    EXPECT_EQ(bands.Read(refresh, backlog), (std::vector<uint32_t>{0, 0}));
    EXPECT_TRUE(reads.empty());
    // More than the interval after the last refresh: recomputed.
    EXPECT_EQ(bands.Read(refresh + 1, backlog), (std::vector<uint32_t>{1, 3}));
    EXPECT_EQ(reads, (std::vector<uint32_t>{0, 1}));
    EXPECT_EQ(bands.RefreshedAt(0), refresh + 1);
    // The queues drain, but the cached bands stand until they are too old.
    backlogs = {0, 0};
    EXPECT_EQ(bands.Read(150, backlog), (std::vector<uint32_t>{1, 3}));
    EXPECT_EQ(bands.Read(2 * refresh + 1, backlog), (std::vector<uint32_t>{1, 3}));
    EXPECT_EQ(reads.size(), 2U);
    EXPECT_EQ(bands.Read(2 * refresh + 2, backlog), (std::vector<uint32_t>{0, 0}));
    EXPECT_EQ(reads.size(), 4U);
    EXPECT_EQ(bands.RefreshedAt(1), 2 * refresh + 2);
}

TEST(Adaptive, ZeroRefreshIntervalReadsEveryBacklogAtEveryRead)
{
    SampledBands bands(3, 1000, 0);
    std::vector<uint32_t> backlogs{0, 120, 0};
    uint32_t reads = 0;
    const auto backlog = [&](uint32_t port) {
        ++reads;
        return backlogs[port];
    };
    EXPECT_EQ(bands.Read(0, backlog), (std::vector<uint32_t>{0, 2, 0}));
    backlogs = {300, 0, 60};
    EXPECT_EQ(bands.Read(0, backlog), (std::vector<uint32_t>{3, 0, 1}));
    EXPECT_EQ(reads, 6U);
}

TEST(Adaptive, LowestBandChoiceFollowsTheCachedBands)
{
    const uint64_t refresh = 1000;
    SampledBands bands(2, 800'000, refresh);
    std::vector<uint32_t> backlogs{0, 50'000}; // bands 0 and 1
    const auto backlog = [&](uint32_t port) { return backlogs[port]; };
    UniformIndex draw = Source(17);
    EXPECT_EQ(ChooseShortest(bands.Read(refresh + 1, backlog), EveryPort(2), draw), 0U);
    backlogs = {200'000, 0}; // now bands 3 and 0, unseen until the next refresh
    for (uint64_t now = refresh + 1; now <= 2 * refresh + 1; now += 100)
    {
        EXPECT_EQ(ChooseShortest(bands.Read(now, backlog), EveryPort(2), NoDraw), 0U)
            << "at " << now << " ps";
    }
    EXPECT_EQ(ChooseShortest(bands.Read(2 * refresh + 2, backlog), EveryPort(2), NoDraw), 1U);
}

TEST(Adaptive, JsqPicksTheExactMinimum)
{
    UniformIndex draw = Source(13);
    EXPECT_EQ(ChooseShortest({5, 3, 4, 9}, EveryPort(4), draw), 1U);
    EXPECT_EQ(ChooseShortest({39'999, 0, 40'000, 1}, EveryPort(4), draw), 1U);
    EXPECT_EQ(ChooseShortest({7}, EveryPort(1), NoDraw), 0U);
    std::set<uint32_t> picked;
    for (int i = 0; i < 200; ++i)
    {
        picked.insert(ChooseShortest({2, 1, 3, 1, 1}, EveryPort(5), draw));
    }
    EXPECT_EQ(picked, (std::set<uint32_t>{1, 3, 4}));
    EXPECT_THROW(ChooseShortest({}, {}, draw), std::invalid_argument);
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

TEST(Adaptive, ShortestAmongTheCandidatesOnly)
{
    const std::vector<uint32_t> backlogs{0, 5, 3, 3, 9};
    // Port 0 is the shortest but not a candidate (its uplink is down).
    std::map<uint32_t, int> picks;
    UniformIndex draw = Source(2);
    for (int i = 0; i < 400; ++i)
    {
        ++picks[ChooseShortest(backlogs, {1, 2, 3, 4}, draw)];
    }
    EXPECT_EQ(picks.size(), 2U); // ports 2 and 3 tie
    EXPECT_GT(picks[2], 150);
    EXPECT_GT(picks[3], 150);
    EXPECT_EQ(ChooseShortest(backlogs, {4, 1}, draw), 1U);
    EXPECT_THROW(ChooseShortest(backlogs, {}, draw), std::invalid_argument);
}
