/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "collective-triggers.h"

#include "ns3/abort.h"
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
CollectiveTriggers::Setup(const fabriclb::ConnectionMatrix& matrix,
                          StartFlow start,
                          StartCompute startCompute)
{
    m_flows = matrix.flows;
    m_computes = matrix.computes;
    m_triggers = matrix.triggers;
    m_start = std::move(start);
    m_startCompute = std::move(startCompute);
    NS_ABORT_MSG_IF(!m_computes.empty() && !m_startCompute,
                    "a traffic with computes needs a way to start them");
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
CollectiveTriggers::ComputeDone(uint32_t compute)
{
    if (m_computes.at(compute).doneTrigger)
    {
        Signal(*m_computes[compute].doneTrigger);
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
        const uint32_t task = m_triggers[index].waiting[position];
        if (fabriclb::IsComputeTask(task))
        {
            m_startCompute(fabriclb::ComputeIndexOf(task));
            continue;
        }
        ++m_flowsStarted;
        m_start(task);
    }
}

void
CollectiveTriggers::DoDispose()
{
    m_start = nullptr;
    m_startCompute = nullptr;
    m_flows.clear();
    m_computes.clear();
    m_triggers.clear();
    m_states.clear();
    Object::DoDispose();
}

} // namespace ns3
