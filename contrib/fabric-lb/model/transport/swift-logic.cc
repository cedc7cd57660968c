/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "swift-logic.h"

#include <algorithm>

namespace ns3
{
namespace fabriclb
{

SwiftController::SwiftController(const CongestionContext& context, const SwiftParams& params)
    : m_context(context),
      m_params(params),
      m_targetPs(params.baseTargetPs + static_cast<int64_t>(params.hops) * params.perHopPs)
{
    const double bdp =
        context.lineRateBps * static_cast<double>(m_targetPs) * 1e-12 / (8.0 * context.slotBytes);
    m_maxWindow = params.maxWindow > 0 ? params.maxWindow : std::max(1.0, bdp);
    m_window = m_maxWindow;
    m_rttPs = m_targetPs;
}

uint64_t
SwiftController::PacingGapPs() const
{
    if (m_window >= 1)
    {
        return 0;
    }
    return static_cast<uint64_t>(static_cast<double>(m_rttPs) / m_window);
}

bool
SwiftController::WindowOpen(uint32_t inFlight) const
{
    return m_window < 1 ? inFlight == 0 : inFlight + 1 <= m_window;
}

double
SwiftController::RateBps() const
{
    const double rate = m_window * m_context.slotBytes * 8.0 * 1e12 / static_cast<double>(m_rttPs);
    return std::min(rate, m_context.lineRateBps);
}

bool
SwiftController::CanDecrease(int64_t nowPs) const
{
    return !m_lastDecreasePs || nowPs - *m_lastDecreasePs >= m_rttPs;
}

void
SwiftController::Decrease(int64_t nowPs, double factor)
{
    m_window = std::max(m_params.minWindow, m_window * factor);
    m_lastDecreasePs = nowPs;
}

std::optional<double>
SwiftController::WindowPackets() const
{
    return m_window;
}

void
SwiftController::OnAck(const AckFeedback& ack)
{
    const int64_t nowPs = ack.nowPs;
    const int64_t delayPs = ack.delayPs;
    m_rttPs = std::max<int64_t>(delayPs, 1);
    if (delayPs < m_targetPs)
    {
        const double step =
            m_window >= 1 ? m_params.additiveIncrease / m_window : m_params.additiveIncrease;
        m_window = std::min(m_maxWindow, m_window + step);
        return;
    }
    if (CanDecrease(nowPs))
    {
        const double excess = static_cast<double>(delayPs - m_targetPs) / delayPs;
        Decrease(nowPs, std::max(1 - m_params.beta * excess, 1 - m_params.maxMdf));
    }
}

void
SwiftController::OnLoss(int64_t nowPs)
{
    if (CanDecrease(nowPs))
    {
        Decrease(nowPs, 1 - m_params.maxMdf);
    }
}

} // namespace fabriclb
} // namespace ns3
