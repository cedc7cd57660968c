/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_ROCE_RECOVERY_LOGIC_H
#define FABRIC_LB_ROCE_RECOVERY_LOGIC_H

#include <algorithm>
#include <cstdint>
#include <optional>
#include <set>
#include <vector>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief An RTT estimate with RFC 6298 smoothing, in integer picoseconds.
 *
 * Pure logic: every sample moves the variation by a quarter of its error and
 * the smoothed RTT by an eighth, in integer arithmetic that truncates.
 */
struct RttEstimator
{
    /// \param initialPs the estimate before the first sample (variation: half of it)
    explicit RttEstimator(int64_t initialPs)
        : srttPs(initialPs),
          rttvarPs(initialPs / 2)
    {
    }

    /// \param samplePs one measured round trip
    void Sample(int64_t samplePs)
    {
        const int64_t error = samplePs > srttPs ? samplePs - srttPs : srttPs - samplePs;
        rttvarPs = (3 * rttvarPs + error) / 4;
        srttPs = (7 * srttPs + samplePs) / 8;
    }

    /// \return how long after a packet is sent its ACK counts as overdue:
    /// the smoothed RTT plus max(smoothed RTT, 4 variations)
    int64_t OverduePs() const
    {
        return srttPs + std::max(srttPs, 4 * rttvarPs);
    }

    int64_t srttPs;   //!< smoothed RTT
    int64_t rttvarPs; //!< RTT variation
};

/**
 * \ingroup fabric-lb
 * \brief What a receiver answers to one data packet.
 */
struct RecoveryReply
{
    /// The kind of answer.
    enum Kind : uint8_t
    {
        NONE, //!< nothing (the packet is discarded silently)
        ACK,  //!< acknowledges the packet
        NACK  //!< reports a sequence gap: resend from cumulativePsn
    };

    Kind kind{NONE};           //!< what to send
    uint32_t cumulativePsn{0}; //!< every PSN below has arrived
    uint64_t sackBitmap{0};    //!< bit i: PSN cumulativePsn + 1 + i has arrived
};

/**
 * \ingroup fabric-lb
 * \brief What one data packet did at its receiver.
 */
struct ReceiveOutcome
{
    RecoveryReply reply;               //!< the answer to send
    std::optional<uint32_t> delivered; //!< the message's packet index handed to the application
    bool complete{false};              //!< the application now holds the whole message
};

/**
 * \ingroup fabric-lb
 * \brief The receiving side of a queue pair's loss recovery.
 */
class RecoveryReceiver
{
  public:
    virtual ~RecoveryReceiver() = default;

    /**
     * \param psn the PSN of a data packet that arrived
     * \return the answer and what the application got
     */
    virtual ReceiveOutcome OnData(uint32_t psn) = 0;
};

/**
 * \ingroup fabric-lb
 * \brief What an ACK or NACK tells a sender.
 */
struct AckInfo
{
    bool nack{false};          //!< a NACK: resend from cumulativePsn
    uint32_t psn{0};           //!< the data packet that drew it
    uint32_t cumulativePsn{0}; //!< every PSN below has arrived (gbn, sack)
    uint64_t sackBitmap{0};    //!< bit i: PSN cumulativePsn + 1 + i has arrived (sack)
};

/**
 * \ingroup fabric-lb
 * \brief A packet a sender puts on the link.
 */
struct SentPacket
{
    uint32_t psn;        //!< its PSN
    bool retransmission; //!< the PSN was sent before
};

/**
 * \ingroup fabric-lb
 * \brief The sending side of a queue pair's loss recovery: which PSN goes
 * next, what ACKs and timeouts reveal, when its timer is due.
 *
 * Pure logic on integer picoseconds; the caller owns the RTT estimator, so a
 * strategy decides whose estimate its timeouts use.
 */
class RecoverySender
{
  public:
    /// \param packets m, the packets of the message
    explicit RecoverySender(uint32_t packets)
        : m_packets(packets)
    {
    }

    virtual ~RecoverySender() = default;

    /// \return m
    uint32_t Packets() const
    {
        return m_packets;
    }

    /// \return whether the receiver holds the whole message, as far as the sender knows
    virtual bool Done() const = 0;

    /// \return how many packets the sender would send now, back to back
    virtual uint32_t Sendable() const = 0;

    /// \return packets sent whose fate it has not learned: neither acknowledged nor
    /// declared lost (what a congestion window bounds)
    virtual uint32_t InFlight() const = 0;

    /**
     * \param psn a PSN it has sent
     * \return when it last sent \p psn (a congestion control's delay samples start there)
     */
    virtual int64_t LastSentPs(uint32_t psn) const = 0;

