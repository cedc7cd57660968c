/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "uniform-source.h"

#include "ns3/lb-logic.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>

using namespace ns3::fabriclb;

namespace
{

/// A uniform source that also counts its draws in \p calls.
UniformIndex
CountingSource(uint32_t seed, std::shared_ptr<uint64_t> calls)
{
    UniformIndex inner = Source(seed);
    return [inner, calls](uint32_t bound) {
        ++*calls;
        return inner(bound);
    };
}

/// A source that must never be called.
uint32_t
NoDraw(uint32_t)
{
    ADD_FAILURE() << "unexpected random draw";
    return 0;
}

/// Checks that every window of \p window consecutive picks holds each of \p n ports
/// floor(window/n) or ceil(window/n) times.
void
ExpectBalancedWindows(const std::vector<uint32_t>& picks, uint32_t n, uint32_t window)
{
    const uint32_t low = window / n;
    const uint32_t high = (window + n - 1) / n;
    for (size_t start = 0; start + window <= picks.size(); ++start)
    {
        std::vector<uint32_t> count(n, 0);
        for (size_t i = start; i < start + window; ++i)
        {
            ASSERT_LT(picks[i], n);
            ++count[picks[i]];
        }
        for (uint32_t p = 0; p < n; ++p)
        {
            ASSERT_GE(count[p], low) << "window " << window << " at " << start << " port " << p;
            ASSERT_LE(count[p], high) << "window " << window << " at " << start << " port " << p;
        }
    }
}

/// \return the ports of \p n draws of \p pointer
std::vector<uint32_t>
Take(RotationPointer& pointer, uint32_t n)
{
    std::vector<uint32_t> picks;
    for (uint32_t i = 0; i < n; ++i)
    {
        picks.push_back(pointer.Next());
    }
    return picks;
}
} // namespace

// ---------------------------------------------------------------- RotationPointer

TEST(RotationPointer, RrReshufflesExactlyEveryFiveWraps)
{
    const uint32_t n = 8;
    auto calls = std::make_shared<uint64_t>(0);
    RotationPointer rr(n, 5, CountingSource(7, calls), true);
    // Construction: n-1 draws for the order, one for the start.
    EXPECT_EQ(*calls, n);
    uint64_t reshuffles = 0;
    for (uint32_t i = 0; i < 60 * n; ++i)
    {
        const uint64_t wrapsBefore = rr.Wraps();
        const uint64_t callsBefore = *calls;
        rr.Next();
        const bool wrapped = rr.Wraps() == wrapsBefore + 1;
        EXPECT_TRUE(rr.Wraps() == wrapsBefore || wrapped);
        const bool reshuffled = *calls != callsBefore;
        EXPECT_EQ(reshuffled, wrapped && rr.Wraps() % 5 == 0) << "call " << i;
        if (reshuffled)
        {
            EXPECT_EQ(*calls - callsBefore, n - 1); // one Fisher-Yates shuffle
            ++reshuffles;
        }
    }
    EXPECT_GE(rr.Wraps(), 59U);
    EXPECT_EQ(reshuffles, rr.Wraps() / 5);
}

TEST(RotationPointer, ReshuffleChangesTheOrder)
{
    RotationPointer rr(16, 5, Source(3), false);
    std::set<std::vector<uint32_t>> orders{rr.Order()};
    for (uint32_t i = 0; i < 16 * 50; ++i)
    {
        rr.Next();
    }
    EXPECT_EQ(rr.Wraps(), 50U);
    orders.insert(rr.Order());
    EXPECT_GE(orders.size(), 2U);
}

TEST(RotationPointer, SimpleRrNeverReshuffles)
{
    auto calls = std::make_shared<uint64_t>(0);
    RotationPointer simple(8, 0, CountingSource(5, calls), true);
    const uint64_t afterConstruction = *calls;
    const std::vector<uint32_t> order = simple.Order();
    for (uint32_t i = 0; i < 8 * 100; ++i)
    {
        simple.Next();
    }
    EXPECT_EQ(simple.Wraps(), 100U);
    EXPECT_EQ(*calls, afterConstruction);
    EXPECT_EQ(simple.Order(), order);
}

