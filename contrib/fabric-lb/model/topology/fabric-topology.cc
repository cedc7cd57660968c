/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fabric-topology.h"

namespace ns3
{
namespace fabriclb
{

std::optional<uint32_t>
FabricTopology::FindLink(const std::string& name) const
{
    for (uint32_t link = 0; link < LinkCount(); ++link)
    {
        if (LinkName(link) == name)
        {
            return link;
        }
    }
    return std::nullopt;
}

uint32_t
FabricTopology::PathSlots() const
{
    uint32_t slots = HostPorts();
    for (uint32_t tier = 0; tier + 1 < TierCount(); ++tier)
    {
        slots *= UpPortCount({tier, 0});
    }
    return slots;
}

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
