/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "dcqcn-logic.h"

#include <algorithm>

namespace ns3
{
namespace fabriclb
{

DcqcnController::DcqcnController(const CongestionContext& context, const DcqcnParams& params)
    : m_context(context),
      m_params(params),
      m_rateBps(context.lineRateBps),
      m_targetBps(context.lineRateBps)
{
}

uint64_t
DcqcnController::PacingGapPs() const
{
    if (m_rateBps >= m_context.lineRateBps)
    {
        return 0;
    }
    return static_cast<uint64_t>(m_context.slotBytes * 8.0 * 1e12 / m_rateBps);
}

double
DcqcnController::RateBps() const
{
    return m_rateBps;
}

void
DcqcnController::OnSent(int64_t /* nowPs */, uint32_t bytes)
{
    if (m_rateBps >= m_context.lineRateBps)
    {
        return;
    }
    m_bytes += bytes;
    if (m_bytes >= m_params.byteCounterBytes)
    {
        m_bytes -= m_params.byteCounterBytes;
        Increase(false);
    }
}

void
DcqcnController::OnCnp(int64_t nowPs)
{
    m_targetBps = m_rateBps;
    m_rateBps = std::max(m_params.minRateBps, m_rateBps * (1 - m_alpha / 2));
    m_alpha = (1 - m_params.g) * m_alpha + m_params.g;
    m_bytes = 0;
    m_timerEvents = 0;
    m_byteEvents = 0;
    m_alphaDuePs = nowPs + m_params.alphaPeriodPs;
    m_increaseDuePs = nowPs + m_params.rateIncreasePeriodPs;
}

std::optional<int64_t>
DcqcnController::NextTimerPs() const
{
    if (m_alphaDuePs && m_increaseDuePs)
    {
        return std::min(*m_alphaDuePs, *m_increaseDuePs);
    }
    return m_alphaDuePs ? m_alphaDuePs : m_increaseDuePs;
}

void
DcqcnController::OnTimer(int64_t nowPs)
{
    if (m_alphaDuePs && *m_alphaDuePs <= nowPs)
    {
        m_alpha *= 1 - m_params.g;
        *m_alphaDuePs += m_params.alphaPeriodPs;
    }
    if (m_increaseDuePs && *m_increaseDuePs <= nowPs)
    {
        *m_increaseDuePs += m_params.rateIncreasePeriodPs;
        Increase(true);
    }
}

void
DcqcnController::Increase(bool fromTimer)
{
    (fromTimer ? m_timerEvents : m_byteEvents)++;
    const uint32_t f = m_params.fastRecoverySteps;
    if (std::min(m_timerEvents, m_byteEvents) > f)
    {
        m_targetBps += m_params.hyperIncreaseBps;
    }
    else if (std::max(m_timerEvents, m_byteEvents) >= f)
    {
        m_targetBps += m_params.additiveIncreaseBps;
    }
    m_targetBps = std::min(m_targetBps, m_context.lineRateBps);
    m_rateBps = std::min((m_targetBps + m_rateBps) / 2, m_context.lineRateBps);
    if (m_rateBps >= m_context.lineRateBps)
    {
        m_increaseDuePs.reset(); // back at line rate: nothing left to recover
    }
}

} // namespace fabriclb
} // namespace ns3
