/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "pfc-helper.h"

#include "command-line-values.h"
#include "fabric-helper.h"
#include "fabric-ranks.h"

#include "ns3/boolean.h"
#include "ns3/enum.h"
#include "ns3/fabric-port-device.h"
#include "ns3/node-list.h"
#include "ns3/pfc-pause-header.h"
#include "ns3/roce-nic.h"

#include <algorithm>

namespace ns3
{

namespace
{
/// \return whether switch buffers will be lossless (SwitchBuffer's Pfc default)
bool
LosslessByDefault()
{
    return AttributeDefault("ns3::SwitchBuffer::Pfc") == "true";
}

/// \return every switch of \p fabric: its tiers' and its servers'
std::vector<Ptr<Node>>
SwitchesOf(const FabricHelper& fabric)
{
    std::vector<Ptr<Node>> switches;
    for (uint32_t tier = 0; tier < fabric.GetTopology().TierCount(); ++tier)
    {
        const NodeContainer& nodes = fabric.GetSwitches(tier);
        switches.insert(switches.end(), nodes.Begin(), nodes.End());
    }
    const NodeContainer& servers = fabric.GetServerSwitches();
    switches.insert(switches.end(), servers.Begin(), servers.End());
    return switches;
}
} // namespace

bool
PfcHelper::Wanted()
{
    return LosslessByDefault() || AttributeDefault("ns3::SwitchBuffer::Sharing") == "dynamic";
}

bool
PfcHelper::PfcWanted()
{
    return LosslessByDefault();
}

void
PfcHelper::Install(const FabricHelper& fabric)
{
    if (!Wanted())
    {
        return;
    }
    EnumValue switchPort;
    fabric.GetAttribute("SwitchPort", switchPort);
    EnumValue switchPath;
    fabric.GetAttribute("SwitchPath", switchPath);
    if (switchPort.Get() != FabricLinkHelper::FABRIC || switchPath.Get() != FabricHelper::DIRECT)
    {
        throw std::invalid_argument("--pfc and --bufferSharing=dynamic keep a switch's books "
                                    "at its fabric ports: they need --switchPort=fabric and "
                                    "--switchPath=direct");
    }
    for (const Ptr<Node>& node : SwitchesOf(fabric))
    {
        const Ptr<SwitchBuffer> buffer = CreateObject<SwitchBuffer>();
        buffer->Install(node); // throws for settings that cannot work
        m_buffers.push_back(buffer);
    }
    if (!m_buffers.front()->IsLossless())
    {
        return;
    }
    for (const Ptr<SwitchBuffer>& buffer : m_buffers)
    {
        for (const Ptr<FabricPortDevice>& port : buffer->GetPorts())
        {
            if (port)
            {
                port->EnablePfc(true);
            }
        }
    }
    // Lossless, an egress queue is bounded by what every ingress port may hold for it, the
    // switch's whole buffer, not by its port's: the most queueing a packet can meet.
    uint64_t largestBufferBytes = 0;
    for (const Ptr<SwitchBuffer>& buffer : m_buffers)
    {
        largestBufferBytes = std::max(largestBufferBytes, buffer->GetAccounting().BufferBytes());
    }
    const Time pathBufferDrain = fabric.GetLongestPathDrain(largestBufferBytes);
    for (uint32_t host = 0; host < fabric.GetHosts().GetN(); ++host)
    {
        fabric.GetNic(host)->ObeyPauses();
        fabric.GetNic(host)->SetPathBufferDrain(pathBufferDrain);
    }
    if (FabricRanks::Count() == 1)
    {
        // Ports are named by their switch's tier and index.
        const fabriclb::FabricTopology& topology = fabric.GetTopology();
        std::vector<std::string> names(NodeList::GetNNodes());
        for (uint32_t tier = 0; tier < topology.TierCount(); ++tier)
        {
            const NodeContainer& nodes = fabric.GetSwitches(tier);
            for (uint32_t i = 0; i < nodes.GetN(); ++i)
            {
                names[nodes.Get(i)->GetId()] = topology.TierName(tier) + " " + std::to_string(i);
            }
        }
        m_detector = CreateObject<PauseCycleDetector>();
        m_detector->Watch(m_buffers, std::move(names));
    }
}

void
PfcHelper::EnableTimeline(const FabricHelper& fabric, const std::string& path)
{
    if (FabricRanks::Count() > 1)
    {
        throw std::invalid_argument(
            "--pfcTimeline watches one process's ports: run it on one rank");
    }
    if (m_buffers.empty() || !m_buffers.front()->IsLossless())
    {
        throw std::invalid_argument("--pfcTimeline records PFC's pauses: add --pfc");
    }
    m_timeline = std::make_unique<std::ofstream>(path);
    if (!*m_timeline)
    {
        throw std::invalid_argument("cannot write --pfcTimeline file '" + path + "'");
    }
    m_timeline->precision(15); // a time of 2 ms is 2000000 ns, not 2e+06
    *m_timeline << "time_ns,node,port,peer,stage,event,priority,value\n";
    for (const Ptr<PortMonitor>& monitor : fabric.GetPortMonitors())
    {
        const Ptr<FabricPortDevice> port = monitor->GetFabricPort();
        const std::string context =
            std::to_string(monitor->GetNodeId()) + "," + std::to_string(port->GetIfIndex()) + "," +
            std::to_string(monitor->GetPeerNodeId()) + "," + FabricStageName(monitor->GetStage());
        m_portContexts[{monitor->GetNodeId(), port->GetIfIndex()}] = context;
        port->TraceConnect("PfcPauseSent", context, MakeCallback(&PfcHelper::PauseSent, this));
        port->TraceConnect("PfcPauseReceived",
                           context,
                           MakeCallback(&PfcHelper::PauseReceived, this));
        port->TraceConnect("PfcResumed", context, MakeCallback(&PfcHelper::Resumed, this));
    }
    for (const Ptr<SwitchBuffer>& buffer : m_buffers)
    {
        const std::string node = std::to_string(buffer->GetObject<Node>()->GetId());
        buffer->TraceConnect("Xoff", node, MakeCallback(&PfcHelper::Xoff, this));
        buffer->TraceConnect("Xon", node, MakeCallback(&PfcHelper::Xon, this));
    }
}

void
PfcHelper::Record(const std::string& context, const char* event, uint8_t priority, double value)
{
    *m_timeline << Simulator::Now().GetPicoSeconds() / 1000.0 << "," << context << "," << event
                << "," << unsigned(priority) << "," << value << "\n";
}

void
PfcHelper::PauseSent(std::string context, uint8_t priority, uint16_t quanta)
{
    Record(context, "sent", priority, quanta);
}

void
PfcHelper::PauseReceived(std::string context, uint8_t priority, uint16_t quanta)
{
    Record(context, quanta > 0 ? "pause" : "resume", priority, quanta);
}

void
PfcHelper::Resumed(std::string context, uint8_t priority, Time paused)
{
    Record(context, "resumed", priority, paused.GetPicoSeconds() / 1000.0);
}

void
PfcHelper::Xoff(std::string node, uint32_t port)
{
    RecordIngress(node, port, "xoff");
}

void
PfcHelper::Xon(std::string node, uint32_t port)
{
    RecordIngress(node, port, "xon");
}

void
PfcHelper::RecordIngress(const std::string& node, uint32_t port, const char* event)
{
    const uint32_t id = std::stoul(node);
    const SwitchBuffer& buffer = *NodeList::GetNode(id)->GetObject<SwitchBuffer>();
    Record(m_portContexts.at({id, port}),
           event,
           PfcPauseHeader::PriorityOf(fabriclb::TrafficClass::DATA),
           buffer.GetAccounting().SharedBytes(port));
}

bool
PfcHelper::DeadlockFound() const
{
    return m_detector && m_detector->Found();
}

void
PfcHelper::Measure(const FabricHelper& fabric, ExperimentResult& result) const
{
    if (m_buffers.empty())
    {
        return;
    }
    BufferResult& buffer = result.buffer;
    buffer.present = true;
    buffer.pfc = m_buffers.front()->IsLossless();
    buffer.sharing = m_buffers.front()->IsDynamic() ? "dynamic" : "static";
    std::vector<uint64_t> counts;
    std::vector<double> maxima;
    for (const Ptr<PortMonitor>& monitor : fabric.GetPortMonitors())
    {
        const Ptr<FabricPortDevice> port = monitor->GetFabricPort();
        const FabricPortDevice::Stats& stats = port->GetStats();
        const PfcPauseControl::Stats& pauses = port->GetPauseStats();
        StagePfcStats& stage = buffer.stages[static_cast<size_t>(monitor->GetStage())];
        stage.pauseFramesSent += stats.pauseFramesSent;
        stage.pauseFramesReceived += pauses.pauseFramesReceived;
        stage.pauses += pauses.pauses;
        stage.pausedUs += pauses.pausedPs / 1e6;
        stage.longestPauseUs = std::max(stage.longestPauseUs, pauses.longestPausePs / 1e6);
        stage.portsPaused += pauses.pauses > 0 ? 1 : 0;
        buffer.pausesOnLinks += stats.pauseFramesSent -
                                monitor->GetPeerFabricPort()->GetPauseStats().pauseFramesReceived;
        buffer.watchdogDrops += stats.watchdogDrops;
        buffer.watchdogTrips += pauses.watchdogTrips;
    }
    for (const Ptr<SwitchBuffer>& sw : m_buffers)
    {
        const fabriclb::BufferAccounting::Stats& stats = sw->GetAccounting().GetStats();
        buffer.xoffs += stats.xoffs;
        buffer.headroomOverflows += stats.overflows;
        buffer.bufferDrops += stats.drops;
        buffer.bytesAtEnd += sw->GetAccounting().TotalBytes();
        buffer.maxHeadroomBytes =
            std::max<uint64_t>(buffer.maxHeadroomBytes, stats.maxHeadroomBytes);
        buffer.maxSharedBytes = std::max(buffer.maxSharedBytes, stats.maxSharedBytes);
        for (const Ptr<FabricPortDevice>& port : sw->GetPorts())
        {
            if (port)
            {
                buffer.headroomBytes = std::max<uint64_t>(buffer.headroomBytes,
                                                          sw->GetHeadroomBytes(port->GetIfIndex()));
            }
        }
    }
    if (m_detector)
    {
        buffer.deadlock = m_detector->GetCycle();
    }
    if (FabricRanks::Count() == 1)
    {
        return;
    }
    // Whole over the ranks: counts add up, the largest take the largest.
    for (const StagePfcStats& stage : buffer.stages)
    {
        counts.insert(
            counts.end(),
            {stage.pauseFramesSent, stage.pauseFramesReceived, stage.pauses, stage.portsPaused});
        maxima.push_back(stage.longestPauseUs);
    }
    counts.insert(counts.end(),
                  {buffer.xoffs,
                   buffer.headroomOverflows,
                   buffer.bufferDrops,
                   buffer.watchdogDrops,
                   buffer.watchdogTrips,
                   buffer.pausesOnLinks,
                   buffer.bytesAtEnd});
    maxima.insert(maxima.end(),
                  {double(buffer.headroomBytes),
                   double(buffer.maxHeadroomBytes),
                   double(buffer.maxSharedBytes)});
    std::vector<double> paused;
    for (const StagePfcStats& stage : buffer.stages)
    {
        paused.push_back(stage.pausedUs);
    }
    FabricRanks::Sum(counts);
    FabricRanks::Max(maxima);
    FabricRanks::Sum(paused);
    size_t c = 0;
    size_t m = 0;
    for (size_t s = 0; s < buffer.stages.size(); ++s)
    {
        StagePfcStats& stage = buffer.stages[s];
        stage.pauseFramesSent = counts[c++];
        stage.pauseFramesReceived = counts[c++];
        stage.pauses = counts[c++];
        stage.portsPaused = static_cast<uint32_t>(counts[c++]);
        stage.longestPauseUs = maxima[m++];
        stage.pausedUs = paused[s];
    }
    for (uint64_t* count : {&buffer.xoffs,
                            &buffer.headroomOverflows,
                            &buffer.bufferDrops,
                            &buffer.watchdogDrops,
                            &buffer.watchdogTrips,
                            &buffer.pausesOnLinks,
                            &buffer.bytesAtEnd})
    {
        *count = counts[c++];
    }
    buffer.headroomBytes = static_cast<uint64_t>(maxima[m++]);
    buffer.maxHeadroomBytes = static_cast<uint64_t>(maxima[m++]);
    buffer.maxSharedBytes = static_cast<uint64_t>(maxima[m++]);
}

void
PfcHelper::Dispose()
{
    if (m_detector)
    {
        m_detector->Dispose();
        m_detector = nullptr;
    }
    for (const Ptr<SwitchBuffer>& buffer : m_buffers)
    {
        buffer->Dispose();
    }
    m_buffers.clear();
    m_timeline.reset();
}

} // namespace ns3
