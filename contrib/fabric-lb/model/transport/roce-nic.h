/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_ROCE_NIC_H
#define FABRIC_LB_ROCE_NIC_H

#include "roce-congestion-ops.h"
#include "roce-header.h"
#include "roce-link-scheduler.h"
#include "roce-nic-port.h"
#include "roce-queue-pair.h"
#include "roce-recovery-ops.h"
#include "roce-send-side.h"

#include "ns3/data-rate.h"
#include "ns3/egress-port.h"
#include "ns3/event-id.h"
#include "ns3/fabric-topology.h"
#include "ns3/host-path-policy.h"
#include "ns3/ipv4-address.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/ipv4-route.h"
#include "ns3/net-device.h"
#include "ns3/node.h"
#include "ns3/object.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traced-callback.h"
#include "ns3/type-id.h"
#include "ns3/wire-model.h"

#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

namespace ns3
{

class RoceReceiveQueue;

class Ipv4EndPoint;
class Ipv4Interface;
class UdpL4Protocol;

/**
 * \ingroup fabric-lb
 * \brief A RoCE-like NIC: it schedules its queue pairs onto the host's link.
 *
 * Each message gets a sending queue pair (RoceRequester); the receiving NIC
 * keeps its other end (RoceResponder). Packets are UDP to port 4791; the label
 * (UDP source port) of every data packet comes from the host's HostPathPolicy;
 * the receiver answers data packets with ACKs (or NACKs) that echo the data
 * packet's label and ECN mark, and the ACK takes the label the receiver's policy
 * gives it (by default the echoed one).
 *
 * What a queue pair sends, what its receiver keeps and answers, and when a
 * packet counts as lost is its loss-recovery strategy's (the Recovery
 * attribute: RoceErasureRecovery, the ideal mode, by default); its rate or
 * window is its congestion-control strategy's (CongestionControl:
 * RoceFixedRate). The NIC runs a queue pair's timer at the deadline its
 * recovery names, armed whenever its link scheduler finds the queue pair with
 * nothing left to send or held back by its congestion control. When the
 * congestion control asks for CNPs (RoceDcqcn), a receiver answers a CE-marked
 * data packet with a CNP, at most one per queue pair per
 * RoceCongestionOps::GetCnpInterval, sent like an ACK.
 *
 * The NIC sends through a RoceNicPort into the fabric (one link, or one per plane) and, where
 * the fabric has servers, another to its server's switch (SetServerLink); each has its own
 * link scheduler. Which packet goes on a port next is its RoceLinkScheduler's. When
 * the wire model does not pace (WireModel::paceSlotBytes is 0) and no flow
 * rate is capped, a RoceAlternatingScheduler puts packets on the link back to
 * back at line rate. Otherwise a RocePacedScheduler paces every queue pair, as
 * the study's simulator does, at the host's slot times the flows per host (or
 * the capped rate's gap, if longer), with WireModel::paceJitter.
 */
class RoceNic : public Object, private RoceLinkOwner
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    RoceNic();

    /// UDP destination port of RoCEv2.
    static constexpr uint16_t ROCE_UDP_PORT = RoceHeader::UDP_PORT;
    /// Bytes every packet carries below its payload: PPP 2 + IPv4 20 + UDP 8 + RoceHeader 32.
    static constexpr uint32_t STACK_OVERHEAD_BYTES = 2 + 20 + 8 + RoceHeader::SIZE;

    /**
     * \brief Wire the NIC into its host.
     *
     * With one port the NIC sends through it at its line rate. With several (one per plane)
     * its line rate is their sum: the host's routing puts each packet on a port (its
     * discipline's choice, FabricRouting::ConfigureHost), and the NIC, which fills the ports
     * faster than any one drains, waits whenever the port it just filled has no room for a
     * further data packet (head-of-line): a port never drops what its own NIC gives it.
     * \param node the host
     * \param hostIndex the host's index in the fabric
     * \param ports the routes through the host's ports; the first's source is the host's
     *        address, and its device's DataRate and InterframeGap, times the ports, pace the NIC
     * \param portQueues the ports' egress buffers, in the same order
     * \param policy chooses each data packet's label
     * \param wire packet sizes and pacing, at the NIC's line rate
     */
    void Setup(Ptr<Node> node,
               uint32_t hostIndex,
               const std::vector<Ptr<Ipv4Route>>& ports,
               const std::vector<const EgressPort*>& portQueues,
               Ptr<HostPathPolicy> policy,
               const fabriclb::WireModel& wire);

