/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "uniform-source.h"

#include "ns3/reps-uet-logic.h"

#include <cstdint>
#include <gtest/gtest.h>
#include <memory>
#include <set>
#include <stdexcept>
#include <vector>

using namespace ns3::fabriclb;
using Feedback = RepsUetLogic::Feedback;

namespace
{
/// A freeze of 1000 ps in the tests below.
constexpr uint64_t FREEZE_PS = 1000;

/// Feeds \p reps a GOOD feedback for each of \p labels at \p nowPs.
void
Good(RepsUetLogic& reps, const std::vector<uint16_t>& labels, uint64_t nowPs = 0)
{
    for (uint16_t label : labels)
    {
        reps.OnFeedback(label, Feedback::GOOD, nowPs);
    }
}

/// \return the next \p n labels of \p reps, none of them drawn at random
std::vector<uint16_t>
Reused(RepsUetLogic& reps, uint32_t n)
{
    std::vector<uint16_t> labels;
    for (uint32_t i = 0; i < n; ++i)
    {
        labels.push_back(reps.NextLabel(NoDraw));
    }
    return labels;
}
} // namespace

TEST(RepsUet, ExploresItsEntropiesUntilAnAckComesBack)
{
    RepsUetLogic reps(8, 64, 1024);
    UniformIndex draw = Source(3);
    std::set<uint16_t> seen;
    for (uint32_t i = 0; i < 2000; ++i)
    {
        const uint16_t label = reps.NextLabel(draw);
        ASSERT_GE(label, 1024U);
        ASSERT_LT(label, 1024U + 64U);
        seen.insert(label);
    }
    EXPECT_EQ(seen.size(), 64U) << "every entropy is drawn";
    EXPECT_EQ(reps.Explored(), 2000U);
    EXPECT_EQ(reps.ExploreLeft(), 0U) << "no exploration phase before a freeze";
}

TEST(RepsUet, ReusesGoodLabelsOldestFirstEachOnce)
{
    RepsUetLogic reps(8);
    Good(reps, {2000, 2001, 2002});
    EXPECT_EQ(reps.Fresh(), 3U);
    EXPECT_EQ(Reused(reps, 3), (std::vector<uint16_t>{2000, 2001, 2002}));
    EXPECT_EQ(reps.Fresh(), 0U);
    EXPECT_EQ(reps.Written(), 3U) << "used slots stay written";
    // Nothing fresh: explore.
    auto calls = std::make_shared<uint64_t>(0);
    reps.NextLabel(CountingSource(1, calls));
    EXPECT_EQ(*calls, 1U);
    // Recycled between sends, the order holds across the buffer's wrap.
    RepsUetLogic small(2);
    Good(small, {10, 11});
    EXPECT_EQ(small.NextLabel(NoDraw), 10U);
    Good(small, {12}); // overwrites the used slot of 10
    EXPECT_EQ(Reused(small, 2), (std::vector<uint16_t>{11, 12}));
    Good(small, {13});
    EXPECT_EQ(small.NextLabel(NoDraw), 13U);
}

TEST(RepsUet, AFullBufferLosesItsOldestLabel)
{
    RepsUetLogic reps(3);
    Good(reps, {1, 2, 3, 4, 5});
    EXPECT_EQ(reps.Fresh(), 3U);
    EXPECT_EQ(Reused(reps, 3), (std::vector<uint16_t>{3, 4, 5}));
    EXPECT_EQ(reps.Fresh(), 0U);
}

TEST(RepsUet, EcnAndNacksRecycleNothingAndEvictNothing)
{
    RepsUetLogic reps(8);
    Good(reps, {7000});
    reps.OnFeedback(7000, Feedback::ECN, 0);
    reps.OnFeedback(7000, Feedback::NACK, 0);
    reps.OnFeedback(7001, Feedback::ECN, 0);
    reps.OnFeedback(7002, Feedback::NACK, 0);
    EXPECT_EQ(reps.Fresh(), 1U);
    EXPECT_EQ(reps.NextLabel(NoDraw), 7000U) << "a later ECN mark does not evict it";
    // A label ACKed twice is held twice.
    Good(reps, {7003, 7003});
    EXPECT_EQ(Reused(reps, 2), (std::vector<uint16_t>{7003, 7003}));
    EXPECT_FALSE(reps.Frozen());
}

