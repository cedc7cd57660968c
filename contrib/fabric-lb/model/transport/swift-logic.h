/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_SWIFT_LOGIC_H
#define FABRIC_LB_SWIFT_LOGIC_H

#include "roce-congestion-logic.h"

#include <optional>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief The parameters of Swift's window control.
 */
struct SwiftParams
{
    int64_t baseTargetPs{1000000}; //!< target delay before per-hop scaling
    int64_t perHopPs{1200000};     //!< target delay added per hop of the path
    uint32_t hops{6};              //!< hops the target is scaled for
    double additiveIncrease{1};    //!< window growth per round trip below target, packets
    double beta{0.8};              //!< multiplicative-decrease gain above target
    double maxMdf{0.5};            //!< largest fraction one decrease takes
    double minWindow{0.001};       //!< the window never drops below this, packets
    double maxWindow{0};           //!< nor grows above this (0: one BDP at the target delay)
};

/**
 * \ingroup fabric-lb
 * \brief Swift's delay-based window (Kumar et al., SIGCOMM 2020), one queue
 * pair, made robust to spraying like the study's MSwift.
 *
 * The target delay is baseTargetPs + hops * perHopPs. It starts at a window
 * of maxWindow packets, one bandwidth-delay product at the target delay
 * unless set. An ACK whose delay is below the target grows the window by
 * additiveIncrease / window (by additiveIncrease when the window is below
 * one packet); one at or above the target shrinks it to
 * max(1 - beta (delay - target) / delay, 1 - maxMdf) times itself, at most
 * once per round trip (the last delay sample). A loss the recovery declares,
 * or a retransmission timeout, shrinks it to (1 - maxMdf) times itself, at
 * most once per round trip. Reordering is not loss: duplicate or
 * out-of-order ACKs only count as delay samples, so spraying does not shrink
 * the window. Packets in flight may not exceed the window; a window below
 * one packet paces one packet per round trip / window.
 */
class SwiftController : public CongestionController
{
  public:
    /**
     * \param context the NIC and wire
     * \param params the window control's parameters
     */
    SwiftController(const CongestionContext& context, const SwiftParams& params);
    uint64_t PacingGapPs() const override;
    bool WindowOpen(uint32_t inFlight) const override;
    double RateBps() const override;
    std::optional<double> WindowPackets() const override;
    /// Grows the window below the target delay, shrinks it above (ECN and hops unused:
    /// the target's hop count is SwiftParams's).
    void OnAck(const AckFeedback& ack) override;
    void OnLoss(int64_t nowPs) override;

    /// \return the target delay, ps
    int64_t TargetPs() const
    {
        return m_targetPs;
    }

  private:
    /// \return whether a decrease at \p nowPs is at least a round trip after the last one
    bool CanDecrease(int64_t nowPs) const;
    /// Multiplies the window by \p factor and remembers when.
    void Decrease(int64_t nowPs, double factor);

    CongestionContext m_context;             //!< the NIC and wire
    SwiftParams m_params;                    //!< the parameters
    int64_t m_targetPs;                      //!< target delay
    double m_maxWindow;                      //!< largest window, packets
    double m_window;                         //!< the window, packets
    int64_t m_rttPs;                         //!< the last delay sample (the target before one)
    std::optional<int64_t> m_lastDecreasePs; //!< when the window last shrank
};

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_SWIFT_LOGIC_H */