    /**
     * \brief Sets how many flows share the host's rate when the NIC paces, and
     * tells the path policy a flow's packet interval (HostPathPolicy::SetPacingGap).
     * Before the NIC sends or receives, unless the pacing gap stays the same.
     * \param flowsPerHost the collective's messages over its hosts (the study's
     * simulator uses this average for every host)
     */
    void SetFlowsPerHost(double flowsPerHost);

    /**
     * \brief Caps every queue pair's rate at \p share of the link rate (rho_max under
     * failures): the NIC paces each at least that far apart. After SetFlowsPerHost,
     * before the NIC sends or receives.
     * \param share a fraction of the link rate, in (0, 1]
     */
    void LimitFlowRate(double share);

    /**
     * \brief Gives the NIC a port to its server's switch (NVLink), with a link scheduler of
     * its own at that port's rate: queue pairs and ACKs to the server's other hosts take it,
     * and so do those that enter the fabric at another host of the server
     * (FabricTopology::FabricEntryOf, PXN). After Setup, before the NIC sends.
     * \param topology the fabric
     * \param host this NIC's host
     * \param route the route through the port (its device's DataRate and InterframeGap pace it)
     */
    void SetServerLink(std::shared_ptr<const fabriclb::FabricTopology> topology,
                       uint32_t host,
                       Ptr<Ipv4Route> route);

    /**
     * \brief Bypasses the host's stack from now on, as an RDMA NIC does: the NIC builds
     * each frame once and hands it to its port's FabricPortDevice, and takes the frames
     * its ports receive straight from them; a frame for another host (PXN's transit) goes
     * to the host's IPv4. After Setup and SetServerLink, before the NIC sends; every port
     * must be a FabricPortDevice.
     */
    void BypassStack();

    /**
     * \brief Obeys PFC from now on: data waits while the switch of a port's link
     * has paused it there (RoceNicPort::ObeyPauses).
     */
    void ObeyPauses();

    /// \return frames that arrived and wait to be taken in (RoceReceiveQueue)
    uint32_t GetReceiveQueueFrames() const;

    /**
     * \brief Tells the NIC how many links the fabric's longest path has (what a congestion
     * control that scales with hops reads, RoceSwift's target). Before it sends.
     * \param hops FabricTopology::LongestPathHops
     */
    void SetLongestPathHops(uint32_t hops);

    /**
     * \brief Tells the NIC how much queueing its packets can meet: the port buffers of the
     * fabric's longest path (under PFC, its switches' whole buffers), drained at line rate
     * (what a recovery's timeout must outlast). Before it sends.
     * \param drain the time
     */
    void SetPathBufferDrain(Time drain)
    {
        m_pathBufferPs = drain.GetPicoSeconds();
    }

    /**
     * \param stream first stream index
     * \return the number of streams used (the pacing jitter's)
     */
    int64_t AssignStreams(int64_t stream);

    /**
     * \brief Start sending a message now.
     * \param destination the receiving host's address
     * \param destinationHost the receiving host's index
     * \param bytes message size (positive)
     * \param messageId collective-wide id, reported on completion
     * \return the queue pair number
     */
    uint32_t SendMessage(Ipv4Address destination,
                         uint32_t destinationHost,
                         uint64_t bytes,
                         uint32_t messageId);

    /**
     * \param bytes message size
     * \return the number of data packets, m, that carry it
     */
    uint32_t PacketsFor(uint64_t bytes) const;

    /// \return the host path policy
    Ptr<HostPathPolicy> GetPathPolicy() const
    {
        return m_policy;
    }

    /// \return data packets sent, coded extras included
    uint64_t GetDataSent() const
    {
        return m_send.DataSent();
    }

    /// \return ACKs sent
    uint64_t GetAcksSent() const
    {
        return m_acksSent;
    }

    /// \return data packets received whole
    uint64_t GetDataReceived() const
    {
        return m_dataReceived;
    }

    /// \return data packets received trimmed to their header (fabriclb::DSCP_TRIMMED)
    uint64_t GetTrimmedReceived() const
    {
        return m_trimmedReceived;
    }

    /// \return ACKs received
    uint64_t GetAcksReceived() const
    {
        return m_acksReceived;
    }

    /// \return data packets declared lost
    uint64_t GetLossesDetected() const
    {
        return m_send.LossesDetected();
    }

    /// \return data packets sent with a PSN sent before
    uint64_t GetRetransmissions() const
    {
        return m_send.Retransmissions();
    }

