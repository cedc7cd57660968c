/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "sack-sender.h"

#include <algorithm>

namespace ns3
{
namespace fabriclb
{

SackSender::SackSender(uint32_t packets)
    : ResendingSender(packets),
      m_acked(packets, false),
      m_declared(packets, false)
{
}

bool
SackSender::Done() const
{
    return m_unacked >= Packets();
}

uint32_t
SackSender::Sendable() const
{
    return Done() ? 0 : static_cast<uint32_t>(m_resend.size()) + Packets() - m_next;
}

SentPacket
SackSender::Send(int64_t nowPs)
{
    uint32_t psn = m_next;
    if (m_resend.empty())
    {
        ++m_next;
    }
    else
    {
        psn = *m_resend.begin();
        m_resend.erase(m_resend.begin());
    }
    RecordSending(psn, nowPs);
    CountSent();
    OnSending(psn, nowPs);
    return {psn, CountSending(psn)};
}

void
SackSender::MarkAcked(uint32_t psn)
{
    if (m_acked[psn])
    {
        return;
    }
    if (Outstanding(psn))
    {
        CountResolved();
    }
    m_acked[psn] = true;
    m_resend.erase(psn);
    m_highestAcked = std::max(m_highestAcked, psn + 1);
    OnAcked(psn);
}

void
SackSender::DeclareLost(uint32_t psn, std::vector<uint32_t>& lost)
{
    m_declared[psn] = true;
    m_resend.insert(psn);
    CountResolved(); // only outstanding PSNs are declared lost
    lost.push_back(psn);
}

bool
SackSender::Outstanding(uint32_t psn) const
{
    return psn < m_next && !m_acked[psn] && m_resend.count(psn) == 0;
}

void
SackSender::OnAck(const AckInfo& ack, int64_t nowPs, RttEstimator& rtt, std::vector<uint32_t>& lost)
{
    if (ack.psn < Packets() && !m_acked[ack.psn] && SentOnce(ack.psn))
    {
        rtt.Sample(nowPs - LastSentPs(ack.psn));
    }
    const uint32_t cumulative = std::min(ack.cumulativePsn, Packets());
    for (uint32_t psn = m_unacked; psn < cumulative; ++psn)
    {
        MarkAcked(psn);
    }
    for (uint32_t bit = 0; bit < SACK_BITMAP_PACKETS; ++bit)
    {
        const uint64_t psn = uint64_t{cumulative} + 1 + bit;
        if (psn < Packets() && (ack.sackBitmap >> bit) & 1)
        {
            MarkAcked(static_cast<uint32_t>(psn));
        }
    }
    const uint32_t unacked = m_unacked;
    while (m_unacked < Packets() && m_acked[m_unacked])
    {
        ++m_unacked;
    }
    if (m_unacked > unacked)
    {
        ResetBackoff();
    }
    DetectLosses(ack, lost);
}

std::optional<int64_t>
SackSender::Deadline(const RttEstimator& rtt) const
{
    for (uint32_t psn = m_unacked; psn < m_next; ++psn)
    {
        if (Outstanding(psn))
        {
            return LastSentPs(psn) + OverduePs(rtt) * Backoff();
        }
    }
    return std::nullopt;
}

bool
SackSender::OnTimer(int64_t nowPs, const RttEstimator& rtt, std::vector<uint32_t>& lost)
{
    const std::optional<int64_t> deadline = Deadline(rtt);
    if (!deadline || *deadline > nowPs)
    {
        return false;
    }
    const int64_t overduePs = OverduePs(rtt) * Backoff();
    for (uint32_t psn = m_unacked; psn < m_next; ++psn)
    {
        if (Outstanding(psn) && LastSentPs(psn) + overduePs <= nowPs)
        {
            DeclareLost(psn, lost);
        }
    }
    DoubleBackoff();
    return true;
}

} // namespace fabriclb
} // namespace ns3
