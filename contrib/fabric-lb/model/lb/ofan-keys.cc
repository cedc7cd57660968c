/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ofan-keys.h"

#include <stdexcept>

namespace ns3
{
namespace fabriclb
{

namespace
{
/// \throws std::invalid_argument unless \p tier is one whose switches choose an uplink
void
RequireUplinkTier(FabricRole tier)
{
    if (tier != FabricRole::EDGE && tier != FabricRole::AGGREGATION)
    {
        throw std::invalid_argument("Ofan pointers live at edge and aggregation switches only");
    }
}
} // namespace

uint32_t
OfanKey(const FatTreeTopology& topology, FabricRole tier, uint32_t destinationHost)
{
    RequireUplinkTier(tier);
    return topology.DestinationKey({FatTreeTopology::TierOf(tier), 0}, destinationHost);
}

uint32_t
OfanKeyCount(const FatTreeTopology& topology, FabricRole tier)
{
    RequireUplinkTier(tier);
    return topology.DestinationKeyCount({FatTreeTopology::TierOf(tier), 0});
}

uint32_t
OfanPointerCount(uint32_t k, FabricRole tier, uint32_t sizeBins)
{
    // Every key but the switch's own edge switch or pod, whose traffic never goes up.
    return (OfanKeyCount(FatTreeTopology(k), tier) - 1) * sizeBins;
}

} // namespace fabriclb
} // namespace ns3