    /// \return retransmission timeouts that fired (gbn, sack)
    uint64_t GetTimeouts() const
    {
        return m_send.Timeouts();
    }

    /// \return NACKs sent
    uint64_t GetNacksSent() const
    {
        return m_nacksSent;
    }

    /// \return CNPs sent
    uint64_t GetCnpsSent() const
    {
        return m_cnpsSent;
    }

    /// \return grants of credit sent (ReceiverCredit)
    uint64_t GetGrantsSent() const
    {
        return m_receiverCredit ? m_receiverCredit->GetGrantsSent() : 0;
    }

    /// \return the queue pairs it has sent messages on
    uint32_t GetQueuePairs() const
    {
        return m_send.QueuePairs();
    }

    /**
     * \param qp a queue pair
     * \return its congestion control's rate now, bit/s
     */
    double GetRateBps(uint32_t qp) const
    {
        return m_send.RateBps(qp);
    }

    /// \return the loss-recovery strategy (after Setup)
    Ptr<RoceRecoveryOps> GetRecovery() const
    {
        return m_recovery;
    }

    /// \return the congestion-control strategy (after Setup)
    Ptr<RoceCongestionOps> GetCongestionControl() const
    {
        return m_congestion;
    }

    /**
     * TracedCallback signature for message events.
     * \param messageId the message
     * \param queuePair the sender's queue pair
     */
    typedef void (*MessageTracedCallback)(uint32_t messageId, uint32_t queuePair);

    /**
     * TracedCallback signature of a round-trip sample.
     * \param queuePair the queue pair
     * \param rtt from its data packet's last sending to the ACK
     */
    typedef void (*RttSampleTracedCallback)(uint32_t queuePair, Time rtt);

    /**
     * TracedCallback signature of a congestion-control change.
     * \param queuePair the queue pair
     * \param rateBps its sending rate now, bit/s
     * \param windowPackets its window, packets (0: a rate-only control)
     */
    typedef void (*CongestionStateTracedCallback)(uint32_t queuePair,
                                                  double rateBps,
                                                  double windowPackets);

    /**
     * TracedCallback signature of a data packet's loss or retransmission.
     * \param queuePair the queue pair
     * \param psn the packet's sequence number
     * \param label the label it used (a retransmission: the one it uses now)
     */
    typedef void (*PacketTracedCallback)(uint32_t queuePair, uint32_t psn, uint16_t label);

    /**
     * TracedCallback signature for a delivery to the application.
     * \param messageId the message
     * \param index which of its m packets' payload
     */
    typedef void (*DeliveryTracedCallback)(uint32_t messageId, uint32_t index);

  protected:
    void DoDispose() override;

  private:
    RoceRequester& GetRequester(uint32_t qp) override;
    Time SendData(uint32_t qp) override;
    Time SendAck(const RocePendingAck& ack) override;
    void ArmTimer(uint32_t qp) override;

    /**
     * \brief Sets a queue pair's pacing gap and the link scheduler that goes with
     * it: paced if \p gapPs is positive. Before any message is sent or received.
     * \param gapPs the pacing gap before jitter; 0: unpaced
     */
    void UsePacingGap(uint64_t gapPs);
    /// Queues \p ack (an ACK, NACK or CNP) of \p receiver for the link.
    void QueueAck(RoceResponder& receiver, const RocePendingAck& ack);
    /**
     * \brief Queues a grant of credit to the sender of \p receiver (RoceReceiverCredit).
     * \param receiver the receiving end granting, its cumulative grant raised
     */
    void SendGrant(RoceResponder& receiver);
    /**
     * \param serverLink for a queue pair over the server link, else over the fabric
     * \return what a congestion controller knows of this NIC's port
     */
    fabriclb::CongestionContext MakeCongestionContext(bool serverLink) const;
    /// \return whether packets to \p destinationHost leave over the server link
    bool ViaServerLink(uint32_t destinationHost) const;
    /// \return whether packets to the host of \p destination leave over the server link
    bool ViaServerLink(Ipv4Address destination) const;
    /// \return the server link's port (true) or the fabric's
    RoceNicPort& PortOf(bool serverLink);
    /// Handles a packet for port 4791.
    void Receive(Ptr<Packet> packet,
                 Ipv4Header header,
                 uint16_t sourcePort,
                 Ptr<Ipv4Interface> incomingInterface);
    /// With the bypass, a frame that one of the host's ports received.
    void ReceiveFrame(Ptr<FabricPortDevice> port, Ptr<Packet> frame);
    /// Handles data for one of our responders, whole or \p trimmed to its header, and
    /// queues the answer, echoing \p telemetry (null: none).
    void ReceiveData(const RoceHeader& data,
                     const Ipv4Header& header,
                     uint16_t sourcePort,
                     const std::vector<fabriclb::HopTelemetry>* telemetry,
                     bool trimmed);

