/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "roce-header.h"

#include <algorithm>

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(RoceHeader);

namespace
{
constexpr uint8_t FLAG_ECN_ECHO = 0x01;
/// Where the flags byte holds the echoed hop count.
constexpr uint8_t HOPS_SHIFT = 1;
} // namespace

TypeId
RoceHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::RoceHeader")
                            .SetParent<Header>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<RoceHeader>();
    return tid;
}

TypeId
RoceHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

uint32_t
RoceHeader::GetSerializedSize() const
{
    return SIZE;
}

void
RoceHeader::Serialize(Buffer::Iterator start) const
{
    start.WriteU8(opcode);
    start.WriteU8((ecnEcho ? FLAG_ECN_ECHO : 0) | std::min(hops, MAX_HOPS) << HOPS_SHIFT);
    start.WriteHtonU16(label);
    start.WriteHtonU32(queuePair);
    start.WriteHtonU32(psn);
    start.WriteHtonU32(messageId);
    start.WriteHtonU32(messagePackets);
    start.WriteHtonU32(cumulativePsn);
    start.WriteHtonU64(sackBitmap);
}

uint32_t
RoceHeader::Deserialize(Buffer::Iterator start)
{
    opcode = static_cast<Opcode>(start.ReadU8());
    const uint8_t flags = start.ReadU8();
    ecnEcho = (flags & FLAG_ECN_ECHO) != 0;
    hops = flags >> HOPS_SHIFT;
    label = start.ReadNtohU16();
    queuePair = start.ReadNtohU32();
    psn = start.ReadNtohU32();
    messageId = start.ReadNtohU32();
    messagePackets = start.ReadNtohU32();
    cumulativePsn = start.ReadNtohU32();
    sackBitmap = start.ReadNtohU64();
    return SIZE;
}

void
RoceHeader::Print(std::ostream& os) const
{
    os << (opcode == DATA   ? "DATA"
           : opcode == ACK  ? "ACK"
           : opcode == NACK ? "NACK"
           : opcode == CNP  ? "CNP"
                            : "CREDIT")
       << " qp=" << queuePair << " psn=" << psn << " msg=" << messageId << "/" << messagePackets;
    if (opcode != DATA)
    {
        os << " label=" << label << (ecnEcho ? " ECE" : "") << " hops=" << +hops
           << " cumulative=" << cumulativePsn << " sack=0x" << std::hex << sackBitmap << std::dec;
    }
}

} // namespace ns3
