/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_ROCE_QUEUE_PAIR_H
#define FABRIC_LB_ROCE_QUEUE_PAIR_H

#include "rccc-logic.h"
#include "roce-congestion-logic.h"
#include "roce-header.h"
#include "roce-recovery-logic.h"

#include "ns3/event-id.h"
#include "ns3/ipv4-address.h"

#include <deque>
#include <memory>
#include <optional>
#include <vector>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief The sending end of a queue pair (RoCE's requester): one message,
 * its loss-recovery and congestion-control state and its own RTT estimate.
 */
struct RoceRequester
{
    /**
     * \param destination the receiver's address
     * \param messageId the collective-wide id
     * \param recovery the sender side of the NIC's loss recovery
     * \param congestion its state of the NIC's congestion control
     * \param initialRttPs the RTT estimate before the first sample
     */
    RoceRequester(Ipv4Address destination,
                  uint32_t messageId,
                  std::unique_ptr<fabriclb::RecoverySender> recovery,
                  std::unique_ptr<fabriclb::CongestionController> congestion,
                  int64_t initialRttPs)
        : destination(destination),
          messageId(messageId),
          recovery(std::move(recovery)),
          congestion(std::move(congestion)),
          rtt(initialRttPs)
    {
    }

    Ipv4Address destination;                                    //!< receiver's address
    uint32_t messageId;                                         //!< collective-wide id
    std::unique_ptr<fabriclb::RecoverySender> recovery;         //!< which PSN next, what is lost
    std::unique_ptr<fabriclb::CongestionController> congestion; //!< its rate or window
    fabriclb::RttEstimator rtt;                                 //!< its own RTT estimate
    std::vector<uint16_t> labelOf;     //!< the label of each PSN's last sending
    std::optional<int64_t> lastSendPs; //!< its last data packet's sending
    uint32_t released{0};              //!< paced packets waiting for the link
    bool queued{false};                //!< in its link scheduler's data round robin
    bool serverLink{false};            //!< over the server link (NVLink), not the fabric
    EventId timer;                     //!< next loss or retransmission timeout
    EventId pacer; //!< next release of a paced packet, or (unpaced) the end of a pacing gap
    EventId congestionTimer;      //!< its congestion control's next timer
    int64_t congestionTimerPs{0}; //!< when congestionTimer is due
    /// its credit, under receiver credit control (RoceReceiverCredit)
    std::optional<fabriclb::CreditSender> credit;

    /**
     * \param waiting its packets committed to the link and not yet sent (paced)
     * \return whether its congestion window and its credit let one more packet go
     */
    bool MayRelease(uint32_t waiting = 0) const
    {
        return congestion->WindowOpen(recovery->InFlight() + waiting) &&
               (!credit || credit->MaySend(waiting));
    }
};

/**
 * \ingroup fabric-lb
 * \brief An ACK or NACK waiting for the link.
 */
struct RocePendingAck
{
    Ipv4Address destination; //!< the data sender
    uint16_t label;          //!< the ACK's own label (UDP source port)
    RoceHeader header;       //!< what the ACK says
    /// the data packet's in-band telemetry, echoed (empty: none)
    std::vector<fabriclb::HopTelemetry> telemetry;
};

/**
 * \ingroup fabric-lb
 * \brief The receiving end of a queue pair (RoCE's responder).
 */
struct RoceResponder
{
    std::unique_ptr<fabriclb::RecoveryReceiver> recovery; //!< what to keep, what to answer
    std::deque<RocePendingAck> acks;  //!< its ACKs waiting for the link, when the NIC paces
    bool queued{false};               //!< in the paced round robin
    std::optional<int64_t> lastCnpPs; //!< when it last sent a CNP
    /// what it granted, under receiver credit control (RoceReceiverCredit)
    std::optional<fabriclb::CreditReceiver> credit;
    bool creditWaiting{false}; //!< waits its turn for a grant
    bool creditIdle{false};    //!< owed nothing, waits for speculative credit
    bool complete{false};      //!< holds its whole message
    Ipv4Address sender;        //!< the sending host's address
    uint16_t senderPort{0};    //!< the label (UDP source port) of its last data packet
    uint32_t queuePair{0};     //!< the sender's queue pair
    uint32_t messageId{0};     //!< the message's collective-wide id
};

} // namespace ns3

#endif /* FABRIC_LB_ROCE_QUEUE_PAIR_H */