TEST(RotationPointer, DeterministicWithoutRandomness)
{
    RotationPointer simple(4, 0, NoDraw, false, false);
    EXPECT_EQ(Take(simple, 9), (std::vector<uint32_t>{0, 1, 2, 3, 0, 1, 2, 3, 0}));
    EXPECT_EQ(simple.Wraps(), 2U);

    RotationPointer given({2, 0, 3, 1}, 3);
    EXPECT_EQ(Take(given, 6), (std::vector<uint32_t>{1, 2, 0, 3, 1, 2}));
    EXPECT_EQ(given.Wraps(), 2U); // after the first pick and after the fifth
}

TEST(RotationPointer, WindowsAreBalancedWithoutReshuffle)
{
    for (uint32_t seed = 0; seed < 20; ++seed)
    {
        for (uint32_t n : {1U, 2U, 3U, 4U, 7U, 8U})
        {
            RotationPointer ofan(n, 0, Source(seed), true, true);
            const std::vector<uint32_t> picks = Take(ofan, 10 * n + 3);
            for (uint32_t window = 1; window <= 3 * n + 1; ++window)
            {
                ExpectBalancedWindows(picks, n, window);
            }
        }
    }
}

TEST(RotationPointer, EachRotationVisitsEveryPortOnceEvenWhenReshuffling)
{
    const uint32_t n = 6;
    RotationPointer rr(n, 5, Source(11), true);
    // Skip to the first wrap, then every stretch between wraps is a full rotation.
    while (rr.Wraps() == 0)
    {
        rr.Next();
    }
    for (uint32_t rotation = 0; rotation < 40; ++rotation)
    {
        std::set<uint32_t> seen;
        const uint64_t wraps = rr.Wraps();
        for (uint32_t i = 0; i < n; ++i)
        {
            seen.insert(rr.Next());
        }
        EXPECT_EQ(seen.size(), n);
        EXPECT_EQ(rr.Wraps(), wraps + 1);
    }
}

TEST(RotationPointer, RandomStartAndOrderVaryAcrossPointers)
{
    UniformIndex draw = Source(2);
    std::set<uint32_t> firsts;
    std::set<std::vector<uint32_t>> orders;
    for (int i = 0; i < 64; ++i)
    {
        RotationPointer ofan(8, 0, draw, true, true);
        orders.insert(ofan.Order());
        firsts.insert(ofan.Next());
    }
    EXPECT_EQ(firsts.size(), 8U);
    EXPECT_GT(orders.size(), 50U);
}

TEST(RotationPointer, NextUsableSkipsDownPorts)
{
    RotationPointer pointer(5, 0, NoDraw, false, false);
    auto usable = [](uint32_t port) { return port != 1 && port != 3; };
    std::vector<uint32_t> picks;
    for (int i = 0; i < 6; ++i)
    {
        picks.push_back(pointer.NextUsable(usable));
    }
    EXPECT_EQ(picks, (std::vector<uint32_t>{0, 2, 4, 0, 2, 4}));
    EXPECT_EQ(pointer.NextUsable([](uint32_t) { return false; }), 5U);
}

TEST(RotationPointer, RejectsBadArguments)
{
    EXPECT_THROW(RotationPointer(0, 0, Source(1), false), std::invalid_argument);
    EXPECT_THROW(RotationPointer({}, 0), std::invalid_argument);
    EXPECT_THROW(RotationPointer({0, 0}, 0), std::invalid_argument);
    EXPECT_THROW(RotationPointer({1, 0}, 2), std::invalid_argument);
}

// ---------------------------------------------------------------- IWRR

TEST(Iwrr, ShuffledOrderIsAUniformPermutation)
{
    UniformIndex draw = Source(4);
    std::map<std::vector<uint32_t>, int> seen;
    for (int i = 0; i < 6000; ++i)
    {
        ++seen[ShuffledOrder(3, draw)];
    }
    ASSERT_EQ(seen.size(), 6U);
    for (const auto& [order, count] : seen)
    {
        EXPECT_NEAR(count, 1000, 150);
    }
    EXPECT_TRUE(ShuffledOrder(0, draw).empty());
}

