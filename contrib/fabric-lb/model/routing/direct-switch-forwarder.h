/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_DIRECT_SWITCH_FORWARDER_H
#define FABRIC_LB_DIRECT_SWITCH_FORWARDER_H

#include "fabric-routing.h"

#include "ns3/address.h"
#include "ns3/fabric-port-device.h"
#include "ns3/fabric-topology.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/net-device.h"
#include "ns3/node.h"
#include "ns3/queue-disc.h"
#include "ns3/traced-callback.h"

#include <memory>
#include <vector>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief A switch's direct forwarding path (FabricHelper's SwitchPath "direct").
 *
 * Takes the packets of the switch's devices from their receive callbacks, asks
 * the switch's FabricRouting for the way on (RouteToHost, the choice RouteInput
 * makes), decrements the TTL and hands the packet to the egress port's root
 * queue disc (FabricQueueDisc: drop-tail, ECN marking, port monitors) as
 * TrafficControlLayer::Send does. It skips Node's and TrafficControlLayer's
 * receive dispatch, Ipv4L3Protocol's receive and forward and Ipv4Interface,
 * and does what they do to a packet in transit to a host: the same routing
 * decisions in the same order, the same header, queue-disc item and drops.
 * On FabricPortDevices (SwitchPort "fabric") it takes the frames themselves
 * (no copy) and hands each to its egress port's SendFrame with its header apart.
 *
 * A packet arriving on a down interface, or not addressed to a host of the
 * fabric, goes to Ipv4L3Protocol::Receive as on the ipv4 path (which drops the
 * former through Ipv4L3Protocol's Drop trace). A packet with no usable way on,
 * or whose TTL expires (after an ICMP time-exceeded, as Ipv4L3Protocol sends),
 * is dropped through this object's Drop trace, with Ipv4L3Protocol's reasons.
 * Ipv4L3Protocol's Rx, Tx and UnicastForward traces do not see forwarded
 * packets. Hosts keep the whole Internet stack.
 */
class DirectSwitchForwarder : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * \brief Takes over the receive callbacks of every point-to-point device of
     * \p node, a switch whose FabricRouting, interfaces and queue discs are set
     * up, and aggregates this forwarder to it.
     * \param node the switch
     * \param topology the fabric's coordinates (to find a destination's host index)
     */
    void Install(Ptr<Node> node, std::shared_ptr<const fabriclb::FabricTopology> topology);

  protected:
    void DoDispose() override;

  private:
    /// What forwarding needs of one of the switch's devices.
    struct Port
    {
        Ptr<QueueDisc> queueDisc;     //!< the egress buffer, root queue disc of the device
        Ptr<FabricPortDevice> fabric; //!< or the fabric port, its own buffer
        uint32_t interface {
            0
        };                 //!< its Ipv4 interface index
        Address broadcast; //!< its broadcast address, the queue-disc item's destination
        uint32_t mtu{0};   //!< its MTU
    };

    /// The device receive callback: forwards \p p, received by \p device from \p from.
    bool Receive(Ptr<NetDevice> device,
                 Ptr<const Packet> p,
                 uint16_t protocol,
                 const Address& from);

    /// A fabric port's frame callback: forwards \p frame, received by \p port.
    void ReceiveFrame(Ptr<FabricPortDevice> port, Ptr<Packet> frame);

    /**
     * \brief Forwards a packet in transit.
     * \param device the device it arrived on
     * \param packet the packet, its IPv4 header in front, handed over
     * \param original the packet as received, for the ipv4 path (null: \p packet itself)
     */
    void Forward(Ptr<NetDevice> device, Ptr<Packet> packet, Ptr<const Packet> original);

    Ptr<Ipv4L3Protocol> m_ipv4;                                 //!< the switch's IPv4
    Ptr<FabricRouting> m_routing;                               //!< its routing
    std::shared_ptr<const fabriclb::FabricTopology> m_topology; //!< fabric coordinates
    std::vector<Port> m_ports;                                  //!< by device index
    bool m_checksums{false};                                    //!< Node::ChecksumEnabled
    TracedCallback<const Ipv4Header&,
                   Ptr<const Packet>,
                   Ipv4L3Protocol::DropReason,
                   Ptr<Ipv4>,
                   uint32_t>
        m_dropTrace; //!< packets dropped without a way on or at TTL 0
};

} // namespace ns3

#endif /* FABRIC_LB_DIRECT_SWITCH_FORWARDER_H */
