/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_STUDY_ERASURE_LOGIC_H
#define FABRIC_LB_STUDY_ERASURE_LOGIC_H

#include "erasure-logic.h"
#include "roce-recovery-logic.h"

#include <cstdint>
#include <optional>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief The erasure sender of the study's simulator (csg-htsim's constant-rate
 * erasure source), which counts reordering as loss.
 *
 * Every packet is a fresh coded one with a new PSN. Each ACK carries the
 * receiver's count of data packets received so far (in AckInfo::cumulativePsn)
 * and echoes the PSN; the sender keeps the highest acknowledged PSN + 1 and the
 * highest count, and approxLost, their difference: packets below the highest
 * acknowledged one that the receiver lacks, reordered or lost. At each
 * opportunity (OnSendOpportunity) it takes one fresh packet unless
 * issued - approxLost >= m (issued: packets it took, sent or waiting for the
 * link). The first opportunity that finds it so remembers the time; later
 * ones, unless lossless, take one packet each once more than the smoothed RTT
 * has passed since. Its RTT is the study's: the first sample as is, then 7/8
 * of the old plus 1/8 of the sample, each truncated; 0 before the first ACK.
 * The sample runs from the opportunity that took the packet. The message is
 * complete when the count reaches m. It declares no losses.
 */
class StudyErasureSender : public RecoverySender
{
  public:
    /**
     * \param packets m
     * \param lossless never send beyond the first m in flight (the study's -lossless)
     */
    StudyErasureSender(uint32_t packets, bool lossless);
    bool Done() const override;
    uint32_t Sendable() const override;
    uint32_t InFlight() const override;
    void OnSendOpportunity(int64_t nowPs) override;
    SentPacket Send(int64_t nowPs) override;
    void OnAck(const AckInfo& ack,
               int64_t nowPs,
               RttEstimator& rtt,
               std::vector<uint32_t>& lost) override;
    /// \return when, without lossless, an opportunity first takes a packet beyond
    /// the first m in flight (the NIC wakes the queue pair then), or nothing
    std::optional<int64_t> Deadline(const RttEstimator& rtt) const override;
    bool OnTimer(int64_t nowPs, const RttEstimator& rtt, std::vector<uint32_t>& lost) override;

    /// \return packets below the highest acknowledged one the receiver lacks (may be negative
    /// while ACKs arrive out of order)
    int64_t ApproxLost() const
    {
        return int64_t{m_highestAcked} - int64_t{m_received};
    }

    /// \return the smoothed RTT (0 before the first ACK)
    int64_t SrttPs() const
    {
        return m_srttPs;
    }

  private:
    /// \return whether the opportunity at \p nowPs, in the final phase, takes a packet
    bool FinalPhaseSends(int64_t nowPs) const;

    bool m_lossless;                  //!< never send beyond the first m in flight
    uint32_t m_highestAcked{0};       //!< one past the highest acknowledged PSN
    uint32_t m_received{0};           //!< the highest count of packets received an ACK carried
    int64_t m_srttPs{0};              //!< smoothed RTT, 0 before the first sample
    std::optional<int64_t> m_finalPs; //!< the first opportunity that found enough in flight
    std::optional<int64_t> m_timerPs; //!< when the NIC's timer last fired
    uint32_t m_sent{0};               //!< packets sent (the taken ones, PsnsSent, leave in order)
};

/**
 * \ingroup fabric-lb
 * \brief The study's erasure receiver: ErasureReceiver, whose every ACK also
 * carries the count of data packets received so far (in
 * RecoveryReply::cumulativePsn), as the study's simulator's cumulative bytes.
 */
class StudyErasureReceiver : public ErasureReceiver
{
  public:
    /// \param packets m
    explicit StudyErasureReceiver(uint32_t packets);
    ReceiveOutcome OnData(uint32_t psn) override;

  private:
    uint32_t m_received{0}; //!< data packets received, duplicates included
};

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_STUDY_ERASURE_LOGIC_H */
