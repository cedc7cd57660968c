/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "host-dr-path-policy.h"

#include "ns3/fabric-registry.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(HostDrPathPolicy);

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
    ExpectNextQueuePair(queuePair, m_destinations.size());
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
