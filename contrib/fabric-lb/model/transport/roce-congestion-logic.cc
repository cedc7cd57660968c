/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "roce-congestion-logic.h"

namespace ns3
{
namespace fabriclb
{

FixedRateController::FixedRateController(const CongestionContext& context)
    : m_context(context)
{
}

uint64_t
FixedRateController::PacingGapPs() const
{
    return m_context.fairGapPs;
}

double
FixedRateController::RateBps() const
{
    if (m_context.fairGapPs == 0)
    {
        return m_context.lineRateBps;
    }
    return m_context.slotBytes * 8.0 * 1e12 / static_cast<double>(m_context.fairGapPs);
}

} // namespace fabriclb
} // namespace ns3
