/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FLOW_HASH_H
#define FABRIC_LB_FLOW_HASH_H

#include <cstdint>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief The fields an ECMP switch hashes. The UDP source port is the path label.
 */
struct FiveTuple
{
    uint32_t source;          //!< IPv4 source address
    uint32_t destination;     //!< IPv4 destination address
    uint16_t sourcePort;      //!< UDP source port (the label)
    uint16_t destinationPort; //!< UDP destination port
    uint8_t protocol;         //!< IP protocol number
};

/**
 * \param salt per-switch salt, so that switches of one tier decide independently
 * \param tuple the packet's five-tuple
 * \return a 32-bit murmur3 hash of the salt and the tuple
 */
uint32_t SaltedFlowHash(uint32_t salt, const FiveTuple& tuple);

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_FLOW_HASH_H */
