/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_HPCC_LOGIC_H
#define FABRIC_LB_HPCC_LOGIC_H

#include "roce-congestion-logic.h"

#include <optional>
#include <unordered_map>
#include <vector>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief The parameters of HPCC's sender (Li et al., SIGCOMM 2019, Algorithm 1).
 */
struct HpccParams
{
    /// eta: the utilisation the bottleneck is held at (HPCC paper: 95%; the authors'
    /// simulator, rdma-hw.cc TargetUtil: 0.95)
    double targetUtilisation{0.95};
    /// maxStage: additive updates of the reference window before a multiplicative one
    /// (HPCC paper: 5; the authors' simulator, rdma-hw.cc MiThresh: 5)
    uint32_t maxStage{5};
    /// W_AI, bytes (0: W_init / 2500, the authors' simulations' additive increase, run.py's
    /// RATE_AI of 10 Mb/s per 25 Gb/s of line rate, as a window over T)
    double additiveIncreaseBytes{0};
    /// T, the base round trip, ps (0: CongestionContext::baseRttPs, or if that is 0 too,
    /// 2 * longestPathHops slot times at line rate)
    int64_t baseRttPs{0};
    /// the rate never drops below this (the authors' simulations, config_doc.txt: MIN_RATE 100
    /// Mb/s)
    double minRateBps{100e6};
};

/**
 * \ingroup fabric-lb
 * \brief HPCC's window and rate control (Li et al., "HPCC: High Precision
 * Congestion Control", SIGCOMM 2019), one queue pair, made robust to spraying.
 *
 * Every switch on the data packet's path stamps its egress port's queue,
 * transmitted bytes, time and link rate (HopTelemetry); the ACK carries them
 * back. For each hop, with the previous sample of the same port (portId), the
 * port's normalised inflight is
 * u = min(qlen, qlen') / (B T) + txRate / B, txRate = (txBytes - txBytes') / (ts - ts').
 * U, the smoothed bottleneck inflight, follows the largest u (the first such
 * hop on ties) with the EWMA U = (1 - tau / T) U + (tau / T) u, tau = min(ts - ts', T)
 * of that hop; it starts at 1, a busy path, as the authors' simulator.
 *
 * On every such ACK the window becomes W = Wc / (U / eta) + W_AI if U >= eta or
 * incStage >= maxStage, else W = Wc + W_AI. Once per round trip, on an ACK of a
 * packet at or after the first PSN unsent at the last update (the paper's
 * lastUpdateSeq), the reference window Wc takes W and incStage restarts at 0
 * after a multiplicative step or counts one more additive one. W stays within
 * [minRate T, W_init], W_init = B_host T being the host link's
 * bandwidth-delay product and the initial window; the rate is W / T.
 *
 * Spraying: a queue pair's packets take different paths, so previous samples
 * are kept per port, not per hop index. A hop whose port has no previous
 * sample only leaves its sample (no rate can be measured from one); a sample
 * not newer than the one kept (its ACK overtaken by a later packet's) is
 * ignored. An ACK without telemetry, or whose hops all lack an earlier
 * sample, changes nothing else. Loss and CNPs do not move the window.
 */
class HpccController : public CongestionController
{
  public:
    /**
     * \param context the NIC and wire
     * \param params the sender's parameters
     */
    HpccController(const CongestionContext& context, const HpccParams& params);
    uint64_t PacingGapPs() const override;
    bool WindowOpen(uint32_t inFlight) const override;
    double RateBps() const override;
    std::optional<double> WindowPackets() const override;
    /// Measures U from the ACK's telemetry and sets the window (delay, ECN and hops unused).
    void OnAck(const AckFeedback& ack) override;

    /// \return T, ps
    int64_t BaseRttPs() const
    {
        return m_baseRttPs;
    }

    /// \return W_AI, bytes
    double AdditiveIncreaseBytes() const
    {
        return m_additiveIncreaseBytes;
    }

    /// \return W_init, the largest window, bytes
    double MaxWindowBytes() const
    {
        return m_maxWindowBytes;
    }

    /// \return W, bytes
    double WindowBytes() const
    {
        return m_windowBytes;
    }

    /// \return Wc, the reference window, bytes
    double ReferenceWindowBytes() const
    {
        return m_referenceWindowBytes;
    }

    /// \return U, the smoothed normalised inflight of the bottleneck
    double Utilisation() const
    {
        return m_utilisation;
    }

    /// \return incStage, additive updates since the last multiplicative one
    uint32_t IncreaseStage() const
    {
        return m_increaseStage;
    }

  private:
    /**
     * \brief The paper's MeasureInflight: folds the hops' largest normalised inflight into U
     * and keeps each hop's sample as its port's latest.
     * \param hops the ACK's telemetry, first hop first
     * \return whether any hop had an earlier sample of its port (else U is unchanged)
     */
    bool MeasureInflight(const std::vector<HopTelemetry>& hops);

    /**
     * \brief The paper's ComputeWind: sets W from U, Wc and incStage.
     * \param updateReference whether Wc and incStage take the result (once per round trip)
     */
    void ComputeWindow(bool updateReference);

    CongestionContext m_context;     //!< the NIC and wire
    HpccParams m_params;             //!< the parameters
    int64_t m_baseRttPs;             //!< T
    double m_additiveIncreaseBytes;  //!< W_AI
    double m_maxWindowBytes;         //!< W_init
    double m_minWindowBytes;         //!< minRate T
    double m_windowBytes;            //!< W
    double m_referenceWindowBytes;   //!< Wc
    double m_utilisation{1};         //!< U
    uint32_t m_increaseStage{0};     //!< incStage
    uint32_t m_lastUpdateNextPsn{0}; //!< the first PSN unsent when Wc was last updated
    /// the latest sample of each port seen, by portId
    std::unordered_map<uint64_t, HopTelemetry> m_lastSample;
};

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_HPCC_LOGIC_H */
