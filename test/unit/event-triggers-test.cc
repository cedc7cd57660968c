/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/connection-matrix.h"
#include "ns3/event-triggers.h"

#include <gtest/gtest.h>

using namespace ns3::fabriclb;

namespace
{

/// \return traffic of \p flows flows (flow i from host i to host i+1) and \p computes computes
ConnectionMatrix
Tasks(uint32_t flows, uint32_t computes)
{
    ConnectionMatrix traffic{};
    traffic.nodes = flows + 2;
    for (uint32_t i = 0; i < flows; ++i)
    {
        MatrixFlow flow{};
        flow.source = i;
        flow.destination = i + 1;
        flow.id = i + 1;
        flow.bytes = 1000;
        traffic.flows.push_back(flow);
    }
    for (uint32_t c = 0; c < computes; ++c)
    {
        MatrixCompute compute{};
        compute.host = c;
        compute.id = c + 1;
        compute.durationPs = 5;
        traffic.computes.push_back(compute);
    }
    return traffic;
}

} // namespace

TEST(EventTriggers, AGateOnNothingStartsAtZeroAndOnOneEventOnItsEndsTrigger)
{
    ConnectionMatrix traffic = Tasks(3, 1);
    EventTriggers events;
    const uint32_t e = events.NewEvent();
    events.AddEnd(e, TaskEnd{0, TaskEnd::RECEIVED});
    events.AddEnd(e, TaskEnd{0, TaskEnd::COMPUTED});
    events.AddGate({0, ComputeTask(0)}, {}, 0);
    events.AddGate({1}, {e}, 1);
    events.AddGate({2}, {e}, 2); // the same set: the same trigger
    ASSERT_FALSE(events.EventOnCircle().has_value());
    events.Connect(traffic);

    EXPECT_EQ(traffic.flows[0].startPs, 0U);
    EXPECT_FALSE(traffic.flows[0].trigger.has_value());
    EXPECT_EQ(traffic.computes[0].startPs, 0U);
    ASSERT_EQ(traffic.triggers.size(), 1U);
    const MatrixTrigger& trigger = traffic.triggers[0];
    EXPECT_EQ(trigger.id, 1U);
    EXPECT_EQ(trigger.kind, TriggerKind::BARRIER); // two ends
    EXPECT_EQ(trigger.count, 2U);
    EXPECT_EQ(trigger.waiting, (std::vector<uint32_t>{1, 2}));
    EXPECT_EQ(traffic.flows[0].recvDoneTrigger, 1U);
    EXPECT_FALSE(traffic.flows[0].sendDoneTrigger.has_value());
    EXPECT_EQ(traffic.computes[0].doneTrigger, 1U);
    EXPECT_EQ(traffic.flows[1].trigger, 1U);
    EXPECT_FALSE(traffic.flows[1].startPs.has_value());
    EXPECT_EQ(traffic.computes.size(), 1U); // no join
}

TEST(EventTriggers, SeveralEventsCountEveryEndOnOneBarrier)
{
    ConnectionMatrix traffic = Tasks(3, 0);
    EventTriggers events;
    const uint32_t sent = events.NewEvent();
    events.AddEnd(sent, TaskEnd{0, TaskEnd::SENT});
    const uint32_t received = events.NewEvent();
    events.AddEnd(received, TaskEnd{0, TaskEnd::RECEIVED});
    events.AddEnd(received, TaskEnd{1, TaskEnd::RECEIVED});
    events.AddGate({0, 1}, {}, 0);
    events.AddGate({2}, {sent, received}, 2);
    events.Connect(traffic);

    ASSERT_EQ(traffic.triggers.size(), 1U);
    EXPECT_EQ(traffic.triggers[0].kind, TriggerKind::BARRIER);
    EXPECT_EQ(traffic.triggers[0].count, 3U);
    EXPECT_EQ(traffic.triggers[0].waiting, (std::vector<uint32_t>{2}));
    EXPECT_EQ(traffic.flows[0].sendDoneTrigger, 1U);
    EXPECT_EQ(traffic.flows[0].recvDoneTrigger, 1U);
    EXPECT_EQ(traffic.flows[1].recvDoneTrigger, 1U);
    EXPECT_TRUE(traffic.computes.empty());
}

