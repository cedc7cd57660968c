/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_SELECTIVE_REPEAT_LOGIC_H
#define FABRIC_LB_SELECTIVE_REPEAT_LOGIC_H

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
 * \brief Selective repeat with SACKs, sender side.
 *
 * ACKs carry a cumulative PSN and a bitmap of the SACK_BITMAP_PACKETS PSNs
 * after it. A hole (an unacknowledged PSN below the highest acknowledged one)
 * with more than the reorder threshold x of later PSNs acknowledged is lost,
 * once: the reorder rule never declares a PSN again, so a lost retransmission
 * waits for the timer. Losses are resent first, lowest PSN first, then new
 * PSNs in order. When the oldest outstanding packet (unacknowledged, not
 * waiting to be resent) is overdue (RttEstimator::OverduePs times the
 * back-off after its last sending) every overdue outstanding packet is lost
 * and the back-off doubles, up to MAX_TIMEOUT_BACKOFF; cumulative progress
 * resets it. RTT samples come from ACKs of packets sent once (Karn).
 */
class SelectiveRepeatSender : public ResendingSender
{
  public:
    /**
     * \param packets m
     * \param reorderThreshold x (at least 1)
     */
    SelectiveRepeatSender(uint32_t packets, uint32_t reorderThreshold);
    bool Done() const override;
    uint32_t Sendable() const override;
    SentPacket Send(int64_t nowPs) override;
    void OnAck(const AckInfo& ack,
               int64_t nowPs,
               RttEstimator& rtt,
               std::vector<uint32_t>& lost) override;
    std::optional<int64_t> Deadline(const RttEstimator& rtt) const override;
    bool OnTimer(int64_t nowPs, const RttEstimator& rtt, std::vector<uint32_t>& lost) override;

  private:
    /// Records that \p psn arrived.
    void MarkAcked(uint32_t psn);
    /// Declares \p psn lost: it is resent next.
    void DeclareLost(uint32_t psn, std::vector<uint32_t>& lost);
    /// Applies the reorder rule to the holes below the highest acknowledged PSN.
    void DetectReorderLosses(std::vector<uint32_t>& lost);
    /// \return whether \p psn was sent and is neither acknowledged nor waiting to be resent
    bool Outstanding(uint32_t psn) const;

    uint32_t m_reorderThreshold;  //!< x
    uint32_t m_unacked{0};        //!< every PSN below is acknowledged
    uint32_t m_next{0};           //!< next new PSN
    uint32_t m_highestAcked{0};   //!< one past the highest acknowledged PSN
    uint32_t m_declaredBelow{0};  //!< the reorder rule has judged every hole below
    std::set<uint32_t> m_resend;  //!< PSNs declared lost, not yet resent
    std::vector<bool> m_acked;    //!< by PSN
    std::vector<bool> m_declared; //!< declared lost since the start, by PSN
};

/**
 * \ingroup fabric-lb
 * \brief Selective repeat with SACKs, receiver side: keeps every new packet
 * (delivering it once), and answers each packet, duplicates included, with its
 * cumulative PSN and the SACK bitmap of the SACK_BITMAP_PACKETS PSNs after it.
 */
class SelectiveRepeatReceiver : public RecoveryReceiver
{
  public:
    /// \param packets m
    explicit SelectiveRepeatReceiver(uint32_t packets);
    ReceiveOutcome OnData(uint32_t psn) override;

  private:
    uint32_t m_expected{0};   //!< the lowest PSN not yet received
    uint32_t m_received{0};   //!< distinct PSNs received
    std::vector<bool> m_have; //!< by PSN
};

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_SELECTIVE_REPEAT_LOGIC_H */
