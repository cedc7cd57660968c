/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_OFAN_KEYS_H
#define FABRIC_LB_OFAN_KEYS_H

#include "ns3/fat-tree-topology.h"

#include <cstdint>

namespace ns3
{
namespace fabriclb
{

/**
 * Ofan's destination key at a switch of \p tier: an edge switch keys its
 * pointers by the destination's edge switch, an aggregation switch by the
 * destination's pod.
 *
 * \param topology the fabric
 * \param tier FabricRole::EDGE or FabricRole::AGGREGATION
 * \param destinationHost the packet's destination host
 * \return the key, below OfanKeyCount(topology, tier)
 * \throws std::invalid_argument for a tier without uplink choice (host, core)
 */
uint32_t OfanKey(const FatTreeTopology& topology, FabricRole tier, uint32_t destinationHost);

/**
 * \param topology the fabric
 * \param tier FabricRole::EDGE or FabricRole::AGGREGATION
 * \return the number of keys OfanKey gives at a switch of \p tier: the edge
 * switches (k^2/2) or the pods (k), its own included
 * \throws std::invalid_argument for a tier without uplink choice (host, core)
 */
uint32_t OfanKeyCount(const FatTreeTopology& topology, FabricRole tier);

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
 * \param tier FabricRole::EDGE or FabricRole::AGGREGATION
 * \param sizeBins number of packet-size bins
 * \return the number of pointers
 * \throws std::invalid_argument for a tier without uplink choice (host, core)
 */
uint32_t OfanPointerCount(uint32_t k, FabricRole tier, uint32_t sizeBins = 2);

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_OFAN_KEYS_H */
