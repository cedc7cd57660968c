/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "message-launcher.h"

#include "fabric-helper.h"
#include "fabric-ranks.h"

#include "ns3/collective-app.h"
#include "ns3/collective-triggers.h"
#include "ns3/gpu-compute.h"
#include "ns3/roce-nic.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

MessageLauncher::MessageLauncher() = default;

MessageLauncher::~MessageLauncher() = default;

void
MessageLauncher::Install(Ptr<FabricHelper> fabric, const fabriclb::ConnectionMatrix& traffic)
{
    m_fabric = fabric;
    const uint32_t hosts = m_fabric->GetTopology().HostCount();
    // With several ranks, each runs the applications of its own hosts.
    auto isLocal = [this](uint32_t host) {
        return m_fabric->GetHosts().Get(host)->GetSystemId() == FabricRanks::Local();
    };
    m_apps.resize(hosts);
    for (uint32_t h = 0; h < hosts; ++h)
    {
        if (isLocal(h))
        {
            m_apps[h] = CreateObject<CollectiveApp>();
            m_fabric->GetHosts().Get(h)->AddApplication(m_apps[h]);
            m_apps[h]->SetStartTime(Seconds(0));
        }
    }
    for (uint32_t id = 0; id < traffic.flows.size(); ++id)
    {
        const fabriclb::MatrixFlow& flow = traffic.flows[id];
        if (flow.startPs && isLocal(flow.source))
        {
            m_apps[flow.source]->AddMessage(m_fabric->GetHostAddress(flow.destination),
                                            flow.destination,
                                            flow.bytes,
                                            id,
                                            PicoSeconds(*flow.startPs));
        }
    }
}

void
MessageLauncher::InstallTriggers(const fabriclb::ConnectionMatrix& traffic,
                                 std::function<void(uint32_t compute)> computeDone)
{
    if (traffic.triggers.empty() && traffic.computes.empty())
    {
        return;
    }
    m_traffic = &traffic;
    m_triggers = CreateObject<CollectiveTriggers>();
    m_gpus.assign(m_fabric->GetHosts().GetN(), nullptr);
    for (const fabriclb::MatrixCompute& compute : traffic.computes)
    {
        if (!m_gpus[compute.host])
        {
            m_gpus[compute.host] = CreateObject<GpuCompute>();
            m_gpus[compute.host]->SetComputeDone([triggers = m_triggers, computeDone](uint32_t c) {
                triggers->ComputeDone(c);
                if (computeDone)
                {
                    computeDone(c);
                }
            });
        }
    }
    const auto release = [this](uint32_t c) { ReleaseCompute(c); };
    for (uint32_t c = 0; c < traffic.computes.size(); ++c)
    {
        if (traffic.computes[c].startPs)
        {
            Simulator::Schedule(PicoSeconds(*traffic.computes[c].startPs),
                                [release, c]() { release(c); });
        }
    }
    // Each trigger runs on one rank (FabricPartition::FindTriggerAcrossRanks).
    m_triggers->Setup(
        traffic,
        [this, &traffic](uint32_t id) { SendNow(id, traffic.flows[id]); },
        release);
    for (uint32_t h = 0; h < m_fabric->GetHosts().GetN(); ++h)
    {
        Ptr<RoceNic> nic = m_fabric->GetNic(h);
        nic->TraceConnectWithoutContext("MessageAcked",
                                        MakeCallback(&CollectiveTriggers::SendDone, m_triggers));
        nic->TraceConnectWithoutContext("MessageReceived",
                                        MakeCallback(&CollectiveTriggers::ReceiveDone, m_triggers));
    }
}

void
MessageLauncher::SendNow(uint32_t id, const fabriclb::MatrixFlow& flow)
{
    m_apps[flow.source]->SendNow(m_fabric->GetHostAddress(flow.destination),
                                 flow.destination,
                                 flow.bytes,
                                 id);
}

void
MessageLauncher::ReleaseCompute(uint32_t compute)
{
    const fabriclb::MatrixCompute& task = m_traffic->computes.at(compute);
    m_gpus[task.host]->Release(compute, PicoSeconds(task.durationPs));
}

Time
MessageLauncher::GetBusiestComputeTime() const
{
    Time busiest;
    for (const Ptr<GpuCompute>& gpu : m_gpus)
    {
        if (gpu)
        {
            busiest = std::max(busiest, gpu->GetBusyTime());
        }
    }
    return busiest;
}

void
MessageLauncher::Dispose()
{
    if (m_triggers)
    {
        m_triggers->Dispose();
        m_triggers = nullptr;
    }
    for (Ptr<GpuCompute>& gpu : m_gpus)
    {
        if (gpu)
        {
            gpu->Dispose();
        }
    }
    m_gpus.clear();
    m_traffic = nullptr;
    m_apps.clear();
    m_fabric = nullptr;
}

} // namespace ns3
