/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_RUD_LOGIC_H
#define FABRIC_LB_RUD_LOGIC_H

#include "sack-sender.h"
#include "selective-repeat-logic.h"

#include <deque>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief Reliable unordered delivery (Ultra Ethernet's RUD), sender side: a SackSender
 * that never takes reordering for loss.
 *
 * A packet is lost when
 * - a NACK names it: its receiver got its trimmed header (the NACK's psn);
 * - time says so, as RACK (RFC 8985) does: a packet sent more than the reorder window
 *   after it has arrived (only packets sent once date a delivery: Karn);
 * - or its retransmission timer expires: a fixed timeout (not the RTT estimate, which
 *   queueing on one path would outrun on another), with back-off.
 * Every ACK acknowledges the packet that drew it, wherever it lies beyond the bitmap.
 * The time rule walks the packets in the order they were sent, each once, so an ACK costs
 * constant time on average however many packets are in flight.
 */
class RudSender : public SackSender
{
  public:
    /**
     * \param packets m
     * \param reorderWindowPs how much later a delivered packet must have been sent for an
     * earlier one to be lost (0: the time rule is off)
     * \param timeoutPs how long after its last sending a packet is overdue (0: the RTT
     * estimate's RttEstimator::OverduePs)
     */
    RudSender(uint32_t packets, int64_t reorderWindowPs, int64_t timeoutPs);
    void OnAck(const AckInfo& ack,
               int64_t nowPs,
               RttEstimator& rtt,
               std::vector<uint32_t>& lost) override;

  protected:
    int64_t OverduePs(const RttEstimator& rtt) const override;
    void DetectLosses(const AckInfo& ack, std::vector<uint32_t>& lost) override;
    void OnAcked(uint32_t psn) override;
    void OnSending(uint32_t psn, int64_t nowPs) override;

  private:
    /// A sending, in the order they happened.
    struct Sending
    {
        int64_t sentPs; //!< when
        uint32_t psn;   //!< what
    };

    int64_t m_reorderWindowPs;                      //!< the time rule's window
    int64_t m_timeoutPs;                            //!< the fixed timeout (0: the estimate's)
    std::optional<int64_t> m_latestDeliveredSentPs; //!< latest sending known to have arrived
    std::deque<Sending> m_sendings;                 //!< sendings not yet judged, oldest first
};

/**
 * \ingroup fabric-lb
 * \brief Reliable unordered delivery, receiver side: selective repeat's receiver (every
 * packet kept once, ACKed with the cumulative PSN and bitmap) that also reads trimmed
 * headers and NACKs each (an ACK if the packet arrived whole before).
 */
class RudReceiver : public SelectiveRepeatReceiver
{
  public:
    using SelectiveRepeatReceiver::SelectiveRepeatReceiver;
    RecoveryReply OnTrimmed(uint32_t psn) override;
};

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_RUD_LOGIC_H */
