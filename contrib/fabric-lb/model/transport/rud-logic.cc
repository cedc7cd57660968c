/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rud-logic.h"

#include <algorithm>

namespace ns3
{
namespace fabriclb
{

RudSender::RudSender(uint32_t packets, int64_t reorderWindowPs, int64_t timeoutPs)
    : SackSender(packets),
      m_reorderWindowPs(reorderWindowPs),
      m_timeoutPs(timeoutPs)
{
}

int64_t
RudSender::OverduePs(const RttEstimator& rtt) const
{
    return m_timeoutPs > 0 ? m_timeoutPs : rtt.OverduePs();
}

void
RudSender::OnAck(const AckInfo& ack, int64_t nowPs, RttEstimator& rtt, std::vector<uint32_t>& lost)
{
    if (!ack.nack)
    {
        SackSender::OnAck(ack, nowPs, rtt, lost);
        return;
    }
    // A trimmed header: its packet is lost, unless it was resent or arrived since.
    if (ack.psn < Packets() && Outstanding(ack.psn))
    {
        DeclareLost(ack.psn, lost);
    }
}

void
RudSender::OnSending(uint32_t psn, int64_t nowPs)
{
    if (m_reorderWindowPs > 0)
    {
        m_sendings.push_back({nowPs, psn});
    }
}

void
RudSender::OnAcked(uint32_t psn)
{
    if (SentOnce(psn))
    {
        m_latestDeliveredSentPs = std::max(m_latestDeliveredSentPs.value_or(0), LastSentPs(psn));
    }
}

void
RudSender::DetectLosses(const AckInfo& ack, std::vector<uint32_t>& lost)
{
    if (ack.psn < Packets())
    {
        MarkAcked(ack.psn); // beyond the bitmap, only the ACK's own PSN says it arrived
    }
    if (!m_latestDeliveredSentPs)
    {
        return;
    }
    while (!m_sendings.empty())
    {
        const Sending oldest = m_sendings.front();
        const bool current = Outstanding(oldest.psn) && LastSentPs(oldest.psn) == oldest.sentPs;
        if (current && oldest.sentPs + m_reorderWindowPs >= *m_latestDeliveredSentPs)
        {
            return; // the oldest sending still in flight may yet arrive
        }
        if (current)
        {
            DeclareLost(oldest.psn, lost);
        }
        m_sendings.pop_front();
    }
}

RecoveryReply
RudReceiver::OnTrimmed(uint32_t psn)
{
    RecoveryReply reply = Acknowledgement();
    if (!Has(psn))
    {
        reply.kind = RecoveryReply::NACK;
    }
    return reply;
}

} // namespace fabriclb
} // namespace ns3
