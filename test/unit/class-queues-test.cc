/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/class-queues.h"
#include "ns3/ecn-marking.h"

#include <gtest/gtest.h>
#include <vector>

using namespace ns3::fabriclb;

namespace
{
/// Pops everything that can be served, as "class:item" numbers (class * 100 + item).
std::vector<int>
Drain(ClassQueues<int>& queues)
{
    std::vector<int> served;
    TrafficClass cls;
    int item;
    while (queues.Pop(cls, item))
    {
        served.push_back(static_cast<int>(cls) * 100 + item);
    }
    return served;
}

/// Pushes data 1, control 2, data 3, control 4.
void
PushMixed(ClassQueues<int>& queues)
{
    queues.Push(TrafficClass::DATA, 1);
    queues.Push(TrafficClass::CONTROL, 2);
    queues.Push(TrafficClass::DATA, 3);
    queues.Push(TrafficClass::CONTROL, 4);
}
} // namespace

TEST(ClassQueues, ArrivalOrderIsOneFifoAcrossClasses)
{
    ClassQueues<int> queues;
    PushMixed(queues);
    EXPECT_EQ(queues.Count(), 4U);
    EXPECT_EQ(queues.Count(TrafficClass::CONTROL), 2U);
    EXPECT_EQ(Drain(queues), (std::vector<int>{101, 2, 103, 4}));
    EXPECT_EQ(queues.Count(), 0U);
}

TEST(ClassQueues, ControlFirstServesControlBeforeData)
{
    ClassQueues<int> queues(ClassService::CONTROL_FIRST);
    PushMixed(queues);
    EXPECT_EQ(Drain(queues), (std::vector<int>{2, 4, 101, 103}));
}

TEST(ClassQueues, PausedClassHoldsItsItemsWhileOthersPass)
{
    ClassQueues<int> queues;
    PushMixed(queues);
    queues.SetPaused(TrafficClass::DATA, true);
    EXPECT_TRUE(queues.IsPaused(TrafficClass::DATA));
    EXPECT_EQ(Drain(queues), (std::vector<int>{2, 4}));
    EXPECT_EQ(queues.Count(TrafficClass::DATA), 2U);
    queues.Push(TrafficClass::CONTROL, 5);
    queues.SetPaused(TrafficClass::DATA, false);
    // Resumed, the data keep their place before the later control item.
    EXPECT_EQ(Drain(queues), (std::vector<int>{101, 103, 5}));
}

TEST(ClassQueues, DscpNamesTheClass)
{
    EXPECT_EQ(ClassOfDscp(DSCP_CONTROL), TrafficClass::CONTROL);
    EXPECT_EQ(ClassOfDscp(DSCP_DATA), TrafficClass::DATA);
    EXPECT_EQ(ClassOfDscp(0), TrafficClass::DATA);
}

TEST(EcnMarking, ThresholdMarksFromItsByteOn)
{
    EcnMarking marking;
    marking.thresholdBytes = 1000;
    int draws = 0;
    auto draw = [&draws]() {
        ++draws;
        return 0.0;
    };
    EXPECT_EQ(marking.Decide(999, draw), EcnMarking::NONE);
    EXPECT_EQ(marking.Decide(1000, draw), EcnMarking::THRESHOLD);
    EXPECT_EQ(draws, 0);
    marking.thresholdBytes = 0;
    EXPECT_EQ(marking.Decide(1000000, draw), EcnMarking::NONE);
}

TEST(EcnMarking, RedDrawsOnlyBetweenKminAndKmax)
{
    EcnMarking marking;
    marking.red = true;
    marking.redMinBytes = 100;
    marking.redMaxBytes = 500;
    marking.redMaxProbability = 0.2;
    int draws = 0;
    double value = 0;
    auto draw = [&]() {
        ++draws;
        return value;
    };
    EXPECT_EQ(marking.Decide(99, draw), EcnMarking::NONE);
    EXPECT_EQ(marking.Decide(501, draw), EcnMarking::RED);
    EXPECT_EQ(draws, 0);
    // At 300 B the probability is 0.2 * 200 / 400 = 0.1.
    value = 0.0999;
    EXPECT_EQ(marking.Decide(300, draw), EcnMarking::RED);
    value = 0.1;
    EXPECT_EQ(marking.Decide(300, draw), EcnMarking::NONE);
    EXPECT_EQ(draws, 2);
    // The threshold takes precedence, without a draw.
    marking.thresholdBytes = 200;
    EXPECT_EQ(marking.Decide(300, draw), EcnMarking::THRESHOLD);
    EXPECT_EQ(draws, 2);
}
