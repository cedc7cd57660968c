/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fabric-topology.h"

namespace ns3
{
namespace fabriclb
{

uint32_t
FabricTopology::HostFromAddress(uint32_t address) const
{
    if (address < HOST_NETWORK || (address - HOST_NETWORK) % 4 != 1)
    {
        return HostCount();
    }
    const uint32_t host = (address - HOST_NETWORK) / 4;
    return host < HostCount() ? host : HostCount();
}

} // namespace fabriclb
} // namespace ns3
