/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_ROCE_SEND_SIDE_H
#define FABRIC_LB_ROCE_SEND_SIDE_H

#include "roce-congestion-ops.h"
#include "roce-header.h"
#include "roce-nic-port.h"
#include "roce-queue-pair.h"
#include "roce-receiver-credit.h"
#include "roce-recovery-ops.h"

#include "ns3/host-path-policy.h"
#include "ns3/ipv4-address.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"

#include <vector>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief The trace sources of a RoceNic that its sending side fires (RoceNic's
 * MessageStarted, MessageAcked, RttSample, CongestionState, PacketLost, Retransmission and
 * RetransmitTimeout).
 */
struct RoceSendTraces
{
    TracedCallback<uint32_t, uint32_t>& messageStarted;           //!< a message handed over
    TracedCallback<uint32_t, uint32_t>& messageAcked;             //!< all m ACKs held
    TracedCallback<uint32_t, Time>& rttSample;                    //!< an RTT sample
    TracedCallback<uint32_t, double, double>& congestionState;    //!< rate and window
    TracedCallback<uint32_t, uint32_t, uint16_t>& packetLost;     //!< a loss declared
    TracedCallback<uint32_t, uint32_t, uint16_t>& retransmission; //!< a PSN sent again
    TracedCallback<uint32_t, uint32_t>& timeout;                  //!< a timeout, its losses
};

/**
 * \ingroup fabric-lb
 * \brief The sending side of a RoceNic: its queue pairs' requesters (RoceRequester), one a
 * message. It starts messages, builds their data packets, takes their ACKs, NACKs and
 * CNPs, and runs their loss-recovery and congestion-control timers; the NIC's ports and
 * its path policy carry out what it decides. It logs to the RoceNic log component.
 */
class RoceSendSide
{
  public:
    /// \param traces the NIC's trace sources it fires
    explicit RoceSendSide(const RoceSendTraces& traces);

    /**
     * \brief Sets what every queue pair uses. Before the first message.
     * \param policy chooses each data packet's label and hears every feedback
     * \param recovery the NIC's loss-recovery strategy
     * \param congestion the NIC's congestion-control strategy
     * \param dataWireBytes a data packet's size on the wire
     * \param dataPayloadBytes a data packet's bytes below its RoceHeader
     * \param dataTos a data packet's IPv4 TOS byte
     * \param initialRtt the RTT estimate before the first sample
     * \param credit receiver credit control, which sizes every queue pair's credit (null: none)
     */
    void Configure(Ptr<HostPathPolicy> policy,
                   Ptr<RoceRecoveryOps> recovery,
                   Ptr<RoceCongestionOps> congestion,
                   uint32_t dataWireBytes,
                   uint32_t dataPayloadBytes,
                   uint8_t dataTos,
                   Time initialRtt,
                   Ptr<const RoceReceiverCredit> credit);

    /**
     * \brief Sets the ports its data packets leave by.
     * \param fabric the port into the fabric
     * \param server the port to the server's switch, or null
     */
    void SetPorts(RoceNicPort* fabric, RoceNicPort* server);

    /**
     * \brief Starts sending a message now on a new queue pair.
     * \param destination the receiving host's address
     * \param destinationHost the receiving host's index
     * \param packets m, the data packets that carry it
     * \param messageId collective-wide id
     * \param context what its congestion controller knows of the NIC's port
     * \param serverLink over the server link, else over the fabric
     * \return the queue pair number
     */
    uint32_t Start(Ipv4Address destination,
                   uint32_t destinationHost,
                   uint32_t packets,
                   uint32_t messageId,
                   const fabriclb::CongestionContext& context,
                   bool serverLink);

    /// \return the requester of queue pair \p qp
    RoceRequester& Requester(uint32_t qp)
    {
        return m_senders[qp];
    }

    /**
     * \brief Sends the next data packet of \p qp (RoceLinkOwner::SendData).
     * \param qp the queue pair
     * \return how long its port is busy
     */
    Time SendData(uint32_t qp);

    /**
     * \brief Takes an ACK, NACK, CNP or grant of credit for one of its queue pairs.
     * \param ack its header
     * \param telemetry the in-band telemetry it echoes (null: none)
     */
    void ReceiveAck(const RoceHeader& ack, const std::vector<fabriclb::HopTelemetry>* telemetry);

