/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "host-path-policy.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/fabric-registry.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"
#include "ns3/workload.h"

#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HostPathPolicy");

NS_OBJECT_ENSURE_REGISTERED(HostPathPolicy);
NS_OBJECT_ENSURE_REGISTERED(FixedLabelPathPolicy);
NS_OBJECT_ENSURE_REGISTERED(SubflowPathPolicy);
NS_OBJECT_ENSURE_REGISTERED(PlbPathPolicy);
NS_OBJECT_ENSURE_REGISTERED(SprayPathPolicy);
NS_OBJECT_ENSURE_REGISTERED(RepsPathPolicy);
NS_OBJECT_ENSURE_REGISTERED(HostDrPathPolicy);

TypeId
HostPathPolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::HostPathPolicy")
            .SetParent<Object>()
            .SetGroupName("FabricLb")
            .AddTraceSource("PathChosen",
                            "The policy chose the label (path) of a queue pair's data packet",
                            MakeTraceSourceAccessor(&HostPathPolicy::m_pathChosenTrace),
                            "ns3::HostPathPolicy::PathChosenTracedCallback");
    return tid;
}

HostPathPolicy::HostPathPolicy()
    : m_rng(CreateObject<UniformRandomVariable>())
{
    m_draw = fabriclb::UniformIndexFrom(m_rng);
}

void
HostPathPolicy::Setup(std::shared_ptr<const fabriclb::FabricTopology> topology, uint32_t /* host */)
{
    m_topology = std::move(topology);
}

uint16_t
HostPathPolicy::SelectLabel(uint32_t queuePair)
{
    const uint16_t label = DoSelectLabel(queuePair);
    NS_LOG_LOGIC("queue pair " << queuePair << ": label " << label);
    m_pathChosenTrace(queuePair, label);
    return label;
}

uint16_t
HostPathPolicy::SelectAckLabel(Ipv4Address /* dataSender */, uint16_t dataLabel)
{
    return dataLabel;
}

void
HostPathPolicy::NotifyFeedback(const PathFeedback& /* feedback */)
{
}

void
HostPathPolicy::SetPacingGap(Time /* gap */)
{
}

void
HostPathPolicy::SetKnownFailures(std::shared_ptr<const fabriclb::LinkStates> /* down */)
{
}

int64_t
HostPathPolicy::AssignStreams(int64_t stream)
{
    m_rng->SetStream(stream);
    return 1;
}

uint16_t
HostPathPolicy::RandomLabel()
{
    return static_cast<uint16_t>(
        m_rng->GetInteger(MIN_LABEL, std::numeric_limits<uint16_t>::max()));
}

void
HostPathPolicy::DoDispose()
{
    m_draw = nullptr;
    m_topology.reset();
    Object::DoDispose();
}

// ---------------------------------------------------------------------------

TypeId
FixedLabelPathPolicy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::FixedLabelPathPolicy")
                            .SetParent<HostPathPolicy>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<FixedLabelPathPolicy>();
    return tid;
}

void
FixedLabelPathPolicy::AddQueuePair(uint32_t queuePair, uint32_t /* destinationHost */)
{
    NS_ABORT_MSG_UNLESS(queuePair == m_labels.size(), "queue pairs must be added in order");
    m_labels.push_back(RandomLabel());
}

uint16_t
FixedLabelPathPolicy::DoSelectLabel(uint32_t queuePair)
{
    return m_labels[queuePair];
}

// ---------------------------------------------------------------------------

namespace
{
/// The `subflow` scheme.
const fabriclb::Registration<fabriclb::LbScheme> g_subflowScheme(
    {"subflow",
     "MPTCP-like: 4 subflows per queue pair, each its own label, over ECMP",
     fabriclb::LbSite::HOST,
     "ns3::SubflowPathPolicy",
     "ns3::EcmpDiscipline",
     0});
} // namespace

