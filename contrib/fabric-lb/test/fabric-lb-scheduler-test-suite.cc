/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// FabricScheduler against a std::set of (time stamp, uid): random inserts (many at the same
// time stamp, uids in random order) mixed with removals of the earliest and of arbitrary
// events, PeekNext and IsEmpty at every step; and the simulator running under it: events in
// time and uid order, cancelled and removed events skipped.

#include "ns3/fabric-lb-compat.h"
#include "ns3/fabric-scheduler.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <numeric>
#include <set>
#include <utility>
#include <vector>

namespace ns3
{
namespace
{

/// An event's order: (time stamp, uid).
using Order = std::pair<uint64_t, uint32_t>;

/**
 * \param ts the time stamp
 * \param uid the unique id
 * \return an event without an implementation (the scheduler never runs one)
 */
Scheduler::Event
MakeKeyOnlyEvent(uint64_t ts, uint32_t uid)
{
    Scheduler::Event ev;
    ev.impl = nullptr;
    ev.key.m_ts = ts;
    ev.key.m_uid = uid;
    ev.key.m_context = uid % 7;
    return ev;
}

/// Random operations on a FabricScheduler and a std::set side by side: every removal the same.
class FabricSchedulerRandomTest : public TestCase
{
  public:
    FabricSchedulerRandomTest()
        : TestCase("random inserts, removals of the earliest and of arbitrary events match a "
                   "sorted reference")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t events = 20000;
        auto draw = CreateObject<UniformRandomVariable>();
        draw->SetStream(45);
        // Unique uids in a random order, so that the uid order is not the insertion order.
        std::vector<uint32_t> uids(events);
        std::iota(uids.begin(), uids.end(), 1);
        for (uint32_t i = events - 1; i > 0; --i)
        {
            std::swap(uids[i], uids[draw->GetInteger(0, i)]);
        }

        auto scheduler = CreateObject<FabricScheduler>();
        std::set<Order> reference;
        uint32_t inserted = 0;
        uint32_t removedNext = 0;
        uint32_t removedArbitrary = 0;
        while (inserted < events || !reference.empty())
        {
            NS_TEST_ASSERT_MSG_EQ(scheduler->IsEmpty(), reference.empty(), "IsEmpty");
            const double choice = draw->GetValue();
            if (inserted < events && (reference.empty() || choice < 0.55))
            {
                // Few distinct time stamps: many ties that the uid breaks.
                const uint64_t ts = draw->GetInteger(0, 300);
                const uint32_t uid = uids[inserted++];
                scheduler->Insert(MakeKeyOnlyEvent(ts, uid));
                reference.emplace(ts, uid);
            }
            else if (choice < 0.95 || inserted == events)
            {
                const Scheduler::Event peeked = scheduler->PeekNext();
                const Scheduler::Event next = scheduler->RemoveNext();
                const Order expected = *reference.begin();
                reference.erase(reference.begin());
                NS_TEST_ASSERT_MSG_EQ(peeked.key.m_uid, next.key.m_uid, "PeekNext is RemoveNext");
                NS_TEST_ASSERT_MSG_EQ(next.key.m_ts, expected.first, "time stamp order");
                NS_TEST_ASSERT_MSG_EQ(next.key.m_uid, expected.second, "uid order");
                NS_TEST_ASSERT_MSG_EQ(next.key.m_context, expected.second % 7, "context kept");
                ++removedNext;
            }
            else
            {
                auto victim = reference.begin();
                std::advance(victim, draw->GetInteger(0, reference.size() - 1));
                scheduler->Remove(MakeKeyOnlyEvent(victim->first, victim->second));
                reference.erase(victim);
                ++removedArbitrary;
            }
        }
        NS_TEST_ASSERT_MSG_EQ(scheduler->IsEmpty(), true, "empty at the end");
        NS_TEST_ASSERT_MSG_GT(removedArbitrary, 500u, "arbitrary removals exercised");
        NS_TEST_ASSERT_MSG_GT(removedNext, 10000u, "removals of the earliest exercised");
    }
};

/// Events at one time stamp leave in uid order whatever order they came in; a removal of the
/// earliest, the latest and one in between leaves the rest in order.
class FabricSchedulerTiesTest : public TestCase
{
  public:
    FabricSchedulerTiesTest()
        : TestCase("ties at one time stamp leave by uid; Remove of the first, last and middle")
    {
    }

