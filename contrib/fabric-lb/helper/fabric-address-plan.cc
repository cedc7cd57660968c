/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fabric-address-plan.h"

#include "ns3/fabric-topology.h"
#include "ns3/ipv4.h"
#include "ns3/node.h"

namespace ns3
{

namespace
{
/// The switch links' address blocks, by the tier of a link's lower switch: 10.64.0.0/10
/// (a fat tree's edge-aggregation links), 10.128.0.0/10 (aggregation-core).
constexpr std::array<uint32_t, FabricAddressPlan::SWITCH_LINK_TIERS> SWITCH_LINK_NETWORKS{
    0x0A400000,
    0x0A800000};

/// The block of host ports beyond each host's first (several planes), 10.192.0.0/10.
constexpr uint32_t EXTRA_HOST_PORT_NETWORK = 0x0AC00000;
} // namespace

uint32_t
FabricAddressPlan::HostPortNetwork(uint32_t host, uint32_t port, uint32_t hostPorts)
{
    return port == 0 ? fabriclb::FabricTopology::HOST_NETWORK + 4 * host
                     : EXTRA_HOST_PORT_NETWORK + 4 * ((hostPorts - 1) * host + port - 1);
}

uint32_t
FabricAddressPlan::ServerLinkNetwork(uint32_t host, uint32_t hostPorts, uint32_t hosts)
{
    return EXTRA_HOST_PORT_NETWORK + 4 * ((hostPorts - 1) * hosts + host);
}

uint32_t
FabricAddressPlan::SwitchLinkNetwork(uint32_t tier, uint32_t index)
{
    return SWITCH_LINK_NETWORKS.at(tier) + 4 * index;
}

std::array<Ipv4Address, 2>
FabricAddressPlan::Assign(const NetDeviceContainer& devices, uint32_t network)
{
    const std::array<Ipv4Address, 2> addresses{Ipv4Address(network + 1), Ipv4Address(network + 2)};
    for (uint32_t side = 0; side < 2; ++side)
    {
        Ptr<Ipv4> ipv4 = devices.Get(side)->GetNode()->GetObject<Ipv4>();
        const uint32_t interface = ipv4->AddInterface(devices.Get(side));
        ipv4->AddAddress(interface,
                         Ipv4InterfaceAddress(addresses[side], Ipv4Mask("255.255.255.252")));
        ipv4->SetMetric(interface, 1);
        ipv4->SetUp(interface);
    }
    return addresses;
}

} // namespace ns3