TypeId
SubflowPathPolicy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SubflowPathPolicy")
                            .SetParent<HostPathPolicy>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<SubflowPathPolicy>()
                            .AddAttribute("Subflows",
                                          "Subflows (labels) per queue pair",
                                          UintegerValue(4),
                                          MakeUintegerAccessor(&SubflowPathPolicy::m_subflows),
                                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

void
SubflowPathPolicy::AddQueuePair(uint32_t queuePair, uint32_t /* destinationHost */)
{
    NS_ABORT_MSG_UNLESS(queuePair == m_labels.size(), "queue pairs must be added in order");
    std::vector<uint16_t> labels(m_subflows);
    for (uint16_t& label : labels)
    {
        label = RandomLabel();
    }
    m_labels.push_back(std::move(labels));
    m_next.push_back(0);
}

uint16_t
SubflowPathPolicy::DoSelectLabel(uint32_t queuePair)
{
    uint32_t& next = m_next[queuePair];
    const uint16_t label = m_labels[queuePair][next];
    next = (next + 1) % m_subflows;
    return label;
}

// ---------------------------------------------------------------------------

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
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("MarkedAcks",
                          "The path is good while fewer than this many of them carry ECN",
                          UintegerValue(4),
                          MakeUintegerAccessor(&PlbPathPolicy::m_markedAcks),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("CongestedGapsMin",
                          "Smallest time a path may stay not good before a repath, in pacing "
                          "gaps",
                          UintegerValue(10),
                          MakeUintegerAccessor(&PlbPathPolicy::m_congestedGapsMin),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("CongestedGapsMax",
                          "Largest such time (drawn uniformly below it), in pacing gaps",
                          UintegerValue(12),
                          MakeUintegerAccessor(&PlbPathPolicy::m_congestedGapsMax),
                          MakeUintegerChecker<uint32_t>());
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

// ---------------------------------------------------------------------------

namespace
{
/// The `host-spray` scheme.
const fabriclb::Registration<fabriclb::LbScheme> g_hostSprayScheme(
    {"host-spray",
     "host packet spraying: a fresh random label for every packet, over ECMP",
     fabriclb::LbSite::HOST,
     "ns3::SprayPathPolicy",
     "ns3::EcmpDiscipline",
     0});
} // namespace

TypeId
SprayPathPolicy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SprayPathPolicy")
                            .SetParent<HostPathPolicy>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<SprayPathPolicy>();
    return tid;
}

void
SprayPathPolicy::AddQueuePair(uint32_t /* queuePair */, uint32_t /* destinationHost */)
{
}

uint16_t
SprayPathPolicy::DoSelectLabel(uint32_t /* queuePair */)
{
    return RandomLabel();
}

// ---------------------------------------------------------------------------

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
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("FreezeTime",
                          "How long a freeze lasts: a queue pair sends on cached labels only "
                          "(no exploration); then it explores afresh",
                          TimeValue(MilliSeconds(10)),
                          MakeTimeAccessor(&RepsPathPolicy::m_freezeTime),
                          MakeTimeChecker(Seconds(0)))
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
    NS_ABORT_MSG_UNLESS(queuePair == m_caches.size(), "queue pairs must be added in order");
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

// ---------------------------------------------------------------------------

namespace
{
/// The `host-dr` scheme.
const fabriclb::Registration<fabriclb::LbScheme> g_hostDrScheme(
    {"host-dr",
     "host destination-based rotation over the lowest common tier; switches follow "
     "the label",
     fabriclb::LbSite::HOST,
     "ns3::HostDrPathPolicy",
     "ns3::LabelPathDiscipline",
     0});
} // namespace

TypeId
HostDrPathPolicy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::HostDrPathPolicy")
                            .SetParent<HostPathPolicy>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<HostDrPathPolicy>();
    return tid;
}

void
HostDrPathPolicy::Setup(std::shared_ptr<const fabriclb::FabricTopology> topology, uint32_t host)
{
    HostPathPolicy::Setup(topology, host);
    m_rotation.emplace(topology, host);
}

void
HostDrPathPolicy::AddQueuePair(uint32_t queuePair, uint32_t destinationHost)
{
    NS_ABORT_MSG_UNLESS(queuePair == m_destinations.size(), "queue pairs must be added in order");
    m_destinations.push_back(destinationHost);
}

uint16_t
HostDrPathPolicy::DoSelectLabel(uint32_t queuePair)
{
    return m_rotation->NextLabel(m_destinations[queuePair], 0, m_draw);
}

uint16_t
HostDrPathPolicy::SelectAckLabel(Ipv4Address dataSender, uint16_t /* dataLabel */)
{
    return m_rotation->NextLabel(m_topology->HostFromAddress(dataSender.Get()), 1, m_draw);
}

void
HostDrPathPolicy::SetKnownFailures(std::shared_ptr<const fabriclb::LinkStates> down)
{
    m_rotation->SetKnownFailures(std::move(down));
}

} // namespace ns3
