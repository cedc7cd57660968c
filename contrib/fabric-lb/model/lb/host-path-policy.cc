/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "host-path-policy.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/workload.h"

#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HostPathPolicy");

NS_OBJECT_ENSURE_REGISTERED(HostPathPolicy);

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

void
HostPathPolicy::ExpectNextQueuePair(uint32_t queuePair, size_t added)
{
    NS_ABORT_MSG_UNLESS(queuePair == added, "queue pairs must be added in order");
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

} // namespace ns3
