/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "balanced-windows.h"
#include "uniform-source.h"

#include "ns3/rotation.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>

using namespace ns3::fabriclb;

namespace
{

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

TEST(RotationPointer, NextUsableFindsAUsablePortAcrossAReshuffle)
{
    // Two ports, reshuffled at every wrap, port 1 down: whatever the orders drawn,
    // every call returns port 0 (a reshuffle mid-search brings a fresh order to try).
    RotationPointer pointer(2, 1, Source(3), true);
    for (int i = 0; i < 200; ++i)
    {
        ASSERT_EQ(pointer.NextUsable([](uint32_t port) { return port == 0; }), 0U);
    }
    EXPECT_EQ(pointer.NextUsable([](uint32_t) { return false; }), 2U);
}
