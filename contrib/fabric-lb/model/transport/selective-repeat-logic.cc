/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "selective-repeat-logic.h"

#include <algorithm>

namespace ns3
{
namespace fabriclb
{

SelectiveRepeatSender::SelectiveRepeatSender(uint32_t packets, uint32_t reorderThreshold)
    : ResendingSender(packets),
      m_reorderThreshold(reorderThreshold),
      m_acked(packets, false),
      m_declared(packets, false)
{
}

bool
SelectiveRepeatSender::Done() const
{
    return m_unacked >= Packets();
}

uint32_t
SelectiveRepeatSender::Sendable() const
{
    return Done() ? 0 : static_cast<uint32_t>(m_resend.size()) + Packets() - m_next;
}

SentPacket
SelectiveRepeatSender::Send(int64_t nowPs)
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
    return {psn, CountSending(psn)};
}

void
SelectiveRepeatSender::MarkAcked(uint32_t psn)
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
}

void
SelectiveRepeatSender::DeclareLost(uint32_t psn, std::vector<uint32_t>& lost)
{
    m_declared[psn] = true;
    m_resend.insert(psn);
    CountResolved(); // only outstanding PSNs are declared lost
    lost.push_back(psn);
}

bool
SelectiveRepeatSender::Outstanding(uint32_t psn) const
{
    return psn < m_next && !m_acked[psn] && m_resend.count(psn) == 0;
}

void
SelectiveRepeatSender::OnAck(const AckInfo& ack,
                             int64_t nowPs,
                             RttEstimator& rtt,
                             std::vector<uint32_t>& lost)
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
    DetectReorderLosses(lost);
}

void
SelectiveRepeatSender::DetectReorderLosses(std::vector<uint32_t>& lost)
{
    const uint32_t floor = std::max(m_unacked, m_declaredBelow);
    uint32_t later = 0;
    for (uint32_t psn = m_highestAcked; psn > floor; --psn)
    {
        const uint32_t hole = psn - 1;
        if (m_acked[hole])
        {
            ++later;
            continue;
        }
        if (later > m_reorderThreshold)
        {
            // Every hole from here down has at least as many later PSNs acknowledged.
            m_declaredBelow = hole + 1;
            for (uint32_t below = floor; below <= hole; ++below)
            {
                if (!m_acked[below] && !m_declared[below])
                {
                    DeclareLost(below, lost);
                }
            }
            return;
        }
    }
}

std::optional<int64_t>
SelectiveRepeatSender::Deadline(const RttEstimator& rtt) const
{
    for (uint32_t psn = m_unacked; psn < m_next; ++psn)
    {
        if (Outstanding(psn))
        {
            return LastSentPs(psn) + rtt.OverduePs() * Backoff();
        }
    }
    return std::nullopt;
}

bool
SelectiveRepeatSender::OnTimer(int64_t nowPs, const RttEstimator& rtt, std::vector<uint32_t>& lost)
{
    const std::optional<int64_t> deadline = Deadline(rtt);
    if (!deadline || *deadline > nowPs)
    {
        return false;
    }
    const int64_t overduePs = rtt.OverduePs() * Backoff();
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

SelectiveRepeatReceiver::SelectiveRepeatReceiver(uint32_t packets)
    : m_have(packets, false)
{
}

ReceiveOutcome
SelectiveRepeatReceiver::OnData(uint32_t psn)
{
    ReceiveOutcome outcome;
    const auto packets = static_cast<uint32_t>(m_have.size());
    if (!m_have[psn])
    {
        m_have[psn] = true;
        outcome.delivered = psn;
        outcome.complete = ++m_received == packets;
        while (m_expected < packets && m_have[m_expected])
        {
            ++m_expected;
        }
    }
    outcome.reply.kind = RecoveryReply::ACK;
    outcome.reply.cumulativePsn = m_expected;
    for (uint32_t bit = 0; bit < SACK_BITMAP_PACKETS; ++bit)
    {
        const uint64_t later = uint64_t{m_expected} + 1 + bit;
        if (later < packets && m_have[later])
        {
            outcome.reply.sackBitmap |= uint64_t{1} << bit;
        }
    }
    return outcome;
}

} // namespace fabriclb
} // namespace ns3
