/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_ROCE_QUEUE_PAIR_H
#define FABRIC_LB_ROCE_QUEUE_PAIR_H

#include "roce-header.h"
#include "roce-recovery-logic.h"

#include "ns3/event-id.h"
#include "ns3/ipv4-address.h"

#include <deque>
#include <memory>
#include <vector>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief The sending end of a queue pair (RoCE's requester): one message,
 * its loss-recovery state and its own RTT estimate.
 */
struct RoceRequester
{
    /**
     * \param destination the receiver's address
     * \param messageId the collective-wide id
     * \param recovery the sender side of the NIC's loss recovery
     * \param initialRttPs the RTT estimate before the first sample
     */
    RoceRequester(Ipv4Address destination,
                  uint32_t messageId,
                  std::unique_ptr<fabriclb::RecoverySender> recovery,
                  int64_t initialRttPs)
        : destination(destination),
          messageId(messageId),
          recovery(std::move(recovery)),
          rtt(initialRttPs)
    {
    }

    Ipv4Address destination;                            //!< receiver's address
    uint32_t messageId;                                 //!< collective-wide id
    std::unique_ptr<fabriclb::RecoverySender> recovery; //!< which PSN next, what is lost
    fabriclb::RttEstimator rtt;                         //!< its own RTT estimate
    std::vector<uint16_t> labelOf;                      //!< the label of each PSN's last sending
    uint32_t released{0};                               //!< paced packets waiting for the link
    bool queued{false};                                 //!< in the NIC's data round robin
    EventId timer;                                      //!< next loss or retransmission timeout
    EventId pacer;                                      //!< next release of a paced packet
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
};

/**
 * \ingroup fabric-lb
 * \brief The receiving end of a queue pair (RoCE's responder).
 */
struct RoceResponder
{
    std::unique_ptr<fabriclb::RecoveryReceiver> recovery; //!< what to keep, what to answer
    std::deque<RocePendingAck> acks; //!< its ACKs waiting for the link, when the NIC paces
    bool queued{false};              //!< in the paced round robin
};

} // namespace ns3

#endif /* FABRIC_LB_ROCE_QUEUE_PAIR_H */
