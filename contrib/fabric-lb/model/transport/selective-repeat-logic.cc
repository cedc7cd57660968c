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
    : SackSender(packets),
      m_reorderThreshold(reorderThreshold)
{
}

void
SelectiveRepeatSender::DetectLosses(const AckInfo& /* ack */, std::vector<uint32_t>& lost)
{
    const uint32_t floor = std::max(Unacked(), m_declaredBelow);
    uint32_t later = 0;
    for (uint32_t psn = HighestAcked(); psn > floor; --psn)
    {
        const uint32_t hole = psn - 1;
        if (Acked(hole))
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
                if (!Acked(below) && !DeclaredBefore(below))
                {
                    DeclareLost(below, lost);
                }
            }
            return;
        }
    }
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
    outcome.reply = Acknowledgement();
    return outcome;
}

RecoveryReply
SelectiveRepeatReceiver::Acknowledgement() const
{
    RecoveryReply reply;
    reply.kind = RecoveryReply::ACK;
    reply.cumulativePsn = m_expected;
    for (uint32_t bit = 0; bit < SACK_BITMAP_PACKETS; ++bit)
    {
        const uint64_t later = uint64_t{m_expected} + 1 + bit;
        if (later < m_have.size() && m_have[later])
        {
            reply.sackBitmap |= uint64_t{1} << bit;
        }
    }
    return reply;
}

} // namespace fabriclb
} // namespace ns3
