/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "roce-nic-port.h"

#include "roce-header.h"

#include "ns3/abort.h"
#include "ns3/node.h"
#include "ns3/socket.h"
#include "ns3/udp-header.h"
#include "ns3/udp-l4-protocol.h"

#include <algorithm>

namespace ns3
{

RoceNicPort::RoceNicPort(Ptr<UdpL4Protocol> udp,
                         Ipv4Address source,
                         const std::vector<Ptr<Ipv4Route>>& routes,
                         const std::vector<const EgressPort*>& queues,
                         uint32_t dataBytes,
                         uint32_t ackBytes)
    : m_udp(udp),
      m_source(source)
{
    NS_ABORT_MSG_IF(routes.empty(), "a NIC port needs a link");
    const Ptr<NetDevice> device = routes.front()->GetOutputDevice();
    DataRateValue rate;
    device->GetAttribute("DataRate", rate);
    TimeValue gap;
    device->GetAttribute("InterframeGap", gap);
    if (routes.size() == 1)
    {
        m_route = routes.front();
        m_rate = rate.Get();
        m_gap = gap.Get();
    }
    else
    {
        // The host's routing chooses each packet's link; the NIC fills them at their sum.
        NS_ABORT_MSG_UNLESS(routes.size() == queues.size(), "one queue disc a link");
        m_rate = DataRate(rate.Get().GetBitRate() * routes.size());
        m_gap = PicoSeconds(gap.Get().GetPicoSeconds() / routes.size());
        for (const Ptr<Ipv4Route>& route : routes)
        {
            DataRateValue linkRate;
            route->GetOutputDevice()->GetAttribute("DataRate", linkRate);
            m_linkRates.push_back(linkRate.Get());
        }
        m_queues = queues;
        m_routes = routes;
        const uint32_t buffer = queues.front()->GetBufferBytes();
        m_roomBytes = buffer > dataBytes ? buffer - dataBytes : 0;
    }
    m_dataTxTime = m_rate.CalculateBytesTxTime(dataBytes);
    m_ackTxTime = m_rate.CalculateBytesTxTime(ackBytes);
}

void
RoceNicPort::BypassStack(Ptr<Ipv4RoutingProtocol> routing, uint8_t ttl)
{
    m_bypass = true;
    m_checksums = Node::ChecksumEnabled();
    m_routing = routing;
    m_ttl = ttl;
    if (m_route)
    {
        m_device = DynamicCast<FabricPortDevice>(m_route->GetOutputDevice());
        NS_ABORT_MSG_UNLESS(m_device, "a NIC bypasses the host stack only on fabric ports");
    }
}

void
RoceNicPort::ObeyPauses()
{
    // With several links the NIC cannot steer a packet off a paused one (the host's
    // routing picks each packet's link): data waits while any of them is paused.
    const std::vector<Ptr<Ipv4Route>> routes =
        m_route ? std::vector<Ptr<Ipv4Route>>{m_route} : m_routes;
    for (const Ptr<Ipv4Route>& route : routes)
    {
        const auto device = DynamicCast<FabricPortDevice>(route->GetOutputDevice());
        NS_ABORT_MSG_UNLESS(device, "a NIC obeys PFC only on fabric ports");
        device->EnablePfc(true);
        device->SetPauseCallback(MakeCallback(&RoceNicPort::PauseChanged, this));
        m_pausedBy.push_back(device);
    }
}

void
RoceNicPort::PauseChanged()
{
    if (!m_scheduler)
    {
        return;
    }
    bool paused = false;
    for (const Ptr<FabricPortDevice>& device : m_pausedBy)
    {
        paused = paused || device->IsPaused(fabriclb::TrafficClass::DATA);
    }
    m_scheduler->SetDataPaused(paused);
}

void
RoceNicPort::SendFrame(Ptr<Packet> packet, Ipv4Address destination, uint16_t label, uint8_t tos)
{
    // What UdpL4Protocol::Send and Ipv4L3Protocol::Send (BuildHeader) write.
    UdpHeader udp;
    if (m_checksums)
    {
        udp.EnableChecksums();
        udp.InitializeChecksum(m_source, destination, UdpL4Protocol::PROT_NUMBER);
    }
    udp.SetDestinationPort(RoceHeader::UDP_PORT);
    udp.SetSourcePort(label);
    packet->AddHeader(udp);
    Ipv4Header ip;
    ip.SetSource(m_source);
    ip.SetDestination(destination);
    ip.SetProtocol(UdpL4Protocol::PROT_NUMBER);
    ip.SetPayloadSize(packet->GetSize());
    ip.SetTtl(m_ttl);
    ip.SetTos(tos);
    ip.SetMayFragment();
    ip.SetIdentification(m_identification[destination.Get()]++);
    if (m_checksums)
    {
        ip.EnableChecksum();
    }
    Ptr<FabricPortDevice> device = m_device;
    if (!device)
    {
        Socket::SocketErrno error;
        const Ptr<Ipv4Route> route = m_routing->RouteOutput(packet, ip, nullptr, error);
        NS_ABORT_MSG_UNLESS(route, "a host's routing found no port toward " << destination);
        device = StaticCast<FabricPortDevice>(route->GetOutputDevice());
    }
    device->SendFrame(packet, ip);
}

Time
RoceNicPort::Send(Ptr<Packet> packet,
                  Ipv4Address destination,
                  uint16_t label,
                  bool data,
                  uint8_t tos)
{
    if (m_bypass)
    {
        SendFrame(packet, destination, label, tos);
    }
    else
    {
        SocketIpTosTag tosTag;
        tosTag.SetTos(tos);
        packet->AddPacketTag(tosTag);
        m_udp->Send(packet, m_source, destination, label, RoceHeader::UDP_PORT, m_route);
    }
    Time busy = data ? m_dataTxTime : m_ackTxTime;
    for (size_t link = 0; link < m_queues.size(); ++link)
    {
        const uint32_t backlog = m_queues[link]->GetPortBacklogBytes();
        if (backlog > m_roomBytes)
        {
            busy = std::max(busy, m_linkRates[link].CalculateBytesTxTime(backlog - m_roomBytes));
        }
    }
    return busy;
}

} // namespace ns3
