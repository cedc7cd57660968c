/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_RCCC_LOGIC_H
#define FABRIC_LB_RCCC_LOGIC_H

#include <cstdint>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief The sending end of UET's receiver credit control (RCCC) for one queue pair, in
 * packets: it sends only on credit. It starts with MaxCredit of speculative credit, which
 * it keeps until the receiver first answers (an ACK, a NACK, a grant) or a timeout; from
 * then on it sends only what the receiver grants. Every data packet carries its pull
 * target, the cumulative grant that would give it what it still wants to send (at most
 * MaxCredit beyond what it holds), shared among the NIC's active queue pairs; grants are
 * cumulative too, so a lost grant is made good by the next one.
 */
class CreditSender
{
  public:
    /// \param maxCredit the speculative credit and the most credit it holds, packets (> 0)
    explicit CreditSender(uint32_t maxCredit);

    /// \return whether it holds credit for one more packet beyond \p waiting committed ones
    bool MaySend(uint32_t waiting = 0) const
    {
        return m_credit > static_cast<int64_t>(waiting);
    }

    /// It sent one data packet: spends a packet of credit.
    void OnSent();

    /**
     * \param wanted packets it still wants to send (new and retransmissions) after this one
     * \param window its congestion control's window in packets, if it has one
     * \param activeQueuePairs queue pairs of its NIC with data to send (at least 1)
     * \return the pull target its next data packet carries
     */
    uint32_t PullTarget(uint32_t wanted, const double* window, uint32_t activeQueuePairs) const;

    /**
     * \brief A grant arrived.
     * \param cumulative the receiver's cumulative grant to it, packets
     */
    void OnGrant(uint32_t cumulative);

    /// The receiver answered (an ACK or a NACK): speculation ends, unspent speculative
    /// credit is given up.
    void StopSpeculating();

    /// A retransmission timeout fired: speculation ends, and if it holds no credit it gets
    /// one packet, which goes as its own request (where UET sends a request to send).
    void OnTimeout();

    /// \return the credit it holds, packets
    int64_t Credit() const
    {
        return m_credit;
    }

    /// \return the cumulative grant it has heard of
    uint32_t Granted() const
    {
        return m_granted;
    }

    /// \return whether it still sends on speculative credit
    bool Speculating() const
    {
        return m_speculating;
    }

  private:
    uint32_t m_maxCredit;     //!< speculative credit, and the most it holds
    int64_t m_credit;         //!< credit held, packets
    uint32_t m_granted{0};    //!< the cumulative grant heard of
    bool m_speculating{true}; //!< no answer from the receiver yet
};

/**
 * \ingroup fabric-lb
 * \brief The receiving end of RCCC for one queue pair: the highest pull target its data
 * packets carried and the cumulative grant sent so far.
 */
class CreditReceiver
{
  public:
    /**
     * \brief A data packet (or its trimmed header) arrived with \p pullTarget.
     * \param pullTarget the cumulative grant its sender asks for
     * \return whether it now wants a grant
     */
    bool OnPullTarget(uint32_t pullTarget);

    /// \return whether its sender asked for more than it was granted
    bool Wanting() const
    {
        return m_pullTarget > m_granted;
    }

    /**
     * \brief Grants up to \p perGrant packets, never beyond the pull target.
     * \param perGrant the most one grant gives
     * \return the packets granted now
     */
    uint32_t Grant(uint32_t perGrant);

    /**
     * \brief Grants \p perGrant packets beyond the pull target: speculative credit for a
     * sender it owes nothing (uet-htsim's "slow pull").
     * \param perGrant the packets granted
     */
    void GrantAhead(uint32_t perGrant)
    {
        m_granted += perGrant;
    }

    /// \return how far its grant runs ahead of the pull target, packets
    uint32_t Ahead() const
    {
        return m_granted > m_pullTarget ? m_granted - m_pullTarget : 0;
    }

    /// \return the cumulative grant, which a grant packet carries
    uint32_t Granted() const
    {
        return m_granted;
    }

  private:
    uint32_t m_pullTarget{0}; //!< the highest pull target heard
    uint32_t m_granted{0};    //!< the cumulative grant
};

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_RCCC_LOGIC_H */
