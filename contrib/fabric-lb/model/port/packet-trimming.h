/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_PACKET_TRIMMING_H
#define FABRIC_LB_PACKET_TRIMMING_H

#include "ns3/ipv4-header.h"
#include "ns3/packet.h"

#include <algorithm>
#include <cstdint>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief A switch port's packet trimming (NDP, EQDS, UET): a data packet the port would drop,
 * or one arriving to a backlog above a threshold, is cut to its IPv4 header and the first bytes
 * of its payload and forwarded as a control-class packet with DSCP_TRIMMED, its ECN field kept;
 * the receiver sees a header whose payload is lost and NACKs it.
 */
struct PacketTrimming
{
    /// The bytes of an IPv4 header (ns-3 writes no options).
    static constexpr uint32_t IPV4_HEADER_BYTES = 20;

    bool enabled{false};   //!< the port trims
    uint32_t keepBytes{0}; //!< IPv4 payload bytes a trimmed packet keeps
    /// trim every data packet arriving to a backlog above this (0: none)
    uint32_t thresholdBytes{0};
    /// the bytes beyond a port's buffer that trimmed headers alone may fill, as a multiple of
    /// the buffer (uet-htsim gives them a queue of their own, twice the data's)
    double headerRoom{0};

    /// \param bufferBytes a drop-tail port's buffer \return the backlog a trimmed header may
    /// join up to
    uint64_t HeaderLimitBytes(uint32_t bufferBytes) const
    {
        return bufferBytes + static_cast<uint64_t>(headerRoom * bufferBytes);
    }

    /// \param ipBytes a packet's IPv4 bytes \return those of its trimmed header
    uint32_t TrimmedBytes(uint32_t ipBytes) const
    {
        return std::min(ipBytes, IPV4_HEADER_BYTES + keepBytes);
    }

    /// \param backlog the port's framed bytes waiting \return whether a data packet arriving to
    /// it is trimmed whether or not the buffer has room (UET's trimming threshold)
    bool TrimsAt(uint32_t backlog) const
    {
        return thresholdBytes > 0 && backlog > thresholdBytes;
    }

    /**
     * \brief Trims a packet in place: its payload cut to keepBytes, its header's payload size
     * and DSCP (DSCP_TRIMMED) rewritten, its ECN field kept.
     * \param payload the IPv4 payload
     * \param header its IPv4 header
     * \return the payload bytes cut off
     */
    uint32_t Trim(Packet& payload, Ipv4Header& header) const;
};

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_PACKET_TRIMMING_H */
