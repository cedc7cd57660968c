/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_ROCE_NIC_H
#define FABRIC_LB_ROCE_NIC_H

#include "host-path-policy.h"
#include "roce-header.h"
#include "wire-model.h"

#include "ns3/data-rate.h"
#include "ns3/event-id.h"
#include "ns3/ipv4-address.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-route.h"
#include "ns3/net-device.h"
#include "ns3/node.h"
#include "ns3/object.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traced-callback.h"

#include <deque>
#include <unordered_map>
#include <vector>

namespace ns3
{

class Ipv4EndPoint;
class Ipv4Interface;
class UdpL4Protocol;

/**
 * \ingroup fabric-lb
 * \brief A RoCE-like NIC in its ideal mode: the transport of the study.
 *
 * Each message gets a sending queue pair. The NIC puts packets on its link
 * back to back at line rate, taking turns between ACKs and data and, within
 * data, round-robin over its active queue pairs. It commits the next packet
 * when the bits of the current one have left, so that the gap after every
 * packet is kept. Packets are UDP to port 4791; the label (UDP source port) of
 * every data packet comes from the host's HostPathPolicy; each data packet is
 * ACKed at once by the receiver, echoing its label and ECN mark, and the ACK
 * takes the label the receiver's policy gives it (by default the echoed one).
 *
 * Loss recovery is ideal rateless erasure coding: every data packet is a fresh
 * coded packet (a new PSN), any m distinct ones complete an m-packet message,
 * and the sender sends exactly m unless it learns of losses. A packet is taken
 * as lost when its ACK is overdue: later than its send time plus the smoothed
 * RTT plus max(smoothed RTT, 4 RTT variations). Each loss adds one more coded
 * packet. A message is done when the sender holds m distinct ACKs.
 *
 * Under the study's wire model (WireModel::paceSlotBytes > 0) the NIC paces
 * instead, as the study's simulator does: every queue pair releases one packet
 * per pacing gap (the host's slot times the flows per host, each gap stretched
 * by a uniform 0 to WireModel::paceJitter of itself, the first released at a
 * uniform offset within one gap) into a queue of its own, every incoming flow
 * queues its ACKs in a queue of its own, and the link serves these queues one
 * packet at a time in round robin, as soon as it is free.
 */
class RoceNic : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    RoceNic();

    /// UDP destination port of RoCEv2.
    static constexpr uint16_t ROCE_UDP_PORT = 4791;
    /// Bytes every packet carries below its payload: PPP 2 + IPv4 20 + UDP 8 + RoceHeader 32.
    static constexpr uint32_t STACK_OVERHEAD_BYTES = 2 + 20 + 8 + RoceHeader::SIZE;

    /**
     * \brief Wire the NIC into its host.
     * \param node the host
     * \param hostIndex the host's index in the fabric
     * \param route the route through the host's only port
     * \param device that port's device (its DataRate and InterframeGap pace the NIC)
     * \param policy chooses each data packet's label
     * \param wire packet sizes and pacing
     */
    void Setup(Ptr<Node> node,
               uint32_t hostIndex,
               Ptr<Ipv4Route> route,
               Ptr<NetDevice> device,
               Ptr<HostPathPolicy> policy,
               const fabriclb::WireModel& wire);