  private:
    void DoRun() override
    {
        auto scheduler = CreateObject<FabricScheduler>();
        const std::vector<uint32_t> uids{9, 3, 14, 1, 7, 12, 5, 2, 11, 8, 6, 13, 4, 10};
        for (const uint32_t uid : uids)
        {
            scheduler->Insert(MakeKeyOnlyEvent(1000, uid));
        }
        scheduler->Insert(MakeKeyOnlyEvent(999, 100)); // earlier despite the largest uid
        NS_TEST_ASSERT_MSG_EQ(scheduler->PeekNext().key.m_uid, 100u, "earlier time first");
        scheduler->Remove(MakeKeyOnlyEvent(999, 100));
        scheduler->Remove(MakeKeyOnlyEvent(1000, 14));
        scheduler->Remove(MakeKeyOnlyEvent(1000, 7));
        for (uint32_t expected = 1; expected <= 13; ++expected)
        {
            if (expected == 7)
            {
                continue;
            }
            NS_TEST_ASSERT_MSG_EQ(scheduler->IsEmpty(), false, "events left");
            NS_TEST_ASSERT_MSG_EQ(scheduler->RemoveNext().key.m_uid, expected, "uid order");
        }
        NS_TEST_ASSERT_MSG_EQ(scheduler->IsEmpty(), true, "all removed");
    }
};

/// The simulator under FabricScheduler runs events in time order, ties in scheduling order,
/// and skips cancelled and removed events.
class FabricSchedulerSimulatorTest : public TestCase
{
  public:
    FabricSchedulerSimulatorTest()
        : TestCase("the simulator under FabricScheduler runs events in order, skipping "
                   "cancelled and removed ones")
    {
    }

  private:
    /// \param tag the event's label, recorded when it runs
    void Record(uint32_t tag)
    {
        m_ran.push_back(tag);
    }

    void DoRun() override
    {
        ObjectFactory factory;
        factory.SetTypeId("ns3::FabricScheduler");
        Simulator::SetScheduler(factory);
        Simulator::Schedule(NanoSeconds(30), &FabricSchedulerSimulatorTest::Record, this, 6);
        Simulator::Schedule(NanoSeconds(10), &FabricSchedulerSimulatorTest::Record, this, 1);
        Simulator::Schedule(NanoSeconds(20), &FabricSchedulerSimulatorTest::Record, this, 3);
        Simulator::Schedule(NanoSeconds(10), &FabricSchedulerSimulatorTest::Record, this, 2);
        const EventId cancelled =
            Simulator::Schedule(NanoSeconds(20), &FabricSchedulerSimulatorTest::Record, this, 98);
        const EventId removed =
            Simulator::Schedule(NanoSeconds(25), &FabricSchedulerSimulatorTest::Record, this, 99);
        Simulator::Schedule(NanoSeconds(20), &FabricSchedulerSimulatorTest::Record, this, 4);
        Simulator::Schedule(NanoSeconds(25), &FabricSchedulerSimulatorTest::Record, this, 5);
        Simulator::Cancel(cancelled);
        Simulator::Remove(removed);
        Simulator::Run();
        Simulator::Destroy();
        const std::vector<uint32_t> expected{1, 2, 3, 4, 5, 6};
        NS_TEST_ASSERT_MSG_EQ(m_ran.size(), expected.size(), "events run");
        NS_TEST_ASSERT_MSG_EQ((m_ran == expected), true, "time order, ties in scheduling order");
    }

    std::vector<uint32_t> m_ran; //!< the labels of the events run, in order
};

/// FabricScheduler's tests.
class FabricLbSchedulerTestSuite : public TestSuite
{
  public:
    FabricLbSchedulerTestSuite()
        : TestSuite("fabric-lb-scheduler", FABRIC_LB_SUITE_UNIT)
    {
        AddTestCase(new FabricSchedulerRandomTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new FabricSchedulerTiesTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new FabricSchedulerSimulatorTest, FABRIC_LB_TEST_QUICK);
    }
};

/// The suite's one instance, registered at load.
FabricLbSchedulerTestSuite g_fabricLbSchedulerTestSuite;

} // namespace
} // namespace ns3
