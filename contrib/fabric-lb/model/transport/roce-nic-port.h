/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_ROCE_NIC_PORT_H
#define FABRIC_LB_ROCE_NIC_PORT_H

#include "roce-link-scheduler.h"

#include "ns3/data-rate.h"
#include "ns3/egress-port.h"
#include "ns3/fabric-port-device.h"
#include "ns3/ipv4-address.h"
#include "ns3/ipv4-route.h"
#include "ns3/ipv4-routing-protocol.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/ptr.h"

#include <memory>
#include <unordered_map>
#include <vector>

namespace ns3
{

class UdpL4Protocol;

/**
 * \ingroup fabric-lb
 * \brief One way out of a RoceNic, with the link scheduler that feeds it: the host's fabric
 * port, or its ports into several planes, or its link to its server's switch (NVLink).
 *
 * With one link the NIC sends through its route at its rate. With several (one per plane)
 * its rate is their sum and the host's routing puts each packet on a link (its discipline's
 * choice); since the NIC fills them faster than any one drains, it waits whenever the link
 * it just filled has no room for a further data packet (head-of-line): a host's port never
 * drops what its own NIC hands it.
 */
class RoceNicPort
{
  public:
    /**
     * \param udp the host's UDP
     * \param source the host's address, every packet's source
     * \param routes the routes through the port's links; their devices' DataRate and
     *        InterframeGap, times the links, pace the port
     * \param queues with several links, their egress buffers, in the same order
     * \param dataBytes a data packet's size on the wire
     * \param ackBytes an ACK's size on the wire
     */
    RoceNicPort(Ptr<UdpL4Protocol> udp,
                Ipv4Address source,
                const std::vector<Ptr<Ipv4Route>>& routes,
                const std::vector<const EgressPort*>& queues,
                uint32_t dataBytes,
                uint32_t ackBytes);

    /// \return the port's rate, its links' sum, bit/s
    double RateBps() const
    {
        return static_cast<double>(m_rate.GetBitRate());
    }

    /// \return the gap after every packet, at the port's rate
    Time Gap() const
    {
        return m_gap;
    }

    /**
     * \brief Sends a packet out of the port.
     * \param packet the packet, RoceHeader on top
     * \param destination the receiving host's address
     * \param label its UDP source port
     * \param data a data packet (else an ACK, NACK or CNP)
     * \param tos its IPv4 TOS byte (DSCP of its class, ECN capability)
     * \return how long the port is busy: the packet's time at the port's rate, or with
     *         several links until the one just filled has room for a data packet again
     */
    Time Send(Ptr<Packet> packet, Ipv4Address destination, uint16_t label, bool data, uint8_t tos);

    /**
     * \brief Sends from now on without the host's stack, as an RDMA NIC does: each frame
     * is built here once, UDP and IPv4 headers as ns-3's stack writes them, and handed to
     * its link's FabricPortDevice.
     * \param routing the host's routing, which picks the link among several (RouteOutput)
     * \param ttl every packet's IPv4 TTL (the host IPv4's DefaultTtl)
     */
    void BypassStack(Ptr<Ipv4RoutingProtocol> routing, uint8_t ttl);

    /// \return the link scheduler feeding the port (set by its NIC)
    RoceLinkScheduler& Scheduler()
    {
        return *m_scheduler;
    }

    /// \param scheduler what feeds the port from now on
    void SetScheduler(std::unique_ptr<RoceLinkScheduler> scheduler)
    {
        m_scheduler = std::move(scheduler);
    }

    /**
     * \brief Obeys PFC from now on: the scheduler holds data back while a link's
     * switch has paused the data class at its port (ACKs go on); with several links,
     * while any of them is paused.
     */
    void ObeyPauses();

    /// \return whether a scheduler feeds the port
    bool HasScheduler() const
    {
        return bool(m_scheduler);
    }

  private:
    /// The link's port paused or resumed a class: tells the scheduler.
    void PauseChanged();

    /// The bypass's Send: builds the frame and hands it to the chosen link's port.
    void SendFrame(Ptr<Packet> packet, Ipv4Address destination, uint16_t label, uint8_t tos);

    Ptr<UdpL4Protocol> m_udp;                      //!< the host's UDP
    bool m_bypass{false};                          //!< frames straight to the port devices
    bool m_checksums{false};                       //!< with the bypass, Node::ChecksumEnabled
    Ptr<Ipv4RoutingProtocol> m_routing;            //!< with the bypass, the host's routing
    Ptr<FabricPortDevice> m_device;                //!< with the bypass and one link, its port
    std::vector<Ptr<FabricPortDevice>> m_pausedBy; //!< with PFC, its links' ports
    uint8_t m_ttl{64};                             //!< with the bypass, the IPv4 TTL
    std::unordered_map<uint32_t, uint16_t> m_identification; //!< next IPv4 id, by destination
    Ipv4Address m_source;                                    //!< the host's address
    Ptr<Ipv4Route> m_route;                         //!< the only link's route; null with several
    std::vector<const EgressPort*> m_queues;        //!< with several links, their buffers
    std::vector<Ptr<Ipv4Route>> m_routes;           //!< with several links, their routes
    std::vector<DataRate> m_linkRates;              //!< with several links, their rates
    uint32_t m_roomBytes{0};                        //!< a link's backlog the NIC waits out
    DataRate m_rate;                                //!< the port's rate
    Time m_dataTxTime;                              //!< a data packet's time at m_rate
    Time m_ackTxTime;                               //!< an ACK's time at m_rate
    Time m_gap;                                     //!< the gap after every packet
    std::unique_ptr<RoceLinkScheduler> m_scheduler; //!< what goes out next
};

} // namespace ns3

#endif /* FABRIC_LB_ROCE_NIC_PORT_H */
