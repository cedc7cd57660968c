/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "erasure-logic.h"

#include <algorithm>

namespace ns3
{
namespace fabriclb
{

ErasureSender::ErasureSender(uint32_t packets)
    : RecoverySender(packets),
      m_credits(packets)
{
    m_ackedPsn.reserve(packets);
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
    const uint32_t psn = PsnsSent();
    --m_credits;
    CountSent();
    m_ackedPsn.push_back(false);
    RecordSending(psn, nowPs);
    return {psn, false};
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
    if (ack.psn >= m_unresolved)
    {
        CountResolved(); // below m_unresolved, it was declared lost
    }
    rtt.Sample(nowPs - LastSentPs(ack.psn));
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
    return LastSentPs(m_unresolved) + rtt.OverduePs();
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
        if (LastSentPs(m_unresolved) + overduePs > nowPs)
        {
            break;
        }
        ++m_credits;
        CountResolved();
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

} // namespace fabriclb
} // namespace ns3
