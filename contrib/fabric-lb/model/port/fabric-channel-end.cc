/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fabric-channel-end.h"

#include "ns3/ipv4-l3-protocol.h"

namespace ns3
{

void
FabricChannelEnd::ForwardUp(const Ptr<Packet>& frame)
{
    if (!m_promiscCallback.IsNull())
    {
        m_promiscCallback(this,
                          frame,
                          Ipv4L3Protocol::PROT_NUMBER,
                          m_remote,
                          m_address,
                          NetDevice::PACKET_HOST);
    }
    m_rxCallback(this, frame, Ipv4L3Protocol::PROT_NUMBER, m_remote);
}

void
FabricChannelEnd::SetIfIndex(const uint32_t index)
{
    m_ifIndex = index;
}

void
FabricChannelEnd::SetAddress(Address address)
{
    m_address = Mac48Address::ConvertFrom(address);
}

Address
FabricChannelEnd::GetAddress() const
{
    return m_address;
}

void
FabricChannelEnd::SetRemote(Address remote)
{
    m_remote = remote;
}

bool
FabricChannelEnd::SetMtu(const uint16_t mtu)
{
    m_mtu = mtu;
    return true;
}

uint16_t
FabricChannelEnd::GetMtu() const
{
    return m_mtu;
}

void
FabricChannelEnd::AddLinkChangeCallback(Callback<void> callback)
{
    m_linkChangeCallbacks.ConnectWithoutContext(callback);
}

bool
FabricChannelEnd::IsBroadcast() const
{
    return true;
}

Address
FabricChannelEnd::GetBroadcast() const
{
    return Mac48Address::GetBroadcast();
}

bool
FabricChannelEnd::IsMulticast() const
{
    return false;
}

Address
FabricChannelEnd::GetMulticast(Ipv4Address /* group */) const
{
    return Mac48Address("01:00:5e:00:00:00");
}

Address
FabricChannelEnd::GetMulticast(Ipv6Address /* address */) const
{
    return Mac48Address("33:33:00:00:00:00");
}

bool
FabricChannelEnd::IsPointToPoint() const
{
    return true;
}

bool
FabricChannelEnd::IsBridge() const
{
    return false;
}

bool
FabricChannelEnd::SendFrom(Ptr<Packet> /* packet */,
                           const Address& /* source */,
                           const Address& /* dest */,
                           uint16_t /* protocol */)
{
    return false;
}

Ptr<Node>
FabricChannelEnd::GetNode() const
{
    return m_node;
}

void
FabricChannelEnd::SetNode(Ptr<Node> node)
{
    m_node = node;
}

bool
FabricChannelEnd::NeedsArp() const
{
    return false;
}

void
FabricChannelEnd::SetReceiveCallback(NetDevice::ReceiveCallback cb)
{
    m_rxCallback = cb;
}

void
FabricChannelEnd::SetPromiscReceiveCallback(NetDevice::PromiscReceiveCallback cb)
{
    m_promiscCallback = cb;
}

bool
FabricChannelEnd::SupportsSendFrom() const
{
    return false;
}

void
FabricChannelEnd::DoDispose()
{
    m_node = nullptr;
    m_rxCallback = NetDevice::ReceiveCallback();
    m_promiscCallback = NetDevice::PromiscReceiveCallback();
    NetDevice::DoDispose();
}

} // namespace ns3