TEST(RepsUet, ATimeoutFreezesAndTheBufferIsReplayedInTurn)
{
    RepsUetLogic reps(8, 64, 1024, FREEZE_PS);
    Good(reps, {100, 101, 102});             // slots 0-2
    EXPECT_EQ(reps.NextLabel(NoDraw), 100U); // slot 0 used
    reps.OnFeedback(0, Feedback::TIMEOUT, 10);
    EXPECT_TRUE(reps.Frozen());
    EXPECT_EQ(reps.Freezes(), 1U);
    // Frozen: the written slots in turn from slot 0, used or fresh, nothing drawn.
    EXPECT_EQ(Reused(reps, 4), (std::vector<uint16_t>{100, 101, 102, 100}));
    EXPECT_EQ(reps.Fresh(), 0U);
    // A good ACK still writes at the head, and joins the turn.
    Good(reps, {103}, 20);
    reps.OnFeedback(104, Feedback::ECN, 20);
    reps.OnFeedback(105, Feedback::NACK, 20);
    EXPECT_EQ(Reused(reps, 5), (std::vector<uint16_t>{101, 102, 103, 100, 101}));
    // Another timeout does not extend the freeze.
    reps.OnFeedback(0, Feedback::TIMEOUT, 500);
    EXPECT_EQ(reps.Freezes(), 1U);
    reps.OnFeedback(106, Feedback::ECN, 1010);
    EXPECT_TRUE(reps.Frozen()) << "the freeze ends after 10 + 1000 ps, not at";
}

TEST(RepsUet, AFeedbackAfterTheFreezeEndsItAndSixteenLabelsExplore)
{
    RepsUetLogic reps(8, 64, 1024, FREEZE_PS);
    Good(reps, {100, 101});
    reps.OnFeedback(0, Feedback::TIMEOUT, 10);
    // Past its end, a freeze lasts until a feedback comes: sending alone does not end it.
    EXPECT_EQ(Reused(reps, 3), (std::vector<uint16_t>{100, 101, 100}));
    reps.OnFeedback(200, Feedback::GOOD, 1011); // ends the freeze, then is recycled
    EXPECT_FALSE(reps.Frozen());
    EXPECT_EQ(reps.Written(), 1U) << "the buffer was emptied before 200 was written";
    EXPECT_EQ(reps.Fresh(), 1U);
    EXPECT_EQ(reps.ExploreLeft(), 16U);
    // A timeout while exploring does not freeze.
    reps.OnFeedback(0, Feedback::TIMEOUT, 1020);
    EXPECT_FALSE(reps.Frozen());
    auto calls = std::make_shared<uint64_t>(0);
    UniformIndex draw = CountingSource(5, calls);
    for (uint32_t i = 0; i < 16; ++i)
    {
        const uint16_t label = reps.NextLabel(draw);
        EXPECT_GE(label, 1024U);
        EXPECT_LT(label, 1088U);
    }
    EXPECT_EQ(*calls, 16U) << "the exploration phase draws even with a fresh label cached";
    EXPECT_EQ(reps.NextLabel(NoDraw), 200U) << "then the buffer is used again";
    reps.OnFeedback(0, Feedback::TIMEOUT, 1030);
    EXPECT_TRUE(reps.Frozen()) << "after the phase a timeout freezes";
    EXPECT_EQ(reps.Freezes(), 2U);
}

TEST(RepsUet, AFreezeWithNothingWrittenExplores)
{
    RepsUetLogic reps(8, 64, 1024, FREEZE_PS);
    reps.OnFeedback(0, Feedback::TIMEOUT, 0);
    ASSERT_TRUE(reps.Frozen());
    auto calls = std::make_shared<uint64_t>(0);
    reps.NextLabel(CountingSource(2, calls));
    EXPECT_EQ(*calls, 1U);
    Good(reps, {300}, 5);
    EXPECT_EQ(Reused(reps, 2), (std::vector<uint16_t>{300, 300}));
}

TEST(RepsUet, WithFreezingOffATimeoutChangesNothing)
{
    RepsUetLogic reps(8, 64, 1024, FREEZE_PS, 16, false);
    Good(reps, {100, 101});
    reps.OnFeedback(0, Feedback::TIMEOUT, 10);
    EXPECT_FALSE(reps.Frozen());
    EXPECT_EQ(reps.Freezes(), 0U);
    EXPECT_EQ(Reused(reps, 2), (std::vector<uint16_t>{100, 101}));
}

TEST(RepsUet, RefusesAnEmptyBufferOrLabelsBeyond16Bits)
{
    EXPECT_THROW(RepsUetLogic(0), std::invalid_argument);
    EXPECT_THROW(RepsUetLogic(8, 0), std::invalid_argument);
    EXPECT_THROW(RepsUetLogic(8, 64, 0), std::invalid_argument);
    EXPECT_THROW(RepsUetLogic(8, 64513, 1024), std::invalid_argument);
    EXPECT_NO_THROW(RepsUetLogic(8, 64512, 1024));
}
