/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "go-back-n-logic.h"

#include <algorithm>

namespace ns3
{
namespace fabriclb
{

GoBackNSender::GoBackNSender(uint32_t packets)
    : ResendingSender(packets)
{
}

bool
GoBackNSender::Done() const
{
    return m_unacked >= Packets();
}

uint32_t
GoBackNSender::Sendable() const
{
    return Done() ? 0 : Packets() - m_next;
}

uint32_t
GoBackNSender::InFlight() const
{
    return m_next - m_unacked;
}

SentPacket
GoBackNSender::Send(int64_t nowPs)
{
    const uint32_t psn = m_next++;
    RecordSending(psn, nowPs);
    return {psn, CountSending(psn)};
}

void
GoBackNSender::GoBack(uint32_t psn, std::vector<uint32_t>& lost)
{
    m_next = psn;
    m_wentBackTo = psn;
    lost.push_back(psn);
}

void
GoBackNSender::OnAck(const AckInfo& ack,
                     int64_t nowPs,
                     RttEstimator& rtt,
                     std::vector<uint32_t>& lost)
{
    const uint32_t cumulative = std::min(ack.cumulativePsn, Packets());
    const bool stale = cumulative < m_unacked;
    if (cumulative > m_unacked)
    {
        if (!ack.nack && ack.psn < Packets() && SentOnce(ack.psn))
        {
            rtt.Sample(nowPs - LastSentPs(ack.psn));
        }
        m_unacked = cumulative;
        m_next = std::max(m_next, m_unacked);
        ResetBackoff();
    }
    if (ack.nack && !stale && cumulative < m_next && m_wentBackTo != cumulative)
    {
        GoBack(cumulative, lost);
    }
}

std::optional<int64_t>
GoBackNSender::Deadline(const RttEstimator& rtt) const
{
    if (m_unacked >= m_next)
    {
        return std::nullopt;
    }
    return LastSentPs(m_unacked) + rtt.OverduePs() * Backoff();
}

bool
GoBackNSender::OnTimer(int64_t nowPs, const RttEstimator& rtt, std::vector<uint32_t>& lost)
{
    const std::optional<int64_t> deadline = Deadline(rtt);
    if (!deadline || *deadline > nowPs)
    {
        return false;
    }
    GoBack(m_unacked, lost);
    DoubleBackoff();
    return true;
}

GoBackNReceiver::GoBackNReceiver(uint32_t packets)
    : m_packets(packets)
{
}

ReceiveOutcome
GoBackNReceiver::OnData(uint32_t psn)
{
    ReceiveOutcome outcome;
    if (psn > m_expected)
    {
        if (!m_nackSent)
        {
            m_nackSent = true;
            outcome.reply.kind = RecoveryReply::NACK;
            outcome.reply.cumulativePsn = m_expected;
        }
        return outcome;
    }
    if (psn == m_expected)
    {
        outcome.delivered = psn;
        m_nackSent = false;
        outcome.complete = ++m_expected == m_packets;
    }
    outcome.reply.kind = RecoveryReply::ACK;
    outcome.reply.cumulativePsn = m_expected;
    return outcome;
}

} // namespace fabriclb
} // namespace ns3
