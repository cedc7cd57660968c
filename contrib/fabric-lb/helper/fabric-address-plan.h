/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FABRIC_ADDRESS_PLAN_H
#define FABRIC_LB_FABRIC_ADDRESS_PLAN_H

#include "ns3/ipv4-address.h"
#include "ns3/net-device-container.h"

#include <array>
#include <cstdint>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief The fabric's IPv4 address plan: a /30 a link, in four /10 blocks of 10.0.0.0/8.
 *
 * 10.0.0.0/10 holds every host's first port (FabricTopology::HOST_NETWORK), 10.64.0.0/10
 * the switch links whose lower switch is of tier 0 (a fat tree's edge-aggregation links),
 * 10.128.0.0/10 those of tier 1 (aggregation-core), 10.192.0.0/10 the hosts' further ports
 * (several planes) and then their links to their servers' switches.
 */
class FabricAddressPlan
{
  public:
    /// The tiers of lower switches whose links have a block of their own.
    static constexpr uint32_t SWITCH_LINK_TIERS = 2;

    /**
     * \param host a host
     * \param port one of its ports
     * \param hostPorts the ports of every host
     * \return the /30 of that port's link: the host block's for port 0, else at
     *         4 ((P - 1) h + p - 1) in the further ports' block
     */
    static uint32_t HostPortNetwork(uint32_t host, uint32_t port, uint32_t hostPorts);

    /**
     * \param host a host of a server
     * \param hostPorts the ports of every host
     * \param hosts the fabric's hosts
     * \return the /30 of its link to its server's switch, after every host's further ports
     */
    static uint32_t ServerLinkNetwork(uint32_t host, uint32_t hostPorts, uint32_t hosts);

    /**
     * \param tier the tier of the link's lower switch, below SWITCH_LINK_TIERS
     * \param index the link's place among that tier's links
     * \return the /30 of that switch link
     */
    static uint32_t SwitchLinkNetwork(uint32_t tier, uint32_t index);

    /**
     * \brief Gives the two devices of a link the /30's two addresses, as Ipv4AddressHelper
     * would, without its generator's fabric-wide collision list (quadratic in the links:
     * minutes at k=32), and brings their interfaces up.
     * \param devices the link's two devices, on nodes with an Internet stack
     * \param network the /30
     * \return the addresses of devices 0 and 1
     */
    static std::array<Ipv4Address, 2> Assign(const NetDeviceContainer& devices, uint32_t network);
};

} // namespace ns3

#endif /* FABRIC_LB_FABRIC_ADDRESS_PLAN_H */
