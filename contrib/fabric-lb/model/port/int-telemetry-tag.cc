/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "int-telemetry-tag.h"

#include "ns3/simulator.h"

#include <cmath>

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(IntTelemetryTag);

namespace
{
/// Bytes of one hop serialised: queue, bytes sent, time, rate and port id, 8 B each.
constexpr uint32_t HOP_BYTES = 40;
} // namespace

TypeId
IntTelemetryTag::GetTypeId()
{
    static TypeId tid = TypeId("ns3::IntTelemetryTag")
                            .SetParent<Tag>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<IntTelemetryTag>();
    return tid;
}

TypeId
IntTelemetryTag::GetInstanceTypeId() const
{
    return GetTypeId();
}

IntTelemetryTag
IntTelemetryTag::Echo(const std::vector<fabriclb::HopTelemetry>& hops)
{
    IntTelemetryTag tag;
    tag.m_hops = hops;
    tag.m_echo = true;
    return tag;
}

void
IntTelemetryTag::Stamp(const fabriclb::HopTelemetry& hop)
{
    if (!m_echo && m_hops.size() < MAX_HOPS)
    {
        m_hops.push_back(hop);
    }
}

void
IntTelemetryTag::StampPacket(const Ptr<Packet>& packet, const fabriclb::HopTelemetry& hop)
{
    IntTelemetryTag telemetry;
    if (!packet->PeekPacketTag(telemetry) || telemetry.IsEcho())
    {
        return;
    }
    telemetry.Stamp(hop);
    // Replace would write the grown tag over the old one's bytes.
    IntTelemetryTag old;
    packet->RemovePacketTag(old);
    packet->AddPacketTag(telemetry);
}

void
IntPortStamper::Stamp(const Ptr<Packet>& packet,
                      uint32_t bytes,
                      uint32_t backlogBytes,
                      double rateBps)
{
    m_bytesSent += bytes;
    IntTelemetryTag::StampPacket(
        packet,
        {backlogBytes, m_bytesSent, Simulator::Now().GetPicoSeconds(), rateBps, *m_portId});
}

uint32_t
IntTelemetryTag::GetSerializedSize() const
{
    return 2 + HOP_BYTES * static_cast<uint32_t>(m_hops.size());
}

void
IntTelemetryTag::Serialize(TagBuffer buffer) const
{
    buffer.WriteU8(m_echo ? 1 : 0);
    buffer.WriteU8(static_cast<uint8_t>(m_hops.size()));
    for (const fabriclb::HopTelemetry& hop : m_hops)
    {
        buffer.WriteU64(hop.queueBytes);
        buffer.WriteU64(hop.txBytes);
        buffer.WriteU64(static_cast<uint64_t>(hop.timestampPs));
        buffer.WriteU64(static_cast<uint64_t>(std::llround(hop.rateBps)));
        buffer.WriteU64(hop.portId);
    }
}

void
IntTelemetryTag::Deserialize(TagBuffer buffer)
{
    m_echo = buffer.ReadU8() != 0;
    m_hops.resize(buffer.ReadU8());
    for (fabriclb::HopTelemetry& hop : m_hops)
    {
        hop.queueBytes = buffer.ReadU64();
        hop.txBytes = buffer.ReadU64();
        hop.timestampPs = static_cast<int64_t>(buffer.ReadU64());
        hop.rateBps = static_cast<double>(buffer.ReadU64());
        hop.portId = buffer.ReadU64();
    }
}

void
IntTelemetryTag::Print(std::ostream& os) const
{
    os << (m_echo ? "echo" : "int") << " hops=" << m_hops.size();
    for (const fabriclb::HopTelemetry& hop : m_hops)
    {
        os << " [port " << hop.portId << " q=" << hop.queueBytes << " tx=" << hop.txBytes
           << " t=" << hop.timestampPs << "ps]";
    }
}

} // namespace ns3
