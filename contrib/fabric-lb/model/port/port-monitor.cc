/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "port-monitor.h"

#include "fabric-queue-disc.h"

#include "ns3/node.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(PortMonitor);

const char*
FabricStageName(FabricStage stage)
{
    static const char* const names[FABRIC_STAGE_COUNT] = {"host-up",
                                                          "edge-up",
                                                          "agg-up",
                                                          "core-down",
                                                          "agg-down",
                                                          "edge-down",
                                                          "server-up",
                                                          "server-down"};
    return names[static_cast<size_t>(stage)];
}

FabricStage
SwitchPortStage(uint32_t tier, bool up, uint32_t tiers)
{
    if (tier == 0)
    {
        return up ? FabricStage::EDGE_UP : FabricStage::EDGE_DOWN;
    }
    if (!up && tier + 1 == tiers)
    {
        return FabricStage::CORE_DOWN;
    }
    return up ? FabricStage::AGG_UP : FabricStage::AGG_DOWN;
}

std::vector<std::pair<FabricStage, std::string>>
NamedSwitchStages()
{
    std::vector<std::pair<FabricStage, std::string>> stages;
    for (FabricStage stage : FABRIC_SWITCH_STAGES)
    {
        stages.emplace_back(stage, FabricStageName(stage));
    }
    return stages;
}

std::vector<std::pair<FabricStage, std::string>>
SwitchStagesOf(const fabriclb::FabricTopology& topology)
{
    // Up from every tier below the top, then down from the top to the lowest.
    const uint32_t tiers = topology.TierCount();
    std::vector<std::pair<FabricStage, std::string>> stages;
    for (uint32_t tier = 0; tier + 1 < tiers; ++tier)
    {
        stages.emplace_back(SwitchPortStage(tier, true, tiers), topology.TierName(tier) + "-up");
    }
    for (uint32_t tier = tiers; tier-- > 0;)
    {
        stages.emplace_back(SwitchPortStage(tier, false, tiers), topology.TierName(tier) + "-down");
    }
    return stages;
}

TypeId
PortMonitor::GetTypeId()
{
    static TypeId tid = TypeId("ns3::PortMonitor")
                            .SetParent<Object>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<PortMonitor>();
    return tid;
}

void
PortMonitor::WatchLink(FabricStage stage, Ptr<NetDevice> device, Ptr<NetDevice> peer)
{
    m_stage = stage;
    m_nodeId = device->GetNode()->GetId();
    m_peerNodeId = peer->GetNode()->GetId();
    m_lastChange = Simulator::Now();
    device->TraceConnectWithoutContext("PhyTxBegin",
                                       MakeCallback(&PortMonitor::TransmissionStarted, this));
    peer->TraceConnectWithoutContext("PhyRxEnd", MakeCallback(&PortMonitor::ReceptionEnded, this));
    peer->TraceConnectWithoutContext("PhyRxDrop",
                                     MakeCallback(&PortMonitor::ReceptionDropped, this));
}

void
PortMonitor::Attach(FabricStage stage,
                    Ptr<QueueDisc> queueDisc,
                    Ptr<Queue<Packet>> deviceQueue,
                    Ptr<NetDevice> device,
                    Ptr<NetDevice> peer)
{
    m_queueDisc = queueDisc;
    m_deviceQueue = deviceQueue;
    NS_ABORT_MSG_UNLESS(m_queueDisc && m_deviceQueue,
                        "PortMonitor needs a queue disc and a TxQueue");
    WatchLink(stage, device, peer);
    // A FabricQueueDisc hands every packet straight on to the device queue, which
    // never fills, so the backlog only changes when the device queue does.
    m_deviceQueue->TraceConnectWithoutContext("BytesInQueue",
                                              MakeCallback(&PortMonitor::Update, this));
}

void
PortMonitor::Attach(FabricStage stage, Ptr<FabricPortDevice> port, Ptr<FabricPortDevice> peer)
{
    m_stage = stage;
    m_nodeId = port->GetNode()->GetId();
    m_peerNodeId = peer->GetNode()->GetId();
    m_port = port;
    m_peerPort = peer;
}

uint64_t
PortMonitor::GetMaxBytes() const
{
    return m_port ? m_port->GetStats().maxBacklogBytes : m_maxBytes;
}

uint64_t
PortMonitor::GetLinkDrops() const
{
    return m_port ? m_peerPort->GetStats().framesLost : m_linkDrops;
}

