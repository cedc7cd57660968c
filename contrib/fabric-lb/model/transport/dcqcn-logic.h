/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_DCQCN_LOGIC_H
#define FABRIC_LB_DCQCN_LOGIC_H

#include "roce-congestion-logic.h"

#include <optional>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief The parameters of DCQCN's reaction point (the sender).
 */
struct DcqcnParams
{
    double minRateBps{100e6};                //!< the rate never drops below this
    double g{1.0 / 256};                     //!< gain of alpha's EWMA
    int64_t alphaPeriodPs{55000000};         //!< alpha decays once per period without a CNP
    int64_t rateIncreasePeriodPs{300000000}; //!< the rate-increase timer
    uint64_t byteCounterBytes{10000000};     //!< bytes sent per byte-counter increase event
    uint32_t fastRecoverySteps{5};           //!< F: increase events of fast recovery
    double additiveIncreaseBps{800e6};       //!< R_AI: target step of additive increase
    double hyperIncreaseBps{8e9};            //!< R_HAI: target step of hyper increase
};

/**
 * \ingroup fabric-lb
 * \brief DCQCN's reaction point (Zhu et al., SIGCOMM 2015), one queue pair.
 *
 * It starts at line rate with alpha = 1. A CNP sets the target rate R_T to
 * the current rate R_C, cuts R_C to R_C (1 - alpha / 2) (not below the minimum
 * rate), raises alpha to (1 - g) alpha + g, and restarts the alpha timer, the
 * rate-increase timer, the byte counter and both increase-event counts.
 * Each alpha period without a CNP decays alpha to (1 - g) alpha. While R_C is
 * below line rate, each expiry of the rate-increase timer and each
 * byteCounterBytes sent is an increase event, counted by the timer (T) and
 * the byte counter (BC) separately: with max(T, BC) < F, fast recovery sets
 * R_C to (R_T + R_C) / 2; with min(T, BC) > F, hyper increase first raises
 * R_T by R_HAI; otherwise additive increase first raises R_T by R_AI. R_T
 * and R_C never exceed line rate. The timers run from the first CNP on.
 */
class DcqcnController : public CongestionController
{
  public:
    /**
     * \param context the NIC and wire
     * \param params the reaction point's parameters
     */
    DcqcnController(const CongestionContext& context, const DcqcnParams& params);
    uint64_t PacingGapPs() const override;
    double RateBps() const override;
    void OnSent(int64_t nowPs, uint32_t bytes) override;
    void OnCnp(int64_t nowPs) override;
    std::optional<int64_t> NextTimerPs() const override;
    void OnTimer(int64_t nowPs) override;

    /// \return R_T, bit/s
    double TargetRateBps() const
    {
        return m_targetBps;
    }

    /// \return alpha
    double Alpha() const
    {
        return m_alpha;
    }

  private:
    /// One increase event; \p fromTimer says whether the timer (else the byte counter) caused it.
    void Increase(bool fromTimer);

    CongestionContext m_context;            //!< the NIC and wire
    DcqcnParams m_params;                   //!< the parameters
    double m_rateBps;                       //!< R_C
    double m_targetBps;                     //!< R_T
    double m_alpha{1};                      //!< alpha
    uint64_t m_bytes{0};                    //!< bytes sent since the byte counter last fired
    uint32_t m_timerEvents{0};              //!< T: increase events of the timer since the last cut
    uint32_t m_byteEvents{0};               //!< BC: increase events of the byte counter
    std::optional<int64_t> m_alphaDuePs;    //!< next alpha decay
    std::optional<int64_t> m_increaseDuePs; //!< next expiry of the rate-increase timer
};

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_DCQCN_LOGIC_H */
