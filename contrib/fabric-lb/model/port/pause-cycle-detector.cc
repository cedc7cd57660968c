/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "pause-cycle-detector.h"

#include "fabric-port-device.h"

#include "ns3/channel.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/value-limits.h"

#include <iostream>
#include <map>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PauseCycleDetector");

NS_OBJECT_ENSURE_REGISTERED(PauseCycleDetector);

TypeId
PauseCycleDetector::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::PauseCycleDetector")
            .SetParent<Object>()
            .SetGroupName("FabricLb")
            .AddConstructor<PauseCycleDetector>()
            .AddAttribute("DeadlockTime",
                          "A cycle of paused ports that lasts this long is a deadlock: "
                          "the run ends with the ports named",
                          TimeValue(MilliSeconds(1)),
                          MakeTimeAccessor(&PauseCycleDetector::m_deadlockTime),
                          MakeTimeChecker(NanoSeconds(4),
                                          PicoSeconds(fabriclb::ValueLimits::MAX_PATIENCE_PS)));
    return tid;
}

void
PauseCycleDetector::Watch(const std::vector<Ptr<SwitchBuffer>>& buffers,
                          std::vector<std::string> names)
{
    m_names = std::move(names);
    std::map<const NetDevice*, uint32_t> indexOf;
    for (const Ptr<SwitchBuffer>& buffer : buffers)
    {
        const std::vector<Ptr<FabricPortDevice>>& ports = buffer->GetPorts();
        for (uint32_t device = 0; device < ports.size(); ++device)
        {
            if (ports[device])
            {
                indexOf[PeekPointer(ports[device])] = m_ports.size();
                m_ports.push_back({buffer, device, -1});
            }
        }
        buffer->TraceConnectWithoutContext("Xoff",
                                           MakeCallback(&PauseCycleDetector::XoffSeen, this));
    }
    for (Port& port : m_ports)
    {
        const Ptr<Channel> channel = port.buffer->GetPorts()[port.device]->GetChannel();
        for (std::size_t end = 0; end < channel->GetNDevices(); ++end)
        {
            const auto found = indexOf.find(PeekPointer(channel->GetDevice(end)));
            if (found != indexOf.end() && m_ports[found->second].buffer != port.buffer)
            {
                port.peer = found->second;
            }
        }
    }
}

void
PauseCycleDetector::XoffSeen(uint32_t)
{
    if (!m_check.IsRunning() && m_found.empty())
    {
        m_check = Simulator::Schedule(m_deadlockTime / 4, &PauseCycleDetector::Check, this);
    }
}

std::vector<uint32_t>
PauseCycleDetector::CurrentCycle() const
{
    // Port a points at port b when a is paused, its peer's ingress is in XOFF holding
    // data that waits at b, and b is paused.
    std::vector<std::vector<uint32_t>> successors(m_ports.size());
    std::map<std::pair<const SwitchBuffer*, uint32_t>, uint32_t> indexOf;
    for (uint32_t i = 0; i < m_ports.size(); ++i)
    {
        indexOf[{PeekPointer(m_ports[i].buffer), m_ports[i].device}] = i;
    }
    const auto paused = [this](uint32_t i) {
        return m_ports[i].buffer->GetPorts()[m_ports[i].device]->IsPaused(
            fabriclb::TrafficClass::DATA);
    };
    for (uint32_t a = 0; a < m_ports.size(); ++a)
    {
        if (m_ports[a].peer < 0 || !paused(a))
        {
            continue;
        }
        const Port& ingress = m_ports[m_ports[a].peer];
        const fabriclb::BufferAccounting& books = ingress.buffer->GetAccounting();
        if (!books.IsXoff(ingress.device))
        {
            continue;
        }
        const std::vector<Ptr<FabricPortDevice>>& ports = ingress.buffer->GetPorts();
        for (uint32_t egress = 0; egress < ports.size(); ++egress)
        {
            if (ports[egress] && books.HeldBytes(ingress.device, egress) > 0)
            {
                const uint32_t b = indexOf.at({PeekPointer(ingress.buffer), egress});
                if (paused(b))
                {
                    successors[a].push_back(b);
                }
            }
        }
    }
    return fabriclb::FindCycle(successors);
}

void
PauseCycleDetector::Check()
{
    const std::vector<uint32_t> cycle = CurrentCycle();
    if (cycle.empty() || cycle != m_candidate)
    {
        m_candidate = cycle;
        m_candidateSince = Simulator::Now();
    }
    else if (Simulator::Now() - m_candidateSince >= m_deadlockTime)
    {
        std::string line;
        for (uint32_t port : cycle)
        {
            m_found.push_back(NameOf(port));
            line += (line.empty() ? "" : " -> ") + m_found.back();
        }
        std::cerr << "fabric-lb: error: PFC deadlock: a cycle of paused ports for "
                  << m_deadlockTime.GetSeconds() * 1e6 << " us: " << line << " -> "
                  << m_found.front() << std::endl;
        Simulator::Stop();
        return;
    }
    bool anyXoff = false;
    for (const Port& port : m_ports)
    {
        anyXoff = anyXoff || port.buffer->GetAccounting().IsXoff(port.device);
    }
    if (anyXoff)
    {
        m_check = Simulator::Schedule(m_deadlockTime / 4, &PauseCycleDetector::Check, this);
    }
}

std::string
PauseCycleDetector::NameOf(uint32_t port) const
{
    const Ptr<FabricPortDevice> device = m_ports[port].buffer->GetPorts()[m_ports[port].device];
    const uint32_t node = device->GetNode()->GetId();
    std::string name = node < m_names.size() && !m_names[node].empty()
                           ? m_names[node]
                           : "node " + std::to_string(node);
    name += " port " + std::to_string(m_ports[port].device);
    if (m_ports[port].peer >= 0)
    {
        const Port& peer = m_ports[m_ports[port].peer];
        const uint32_t peerNode = peer.buffer->GetPorts()[peer.device]->GetNode()->GetId();
        name += " (to " +
                (peerNode < m_names.size() && !m_names[peerNode].empty()
                     ? m_names[peerNode]
                     : "node " + std::to_string(peerNode)) +
                ")";
    }
    return name;
}

void
PauseCycleDetector::DoDispose()
{
    m_check.Cancel();
    m_ports.clear();
    Object::DoDispose();
}

} // namespace ns3
