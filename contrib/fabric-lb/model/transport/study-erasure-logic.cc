/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "study-erasure-logic.h"

#include <algorithm>

namespace ns3
{
namespace fabriclb
{

StudyErasureSender::StudyErasureSender(uint32_t packets, bool lossless)
    : RecoverySender(packets),
      m_lossless(lossless)
{
}

bool
StudyErasureSender::Done() const
{
    return m_received >= Packets();
}

uint32_t
StudyErasureSender::Sendable() const
{
    return Done() ? 0 : PsnsSent() - m_sent;
}

uint32_t
StudyErasureSender::InFlight() const
{
    return m_sent > m_received ? m_sent - m_received : 0;
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
    const auto taken = static_cast<int64_t>(PsnsSent());
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
    RecordSending(PsnsSent(), nowPs); // a PSN's time runs from the opportunity that took it
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
    if (ack.psn < PsnsSent())
    {
        const int64_t samplePs = nowPs - LastSentPs(ack.psn);
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

} // namespace fabriclb
} // namespace ns3
