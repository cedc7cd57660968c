/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "collective-triggers.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("CollectiveTriggers");

NS_OBJECT_ENSURE_REGISTERED(CollectiveTriggers);

TypeId
CollectiveTriggers::GetTypeId()
{
    static TypeId tid = TypeId("ns3::CollectiveTriggers")
                            .SetParent<Object>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<CollectiveTriggers>();
    return tid;
}

void
CollectiveTriggers::Setup(const fabriclb::ConnectionMatrix& matrix, StartFlow start)
{
    m_flows = matrix.flows;
    m_triggers = matrix.triggers;
    m_start = std::move(start);
    m_states.clear();
    m_byId.clear();
    for (uint32_t i = 0; i < m_triggers.size(); ++i)
    {
        m_states.emplace_back(m_triggers[i]);
        m_byId[m_triggers[i].id] = i;
    }
}

void
CollectiveTriggers::SendDone(uint32_t flow, uint32_t /* queuePair */)
{
    if (flow >= m_flows.size())
    {
        return; // a flow beside the collective's (background traffic)
    }
    if (m_flows[flow].sendDoneTrigger)
    {
        Signal(*m_flows[flow].sendDoneTrigger);
    }
}

void
CollectiveTriggers::ReceiveDone(uint32_t flow, uint32_t /* queuePair */)
{
    if (flow >= m_flows.size())
    {
        return; // a flow beside the collective's (background traffic)
    }
    if (m_flows[flow].recvDoneTrigger)
    {
        Signal(*m_flows[flow].recvDoneTrigger);
    }
}

void
CollectiveTriggers::Signal(uint32_t triggerId)
{
    const uint32_t index = m_byId.at(triggerId);
    const fabriclb::TriggerRelease release = m_states[index].Signal();
    NS_LOG_LOGIC("trigger " << triggerId << " signalled: starts " << release.last - release.first
                            << " flows");
    for (uint32_t position = release.first; position < release.last; ++position)
    {
        ++m_flowsStarted;
        m_start(m_triggers[index].waiting[position]);
    }
}

void
CollectiveTriggers::DoDispose()
{
    m_start = nullptr;
    m_flows.clear();
    m_triggers.clear();
    m_states.clear();
    Object::DoDispose();
}

} // namespace ns3
