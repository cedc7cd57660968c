/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "plb-path-policy.h"

#include "ns3/abort.h"
#include "ns3/fabric-registry.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"
#include "ns3/value-limits.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(PlbPathPolicy);

namespace
{
/// The `plb` scheme.
const fabriclb::Registration<fabriclb::LbScheme> g_plbScheme(
    {"plb",
     "PLB-like host flowlets: new random label once 4 or more of the last 10 ACKs have "
     "carried ECN for 10-12 pacing gaps, or after a loss (marking at 50% of the buffer)",
     fabriclb::LbSite::HOST,
     "ns3::PlbPathPolicy",
     "ns3::EcmpDiscipline",
     0.5});
} // namespace

TypeId
PlbPathPolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::PlbPathPolicy")
            .SetParent<FixedLabelPathPolicy>()
            .SetGroupName("FabricLb")
            .AddConstructor<PlbPathPolicy>()
            .AddAttribute("WindowAcks",
                          "The last ACKs whose ECN marks count",
                          UintegerValue(10),
                          MakeUintegerAccessor(&PlbPathPolicy::m_windowAcks),
                          MakeUintegerChecker<uint32_t>(1, fabriclb::ValueLimits::MAX_STEPS))
            .AddAttribute("MarkedAcks",
                          "The path is good while fewer than this many of them carry ECN",
                          UintegerValue(4),
                          MakeUintegerAccessor(&PlbPathPolicy::m_markedAcks),
                          MakeUintegerChecker<uint32_t>(0, fabriclb::ValueLimits::MAX_STEPS))
            .AddAttribute("CongestedGapsMin",
                          "Smallest time a path may stay not good before a repath, in pacing "
                          "gaps",
                          UintegerValue(10),
                          MakeUintegerAccessor(&PlbPathPolicy::m_congestedGapsMin),
                          MakeUintegerChecker<uint32_t>(0, fabriclb::ValueLimits::MAX_STEPS))
            .AddAttribute("CongestedGapsMax",
                          "Largest such time (drawn uniformly below it), in pacing gaps",
                          UintegerValue(12),
                          MakeUintegerAccessor(&PlbPathPolicy::m_congestedGapsMax),
                          MakeUintegerChecker<uint32_t>(0, fabriclb::ValueLimits::MAX_STEPS));
    return tid;
}

void
PlbPathPolicy::AddQueuePair(uint32_t queuePair, uint32_t destinationHost)
{
    NS_ABORT_MSG_IF(m_congestedGapsMax < m_congestedGapsMin,
                    "PlbPathPolicy::CongestedGapsMax is below CongestedGapsMin");
    FixedLabelPathPolicy::AddQueuePair(queuePair, destinationHost);
    m_state.emplace_back(m_windowAcks, m_markedAcks, m_congestedGapsMin, m_congestedGapsMax);
}

void
PlbPathPolicy::NotifyFeedback(const PathFeedback& feedback)
{
    const uint32_t qp = feedback.queuePair;
    const auto now = static_cast<uint64_t>(Simulator::Now().GetPicoSeconds());
    switch (feedback.kind)
    {
    case PathFeedback::ACK:
    case PathFeedback::NACK:
        if (m_state[qp].OnAck(feedback.ecnMarked, now, m_pacingGapPs, m_draw))
        {
            m_labels[qp] = RandomLabel();
        }
        break;
    case PathFeedback::LOSS:
        m_state[qp].OnLoss(now);
        m_labels[qp] = RandomLabel();
        break;
    case PathFeedback::CNP:
    case PathFeedback::TIMEOUT:
        break;
    }
}

void
PlbPathPolicy::SetPacingGap(Time gap)
{
    m_pacingGapPs = static_cast<uint64_t>(gap.GetPicoSeconds());
}

} // namespace ns3