uint64_t
PortMonitor::GetPacketsOnLink() const
{
    if (m_port)
    {
        return m_port->GetStats().framesSent - m_peerPort->GetStats().framesReceived;
    }
    return m_transmissionsStarted - m_receptionsEnded;
}

int64_t
PortMonitor::AssignStreams(int64_t stream)
{
    if (m_port)
    {
        return m_port->AssignStreams(stream);
    }
    return DynamicCast<FabricQueueDisc>(m_queueDisc)->AssignStreams(stream);
}

void
PortMonitor::ReceptionDropped(Ptr<const Packet>)
{
    ++m_receptionsEnded;
    ++m_linkDrops;
}

void
PortMonitor::TransmissionStarted(Ptr<const Packet>)
{
    ++m_transmissionsStarted;
}

void
PortMonitor::ReceptionEnded(Ptr<const Packet>)
{
    ++m_receptionsEnded;
}

void
PortMonitor::Update(uint32_t, uint32_t)
{
    // Integrate in raw time steps: Time::GetSeconds divides in 128 bits.
    const Time now = Simulator::Now();
    const auto elapsed = static_cast<double>((now - m_lastChange).GetTimeStep());
    m_byteTime += elapsed * static_cast<double>(m_bytes);
    m_lastChange = now;
    m_bytes = m_port ? m_port->GetPortBacklogBytes()
                     : m_queueDisc->GetNBytes() + m_deviceQueue->GetNBytes();
    m_maxBytes = std::max(m_maxBytes, m_bytes);
}

double
PortMonitor::GetMeanBytes(Time end) const
{
    if (m_port)
    {
        return m_port->GetMeanBacklogBytes(end);
    }
    if (!end.IsStrictlyPositive())
    {
        return 0;
    }
    const double tail =
        std::max<int64_t>(0, (end - m_lastChange).GetTimeStep()) * static_cast<double>(m_bytes);
    return (m_byteTime + tail) / static_cast<double>(end.GetTimeStep());
}

uint64_t
PortMonitor::GetDrops() const
{
    if (m_port)
    {
        return m_port->GetStats().packetsDropped;
    }
    return m_queueDisc->GetStats().nTotalDroppedPackets + m_deviceQueue->GetTotalDroppedPackets();
}

uint64_t
PortMonitor::GetTrims() const
{
    if (m_port)
    {
        return m_port->GetStats().packetsTrimmed;
    }
    return DynamicCast<FabricQueueDisc>(m_queueDisc)->GetPacketsTrimmed();
}

uint64_t
PortMonitor::GetBytesArrived() const
{
    if (m_port)
    {
        const FabricPortStats& stats = m_port->GetStats();
        return stats.bytesAdmitted + stats.bytesDropped + stats.bytesTrimmed;
    }
    return m_deviceQueue->GetTotalReceivedBytes() + m_queueDisc->GetStats().nTotalDroppedBytes +
           DynamicCast<FabricQueueDisc>(m_queueDisc)->GetBytesTrimmed();
}

uint64_t
PortMonitor::GetMarks() const
{
    if (m_port)
    {
        return m_port->GetStats().packetsMarked;
    }
    return m_queueDisc->GetStats().nTotalMarkedPackets;
}

uint64_t
PortMonitor::GetPacketsForwarded() const
{
    if (m_port)
    {
        return m_port->GetStats().packetsAdmitted;
    }
    return m_deviceQueue->GetTotalReceivedPackets() - m_deviceQueue->GetTotalDroppedPackets();
}

uint64_t
PortMonitor::GetPacketsWaiting() const
{
    if (m_port)
    {
        return m_port->GetPacketsWaiting();
    }
    return m_queueDisc->GetNPackets() + m_deviceQueue->GetNPackets();
}

void
PortMonitor::TraceBacklog(const Callback<void, uint32_t, uint32_t>& changed) const
{
    if (m_port)
    {
        m_port->TraceConnectWithoutContext("BacklogBytes", changed);
        return;
    }
    m_queueDisc->TraceConnectWithoutContext("BytesInQueue", changed);
    m_deviceQueue->TraceConnectWithoutContext("BytesInQueue", changed);
}

void
PortMonitor::DoDispose()
{
    m_queueDisc = nullptr;
    m_deviceQueue = nullptr;
    m_port = nullptr;
    m_peerPort = nullptr;
    Object::DoDispose();
}

} // namespace ns3
