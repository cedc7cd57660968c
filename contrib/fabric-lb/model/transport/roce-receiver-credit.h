/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_ROCE_RECEIVER_CREDIT_H
#define FABRIC_LB_ROCE_RECEIVER_CREDIT_H

#include "rccc-logic.h"
#include "roce-congestion-logic.h"
#include "roce-queue-pair.h"

#include "ns3/callback.h"
#include "ns3/event-id.h"
#include "ns3/object.h"

#include <deque>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief UET's receiver credit control (RCCC) on a RoceNic: its senders send only on
 * credit, and its receiving side grants credit to the queue pairs that ask, in turn, as fast
 * as its link carries the packets granted, frames and gaps (PullRate of it: uet-htsim's pull
 * pacer, which counts payload), so that an incast arrives at the rate of the receiver's link. A
 * sender starts with MaxCredit BDPs of speculative credit (fabriclb::CreditSender); every data
 * packet carries the cumulative grant its sender asks for (the pull target, in RoceHeader's
 * cumulative-PSN field), and every grant packet (RoceHeader::CREDIT) the cumulative grant. While no
 * sender wants credit, the grants go to the queue pairs owed nothing whose messages are not yet
 * whole, as speculative credit up to MaxCredit ahead of what they asked (uet-htsim's "slow pulls").
 */
class RoceReceiverCredit : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// Sends a grant packet to a responder's sender.
    using GrantSender = Callback<void, RoceResponder&>;

    /**
     * \param context the sending queue pair's NIC and wire
     * \return the speculative credit, and the most credit a sender holds, in packets
     */
    uint32_t MaxCreditPackets(const fabriclb::CongestionContext& context) const;

    /**
     * \brief Sets how grants leave the receiving NIC. Before the first data packet.
     * \param slotPs the line time of one data packet and its gap at the NIC's link
     * \param send queues a grant packet for the link
     */
    void SetGrantSender(uint64_t slotPs, GrantSender send);

    /**
     * \brief Sizes the speculative credit it grants idle queue pairs, as their senders size
     * theirs (MaxCreditPackets).
     * \param context the receiving NIC and its wire
     */
    void SizeSpeculativeCredit(const fabriclb::CongestionContext& context);

    /**
     * \brief A data packet (or a trimmed header) of \p responder arrived with a pull target.
     * \param responder its receiving end
     * \param pullTarget the cumulative grant its sender asks for
     */
    void OnPullTarget(RoceResponder& responder, uint32_t pullTarget);

    /// \return grant packets sent
    uint64_t GetGrantsSent() const
    {
        return m_grantsSent;
    }

  protected:
    void DoDispose() override;

  private:
    /// Grants the queue pair whose turn it is and schedules the next grant.
    void GrantNext();
    /// \return the next idle queue pair to grant speculative credit, or null
    RoceResponder* NextIdle();

    uint32_t m_creditPerGrant{0};         //!< the most one grant gives, packets
    double m_pullRate{0};                 //!< the share of the link that grants fill
    double m_maxCreditBdps{0};            //!< speculative and largest credit, in BDPs
    uint64_t m_slotPs{0};                 //!< line time of one data packet and its gap
    uint32_t m_maxCredit{0};              //!< the most speculative credit ahead of a target
    GrantSender m_send;                   //!< queues a grant packet
    std::deque<RoceResponder*> m_waiting; //!< receiving ends that want credit, in turn
    std::deque<RoceResponder*> m_idle;    //!< receiving ends owed nothing, in turn
    EventId m_next;                       //!< the next grant, while any waits
    uint64_t m_grantsSent{0};             //!< counter
};

} // namespace ns3

#endif /* FABRIC_LB_ROCE_RECEIVER_CREDIT_H */
