/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * FabricQueueDisc's RED marking (DCQCN's): the share of packets it marks at a
 * backlog below, at and above its thresholds.
 */

#include "fabric-lb-test-util.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/drop-tail-queue.h"
#include "ns3/fabric-lb-compat.h"
#include "ns3/fabric-queue-disc.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-queue-disc-item.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <string>

using namespace ns3;

namespace
{

/// Kmin, Kmax and Pmax of the case: not the defaults, so that the attributes are the ones used.
constexpr uint32_t RED_MIN_BYTES = 20000;
constexpr uint32_t RED_MAX_BYTES = 60000;
constexpr double RED_MAX_PROBABILITY = 0.5;

/**
 * \ingroup fabric-lb-tests
 * \brief RED marking at a fixed port backlog: packets arrive one at a time to a device queue
 * holding the backlog (each leaves the queue disc before the next arrives), and the share
 * the queue disc marks is RED's probability: 0 below and at Kmin, Pmax (q - Kmin) /
 * (Kmax - Kmin) from Kmin to Kmax, 1 above Kmax.
 *
 * The marks of N packets at probability p are Binomial(N, p): the case allows five standard
 * deviations, sqrt(N p (1 - p)), which an unbiased draw exceeds about once in 1.7 million
 * runs; where p is 0 or 1 the count is exact.
 */
class RedMarkingProbabilityTest : public TestCase
{
  public:
    RedMarkingProbabilityTest()
        : TestCase("RED marks nothing up to Kmin, a share rising linearly to Pmax at Kmax, "
                   "everything above")
    {
    }

  private:
    /// Packets each backlog sees.
    static constexpr uint32_t PACKETS = 20000;

    /// \return how many of PACKETS ECN-capable packets arriving to \p backlog bytes are marked
    static uint32_t MarksAt(uint32_t backlog)
    {
        Ptr<FabricQueueDisc> disc = CreateObject<FabricQueueDisc>();
        disc->SetAttribute("MaxSize", QueueSizeValue(QueueSize("10000000B")));
        disc->SetAttribute("RedMarking", BooleanValue(true));
        disc->SetAttribute("RedMinBytes", UintegerValue(RED_MIN_BYTES));
        disc->SetAttribute("RedMaxBytes", UintegerValue(RED_MAX_BYTES));
        disc->SetAttribute("RedMaxProbability", DoubleValue(RED_MAX_PROBABILITY));
        Ptr<DropTailQueue<Packet>> device = CreateObject<DropTailQueue<Packet>>();
        device->SetAttribute("MaxSize", QueueSizeValue(QueueSize("10000000B")));
        if (backlog > 0)
        {
            device->Enqueue(Create<Packet>(backlog));
        }
        disc->SetDeviceQueue(device);
        disc->AssignStreams(1);
        disc->Initialize();
        uint32_t marks = 0;
        for (uint32_t i = 0; i < PACKETS; ++i)
        {
            Ipv4Header header;
            header.SetEcn(Ipv4Header::ECN_ECT0);
            header.SetPayloadSize(1000);
            disc->Enqueue(
                Create<Ipv4QueueDiscItem>(Create<Packet>(1000), Address(), 0x0800, header));
            Ptr<Ipv4QueueDiscItem> item = DynamicCast<Ipv4QueueDiscItem>(disc->Dequeue());
            NS_ABORT_MSG_UNLESS(item && disc->GetPortBacklogBytes() == backlog,
                                "the packet passes and the backlog stays");
            marks += item->GetHeader().GetEcn() == Ipv4Header::ECN_CE ? 1 : 0;
        }
        disc->Dispose();
        return marks;
    }

    /// \return RED's probability at \p backlog between the thresholds
    static double Between(uint32_t backlog)
    {
        return RED_MAX_PROBABILITY * (backlog - RED_MIN_BYTES) / (RED_MAX_BYTES - RED_MIN_BYTES);
    }

    void DoRun() override
    {
        // Exact: no mark below or at Kmin, every packet above Kmax.
        for (const uint32_t backlog : {0U, RED_MIN_BYTES - 1, RED_MIN_BYTES})
        {
            NS_TEST_ASSERT_MSG_EQ(MarksAt(backlog), 0U, "no mark at a backlog of " << backlog);
        }
        for (const uint32_t backlog : {RED_MAX_BYTES + 1, 2 * RED_MAX_BYTES})
        {
            NS_TEST_ASSERT_MSG_EQ(MarksAt(backlog),
                                  PACKETS,
                                  "every packet marked at a backlog of " << backlog);
        }
        // Between: a quarter of the way (p = 0.125), half (0.25), and Kmax itself (Pmax).
        for (const uint32_t backlog : {RED_MIN_BYTES + (RED_MAX_BYTES - RED_MIN_BYTES) / 4,
                                       (RED_MIN_BYTES + RED_MAX_BYTES) / 2,
                                       RED_MAX_BYTES})
        {
            const double p = Between(backlog);
            const double expected = PACKETS * p;
            const double tolerance = 5 * std::sqrt(PACKETS * p * (1 - p));
            NS_TEST_EXPECT_MSG_EQ_TOL(static_cast<double>(MarksAt(backlog)),
                                      expected,
                                      tolerance,
                                      "marks at a backlog of " << backlog << " (p = " << p << ")");
        }
    }
};

} // namespace

/// \ingroup fabric-lb-tests FabricQueueDisc on its own.
class FabricLbQueueDiscSuite : public TestSuite
{
  public:
    FabricLbQueueDiscSuite()
        : TestSuite("fabric-lb-queue-disc", FABRIC_LB_SUITE_UNIT)
    {
        AddTestCase(new RedMarkingProbabilityTest, FABRIC_LB_TEST_QUICK);
    }
};

static FabricLbQueueDiscSuite g_fabricLbQueueDiscSuite; //!< registers the suite
