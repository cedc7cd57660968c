/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rccc-logic.h"

#include <algorithm>
#include <cmath>

namespace ns3
{
namespace fabriclb
{

CreditSender::CreditSender(uint32_t maxCredit)
    : m_maxCredit(std::max<uint32_t>(1, maxCredit)),
      m_credit(m_maxCredit)
{
}

void
CreditSender::OnSent()
{
    --m_credit;
}

uint32_t
CreditSender::PullTarget(uint32_t wanted, const double* window, uint32_t activeQueuePairs) const
{
    // As UET's sender computes it (uet-htsim's UecSrc::computePullTarget), in packets.
    int64_t request = std::min<int64_t>(wanted, m_maxCredit);
    if (window)
    {
        request = std::min<int64_t>(request, static_cast<int64_t>(std::ceil(*window)) + 1);
    }
    request -= m_credit;
    if (m_speculating && request < 1 && wanted > 0)
    {
        request = 1; // a short message asks for at least a packet beyond its speculation
    }
    if (activeQueuePairs > 1)
    {
        request /= static_cast<int64_t>(activeQueuePairs);
    }
    return static_cast<uint32_t>(std::max<int64_t>(m_granted, m_granted + request));
}

void
CreditSender::OnGrant(uint32_t cumulative)
{
    StopSpeculating();
    if (cumulative <= m_granted)
    {
        return; // an older grant, overtaken
    }
    m_credit = std::min<int64_t>(m_credit + (cumulative - m_granted), m_maxCredit);
    m_granted = cumulative;
}

void
CreditSender::StopSpeculating()
{
    if (m_speculating)
    {
        m_speculating = false;
        m_credit = std::min<int64_t>(m_credit, 0);
    }
}

void
CreditSender::OnTimeout()
{
    StopSpeculating();
    m_credit = std::max<int64_t>(m_credit, 1);
}

bool
CreditReceiver::OnPullTarget(uint32_t pullTarget)
{
    m_pullTarget = std::max(m_pullTarget, pullTarget);
    return Wanting();
}

uint32_t
CreditReceiver::Grant(uint32_t perGrant)
{
    const uint32_t granted = std::min(perGrant, m_pullTarget - std::min(m_pullTarget, m_granted));
    m_granted += granted;
    return granted;
}

} // namespace fabriclb
} // namespace ns3