    /**
     * \brief The NIC offers the sender a chance to send at \p nowPs: a pacing
     * tick, or (unpaced) when the queue pair joins or rejoins the NIC's round
     * robin. Only a sender that decides at such opportunities (StudyErasureSender)
     * does anything here; Sendable() says what it took.
     * \param nowPs the time
     */
    virtual void OnSendOpportunity([[maybe_unused]] int64_t nowPs)
    {
    }

    /**
     * \brief Takes the next packet to send; Sendable() must be positive.
     * \param nowPs the time it is sent
     * \return it
     */
    virtual SentPacket Send(int64_t nowPs) = 0;

    /**
     * \brief An ACK or NACK arrived.
     * \param ack what it says
     * \param nowPs the time
     * \param rtt the estimator to feed a sample
     * \param[out] lost the PSNs it reveals as lost, appended
     */
    virtual void OnAck(const AckInfo& ack,
                       int64_t nowPs,
                       RttEstimator& rtt,
                       std::vector<uint32_t>& lost) = 0;

    /**
     * \param rtt the estimator that sets the timeout
     * \return when the oldest unresolved packet becomes overdue, or nothing if
     * none is outstanding
     */
    virtual std::optional<int64_t> Deadline(const RttEstimator& rtt) const = 0;

    /**
     * \brief The timer fired: declares overdue packets lost.
     * \param nowPs the time
     * \param rtt the estimator that sets the timeout
     * \param[out] lost the PSNs declared lost, appended
     * \return whether this was a retransmission timeout (which backs off)
     */
    virtual bool OnTimer(int64_t nowPs, const RttEstimator& rtt, std::vector<uint32_t>& lost) = 0;

  private:
    uint32_t m_packets; //!< m
};

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
    uint32_t InFlight() const override;
    int64_t LastSentPs(uint32_t psn) const override;
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

    uint32_t m_credits;              //!< packets it may still send
    uint32_t m_acked{0};             //!< distinct ACKs held
    uint32_t m_unresolved{0};        //!< every PSN below is acknowledged or declared lost
    uint32_t m_inFlight{0};          //!< sent, neither acknowledged nor declared lost
    std::vector<bool> m_ackedPsn;    //!< by PSN
    std::vector<int64_t> m_sentAtPs; //!< by PSN
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
    int64_t LastSentPs(uint32_t psn) const override;
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
    std::vector<int64_t> m_takenAtPs; //!< when each PSN was taken (its size: packets taken)
    uint32_t m_sent{0};               //!< packets sent (taken ones leave in order)
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

/// The largest factor by which a retransmission timeout backs off.
constexpr uint32_t MAX_TIMEOUT_BACKOFF = 64;

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
class GoBackNSender : public RecoverySender
{
  public:
    /// \param packets m
    explicit GoBackNSender(uint32_t packets);
    bool Done() const override;
    uint32_t Sendable() const override;
    uint32_t InFlight() const override;
    int64_t LastSentPs(uint32_t psn) const override;
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
    uint32_t m_backoff{1};                //!< timeout multiplier
    std::vector<int64_t> m_sentAtPs;      //!< last sending, by PSN
    std::vector<uint32_t> m_sends;        //!< sendings, by PSN
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
class SelectiveRepeatSender : public RecoverySender
{
  public:
    /**
     * \param packets m
     * \param reorderThreshold x (at least 1)
     */
    SelectiveRepeatSender(uint32_t packets, uint32_t reorderThreshold);
    bool Done() const override;
    uint32_t Sendable() const override;
    uint32_t InFlight() const override;
    int64_t LastSentPs(uint32_t psn) const override;
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

    uint32_t m_reorderThreshold;     //!< x
    uint32_t m_unacked{0};           //!< every PSN below is acknowledged
    uint32_t m_next{0};              //!< next new PSN
    uint32_t m_highestAcked{0};      //!< one past the highest acknowledged PSN
    uint32_t m_declaredBelow{0};     //!< the reorder rule has judged every hole below
    uint32_t m_backoff{1};           //!< timeout multiplier
    uint32_t m_inFlight{0};          //!< outstanding PSNs (Outstanding)
    std::set<uint32_t> m_resend;     //!< PSNs declared lost, not yet resent
    std::vector<bool> m_acked;       //!< by PSN
    std::vector<bool> m_declared;    //!< declared lost since the start, by PSN
    std::vector<int64_t> m_sentAtPs; //!< last sending, by PSN
    std::vector<uint32_t> m_sends;   //!< sendings, by PSN
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

#endif /* FABRIC_LB_ROCE_RECOVERY_LOGIC_H */
