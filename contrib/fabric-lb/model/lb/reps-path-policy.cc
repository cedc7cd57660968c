/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "reps-path-policy.h"

#include "ns3/boolean.h"
#include "ns3/fabric-registry.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"
#include "ns3/value-limits.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(RepsPathPolicy);

namespace
{
/// The `reps` scheme.
const fabriclb::Registration<fabriclb::LbScheme> g_repsScheme(
    {"reps",
     "REPS-like adaptive host spraying: recycle unmarked labels, drop marked ones "
     "(marking at 10% of the buffer)",
     fabriclb::LbSite::HOST,
     "ns3::RepsPathPolicy",
     "ns3::EcmpDiscipline",
     0.1});
} // namespace

TypeId
RepsPathPolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RepsPathPolicy")
            .SetParent<HostPathPolicy>()
            .SetGroupName("FabricLb")
            .AddConstructor<RepsPathPolicy>()
            .AddAttribute("CacheLabels",
                          "Good labels a queue pair keeps for reuse",
                          UintegerValue(64),
                          MakeUintegerAccessor(&RepsPathPolicy::m_capacity),
                          MakeUintegerChecker<uint32_t>(1, fabriclb::ValueLimits::MAX_STEPS))
            .AddAttribute(
                "FreezeTime",
                "How long a freeze lasts: a queue pair sends on cached labels only "
                "(no exploration); then it explores afresh",
                TimeValue(MilliSeconds(10)),
                MakeTimeAccessor(&RepsPathPolicy::m_freezeTime),
                MakeTimeChecker(Seconds(0), PicoSeconds(fabriclb::ValueLimits::MAX_DELAY_PS)))
            .AddAttribute("FreezeAtEveryLoss",
                          "Freeze at every loss; false (the study's simulator): freeze when a "
                          "label lost and not ACKed since is picked again",
                          BooleanValue(false),
                          MakeBooleanAccessor(&RepsPathPolicy::m_freezeAtEveryLoss),
                          MakeBooleanChecker());
    return tid;
}

void
RepsPathPolicy::AddQueuePair(uint32_t queuePair, uint32_t /* destinationHost */)
{
    ExpectNextQueuePair(queuePair, m_caches.size());
    m_caches.emplace_back(m_capacity,
                          m_freezeTime.GetPicoSeconds(),
                          MIN_LABEL,
                          m_freezeAtEveryLoss);
}

uint16_t
RepsPathPolicy::DoSelectLabel(uint32_t queuePair)
{
    return m_caches[queuePair].NextLabel(Simulator::Now().GetPicoSeconds(), m_draw);
}

void
RepsPathPolicy::NotifyFeedback(const PathFeedback& feedback)
{
    fabriclb::RepsLabelCache& cache = m_caches[feedback.queuePair];
    switch (feedback.kind)
    {
    case PathFeedback::ACK:
    case PathFeedback::NACK:
        cache.OnAck(feedback.label, feedback.ecnMarked);
        break;
    case PathFeedback::LOSS:
        cache.OnLoss(feedback.label, Simulator::Now().GetPicoSeconds());
        break;
    case PathFeedback::CNP:
    case PathFeedback::TIMEOUT:
        break;
    }
}

uint64_t
RepsPathPolicy::GetFreezes() const
{
    uint64_t freezes = 0;
    for (const fabriclb::RepsLabelCache& cache : m_caches)
    {
        freezes += cache.Freezes();
    }
    return freezes;
}

} // namespace ns3
