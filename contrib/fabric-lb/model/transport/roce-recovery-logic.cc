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

uint32_t
ErasureSender::InFlight() const
{
    return m_inFlight;
}

int64_t
ErasureSender::LastSentPs(uint32_t psn) const
{
    return m_sentAtPs[psn];
}

SentPacket
ErasureSender::Send(int64_t nowPs)
{
    --m_credits;
    ++m_inFlight;
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
    if (ack.psn >= m_unresolved)
    {
        --m_inFlight; // below m_unresolved, it was declared lost
    }
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
        --m_inFlight;
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

StudyErasureSender::StudyErasureSender(uint32_t packets, bool lossless)
    : RecoverySender(packets),
      m_lossless(lossless)
{
    m_takenAtPs.reserve(packets);
}

bool
StudyErasureSender::Done() const
{
    return m_received >= Packets();
}

uint32_t
StudyErasureSender::Sendable() const
{
    return Done() ? 0 : static_cast<uint32_t>(m_takenAtPs.size()) - m_sent;
}

uint32_t
StudyErasureSender::InFlight() const
{
    return m_sent > m_received ? m_sent - m_received : 0;
}

int64_t
StudyErasureSender::LastSentPs(uint32_t psn) const
{
    return m_takenAtPs[psn];
}

bool
StudyErasureSender::FinalPhaseSends(int64_t nowPs) const
{
    return !m_lossless && nowPs - *m_finalPs > m_srttPs;
}

void
StudyErasureSender::OnSendOpportunity(int64_t nowPs)
{
    if (Done())
    {
        return;
    }
    const auto taken = static_cast<int64_t>(m_takenAtPs.size());
    if (taken - ApproxLost() >= int64_t{Packets()})
    {
        if (!m_finalPs)
        {
            m_finalPs = nowPs;
            return;
        }
        if (!FinalPhaseSends(nowPs))
        {
            return;
        }
    }
    m_takenAtPs.push_back(nowPs);
}

SentPacket
StudyErasureSender::Send(int64_t /* nowPs */)
{
    return {m_sent++, false};
}

void
StudyErasureSender::OnAck(const AckInfo& ack,
                          int64_t nowPs,
                          RttEstimator& /* rtt */,
                          std::vector<uint32_t>& /* lost */)
{
    if (ack.psn < m_takenAtPs.size())
    {
        const int64_t samplePs = nowPs - m_takenAtPs[ack.psn];
        if (samplePs != 0)
        {
            m_srttPs = m_srttPs > 0 ? 7 * m_srttPs / 8 + samplePs / 8 : samplePs;
        }
    }
    m_received = std::max(m_received, ack.cumulativePsn);
    m_highestAcked = std::max(m_highestAcked, ack.psn + 1);
}

std::optional<int64_t>
StudyErasureSender::Deadline(const RttEstimator& /* rtt */) const
{
    if (m_lossless || !m_finalPs || Done())
    {
        return std::nullopt;
    }
    const int64_t wakePs = *m_finalPs + m_srttPs + 1;
    if (m_timerPs && *m_timerPs >= wakePs)
    {
        return std::nullopt;
    }
    return wakePs;
}

bool
StudyErasureSender::OnTimer(int64_t nowPs,
                            const RttEstimator& /* rtt */,
                            std::vector<uint32_t>& /* lost */)
{
    m_timerPs = nowPs;
    return false;
}

StudyErasureReceiver::StudyErasureReceiver(uint32_t packets)
    : ErasureReceiver(packets)
{
}

ReceiveOutcome
StudyErasureReceiver::OnData(uint32_t psn)
{
    ReceiveOutcome outcome = ErasureReceiver::OnData(psn);
    outcome.reply.cumulativePsn = ++m_received;
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

uint32_t
GoBackNSender::InFlight() const
{
    return m_next - m_unacked;
}

int64_t
GoBackNSender::LastSentPs(uint32_t psn) const
{
    return m_sentAtPs[psn];
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

SelectiveRepeatSender::SelectiveRepeatSender(uint32_t packets, uint32_t reorderThreshold)
    : RecoverySender(packets),
      m_reorderThreshold(reorderThreshold),
      m_acked(packets, false),
      m_declared(packets, false),
      m_sentAtPs(packets, 0),
      m_sends(packets, 0)
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

uint32_t
SelectiveRepeatSender::InFlight() const
{
    return m_inFlight;
}

int64_t
SelectiveRepeatSender::LastSentPs(uint32_t psn) const
{
    return m_sentAtPs[psn];
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
    m_sentAtPs[psn] = nowPs;
    ++m_inFlight;
    return {psn, m_sends[psn]++ > 0};
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
        --m_inFlight;
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
    --m_inFlight; // only outstanding PSNs are declared lost
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
    if (ack.psn < Packets() && !m_acked[ack.psn] && m_sends[ack.psn] == 1)
    {
        rtt.Sample(nowPs - m_sentAtPs[ack.psn]);
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
        m_backoff = 1;
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
            return m_sentAtPs[psn] + rtt.OverduePs() * m_backoff;
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
    const int64_t overduePs = rtt.OverduePs() * m_backoff;
    for (uint32_t psn = m_unacked; psn < m_next; ++psn)
    {
        if (Outstanding(psn) && m_sentAtPs[psn] + overduePs <= nowPs)
        {
            DeclareLost(psn, lost);
        }
    }
    m_backoff = std::min(2 * m_backoff, MAX_TIMEOUT_BACKOFF);
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
