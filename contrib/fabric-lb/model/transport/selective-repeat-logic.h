/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_SELECTIVE_REPEAT_LOGIC_H
#define FABRIC_LB_SELECTIVE_REPEAT_LOGIC_H

#include "sack-sender.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief Selective repeat with SACKs, sender side: a SackSender whose loss rule is
 * reordering. A hole (an unacknowledged PSN below the highest acknowledged one) with
 * more than the reorder threshold x of later PSNs acknowledged is lost, once: the
 * reorder rule never declares a PSN again, so a lost retransmission waits for the timer.
 */
class SelectiveRepeatSender : public SackSender
{
  public:
    /**
     * \param packets m
     * \param reorderThreshold x (at least 1)
     */
    SelectiveRepeatSender(uint32_t packets, uint32_t reorderThreshold);

  protected:
    void DetectLosses(const AckInfo& ack, std::vector<uint32_t>& lost) override;

  private:
    uint32_t m_reorderThreshold; //!< x
    uint32_t m_declaredBelow{0}; //!< the reorder rule has judged every hole below
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

  protected:
    /// \return whether \p psn has arrived
    bool Has(uint32_t psn) const
    {
        return m_have[psn];
    }

    /// \return an ACK of what has arrived: the cumulative PSN and the bitmap after it
    RecoveryReply Acknowledgement() const;

  private:
    uint32_t m_expected{0};   //!< the lowest PSN not yet received
    uint32_t m_received{0};   //!< distinct PSNs received
    std::vector<bool> m_have; //!< by PSN
};

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_SELECTIVE_REPEAT_LOGIC_H */
