/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_ROCE_RECOVERY_LOGIC_H
#define FABRIC_LB_ROCE_RECOVERY_LOGIC_H

#include <algorithm>
#include <cstdint>
#include <optional>
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
        NACK  //!< reports a loss: a sequence gap (resend from cumulativePsn) or, under
              //!< reliable unordered delivery, the trimmed packet that drew it
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

    /**
     * \brief A switch trimmed a data packet to its header (fabriclb::DSCP_TRIMMED) and
     * the header arrived. By default the receiver does not read trimmed headers: the
     * packet is lost to it, as if dropped.
     * \param psn the PSN of the trimmed packet
     * \return the answer (by default none)
     */
    virtual RecoveryReply OnTrimmed([[maybe_unused]] uint32_t psn)
    {
        return {};
    }
};

/**
 * \ingroup fabric-lb
 * \brief What an ACK or NACK tells a sender.
 */
struct AckInfo
{
    bool nack{false};          //!< a NACK: resend from cumulativePsn (gbn) or psn (rud)
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
 * strategy decides whose estimate its timeouts use. The bookkeeping every strategy
 * shares is kept here: when each PSN was last sent (RecordSending, LastSentPs) and the
 * packets in flight (CountSent, CountResolved).
 */
class RecoverySender
{
  public:
    /// \param packets m, the packets of the message
    explicit RecoverySender(uint32_t packets)
        : m_packets(packets)
    {
        m_sentAtPs.reserve(packets);
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
    /// declared lost (what a congestion window bounds); by default the count a strategy
    /// keeps with CountSent and CountResolved
    virtual uint32_t InFlight() const
    {
        return m_inFlight;
    }

    /**
     * \param psn a PSN it has sent
     * \return when it last sent \p psn (a congestion control's delay samples start there)
     */
    int64_t LastSentPs(uint32_t psn) const
    {
        return m_sentAtPs[psn];
    }

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

  protected:
    /**
     * \brief Records that \p psn was sent at \p nowPs (LastSentPs).
     * \param psn a PSN sent before, or the first one never sent (PsnsSent)
     * \param nowPs the time
     */
    void RecordSending(uint32_t psn, int64_t nowPs)
    {
        if (psn < m_sentAtPs.size())
        {
            m_sentAtPs[psn] = nowPs;
        }
        else
        {
            m_sentAtPs.push_back(nowPs);
        }
    }

    /// \return how many distinct PSNs it has sent (they are 0 .. this - 1)
    uint32_t PsnsSent() const
    {
        return static_cast<uint32_t>(m_sentAtPs.size());
    }

    /// Counts one more packet in flight.
    void CountSent()
    {
        ++m_inFlight;
    }

    /// Counts one packet in flight less: acknowledged or declared lost.
    void CountResolved()
    {
        --m_inFlight;
    }

  private:
    uint32_t m_packets;              //!< m
    uint32_t m_inFlight{0};          //!< sent, neither acknowledged nor declared lost
    std::vector<int64_t> m_sentAtPs; //!< last sending, by PSN
};

/// The largest factor by which a retransmission timeout backs off.
constexpr uint32_t MAX_TIMEOUT_BACKOFF = 64;

/**
 * \ingroup fabric-lb
 * \brief A sender that resends (go-back-N, selective repeat): how often each PSN went out,
 * for Karn's rule, and its retransmission timeout's back-off, kept once.
 */
class ResendingSender : public RecoverySender
{
  public:
    /// \param packets m
    explicit ResendingSender(uint32_t packets)
        : RecoverySender(packets),
          m_sends(packets, 0)
    {
    }

  protected:
    /// Counts a sending of \p psn; \return whether it is a resending
    bool CountSending(uint32_t psn)
    {
        return m_sends[psn]++ > 0;
    }

    /// \return whether \p psn went out once only: its RTT sample is unambiguous (Karn)
    bool SentOnce(uint32_t psn) const
    {
        return m_sends[psn] == 1;
    }

    /// \return the factor of the current timeout
    uint32_t Backoff() const
    {
        return m_backoff;
    }

    /// Progress: the timeout is the RTT estimate's again.
    void ResetBackoff()
    {
        m_backoff = 1;
    }

    /// A timeout: the next one waits twice as long, up to MAX_TIMEOUT_BACKOFF.
    void DoubleBackoff()
    {
        m_backoff = std::min(2 * m_backoff, MAX_TIMEOUT_BACKOFF);
    }

  private:
    std::vector<uint32_t> m_sends; //!< sendings, by PSN
    uint32_t m_backoff{1};         //!< timeout multiplier
};

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_ROCE_RECOVERY_LOGIC_H */