TEST(Iwrr, PaperExample)
{
    const std::vector<uint64_t> weights{1600, 1600, 1600, 800};
    EXPECT_EQ(WeightGcd(weights), 800U);
    // Order [P3, P2, P4, P1] -> [P3, P2, P4, P1, P3, P2, P1].
    EXPECT_EQ(BuildIwrrSchedule(weights, {2, 1, 3, 0}),
              (std::vector<uint32_t>{2, 1, 3, 0, 2, 1, 0}));
}

TEST(Iwrr, ThreeToOneWeightsInEveryOrder)
{
    const std::vector<uint64_t> weights{1600, 1600, 1600, 800};
    std::vector<uint32_t> order{0, 1, 2, 3};
    int orders = 0;
    do
    {
        ++orders;
        const std::vector<uint32_t> schedule = BuildIwrrSchedule(weights, order);
        ASSERT_EQ(schedule.size(), 7U);
        std::vector<uint32_t> count(4, 0);
        for (uint32_t port : schedule)
        {
            ++count[port];
        }
        EXPECT_EQ(count, (std::vector<uint32_t>{2, 2, 2, 1}));
        for (size_t i = 0; i < schedule.size(); ++i)
        {
            // Includes the wrap from the last slot back to the first.
            EXPECT_NE(schedule[i], schedule[(i + 1) % schedule.size()]) << "slot " << i;
        }
    } while (std::next_permutation(order.begin(), order.end()));
    EXPECT_EQ(orders, 24);
}

TEST(Iwrr, ZeroWeightsAreSkipped)
{
    EXPECT_EQ(BuildIwrrSchedule({3, 0, 6}, {0, 1, 2}), (std::vector<uint32_t>{0, 2, 2}));
    EXPECT_EQ(BuildIwrrSchedule({0, 5, 0}, {2, 1, 0}), (std::vector<uint32_t>{1}));
    EXPECT_TRUE(BuildIwrrSchedule({0, 0, 0}, {0, 1, 2}).empty());
    EXPECT_TRUE(BuildIwrrSchedule({}, {}).empty());
    EXPECT_EQ(BuildIwrrSchedule({7, 7}, {1, 0}), (std::vector<uint32_t>{1, 0}));
    EXPECT_THROW(BuildIwrrSchedule({1, 1}, {0, 0}), std::invalid_argument);
    EXPECT_THROW(BuildIwrrSchedule({1, 1}, {0}), std::invalid_argument);
}

TEST(Iwrr, WeightedRotationFollowsTheScheduleFromARandomStart)
{
    const std::vector<uint32_t> schedule{2, 1, 3, 0, 2, 1, 0};
    std::set<uint32_t> starts;
    UniformIndex draw = Source(9);
    for (int i = 0; i < 100; ++i)
    {
        WeightedRotation rotation(schedule, draw);
        const uint32_t start = rotation.Position();
        starts.insert(start);
        for (uint32_t j = 0; j < 20; ++j)
        {
            EXPECT_EQ(rotation.Next(), schedule[(start + j) % schedule.size()]);
        }
    }
    EXPECT_EQ(starts.size(), schedule.size());
}

TEST(Iwrr, WeightedRotationShiftsOneSlotEveryNWraps)
{
    const std::vector<uint32_t> schedule{3, 0, 2, 1};
    // A fixed start at slot 0: a source whose draws are all 0.
    WeightedRotation rotation(
        schedule,
        [](uint32_t) { return 0U; },
        2);
    std::vector<uint32_t> seen;
    for (int i = 0; i < 20; ++i)
    {
        seen.push_back(rotation.Next());
    }
    // After every two rotations (8 ports) one slot is skipped, so the phase
    // moves on by one and the skipped port changes from shift to shift.
    EXPECT_EQ(seen,
              (std::vector<uint32_t>{3, 0, 2, 1, 3, 0, 2, 1, 0, 2, 1, 3, 0, 2, 1, 3, 2, 1, 3, 0}));

    WeightedRotation never(schedule, [](uint32_t) { return 0U; });
    for (int i = 0; i < 40; ++i)
    {
        EXPECT_EQ(never.Next(), schedule[i % 4]);
    }
    WeightedRotation pair(
        {7, 8},
        [](uint32_t) { return 0U; },
        1);
    std::vector<uint32_t> count(9, 0);
    for (int i = 0; i < 100; ++i)
    {
        ++count[pair.Next()];
    }
    EXPECT_EQ(count[7], 50U); // shifting every wrap still uses both ports equally
    EXPECT_EQ(count[8], 50U);
    WeightedRotation single(
        {5},
        [](uint32_t) { return 0U; },
        1);
    for (int i = 0; i < 5; ++i)
    {
        EXPECT_EQ(single.Next(), 5U);
    }
}

