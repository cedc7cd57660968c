/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_SACK_SENDER_H
#define FABRIC_LB_SACK_SENDER_H

#include "roce-recovery-logic.h"

#include <cstdint>
#include <optional>
#include <set>
#include <vector>

namespace ns3
{
namespace fabriclb
{

/// PSNs a SACK bitmap covers beyond the cumulative PSN.
constexpr uint32_t SACK_BITMAP_PACKETS = 64;

/**
 * \ingroup fabric-lb
 * \brief A sender that learns from selective acknowledgements: the bookkeeping that
 * selective repeat (SelectiveRepeatSender) and reliable unordered delivery (RudSender)
 * share. Subclasses give the loss rule (DetectLosses).
 *
 * ACKs carry a cumulative PSN and a bitmap of the SACK_BITMAP_PACKETS PSNs after it.
 * Losses are resent first, lowest PSN first, then new PSNs in order. When the oldest
 * outstanding packet (unacknowledged, not waiting to be resent; the lowest such PSN) is
 * overdue (OverduePs times the back-off after its last sending) every
 * overdue outstanding packet is lost and the back-off doubles, up to
 * MAX_TIMEOUT_BACKOFF; cumulative progress resets it. RTT samples come from ACKs of
 * packets sent once (Karn).
 */
class SackSender : public ResendingSender
{
  public:
    /// \param packets m
    explicit SackSender(uint32_t packets);
    bool Done() const override;
    uint32_t Sendable() const override;
    SentPacket Send(int64_t nowPs) override;
    void OnAck(const AckInfo& ack,
               int64_t nowPs,
               RttEstimator& rtt,
               std::vector<uint32_t>& lost) override;
    std::optional<int64_t> Deadline(const RttEstimator& rtt) const override;
    bool OnTimer(int64_t nowPs, const RttEstimator& rtt, std::vector<uint32_t>& lost) override;

  protected:
    /**
     * \param rtt the queue pair's RTT estimate
     * \return how long after its last sending an unacknowledged packet is overdue, before
     * back-off: by default the estimate's RttEstimator::OverduePs
     */
    virtual int64_t OverduePs(const RttEstimator& rtt) const
    {
        return rtt.OverduePs();
    }

    /**
     * \brief The loss rule, after an ACK's cumulative PSN and bitmap are taken.
     * \param ack the ACK
     * \param[out] lost the PSNs it declares lost (DeclareLost), appended
     */
    virtual void DetectLosses(const AckInfo& ack, std::vector<uint32_t>& lost) = 0;

    /// \param psn a PSN the sender has just learned arrived
    virtual void OnAcked([[maybe_unused]] uint32_t psn)
    {
    }

    /// \param psn a PSN just sent \param nowPs when
    virtual void OnSending([[maybe_unused]] uint32_t psn, [[maybe_unused]] int64_t nowPs)
    {
    }

    /// Records that \p psn arrived.
    void MarkAcked(uint32_t psn);
    /// Declares the outstanding \p psn lost: it is resent next.
    void DeclareLost(uint32_t psn, std::vector<uint32_t>& lost);
    /// \return whether \p psn was sent and is neither acknowledged nor waiting to be resent
    bool Outstanding(uint32_t psn) const;

    /// \return whether \p psn is known to have arrived
    bool Acked(uint32_t psn) const
    {
        return m_acked[psn];
    }

    /// \return whether \p psn was declared lost before
    bool DeclaredBefore(uint32_t psn) const
    {
        return m_declared[psn];
    }

    /// \return the lowest PSN not known to have arrived
    uint32_t Unacked() const
    {
        return m_unacked;
    }

    /// \return one past the highest PSN known to have arrived
    uint32_t HighestAcked() const
    {
        return m_highestAcked;
    }

  private:
    uint32_t m_unacked{0};        //!< every PSN below is acknowledged
    uint32_t m_next{0};           //!< next new PSN
    uint32_t m_highestAcked{0};   //!< one past the highest acknowledged PSN
    std::set<uint32_t> m_resend;  //!< PSNs declared lost, not yet resent
    std::vector<bool> m_acked;    //!< by PSN
    std::vector<bool> m_declared; //!< declared lost since the start, by PSN
};

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_SACK_SENDER_H */