    fabriclb::WireModel m_wire;               //!< packet sizes and pacing
    Time m_initialRtt;                        //!< RTT estimate before the first sample
    bool m_ecnCapable{};                      //!< send data as ECT(0)
    bool m_receiverCreditOn{};                //!< the ReceiverCredit attribute
    Ptr<RoceReceiverCredit> m_receiverCredit; //!< receiver credit control, if on
    TypeId m_recoveryType;                    //!< the Recovery attribute
    TypeId m_congestionType;                  //!< the CongestionControl attribute
    Ptr<RoceRecoveryOps> m_recovery;          //!< loss recovery of every queue pair
    Ptr<RoceCongestionOps> m_congestion;      //!< congestion control of every queue pair

    Ipv4Address m_address;             //!< the host's address
    Ptr<UdpL4Protocol> m_udp;          //!< the host's UDP
    Ptr<Ipv4L3Protocol> m_ipv4;        //!< the host's IPv4
    uint8_t m_dataTos{0};              //!< a data packet's TOS: its class's DSCP, its ECN
    bool m_checksums{false};           //!< with the bypass, Node::ChecksumEnabled
    Ipv4EndPoint* m_endPoint{nullptr}; //!< port 4791
    Ptr<HostPathPolicy> m_policy;      //!< label choice
    uint32_t m_sendTtl{64};            //!< the TTL the host's IPv4 sends with (hops = it - TTL)

    double m_lineRateBps{0}; //!< the fabric port's rate
    std::optional<int64_t>
        m_cnpIntervalPs;       //!< least time between CNPs per queue pair; none: no CNPs
    uint64_t m_pacingGapPs{0}; //!< a queue pair's pacing gap before jitter; 0: unpaced
    uint32_t m_longestPathHops{0};
    uint64_t m_pathBufferPs{0}; //!< the longest path's buffers drained at line rate, ps    //!<
                                //!< links on the fabric's longest path
    bool m_telemetry{false};    //!< data packets carry in-band telemetry (hpcc)
    Ptr<UniformRandomVariable> m_rng; //!< pacing jitter and start offsets

    Ptr<RoceReceiveQueue> m_receiveQueue;      //!< a receive side slower than the link, if any
    std::unique_ptr<RoceNicPort> m_port;       //!< into the fabric, with its link scheduler
    std::unique_ptr<RoceNicPort> m_serverPort; //!< to the server's switch, if there is one

    std::shared_ptr<const fabriclb::FabricTopology> m_topology; //!< with a server link, the fabric
    uint32_t m_host{0};                                         //!< with a server link, its host
    std::unordered_map<uint64_t, RoceResponder> m_receivers;    //!< by (sender address, queue pair)

    uint64_t m_acksSent{0};        //!< counter
    uint64_t m_dataReceived{0};    //!< counter
    uint64_t m_trimmedReceived{0}; //!< counter
    uint64_t m_acksReceived{0};    //!< counter
    uint64_t m_nacksSent{0};       //!< counter
    uint64_t m_cnpsSent{0};        //!< counter

    TracedCallback<uint32_t, uint32_t> m_messageStartedTrace;  //!< a message is handed to the NIC
    TracedCallback<uint32_t, uint32_t> m_messageAckedTrace;    //!< sender holds all m ACKs
    TracedCallback<uint32_t, uint32_t> m_messageReceivedTrace; //!< receiver holds m packets
    TracedCallback<uint32_t, uint32_t> m_packetDeliveredTrace; //!< a packet's payload delivered
    TracedCallback<uint32_t, Time> m_rttSampleTrace;           //!< a queue pair's RTT sample
    TracedCallback<uint32_t, double, double> m_congestionStateTrace;    //!< rate and window
    TracedCallback<uint32_t, uint32_t, uint16_t> m_packetLostTrace;     //!< a loss declared
    TracedCallback<uint32_t, uint32_t, uint16_t> m_retransmissionTrace; //!< a PSN sent again
    TracedCallback<uint32_t, uint32_t> m_timeoutTrace; //!< a timeout and its losses

    RoceSendSide m_send; //!< its queue pairs' sending ends (after the traces it fires)
};

} // namespace ns3

#endif /* FABRIC_LB_ROCE_NIC_H */