TEST(Iwrr, WeightedRotationFromWeights)
{
    WeightedRotation rotation = WeightedRotation::FromWeights({1600, 1600, 1600, 800}, Source(6));
    ASSERT_EQ(rotation.Schedule().size(), 7U);
    std::vector<uint32_t> count(4, 0);
    for (int i = 0; i < 70; ++i)
    {
        ++count[rotation.Next()];
    }
    EXPECT_EQ(count, (std::vector<uint32_t>{20, 20, 20, 10}));

    WeightedRotation dead = WeightedRotation::FromWeights({0, 0}, Source(6));
    EXPECT_TRUE(dead.Empty());
    EXPECT_THROW(dead.Next(), std::logic_error);
}

// ---------------------------------------------------------------- adaptive choices

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

// ---------------------------------------------------------------- flowlets

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

// ---------------------------------------------------------------- REPS

TEST(Reps, ReusesUnmarkedAndAbandonsMarkedLabels)
{
    RepsLabelCache reps(8, 100, 1024);
    UniformIndex draw = Source(17);
    // Empty cache: explore.
    const uint16_t a = reps.NextLabel(draw);
    const uint16_t b = reps.NextLabel(draw);
    const uint16_t c = reps.NextLabel(draw);
    EXPECT_EQ(reps.Explored(), 3U);
    for (uint16_t label : {a, b, c})
    {
        EXPECT_GE(label, 1024U);
    }
    reps.OnAck(a, false); // good: recycled
    reps.OnAck(b, true);  // ECN: abandoned
    reps.OnLoss(c);       // lost: abandoned
    EXPECT_EQ(reps.Cached(), 1U);
    EXPECT_EQ(reps.NextLabel(draw), a);
    EXPECT_EQ(reps.Explored(), 3U);
    // Cache empty again: explore.
    reps.NextLabel(draw);
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
    EXPECT_EQ(reps.NextLabel(NoDraw), 2000U);
    EXPECT_EQ(reps.NextLabel(NoDraw), 2001U);
    reps.OnAck(2000, false);
    EXPECT_EQ(reps.NextLabel(NoDraw), 2002U);
    EXPECT_EQ(reps.NextLabel(NoDraw), 2000U);
    EXPECT_EQ(reps.Cached(), 0U);
}

TEST(Reps, ExploresTheWholeLabelRange)
{
    RepsLabelCache reps(4, 10, 65000);
    UniformIndex draw = Source(18);
    std::set<uint16_t> seen;
    for (int i = 0; i < 20000; ++i)
    {
        const uint16_t label = reps.NextLabel(draw);
        EXPECT_GE(label, 65000U);
        seen.insert(label);
    }
    EXPECT_EQ(seen.size(), 536U);
}

TEST(Reps, FreezeReusesCachedLabelsWithoutExploring)
{
    RepsLabelCache reps(8, 6, 1024);
    reps.OnAck(3000, false);
    reps.OnAck(3001, false);
    reps.OnTimeout();
    EXPECT_TRUE(reps.Frozen());
    std::vector<uint16_t> labels;
    for (int i = 0; i < 6; ++i)
    {
        labels.push_back(reps.NextLabel(NoDraw));
    }
    EXPECT_EQ(labels, (std::vector<uint16_t>{3000, 3001, 3000, 3001, 3000, 3001}));
    EXPECT_FALSE(reps.Frozen());
    EXPECT_EQ(reps.Explored(), 0U);
    // Back to normal: labels are consumed, then exploration resumes.
    EXPECT_EQ(reps.NextLabel(NoDraw), 3000U);
    EXPECT_EQ(reps.NextLabel(NoDraw), 3001U);
    EXPECT_EQ(reps.Cached(), 0U);
    EXPECT_GE(reps.NextLabel(Source(1)), 1024U);
    EXPECT_EQ(reps.Explored(), 1U);
}

