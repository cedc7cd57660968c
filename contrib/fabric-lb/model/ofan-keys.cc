/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ofan-keys.h"

#include "fat-tree-topology.h"

namespace ns3
{
namespace fabriclb
{

uint32_t
OfanPointerCount(uint32_t k, OfanTier tier, uint32_t sizeBins)
{
    const FatTreeTopology topology(k);
    switch (tier)
    {
    case OfanTier::EDGE:
        return (topology.EdgeCount() - 1) * sizeBins;
    case OfanTier::AGGREGATION:
        return (k - 1) * sizeBins;
    }
    return 0;
}

} // namespace fabriclb
} // namespace ns3