TEST(EventTriggers, AnEventInTwoSetsReachesEachBarrierThroughAJoinOnTheGatesHost)
{
    ConnectionMatrix traffic = Tasks(5, 0);
    EventTriggers events;
    std::vector<uint32_t> e;
    for (uint32_t i = 0; i < 3; ++i)
    {
        e.push_back(events.NewEvent());
        events.AddEnd(e[i], TaskEnd{i, TaskEnd::RECEIVED});
    }
    events.AddGate({0, 1, 2}, {}, 0);
    events.AddGate({3}, {e[0], e[1]}, 3);
    events.AddGate({4}, {e[0], e[2]}, 4);
    events.Connect(traffic);

    // The first barrier (1), e0's own trigger (2), the second barrier (3).
    ASSERT_EQ(traffic.triggers.size(), 3U);
    EXPECT_EQ(traffic.triggers[0].count, 2U);
    EXPECT_EQ(traffic.triggers[1].kind, TriggerKind::ONESHOT);
    EXPECT_EQ(traffic.triggers[1].count, 1U);
    EXPECT_EQ(traffic.triggers[2].count, 2U);
    EXPECT_EQ(traffic.flows[0].recvDoneTrigger, 2U);
    EXPECT_EQ(traffic.flows[1].recvDoneTrigger, 1U);
    EXPECT_EQ(traffic.flows[2].recvDoneTrigger, 3U);
    ASSERT_EQ(traffic.computes.size(), 2U);
    for (uint32_t j = 0; j < 2; ++j)
    {
        const MatrixCompute& join = traffic.computes[j];
        EXPECT_EQ(join.host, 3 + j);
        EXPECT_EQ(join.id, j + 1);
        EXPECT_EQ(join.durationPs, 0U);
        EXPECT_EQ(join.trigger, 2U);
        EXPECT_EQ(join.doneTrigger, j == 0 ? 1U : 3U);
    }
    EXPECT_EQ(traffic.triggers[1].waiting, (std::vector<uint32_t>{ComputeTask(0), ComputeTask(1)}));
    EXPECT_EQ(traffic.flows[3].trigger, 1U);
    EXPECT_EQ(traffic.flows[4].trigger, 3U);
}

TEST(EventTriggers, AnEventThatEndsBeforeAnotherOfTheSetStartsIsNotWaitedFor)
{
    ConnectionMatrix traffic = Tasks(3, 0);
    EventTriggers events;
    const uint32_t first = events.NewEvent();
    events.AddEnd(first, TaskEnd{0, TaskEnd::RECEIVED});
    const uint32_t second = events.NewEvent();
    events.AddEnd(second, TaskEnd{1, TaskEnd::RECEIVED});
    events.SetBefore(second, {first});
    events.AddGate({0}, {}, 0);
    events.AddGate({1}, {first}, 1);
    events.AddGate({2}, {first, second}, 2);
    events.Connect(traffic);

    ASSERT_EQ(traffic.triggers.size(), 2U);
    EXPECT_EQ(traffic.flows[1].trigger, 1U);
    EXPECT_EQ(traffic.flows[2].trigger, 2U); // the second's own: the first is implied
    EXPECT_EQ(traffic.triggers[1].kind, TriggerKind::ONESHOT);
    EXPECT_EQ(traffic.flows[1].recvDoneTrigger, 2U);
    EXPECT_TRUE(traffic.computes.empty());
}

TEST(EventTriggers, EventsThatWaitForEachOtherAreFound)
{
    EventTriggers events;
    const uint32_t a = events.NewEvent();
    const uint32_t b = events.NewEvent();
    const uint32_t c = events.NewEvent();
    events.SetBefore(b, {a});
    events.SetBefore(c, {b});
    EXPECT_FALSE(events.EventOnCircle().has_value());
    events.SetBefore(a, {c});
    const std::optional<uint32_t> stuck = events.EventOnCircle();
    ASSERT_TRUE(stuck.has_value());
    EXPECT_LE(*stuck, c);
}
