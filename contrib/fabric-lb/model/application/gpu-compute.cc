/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gpu-compute.h"

#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GpuCompute");

NS_OBJECT_ENSURE_REGISTERED(GpuCompute);

TypeId
GpuCompute::GetTypeId()
{
    static TypeId tid = TypeId("ns3::GpuCompute")
                            .SetParent<Object>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<GpuCompute>();
    return tid;
}

void
GpuCompute::SetComputeDone(ComputeDone done)
{
    m_done = std::move(done);
}

void
GpuCompute::Release(uint32_t compute, Time duration)
{
    m_waiting.emplace_back(compute, duration);
    if (!m_running)
    {
        StartNext();
    }
}

void
GpuCompute::StartNext()
{
    const auto [compute, duration] = m_waiting.front();
    m_waiting.pop_front();
    m_running = true;
    m_current = compute;
    m_currentDuration = duration;
    NS_LOG_LOGIC("compute " << compute << " runs for " << duration);
    Simulator::Schedule(duration, &GpuCompute::Finish, this);
}

void
GpuCompute::Finish()
{
    m_running = false;
    m_busy += m_currentDuration;
    const uint32_t compute = m_current;
    if (!m_waiting.empty())
    {
        StartNext();
    }
    if (m_done)
    {
        m_done(compute);
    }
}

void
GpuCompute::DoDispose()
{
    m_waiting.clear();
    m_done = nullptr;
    Object::DoDispose();
}

} // namespace ns3
