/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "roce-recovery-logic.h"

namespace ns3
{
namespace fabriclb
{

ErasureSender::ErasureSender(uint32_t packets)
    : RecoverySender(packets),
      m_credits(packets)
{
    m_ackedPsn.reserve(packets);
    m_sentAtPs.reserve(packets);
}

bool
ErasureSender::Done() const
{
    return m_acked >= Packets();
}

uint32_t
ErasureSender::Sendable() const
{
    return m_credits;
}

SentPacket
ErasureSender::Send(int64_t nowPs)
{
    --m_credits;
    m_ackedPsn.push_back(false);
    m_sentAtPs.push_back(nowPs);
    return {static_cast<uint32_t>(m_sentAtPs.size() - 1), false};
}

void
ErasureSender::OnAck(const AckInfo& ack,
                     int64_t nowPs,
                     RttEstimator& rtt,
                     std::vector<uint32_t>& /* lost */)
{
    if (Done() || m_ackedPsn[ack.psn])
    {
        return;
    }
    m_ackedPsn[ack.psn] = true;
    rtt.Sample(nowPs - m_sentAtPs[ack.psn]);
    if (++m_acked == Packets())
    {
        m_credits = 0;
    }
    SkipAcked();
}

void
ErasureSender::SkipAcked()
{
    while (m_unresolved < m_ackedPsn.size() && m_ackedPsn[m_unresolved])
    {
        ++m_unresolved;
    }
}

std::optional<int64_t>
ErasureSender::Deadline(const RttEstimator& rtt) const
{
    if (Done() || m_unresolved == m_ackedPsn.size())
    {
        return std::nullopt;
    }
    return m_sentAtPs[m_unresolved] + rtt.OverduePs();
}

bool
ErasureSender::OnTimer(int64_t nowPs, const RttEstimator& rtt, std::vector<uint32_t>& lost)
{
    const int64_t overduePs = rtt.OverduePs();
    for (; m_unresolved < m_ackedPsn.size(); ++m_unresolved)
    {
        if (m_ackedPsn[m_unresolved])
        {
            continue;
        }
        if (m_sentAtPs[m_unresolved] + overduePs > nowPs)
        {
            break;
        }
        ++m_credits;
        lost.push_back(m_unresolved);
    }
    return false;
}

ErasureReceiver::ErasureReceiver(uint32_t packets)
    : m_packets(packets),
      m_seen(packets, false)
{
}

ReceiveOutcome
ErasureReceiver::OnData(uint32_t psn)
{
    ReceiveOutcome outcome;
    outcome.reply.kind = RecoveryReply::ACK;
    if (psn >= m_seen.size())
    {
        m_seen.resize(psn + 1, false);
    }
    if (m_seen[psn])
    {
        return outcome;
    }
    m_seen[psn] = true;
    if (++m_distinct <= m_packets)
    {
        outcome.delivered = m_distinct - 1; // decoding hands over one packet's worth
        outcome.complete = m_distinct == m_packets;
    }
    return outcome;
}

GoBackNSender::GoBackNSender(uint32_t packets)
    : RecoverySender(packets),
      m_sentAtPs(packets, 0),
      m_sends(packets, 0)
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

SentPacket
GoBackNSender::Send(int64_t nowPs)
{
    const uint32_t psn = m_next++;
    m_sentAtPs[psn] = nowPs;
    return {psn, m_sends[psn]++ > 0};
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
        if (!ack.nack && ack.psn < Packets() && m_sends[ack.psn] == 1)
        {
            rtt.Sample(nowPs - m_sentAtPs[ack.psn]);
        }
        m_unacked = cumulative;
        m_next = std::max(m_next, m_unacked);
        m_backoff = 1;
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
    return m_sentAtPs[m_unacked] + rtt.OverduePs() * m_backoff;
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
    m_backoff = std::min(2 * m_backoff, MAX_TIMEOUT_BACKOFF);
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
