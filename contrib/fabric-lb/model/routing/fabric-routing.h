/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FABRIC_ROUTING_H
#define FABRIC_LB_FABRIC_ROUTING_H

#include "ns3/fabric-lb-compat.h"
#include "ns3/fabric-topology.h"
#include "ns3/ipv4-route.h"
#include "ns3/ipv4-routing-helper.h"
#include "ns3/ipv4-routing-protocol.h"
#include "ns3/ipv4.h"
#include "ns3/switch-discipline.h"
#include "ns3/traced-callback.h"

#include <memory>
#include <vector>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief Routing for every node of a fat tree.
 *
 * A switch knows from a destination address alone whether the destination is
 * below it (one fixed down port) or not (any up port). For up hops it asks its
 * SwitchDiscipline. A host has one up port and delivers what is addressed to it.
 * Routes are precomputed, so forwarding a packet allocates nothing.
 *
 * Failures: when one of its interfaces goes down (NotifyInterfaceDown) a switch
 * stops using that port at once; what it learns of other links comes later,
 * through SetKnownFailures (the fabric's convergence). From both it keeps an
 * UplinkView (usable uplinks and W-ECMP weights per destination) for its
 * discipline. A packet whose only way on is down, or that no uplink can carry
 * to its destination, is dropped (Ipv4L3Protocol's Drop trace, DROP_NO_ROUTE;
 * DirectSwitchForwarder's on the direct switch path).
 */
class FabricRouting : public Ipv4RoutingProtocol
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * \brief Make this node a host.
     * \param topology the fabric's coordinates
     * \param host this host's index
     * \param uplinks the routes through the host's ports, one per plane (HostPorts)
     * \param uplinkQueues the ports' egress buffers, in the same order
     * \param discipline with several ports, what chooses among them for each packet (the
     *        scheme's switch discipline, keyed by the destination's tier-0 switch); null with one
     * \param serverLink the route to the host's server switch (NVLink), which carries what
     *        goes to the server's other hosts and what enters the fabric at one of them
     *        (FabricEntryOf); null if the host has none
     */
    void ConfigureHost(std::shared_ptr<const fabriclb::FabricTopology> topology,
                       uint32_t host,
                       std::vector<Ptr<Ipv4Route>> uplinks,
                       std::vector<const EgressPort*> uplinkQueues,
                       Ptr<SwitchDiscipline> discipline,
                       Ptr<Ipv4Route> serverLink);

    /**
     * \brief Make this node a server's switch (NVSwitch): it joins the server's hosts.
     * \param topology the fabric
     * \param server the server
     * \param down routes to the server's hosts, by their place in it (host % HostsPerServer)
     */
    void ConfigureServerSwitch(std::shared_ptr<const fabriclb::FabricTopology> topology,
                               uint32_t server,
                               std::vector<Ptr<Ipv4Route>> down);

    /**
     * \brief Make this node a switch.
     * \param topology the fabric
     * \param self this switch
     * \param down routes through the down ports, in the topology's port order
     *             (FabricTopology::DownPortToward)
     * \param up routes through the up ports (none at the top tier)
     * \param upQueues the up ports' egress buffers, in the order of \p up
     * \param discipline chooses among \p up (null without up ports)
     */
    void ConfigureSwitch(std::shared_ptr<const fabriclb::FabricTopology> topology,
                         fabriclb::SwitchRef self,
                         std::vector<Ptr<Ipv4Route>> down,
                         std::vector<Ptr<Ipv4Route>> up,
                         std::vector<const EgressPort*> upQueues,
                         Ptr<SwitchDiscipline> discipline);

    /**
     * \brief The links the fabric has converged on as down (switches whose view
     * changes pass it to their disciplines).
     * \param known by link id, true if down
     */
    void SetKnownFailures(std::shared_ptr<const fabriclb::LinkStates> known);

    /// \return whether this node is a switch of the fabric (configured by ConfigureSwitch)
    bool IsSwitch() const
    {
        return m_role == Role::SWITCH;
    }

    /// \return the switch discipline (null on hosts and core switches)
    Ptr<SwitchDiscipline> GetDiscipline() const
    {
        return m_discipline;
    }

    /**
     * \brief The way on for a packet to a host of the fabric: RouteInput's choice at a
     * switch (asking the discipline for an up port when one is needed), also for
     * forwarders that bypass Ipv4L3Protocol (DirectSwitchForwarder).
     * \param p the packet, IPv4 header removed
     * \param header its IPv4 header
     * \param host the destination host's index
     * \param arrival the device the packet came in on (null: sent by this node)
     * \return the route, or null when no usable port leads on (drop the packet)
     */
    Ptr<Ipv4Route> RouteToHost(Ptr<const Packet> p,
                               const Ipv4Header& header,
                               uint32_t host,
                               Ptr<const NetDevice> arrival);

    Ptr<Ipv4Route> RouteOutput(Ptr<Packet> p,
                               const Ipv4Header& header,
                               Ptr<NetDevice> oif,
                               Socket::SocketErrno& sockerr) override;
    bool RouteInput(Ptr<const Packet> p,
                    const Ipv4Header& header,
                    Ptr<const NetDevice> idev,
                    FABRIC_LB_ROUTE_CALLBACK(3) ucb,
                    FABRIC_LB_ROUTE_CALLBACK(4) mcb,
                    FABRIC_LB_ROUTE_CALLBACK(5) lcb,
                    FABRIC_LB_ROUTE_CALLBACK(6) ecb) override;
    void NotifyInterfaceUp(uint32_t interface) override;
    void NotifyInterfaceDown(uint32_t interface) override;
    void NotifyAddAddress(uint32_t interface, Ipv4InterfaceAddress address) override;
    void NotifyRemoveAddress(uint32_t interface, Ipv4InterfaceAddress address) override;
    void SetIpv4(Ptr<Ipv4> ipv4) override;
    void PrintRoutingTable(Ptr<OutputStreamWrapper> stream,
                           Time::Unit unit = Time::S) const override;

    /**
     * TracedCallback signature for a forwarding decision.
     * \param packet the packet (IPv4 header removed)
     * \param header its IPv4 header
     * \param up true for an up port, false for a down port
     * \param port index among the up or the down ports
     */
    typedef void (*ForwardTracedCallback)(Ptr<const Packet> packet,
                                          const Ipv4Header& header,
                                          bool up,
                                          uint32_t port);

  protected:
    void DoDispose() override;

  private:
    /// Recomputes the uplink view from the known failures and this switch's own ports.
    void RefreshView();

    /**
     * \brief Logs and traces a forwarding decision.
     * \param p the packet
     * \param header its IPv4 header
     * \param up an up port (true) or a down port
     * \param port index among the up or the down ports
     * \return that port's route
     */
    Ptr<Ipv4Route> Forward(Ptr<const Packet> p, const Ipv4Header& header, bool up, uint32_t port);

    /**
     * \brief RouteToHost at a host or a server switch: over the server's switch within the
     * server and towards a packet's fabric entry (FabricEntryOf), else into the fabric
     * (through the discipline's port with several).
     * \param p the packet, IPv4 header removed
     * \param header its IPv4 header
     * \param host the destination host's index
     * \return the route
     */
    Ptr<Ipv4Route> RouteFromServer(Ptr<const Packet> p, const Ipv4Header& header, uint32_t host);

    Ptr<Ipv4> m_ipv4;                                           //!< this node's IPv4
    std::shared_ptr<const fabriclb::FabricTopology> m_topology; //!< the fabric
    /// What this node is.
    enum class Role
    {
        HOST,         //!< a host
        SWITCH,       //!< a switch of the fabric's tiers
        SERVER_SWITCH //!< a server's switch (NVSwitch)
    };

    Role m_role{Role::HOST};            //!< what this node is
    Ptr<Ipv4Route> m_serverLink;        //!< a host's route to its server switch, if it has one
    fabriclb::SwitchRef m_self{0, 0};   //!< this switch
    uint32_t m_host{0};                 //!< this host's index
    uint32_t m_server{0};               //!< this server switch's server
    std::vector<Ptr<Ipv4Route>> m_down; //!< down-port routes
    std::vector<uint32_t> m_downPortOfDevice; //!< by device index: its down port, or FROM_ABOVE
    std::vector<Ptr<Ipv4Route>> m_up;         //!< up-port routes
    Ptr<SwitchDiscipline> m_discipline;       //!< up-port choice
    std::vector<bool> m_upPortDown;           //!< up ports whose link is down
    std::vector<bool> m_downPortDown;         //!< down ports whose link is down
    std::shared_ptr<const fabriclb::LinkStates> m_known; //!< failures the fabric converged on
    TracedCallback<Ptr<const Packet>, const Ipv4Header&, bool, uint32_t> m_forwardTrace; //!< trace
};

/**
 * \ingroup fabric-lb
 * \brief Installs FabricRouting through InternetStackHelper.
 */
class FabricRoutingHelper : public Ipv4RoutingHelper
{
  public:
    FabricRoutingHelper* Copy() const override;
    Ptr<Ipv4RoutingProtocol> Create(Ptr<Node> node) const override;
};

} // namespace ns3

#endif /* FABRIC_LB_FABRIC_ROUTING_H */
