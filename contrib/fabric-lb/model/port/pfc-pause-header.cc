/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "pfc-pause-header.h"

#include "ns3/abort.h"

namespace ns3
{

namespace
{
/// The MAC control frames' destination, 01:80:C2:00:00:01.
constexpr std::array<uint8_t, 6> PAUSE_DESTINATION = {0x01, 0x80, 0xc2, 0x00, 0x00, 0x01};
/// MAC control's EtherType.
constexpr uint16_t MAC_CONTROL_ETHERTYPE = 0x8808;
/// Priority-based flow control's opcode.
constexpr uint16_t PFC_OPCODE = 0x0101;
/// Destination, source, EtherType, opcode, class-enable vector and eight times.
constexpr uint32_t FIELD_BYTES = 6 + 6 + 2 + 2 + 2 + 8 * 2;
} // namespace

NS_OBJECT_ENSURE_REGISTERED(PfcPauseHeader);

TypeId
PfcPauseHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::PfcPauseHeader")
                            .SetParent<Header>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<PfcPauseHeader>();
    return tid;
}

TypeId
PfcPauseHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

uint8_t
PfcPauseHeader::PriorityOf(fabriclb::TrafficClass cls)
{
    return cls == fabriclb::TrafficClass::DATA ? 3 : 6;
}

bool
PfcPauseHeader::IsPause(const Ptr<const Packet>& frame, uint32_t framingBytes)
{
    // An IPv4 packet starts with its version nibble, 4: a PAUSE with its destination's 0x01.
    if (frame->GetSize() != PacketBytes(framingBytes))
    {
        return false;
    }
    uint8_t first = 0;
    frame->CopyData(&first, 1);
    return first == PAUSE_DESTINATION[0];
}

void
PfcPauseHeader::Set(fabriclb::TrafficClass cls, uint16_t quanta)
{
    const uint8_t priority = PriorityOf(cls);
    m_classEnable |= 1U << priority;
    m_quanta[priority] = quanta;
}

bool
PfcPauseHeader::Enables(fabriclb::TrafficClass cls) const
{
    return m_classEnable & (1U << PriorityOf(cls));
}

uint16_t
PfcPauseHeader::GetQuanta(fabriclb::TrafficClass cls) const
{
    return m_quanta[PriorityOf(cls)];
}

void
PfcPauseHeader::SetFramingBytes(uint32_t framingBytes)
{
    NS_ABORT_MSG_IF(framingBytes + FIELD_BYTES > WIRE_BYTES, "a PAUSE frame is 64 bytes");
    m_framingBytes = framingBytes;
}

uint32_t
PfcPauseHeader::GetSerializedSize() const
{
    return PacketBytes(m_framingBytes);
}

void
PfcPauseHeader::Serialize(Buffer::Iterator start) const
{
    for (uint8_t byte : PAUSE_DESTINATION)
    {
        start.WriteU8(byte);
    }
    start.WriteU8(0, 6); // source: the port's MAC is not modelled
    start.WriteHtonU16(MAC_CONTROL_ETHERTYPE);
    start.WriteHtonU16(PFC_OPCODE);
    start.WriteHtonU16(m_classEnable);
    for (uint16_t quanta : m_quanta)
    {
        start.WriteHtonU16(quanta);
    }
    start.WriteU8(0, GetSerializedSize() - FIELD_BYTES);
}

uint32_t
PfcPauseHeader::Deserialize(Buffer::Iterator start)
{
    start.Next(6 + 6 + 2 + 2);
    m_classEnable = start.ReadNtohU16();
    for (uint16_t& quanta : m_quanta)
    {
        quanta = start.ReadNtohU16();
    }
    return GetSerializedSize();
}

void
PfcPauseHeader::Print(std::ostream& os) const
{
    os << "PFC PAUSE";
    for (uint8_t priority = 0; priority < m_quanta.size(); ++priority)
    {
        if (m_classEnable & (1U << priority))
        {
            os << " priority " << unsigned(priority) << ": " << m_quanta[priority] << " quanta";
        }
    }
}

} // namespace ns3
