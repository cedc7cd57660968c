/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_ERASURE_LOGIC_H
#define FABRIC_LB_ERASURE_LOGIC_H

#include "roce-recovery-logic.h"

#include <cstdint>
#include <vector>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief Ideal rateless erasure coding, sender side: every packet is a fresh
 * coded one with a new PSN; m distinct ACKs complete the message; each packet
 * whose ACK is overdue (RttEstimator::OverduePs after its sending) is declared
 * lost and earns one more coded packet.
 */
class ErasureSender : public RecoverySender
{
  public:
    /// \param packets m
    explicit ErasureSender(uint32_t packets);
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
    /// Moves m_unresolved past acknowledged PSNs.
    void SkipAcked();

    uint32_t m_credits;           //!< packets it may still send
    uint32_t m_acked{0};          //!< distinct ACKs held
    uint32_t m_unresolved{0};     //!< every PSN below is acknowledged or declared lost
    std::vector<bool> m_ackedPsn; //!< by PSN
};

/**
 * \ingroup fabric-lb
 * \brief Ideal rateless erasure coding, receiver side: any m distinct PSNs
 * decode the message; every packet is acknowledged.
 */
class ErasureReceiver : public RecoveryReceiver
{
  public:
    /// \param packets m
    explicit ErasureReceiver(uint32_t packets);
    ReceiveOutcome OnData(uint32_t psn) override;

  private:
    uint32_t m_packets;       //!< m
    uint32_t m_distinct{0};   //!< distinct PSNs received
    std::vector<bool> m_seen; //!< by PSN
};

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_ERASURE_LOGIC_H */