TEST(Reps, FreezeStillEvictsBadLabelsAndAvoidsDuplicates)
{
    RepsLabelCache reps(8, 100, 1024);
    reps.OnAck(3000, false);
    reps.OnAck(3001, false);
    reps.OnAck(3002, false);
    reps.OnTimeout();
    EXPECT_EQ(reps.NextLabel(NoDraw), 3000U);
    reps.OnAck(3000, false); // already cached while frozen: not duplicated
    EXPECT_EQ(reps.Cached(), 3U);
    reps.OnAck(3001, true); // ECN while frozen: evicted
    reps.OnLoss(3002);      // loss while frozen: evicted
    EXPECT_EQ(reps.Cache(), (std::deque<uint16_t>{3000}));
    EXPECT_EQ(reps.NextLabel(NoDraw), 3000U);
    EXPECT_EQ(reps.NextLabel(NoDraw), 3000U);
    reps.OnLoss(3000);
    // A frozen but empty cache can only explore.
    const uint16_t fresh = reps.NextLabel(Source(2));
    EXPECT_GE(fresh, 1024U);
    EXPECT_EQ(reps.Explored(), 1U);
    EXPECT_THROW(RepsLabelCache(0), std::invalid_argument);
}

// ---------------------------------------------------------------- PLB

TEST(Plb, RepathsAboveFortyPercentOnly)
{
    for (uint32_t marked = 0; marked <= 10; ++marked)
    {
        PlbState plb(10);
        for (uint32_t round = 0; round < 3; ++round)
        {
            for (uint32_t i = 0; i < 10; ++i)
            {
                const bool repath = plb.OnAck(i < marked);
                if (i < 9)
                {
                    EXPECT_FALSE(repath);
                }
                else
                {
                    EXPECT_EQ(repath, marked > 4) << marked << " of 10 marked";
                }
            }
            EXPECT_EQ(plb.Acks(), 0U);
            EXPECT_EQ(plb.MarkedAcks(), 0U);
        }
        EXPECT_EQ(plb.Repaths(), marked > 4 ? 3U : 0U);
    }
}

TEST(Plb, RoundsAreIndependent)
{
    PlbState plb(5, 0.4);
    // 2 of 5 = 40%: no repath; the marks do not carry into the next round.
    for (bool m : {true, true, false, false, false})
    {
        EXPECT_FALSE(plb.OnAck(m));
    }
    for (bool m : {true, false, false, false})
    {
        EXPECT_FALSE(plb.OnAck(m));
    }
    EXPECT_FALSE(plb.OnAck(false));
    // 3 of 5 = 60%: repath.
    for (bool m : {true, true, false, false})
    {
        EXPECT_FALSE(plb.OnAck(m));
    }
    EXPECT_TRUE(plb.OnAck(true));
    EXPECT_THROW(PlbState(0), std::invalid_argument);
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
        const FatTreeTopology topo(k);
        const uint32_t half = topo.Half();
        const uint32_t source = 1;
        const uint32_t destination = topo.HostCount() - 1; // last pod
        ASSERT_NE(topo.PodOf(source), topo.PodOf(destination));
        HostDrRotation dr(k, source);
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
    const FatTreeTopology topo(8);
    const uint32_t half = topo.Half();
    HostDrRotation dr(8, 0);
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

// ---------------------------------------------------------------- Ofan

TEST(Ofan, PointerCounts)
{
    // The paper's k=64 figures count destination keys: one bin.
    EXPECT_EQ(OfanPointerCount(64, OfanTier::EDGE, 1), 2047U);
    EXPECT_EQ(OfanPointerCount(64, OfanTier::AGGREGATION, 1), 63U);
    // The module keeps data and ACK bins.
    EXPECT_EQ(OfanPointerCount(64, OfanTier::EDGE), 4094U);
    EXPECT_EQ(OfanPointerCount(64, OfanTier::AGGREGATION), 126U);
    // Default fabric, k=8: 32 edge switches, 8 pods.
    EXPECT_EQ(OfanPointerCount(8, OfanTier::EDGE), 62U);
    EXPECT_EQ(OfanPointerCount(8, OfanTier::AGGREGATION), 14U);
    EXPECT_THROW(OfanPointerCount(5, OfanTier::EDGE), std::invalid_argument);
}
