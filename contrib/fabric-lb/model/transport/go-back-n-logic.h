/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_GO_BACK_N_LOGIC_H
#define FABRIC_LB_GO_BACK_N_LOGIC_H

#include "roce-recovery-logic.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief RoCEv2 go-back-N, sender side.
 *
 * Sends PSNs 0 .. m-1 in order. ACKs are cumulative. A NACK carrying the
 * receiver's expected PSN e sends it back to e (once per e: a NACK for a PSN
 * it already went back to, or below its oldest unacknowledged one, is stale).
 * When the oldest unacknowledged packet is overdue (RttEstimator::OverduePs
 * times the back-off after its last sending) the timer sends it back there and
 * doubles the back-off, up to MAX_TIMEOUT_BACKOFF; progress resets it. RTT
 * samples come only from ACKs that advance and echo a packet sent once (Karn).
 */
class GoBackNSender : public ResendingSender
{
  public:
    /// \param packets m
    explicit GoBackNSender(uint32_t packets);
    bool Done() const override;
    uint32_t Sendable() const override;
    uint32_t InFlight() const override;
    SentPacket Send(int64_t nowPs) override;
    void OnAck(const AckInfo& ack,
               int64_t nowPs,
               RttEstimator& rtt,
               std::vector<uint32_t>& lost) override;
    std::optional<int64_t> Deadline(const RttEstimator& rtt) const override;
    bool OnTimer(int64_t nowPs, const RttEstimator& rtt, std::vector<uint32_t>& lost) override;

    /// \return the next PSN it sends
    uint32_t NextPsn() const
    {
        return m_next;
    }

  private:
    /// Goes back to PSN \p psn and reports it lost.
    void GoBack(uint32_t psn, std::vector<uint32_t>& lost);

    uint32_t m_unacked{0};                //!< oldest unacknowledged PSN
    uint32_t m_next{0};                   //!< next PSN to send
    std::optional<uint32_t> m_wentBackTo; //!< the PSN of the last go-back
};

/**
 * \ingroup fabric-lb
 * \brief RoCEv2 go-back-N, receiver side: accepts only the next expected PSN
 * (and ACKs it, cumulatively); a duplicate is ACKed again; the first
 * out-of-order packet of a gap draws one NACK carrying the expected PSN, and
 * later ones of the same gap are discarded silently.
 */
class GoBackNReceiver : public RecoveryReceiver
{
  public:
    /// \param packets m
    explicit GoBackNReceiver(uint32_t packets);
    ReceiveOutcome OnData(uint32_t psn) override;

  private:
    uint32_t m_packets;     //!< m
    uint32_t m_expected{0}; //!< the next PSN it accepts
    bool m_nackSent{false}; //!< the current gap has drawn its NACK
};

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_GO_BACK_N_LOGIC_H */