    /**
     * \brief Sets how many flows share the host's rate when the NIC paces, and
     * tells the path policy a flow's packet interval (HostPathPolicy::SetPacingGap).
     * \param flowsPerHost the collective's messages over its hosts (the study's
     * simulator uses this average for every host)
     */
    void SetFlowsPerHost(double flowsPerHost);

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
        return m_dataSent;
    }

    /// \return ACKs sent
    uint64_t GetAcksSent() const
    {
        return m_acksSent;
    }

    /// \return data packets received
    uint64_t GetDataReceived() const
    {
        return m_dataReceived;
    }

    /// \return ACKs received
    uint64_t GetAcksReceived() const
    {
        return m_acksReceived;
    }

    /// \return data packets declared lost
    uint64_t GetLossesDetected() const
    {
        return m_lossesDetected;
    }

    /**
     * TracedCallback signature for message events.
     * \param messageId the message
     * \param queuePair the sender's queue pair
     */
    typedef void (*MessageTracedCallback)(uint32_t messageId, uint32_t queuePair);

  protected:
    void DoDispose() override;

  private:
    /// The sending side of a message.
    struct SenderQp
    {
        Ipv4Address destination;       //!< receiver's address
        uint32_t messageId;            //!< collective-wide id
        uint32_t packets;              //!< m
        uint32_t credits;              //!< packets it may still send
        uint32_t nextPsn{0};           //!< PSN of its next packet
        uint32_t unresolved{0};        //!< every PSN below is acknowledged or declared lost
        uint32_t acked{0};             //!< distinct ACKs held
        uint32_t released{0};          //!< paced packets waiting for the link
        bool queued{false};            //!< in the data round-robin
        std::vector<bool> ackedPsn;    //!< which PSNs are acknowledged
        std::vector<Time> sentAt;      //!< when each PSN was committed
        std::vector<uint16_t> labelOf; //!< the label each PSN used

        /// \return whether all m are acknowledged
        bool Done() const
        {
            return acked >= packets;
        }

        EventId lossCheck; //!< next check for overdue ACKs
        EventId pacer;     //!< next release of a paced packet
    };

    /// An ACK waiting for the link.
    struct PendingAck
    {
        Ipv4Address destination; //!< the data sender
        uint16_t label;          //!< the ACK's own label (UDP source port)
        RoceHeader header;       //!< what the ACK says
    };

    /// The receiving side of a message.
    struct ReceiverQp
    {
        std::vector<bool> seen;      //!< which PSNs arrived
        uint32_t distinct{0};        //!< how many distinct PSNs arrived
        std::deque<PendingAck> acks; //!< its ACKs waiting for the link, when the NIC paces
        bool queued{false};          //!< in the paced round robin
    };

    /// A queue in the paced round robin: a queue pair's data, or a flow's ACKs.
    struct PacedQueue
    {
        uint32_t queuePair;   //!< the sending queue pair, if receiver is null
        ReceiverQp* receiver; //!< the flow whose ACKs wait, or null
    };

    /// Puts the next packet on the link if the NIC is idle.
    void Kick();
    /// Commits the next packet and schedules the next decision.
    void TransmitNext();
    /// \return the next packet's serialisation time once sent, ACK and data taking turns,
    /// or zero if nothing waits
    Time SendNextAlternating();
    /// \return the next packet's serialisation time once sent from the paced round robin,
    /// or zero if nothing waits
    Time SendNextPaced();
    /// Releases one packet of \p qp to the link's round robin and schedules the next release.
    void Release(uint32_t qp);
    /// Sends one data packet of queue pair \p qp (its credit or release already taken).
    Time SendData(uint32_t qp);
    /// Sends \p ack.
    Time SendAck(const PendingAck& ack);
    /// Handles a packet for port 4791.
    void Receive(Ptr<Packet> packet,
                 Ipv4Header header,
                 uint16_t sourcePort,
                 Ptr<Ipv4Interface> incomingInterface);
    /// Handles an ACK for one of our queue pairs.
    void ReceiveAck(const RoceHeader& ack);
    /// Declares overdue packets of \p qp lost and grants one coded packet per loss.
    void CheckLosses(uint32_t qp);
    /// Schedules the next loss check of \p qp for its oldest unacknowledged packet.
    void ScheduleLossCheck(uint32_t qp);
    /// \return how long after sending a packet its ACK counts as overdue
    Time LossTimeout() const;

    fabriclb::WireModel m_wire; //!< packet sizes and pacing
    Time m_initialRtt;          //!< RTT estimate before the first sample
    bool m_ecnCapable;          //!< send data as ECT(0)

    Ipv4Address m_address;             //!< the host's address
    Ptr<Ipv4Route> m_route;            //!< the route through the host's port
    Ptr<UdpL4Protocol> m_udp;          //!< the host's UDP
    Ipv4EndPoint* m_endPoint{nullptr}; //!< port 4791
    Ptr<HostPathPolicy> m_policy;      //!< label choice

    Time m_dataTxTime;                //!< a data packet's serialisation time
    Time m_ackTxTime;                 //!< an ACK's serialisation time
    Time m_gap;                       //!< the gap after every packet
    uint64_t m_pacingGapPs{0};        //!< a queue pair's pacing gap before jitter; 0: unpaced
    Ptr<UniformRandomVariable> m_rng; //!< pacing jitter and start offsets

    bool m_busy{false};   //!< a TransmitNext is scheduled
    bool m_ackTurn{true}; //!< ACKs go next when both kinds wait
    Time m_linkFreeAt;    //!< when the link finishes the last committed packet and its gap
    std::vector<SenderQp> m_senders;                      //!< by queue pair number
    std::deque<uint32_t> m_dataRing;                      //!< queue pairs with packets to send
    std::deque<PendingAck> m_pendingAcks;                 //!< ACKs to send, unpaced
    std::deque<PacedQueue> m_pacedRing;                   //!< paced round robin
    std::unordered_map<uint64_t, ReceiverQp> m_receivers; //!< by (sender address, queue pair)

    Time m_srtt;   //!< smoothed RTT
    Time m_rttvar; //!< RTT variation

    uint64_t m_dataSent{0};       //!< counter
    uint64_t m_acksSent{0};       //!< counter
    uint64_t m_dataReceived{0};   //!< counter
    uint64_t m_acksReceived{0};   //!< counter
    uint64_t m_lossesDetected{0}; //!< counter

    TracedCallback<uint32_t, uint32_t> m_messageAckedTrace;    //!< sender holds all m ACKs
    TracedCallback<uint32_t, uint32_t> m_messageReceivedTrace; //!< receiver holds m packets
};

} // namespace ns3

#endif /* FABRIC_LB_ROCE_NIC_H */
