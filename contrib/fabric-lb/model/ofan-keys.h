/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_OFAN_KEYS_H
#define FABRIC_LB_OFAN_KEYS_H

#include <cstdint>

namespace ns3
{
namespace fabriclb
{

/// The switch tiers that keep Ofan pointers.
enum class OfanTier
{
    EDGE,        //!< an edge (ToR) switch
    AGGREGATION, //!< an aggregation switch
};

/**
 * Ofan pointer count of one switch.
 *
 * An edge switch keeps one pointer per (destination edge switch, size bin) for
 * every edge switch other than itself: k^2/2 - 1 destinations, since traffic to
 * another edge switch of its own pod also picks an uplink. An aggregation switch
 * keeps one per (destination pod, size bin) for every other pod: k - 1, since
 * only inter-pod traffic goes up from it. The module uses two bins (data, ACK).
 * At k = 64 with one bin that is 2047 and 63, the paper's "about 2K pointers per
 * edge switch and 63 per aggregation switch" (the paper's numbers count
 * destination keys); with two bins it is 4094 and 126.
 *
 * \param k fat-tree radix
 * \param tier the switch's tier
 * \param sizeBins number of packet-size bins
 * \return the number of pointers
 */
uint32_t OfanPointerCount(uint32_t k, OfanTier tier, uint32_t sizeBins = 2);

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_OFAN_KEYS_H */
