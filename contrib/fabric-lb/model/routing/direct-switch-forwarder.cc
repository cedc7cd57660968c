/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "direct-switch-forwarder.h"

#include "ns3/icmpv4-l4-protocol.h"
#include "ns3/ipv4-queue-disc-item.h"
#include "ns3/log.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/traffic-control-layer.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DirectSwitchForwarder");

NS_OBJECT_ENSURE_REGISTERED(DirectSwitchForwarder);

TypeId
DirectSwitchForwarder::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::DirectSwitchForwarder")
            .SetParent<Object>()
            .SetGroupName("FabricLb")
            .AddConstructor<DirectSwitchForwarder>()
            .AddTraceSource("Drop",
                            "A packet in transit was dropped: no usable way on, or its TTL expired",
                            MakeTraceSourceAccessor(&DirectSwitchForwarder::m_dropTrace),
                            "ns3::Ipv4L3Protocol::DropTracedCallback");
    return tid;
}

void
DirectSwitchForwarder::Install(Ptr<Node> node,
                               std::shared_ptr<const fabriclb::FabricTopology> topology)
{
    m_ipv4 = node->GetObject<Ipv4L3Protocol>();
    NS_ABORT_MSG_UNLESS(m_ipv4, "DirectSwitchForwarder needs the Internet stack on the switch");
    m_routing = m_ipv4->GetRoutingProtocol()->GetObject<FabricRouting>();
    NS_ABORT_MSG_UNLESS(m_routing && m_routing->IsSwitch(),
                        "DirectSwitchForwarder needs a switch's FabricRouting");
    m_topology = std::move(topology);
    m_checksums = Node::ChecksumEnabled();
    const Ptr<TrafficControlLayer> tc = node->GetObject<TrafficControlLayer>();
    m_ports.assign(node->GetNDevices(), Port());
    for (uint32_t i = 0; i < node->GetNDevices(); ++i)
    {
        const Ptr<NetDevice> device = node->GetDevice(i);
        Port& port = m_ports[i];
        port.fabric = DynamicCast<FabricPortDevice>(device);
        if (port.fabric)
        {
            port.interface = m_ipv4->GetInterfaceForDevice(device);
            port.mtu = device->GetMtu();
            port.fabric->SetFrameCallback(MakeCallback(&DirectSwitchForwarder::ReceiveFrame, this));
            continue;
        }
        if (!DynamicCast<PointToPointNetDevice>(device))
        {
            continue; // the loopback device carries nothing in transit
        }
        port.queueDisc = tc->GetRootQueueDiscOnDevice(device);
        NS_ABORT_MSG_UNLESS(port.queueDisc && port.queueDisc->GetWakeMode() == QueueDisc::WAKE_ROOT,
                            "DirectSwitchForwarder needs a root queue disc on every port");
        port.interface = m_ipv4->GetInterfaceForDevice(device);
        port.broadcast = device->GetBroadcast();
        port.mtu = device->GetMtu();
        device->SetReceiveCallback(MakeCallback(&DirectSwitchForwarder::Receive, this));
    }
    node->AggregateObject(this);
}

bool
DirectSwitchForwarder::Receive(Ptr<NetDevice> device,
                               Ptr<const Packet> p,
                               uint16_t protocol,
                               const Address& from)
{
    NS_LOG_FUNCTION(this << device << p << protocol << from);
    NS_ASSERT_MSG(protocol == fabriclb::IPV4_ETHERTYPE, "a fabric link carries only IPv4");
    Forward(device, p->Copy(), p);
    return true;
}

void
DirectSwitchForwarder::ReceiveFrame(Ptr<FabricPortDevice> port, Ptr<Packet> frame)
{
    Forward(port, frame, nullptr);
}

void
DirectSwitchForwarder::Forward(Ptr<NetDevice> device,
                               Ptr<Packet> packet,
                               Ptr<const Packet> original)
{
    const Port& in = m_ports[device->GetIfIndex()];
    // What is not a healthy packet in transit to a host takes the ipv4 path: a
    // down interface's drop, a bad checksum's, local delivery.
    Ipv4Header header;
    bool headerRemoved = false;
    auto takeIpv4Path = [&]() {
        if (!original && headerRemoved)
        {
            packet->AddHeader(header); // a fabric frame, as it came
        }
        m_ipv4->Receive(device,
                        original ? original : Ptr<const Packet>(packet),
                        fabriclb::IPV4_ETHERTYPE,
                        device->GetAddress(),
                        device->GetAddress(),
                        NetDevice::PACKET_HOST);
    };
    if (!m_ipv4->IsUp(in.interface))
    {
        takeIpv4Path();
        return;
    }
    if (m_checksums)
    {
        header.EnableChecksum();
    }
    packet->RemoveHeader(header);
    headerRemoved = true;
    const uint32_t host = m_topology->HostFromAddress(header.GetDestination().Get());
    if (!header.IsChecksumOk() || host >= m_topology->HostCount())
    {
        takeIpv4Path();
        return;
    }
    if (header.GetPayloadSize() < packet->GetSize())
    {
        packet->RemoveAtEnd(packet->GetSize() - header.GetPayloadSize()); // frame padding
    }

    const Ptr<Ipv4Route> route = m_routing->RouteToHost(packet, header, host, device);
    if (!route)
    {
        NS_LOG_LOGIC("no way on to host " << host << ": drop");
        m_dropTrace(header, packet, Ipv4L3Protocol::DROP_NO_ROUTE, m_ipv4, in.interface);
        return;
    }
    const Port& out = m_ports[route->GetOutputDevice()->GetIfIndex()];
    const uint8_t ttl = header.GetTtl() - 1;
    if (ttl == 0)
    {
        NS_LOG_LOGIC("TTL expired: drop");
        Ipv4Header forwarded = header;
        forwarded.SetTtl(ttl);
        m_ipv4->GetObject<Icmpv4L4Protocol>()->SendTimeExceededTtl(forwarded, packet, false);
        m_dropTrace(header, packet, Ipv4L3Protocol::DROP_TTL_EXPIRED, m_ipv4, out.interface);
        return;
    }
    // FabricRouting never chooses a port whose interface is down (NotifyInterfaceDown).
    NS_ASSERT_MSG(packet->GetSize() + header.GetSerializedSize() <= out.mtu,
                  "a packet in transit needs no fragmentation");
    // Ipv4L3Protocol::IpForward would tag the packet with its ToS's socket
    // priority, which the queue disc removes before the device: nothing to do.
    header.SetTtl(ttl);
    if (out.fabric)
    {
        out.fabric->SendFrame(packet, header, device->GetIfIndex());
        return;
    }
    const Ipv4Header& forwarded = header;
    out.queueDisc->Enqueue(
        Create<Ipv4QueueDiscItem>(packet, out.broadcast, fabriclb::IPV4_ETHERTYPE, forwarded));
    out.queueDisc->Run();
}

void
DirectSwitchForwarder::DoDispose()
{
    m_ipv4 = nullptr;
    m_routing = nullptr;
    m_ports.clear();
    Object::DoDispose();
}

} // namespace ns3
