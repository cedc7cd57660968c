/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "packet-trimming.h"

#include "class-queues.h"

namespace ns3
{
namespace fabriclb
{

uint32_t
PacketTrimming::Trim(Packet& payload, Ipv4Header& header) const
{
    const uint32_t cut = payload.GetSize() > keepBytes ? payload.GetSize() - keepBytes : 0;
    payload.RemoveAtEnd(cut);
    header.SetPayloadSize(payload.GetSize());
    header.SetDscp(static_cast<Ipv4Header::DscpType>(DSCP_TRIMMED));
    return cut;
}

} // namespace fabriclb
} // namespace ns3
