/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "reps-uet-path-policy.h"

#include "ns3/boolean.h"
#include "ns3/fabric-registry.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"
#include "ns3/value-limits.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(RepsUetPathPolicy);

namespace
{
/// The `reps-uet` scheme.
const fabriclb::Registration<fabriclb::LbScheme> g_repsUetScheme(
    {"reps-uet",
     "REPS as Ultra Ethernet's simulator runs it: a circular buffer of 8 of 64 labels, "
     "recycled on unmarked ACKs, frozen on a timeout (marking: the congestion control's)",
     fabriclb::LbSite::HOST,
     "ns3::RepsUetPathPolicy",
     "ns3::EcmpDiscipline",
     0});
} // namespace

TypeId
RepsUetPathPolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RepsUetPathPolicy")
            .SetParent<HostPathPolicy>()
            .SetGroupName("FabricLb")
            .AddConstructor<RepsUetPathPolicy>()
            .AddAttribute("BufferEntropies",
                          "Slots of a queue pair's circular buffer of recycled labels "
                          "(uet-htsim's repsBufferSize)",
                          UintegerValue(8),
                          MakeUintegerAccessor(&RepsUetPathPolicy::m_bufferSize),
                          MakeUintegerChecker<uint32_t>(1, fabriclb::ValueLimits::MAX_STEPS))
            .AddAttribute("Entropies",
                          "Labels a queue pair draws from when it explores, from 1024 on "
                          "(uet-htsim's -paths)",
                          UintegerValue(64),
                          MakeUintegerAccessor(&RepsUetPathPolicy::m_entropies),
                          MakeUintegerChecker<uint32_t>(1, 65536U - MIN_LABEL))
            .AddAttribute(
                "FreezeTime",
                "How long a freeze lasts at least: the queue pair replays its buffer; the "
                "first feedback after it empties the buffer (uet-htsim's exit_freeze_after)",
                TimeValue(MilliSeconds(10)),
                MakeTimeAccessor(&RepsUetPathPolicy::m_freezeTime),
                MakeTimeChecker(Seconds(0), PicoSeconds(fabriclb::ValueLimits::MAX_DELAY_PS)))
            .AddAttribute("ExploreAfterFreeze",
                          "Labels drawn at random after a freeze, during which a timeout does "
                          "not freeze again",
                          UintegerValue(16),
                          MakeUintegerAccessor(&RepsUetPathPolicy::m_exploreAfterFreeze),
                          MakeUintegerChecker<uint32_t>(0, fabriclb::ValueLimits::MAX_STEPS))
            .AddAttribute("Freezing",
                          "A retransmission timeout freezes the queue pair (uet-htsim's "
                          "repsUseFreezing)",
                          BooleanValue(true),
                          MakeBooleanAccessor(&RepsUetPathPolicy::m_freezing),
                          MakeBooleanChecker());
    return tid;
}

void
RepsUetPathPolicy::AddQueuePair(uint32_t queuePair, uint32_t /* destinationHost */)
{
    ExpectNextQueuePair(queuePair, m_queues.size());
    m_queues.emplace_back(m_bufferSize,
                          m_entropies,
                          MIN_LABEL,
                          m_freezeTime.GetPicoSeconds(),
                          m_exploreAfterFreeze,
                          m_freezing);
}

uint16_t
RepsUetPathPolicy::DoSelectLabel(uint32_t queuePair)
{
    return m_queues[queuePair].NextLabel(m_draw);
}

void
RepsUetPathPolicy::NotifyFeedback(const PathFeedback& feedback)
{
    using Feedback = fabriclb::RepsUetLogic::Feedback;
    fabriclb::RepsUetLogic& queue = m_queues[feedback.queuePair];
    const uint64_t nowPs = Simulator::Now().GetPicoSeconds();
    switch (feedback.kind)
    {
    case PathFeedback::ACK:
        queue.OnFeedback(feedback.label,
                         feedback.ecnMarked ? Feedback::ECN : Feedback::GOOD,
                         nowPs);
        break;
    case PathFeedback::NACK:
        queue.OnFeedback(feedback.label, Feedback::NACK, nowPs);
        break;
    case PathFeedback::TIMEOUT:
        queue.OnFeedback(feedback.label, Feedback::TIMEOUT, nowPs);
        break;
    case PathFeedback::LOSS:
    case PathFeedback::CNP:
        break; // uet-htsim's REPS hears of neither
    }
}

uint64_t
RepsUetPathPolicy::GetFreezes() const
{
    uint64_t freezes = 0;
    for (const fabriclb::RepsUetLogic& queue : m_queues)
    {
        freezes += queue.Freezes();
    }
    return freezes;
}

} // namespace ns3
