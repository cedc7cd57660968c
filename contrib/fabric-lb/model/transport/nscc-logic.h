/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_NSCC_LOGIC_H
#define FABRIC_LB_NSCC_LOGIC_H

#include "roce-congestion-logic.h"

#include <cstdint>
#include <optional>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief The parameters of NSCC, Ultra Ethernet's sender congestion control. A zero asks
 * for the value derived from the fabric (NsccController's description says how); the
 * controller's Params() holds them all resolved.
 */
struct NsccParams
{
    /// the base round trip, ps (0: CongestionContext::baseRttPs, the fabric's longest path's,
    /// and each ACK's path's in proportion to its links)
    int64_t baseRttPs{0};
    /// the target queueing delay, ps (0: 3/4 of the base round trip)
    int64_t targetDelayPs{0};
    /// the largest window, bytes (0: 1.5 bandwidth-delay products at the base round trip)
    uint64_t maxWindowBytes{0};
    /// the first window, bytes (0: the largest)
    uint64_t initialWindowBytes{0};
    /// the smallest window, bytes (0: one packet)
    uint64_t minWindowBytes{0};
    /// fair increase: window growth per window acknowledged above the target, bytes (0: 5
    /// packets scaled by the fabric's BDP)
    uint64_t fairIncreaseBytes{0};
    /// proportional increase: window growth per window acknowledged at no queueing delay,
    /// falling linearly to 0 at the target, bytes (0: 4 packets scaled by the BDP and target)
    uint64_t proportionalIncreaseBytes{0};
    /// fast increase: window growth per byte acknowledged (0: 1/4 scaled by the BDP)
    double fastIncreaseFactor{0};
    /// fast increase runs while queueing delay stays below this, ps (uet-htsim: 1 us)
    int64_t fastIncreaseDelayPs{1000000};
    /// eta: window growth once per adjustment period, bytes (0: 0.15 packets scaled by the BDP)
    uint64_t periodicIncreaseBytes{0};
    /// gamma: multiplicative-decrease gain on the average delay's excess over the target
    double decreaseGain{0.8};
    /// the largest fraction one multiplicative decrease takes
    double maxDecrease{0.5};
    /// gain of the exponentially weighted average of queueing delay samples
    double delayAverageGain{0.0125};
    /// quick adapt on delay beyond this many targets
    double quickAdaptDelayFactor{4};
    /// qa_gate: quick adapt when less than the largest window / 2^gate got through
    uint32_t quickAdaptGate{3};
    /// pending increases are applied after more than this many packets acknowledged
    uint32_t adjustPackets{8};
    /// ... or after this long, which also adds eta, ps (0: the base round trip)
    int64_t adjustPeriodPs{0};
};

/**
 * \ingroup fabric-lb
 * \brief NSCC (network-signalled congestion control), the sender congestion control of the
 * Ultra Ethernet Transport (UET 1.0), one queue pair: a window in bytes moved by ECN and
 * queueing delay together, as described by the specification and modelled in UEC's
 * simulator (uet-htsim, uec.cpp).
 *
 * Every ACK acknowledges one packet, `slotBytes` (the window counts packets at their line
 * time: WindowOpen lets one more packet go while (inFlight + 1) slotBytes <= window, or when
 * none is in flight). Its queueing delay is its round trip less its path's base round trip:
 * the fabric's longest path's scaled to the links the packet crossed (its switches + 1;
 * exact on fabrics of like links), or baseRtt if set. (uet-htsim lowers the base to the
 * shortest round trip seen instead, with the samples it knows to be unambiguous; an ACK here
 * does not say whether its packet was sent twice, and one spurious retransmission's sample
 * would set the base far too low.) The average delay takes each delay sample with
 * delayAverageGain, except that a delay above the target without ECN counts as a quarter of
 * the path's base round trip (a delay the switches did not mark is not taken at its word).
 *
 * Per ACK, by ECN and delay against the target (the four quadrants):
 * - no ECN, delay below: proportional increase, proportionalIncrease * (target - delay) /
 *   target per window acknowledged; but once a whole window has been acknowledged below
 *   fastIncreaseDelay, fast increase instead: the window grows by fastIncreaseFactor times
 *   each acknowledged packet until a delay sample reaches fastIncreaseDelay;
 * - no ECN, delay at or above: fair increase, fairIncrease per window acknowledged;
 * - ECN, delay at or above: multiplicative decrease, if the average delay exceeds the target
 *   and no decrease came within a base round trip: window *= max(1 - gamma (avg - target) /
 *   avg, 1 - maxDecrease);
 * - ECN, delay below: nothing (a congested path, not a congested flow: the load balancer's
 *   business).
 * Proportional and fair increases accumulate as bytes times bytes acknowledged and are
 * applied as pending / window once more than adjustPackets packets have been acknowledged or
 * an adjustment period has passed; a period's adjustment also adds eta.
 *
 * Quick adapt: the ACKs are counted over periods of base round trip + target. At a period's
 * end, if a NACK came in it or the delay sample exceeds quickAdaptDelayFactor targets, and
 * less than maxWindow / 2^quickAdaptGate got through in the period, the window drops to what
 * got through (at least minWindow); ECN marks on the window's worth of packets then
 * acknowledged or NACKed are ignored, and pending increases are dropped.
 *
 * A NACK of a trimmed packet (OnNack) counts as a delay sample of one base round trip (the
 * queue that trims), asks for a quick adapt, and, unless one runs or the NACK is of those
 * ignored, shrinks the window by one packet. A loss learnt otherwise (OnLoss: a timeout, or
 * inferred from later ACKs) shrinks the window by one packet and asks for nothing, as
 * uet-htsim treats a timeout: the ACKs that stopped while the sender waited for the timer
 * say nothing of what the network can carry, and a quick adapt to them would close the
 * window on the lost packets. One call is one packet, however many a recovery declares.
 *
 * Derived defaults (uet-htsim's initNsccParams, the specification's scaling): with the
 * fabric's BDP = line rate * base round trip and the reference BDP of 100 Gb/s * 12 us,
 * a = BDP / reference and b = target / 12 us: fair increase 5 a packets, proportional
 * increase 4 a b packets, fast increase factor a / 4, eta 0.15 a packets; the target 3/4 of
 * the base round trip (uet-htsim with trimming); the largest window 1.5 BDP, the first
 * window the largest; the smallest one packet; the adjustment period one base round trip.
 * NSCC paces nothing: the window alone gates.
 */
class NsccController : public CongestionController
{
  public:
    /**
     * \param context the NIC and wire (its baseRttPs must be known unless params' is)
     * \param params the parameters; zeros are derived from the context
     */
    NsccController(const CongestionContext& context, const NsccParams& params);
    uint64_t PacingGapPs() const override;
    bool WindowOpen(uint32_t inFlight) const override;
    /// \return the window over the base round trip, at most the line rate
    double RateBps() const override;
    std::optional<double> WindowPackets() const override;
    /// Moves the window by the ACK's ECN and delay (hops and telemetry unused).
    void OnAck(const AckFeedback& ack) override;
    /// A timeout's or an inferred loss's decrease: one packet.
    void OnLoss(int64_t nowPs) override;
    /// A trimmed packet's NACK: a delay sample, a quick adapt asked for, one packet's decrease.
    void OnNack(int64_t nowPs) override;

    /// \return the parameters, every derived one resolved
    const NsccParams& Params() const
    {
        return m_params;
    }

    /// \return the window, bytes
    int64_t WindowBytes() const
    {
        return m_windowBytes;
    }

    /// \return the average queueing delay, ps
    double AverageDelayPs() const
    {
        return m_averageDelayPs;
    }

  private:
    /**
     * \brief At a quick-adapt period's end, drops the window to what got through if the
     * period saw trouble; ignores ECN-marked feedback of the window a quick adapt cut.
     * \param nowPs the time
     * \param ecn whether the feedback is ECN-marked or a NACK
     * \param delayPs the queueing delay sample (0 for a NACK)
     * \return whether this feedback moves the window no further (a quick adapt ran, or the
     * feedback is ignored)
     */
    bool QuickAdapt(int64_t nowPs, bool ecn, int64_t delayPs);
    /// Fast increase, else the proportional increase's pending bytes, for \p delayPs.
    void IncreaseBelowTarget(int64_t delayPs);
    /// Multiplicative decrease at \p nowPs, at most once per base round trip.
    void DecreaseMultiplicatively(int64_t nowPs);
    /// Applies the pending increase, and eta once a period has passed.
    void ApplyPendingIncrease(int64_t nowPs);
    /// Folds \p samplePs into the average delay.
    void AverageDelay(double samplePs);
    /// Keeps the window within [minWindow, the largest window].
    void ClampWindow();

    CongestionContext m_context; //!< the NIC and wire
    NsccParams m_params;         //!< the parameters, resolved
    bool m_baseRttPerPath;       //!< each ACK's base round trip is its path's
    int64_t m_windowBytes;       //!< the window
    double m_averageDelayPs{0};  //!< the average queueing delay
    double m_pendingIncrease{0}; //!< proportional and fair increases not yet applied, bytes^2
    uint64_t m_ackedSinceAdjustBytes{0};      //!< acknowledged since the last adjustment
    std::optional<int64_t> m_lastAdjustPs;    //!< when eta was last added (first ACK before)
    uint64_t m_fastIncreaseBytes{0};          //!< acknowledged in a row below the fast delay
    bool m_fastIncreasing{false};             //!< fast increase runs
    std::optional<int64_t> m_lastDecreasePs;  //!< when the last multiplicative decrease came
    std::optional<int64_t> m_quickAdaptEndPs; //!< when the quick-adapt period ends
    uint64_t m_achievedBytes{0};              //!< acknowledged in the quick-adapt period
    bool m_quickAdaptAsked{false};            //!< a NACK asked for a quick adapt
    uint64_t m_bytesToIgnore{0};              //!< the window a quick adapt cut
    uint64_t m_bytesIgnored{0};               //!< acknowledged or NACKed since then
};

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_NSCC_LOGIC_H */