    /// Schedules the loss timer of \p qp at its recovery's deadline (RoceLinkOwner::ArmTimer).
    void ArmTimer(uint32_t qp);

    /// \return whether it has started no message yet
    bool Empty() const
    {
        return m_senders.empty();
    }

    /// \return the queue pairs it has started
    uint32_t QueuePairs() const
    {
        return m_senders.size();
    }

    /// \return the congestion control's rate of \p qp now, bit/s
    double RateBps(uint32_t qp) const
    {
        return m_senders.at(qp).congestion->RateBps();
    }

    /// \return data packets sent, coded extras included
    uint64_t DataSent() const
    {
        return m_dataSent;
    }

    /// \return data packets declared lost
    uint64_t LossesDetected() const
    {
        return m_lossesDetected;
    }

    /// \return data packets sent with a PSN sent before
    uint64_t Retransmissions() const
    {
        return m_retransmissions;
    }

    /// \return retransmission timeouts that fired
    uint64_t Timeouts() const
    {
        return m_timeouts;
    }

    /// Cancels every timer and lets go of the queue pairs and strategies.
    void Dispose();

  private:
    /// \return the server link's port (true) or the fabric's
    RoceNicPort& PortOf(bool serverLink)
    {
        return serverLink ? *m_serverPort : *m_port;
    }

    /// Schedules the congestion-control timer of \p qp at its controller's next deadline.
    void ArmCongestionTimer(uint32_t qp);
    /// The congestion-control timer of \p qp fired.
    void CongestionTimeout(uint32_t qp);
    /// The timer of \p qp fired: lets its recovery declare losses.
    void Timeout(uint32_t qp);
    /// Counts the losses in m_lost of \p qp and tells the path policy and congestion control:
    /// a loss a NACK revealed (\p nacked: the network signalled it) or one found otherwise.
    void ReportLosses(uint32_t qp, bool nacked);
    /// Fires CongestionState for \p qp (when a sink listens).
    void ReportCongestionState(uint32_t qp);
    /// \return the RTT estimate whose timeouts apply to \p requester
    fabriclb::RttEstimator& RttOf(RoceRequester& requester);

    NS_LOG_TEMPLATE_DECLARE; //!< the RoceNic log component

    RoceSendTraces m_traces;                //!< the NIC's trace sources
    Ptr<HostPathPolicy> m_policy;           //!< label choice, feedback
    Ptr<RoceRecoveryOps> m_recovery;        //!< loss recovery of every queue pair
    Ptr<RoceCongestionOps> m_congestion;    //!< congestion control of every queue pair
    Ptr<const RoceReceiverCredit> m_credit; //!< receiver credit control, or null
    uint32_t m_activeQueuePairs{0};         //!< queue pairs started and not acknowledged whole
    bool m_sharedRtt{false};            //!< the recovery's timeouts use m_rtt, not a queue pair's
    bool m_telemetry{false};            //!< data packets carry in-band telemetry (hpcc)
    uint32_t m_dataWireBytes{0};        //!< a data packet's size on the wire
    uint32_t m_dataPayloadBytes{0};     //!< a data packet's bytes below its RoceHeader
    uint8_t m_dataTos{0};               //!< a data packet's TOS: its class's DSCP, its ECN
    int64_t m_initialRttPs{0};          //!< RTT estimate before the first sample
    RoceNicPort* m_port{nullptr};       //!< into the fabric
    RoceNicPort* m_serverPort{nullptr}; //!< to the server's switch, if there is one

    std::vector<RoceRequester> m_senders; //!< by queue pair number
    fabriclb::RttEstimator m_rtt{0};      //!< the NIC's RTT estimate, if its recovery shares one
    std::vector<uint32_t> m_lost;         //!< PSNs a recovery just declared lost

    uint64_t m_dataSent{0};        //!< counter
    uint64_t m_lossesDetected{0};  //!< counter
    uint64_t m_retransmissions{0}; //!< counter
    uint64_t m_timeouts{0};        //!< counter
};

} // namespace ns3

#endif /* FABRIC_LB_ROCE_SEND_SIDE_H */
