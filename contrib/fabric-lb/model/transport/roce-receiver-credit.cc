/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "roce-receiver-credit.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(RoceReceiverCredit);

TypeId
RoceReceiverCredit::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RoceReceiverCredit")
            .SetParent<Object>()
            .SetGroupName("FabricLb")
            .AddConstructor<RoceReceiverCredit>()
            .AddAttribute("CreditPerGrant",
                          "The most credit one grant gives, in data packets (UET's default: "
                          "4 MTUs a pull)",
                          UintegerValue(4),
                          MakeUintegerAccessor(&RoceReceiverCredit::m_creditPerGrant),
                          MakeUintegerChecker<uint32_t>(1, 1u << 20))
            .AddAttribute("PullRate",
                          "The share of the receiver's link that the packets it grants fill, "
                          "frames and gaps (uet-htsim's pull rate modifier, which counts "
                          "payload)",
                          DoubleValue(0.99),
                          MakeDoubleAccessor(&RoceReceiverCredit::m_pullRate),
                          MakeDoubleChecker<double>(0.01, 1))
            .AddAttribute("MaxCredit",
                          "A sender's speculative credit, and the most credit it holds, in "
                          "bandwidth-delay products of the fabric's longest path (UET: 1.5)",
                          DoubleValue(1.5),
                          MakeDoubleAccessor(&RoceReceiverCredit::m_maxCreditBdps),
                          MakeDoubleChecker<double>(0.01, 1000));
    return tid;
}

uint32_t
RoceReceiverCredit::MaxCreditPackets(const fabriclb::CongestionContext& context) const
{
    NS_ABORT_MSG_UNLESS(context.slotBytes > 0, "RCCC needs the data packet's size");
    const double bdpBytes =
        context.lineRateBps / 8 * static_cast<double>(context.baseRttPs) * 1e-12;
    return std::max<uint32_t>(
        1,
        static_cast<uint32_t>(std::ceil(m_maxCreditBdps * bdpBytes / context.slotBytes)));
}

void
RoceReceiverCredit::SetGrantSender(uint64_t slotPs, GrantSender send)
{
    NS_ABORT_MSG_UNLESS(slotPs > 0, "RCCC paces grants by a data packet's line time");
    m_slotPs = slotPs;
    m_send = send;
}

void
RoceReceiverCredit::SizeSpeculativeCredit(const fabriclb::CongestionContext& context)
{
    m_maxCredit = MaxCreditPackets(context);
}

void
RoceReceiverCredit::OnPullTarget(RoceResponder& responder, uint32_t pullTarget)
{
    if (!responder.credit)
    {
        responder.credit.emplace();
    }
    if (!responder.credit->OnPullTarget(pullTarget) || responder.creditWaiting)
    {
        return;
    }
    responder.creditWaiting = true;
    m_waiting.push_back(&responder);
    if (m_next.IsExpired())
    {
        m_next = Simulator::ScheduleNow(&RoceReceiverCredit::GrantNext, this);
    }
}

void
RoceReceiverCredit::GrantNext()
{
    uint32_t granted = 0;
    if (!m_waiting.empty())
    {
        RoceResponder& responder = *m_waiting.front();
        m_waiting.pop_front();
        granted = responder.credit->Grant(m_creditPerGrant);
        ++m_grantsSent;
        m_send(responder);
        if (responder.credit->Wanting())
        {
            m_waiting.push_back(&responder);
        }
        else
        {
            responder.creditWaiting = false;
            if (!responder.creditIdle && !responder.complete)
            {
                responder.creditIdle = true;
                m_idle.push_back(&responder);
            }
        }
    }
    else if (RoceResponder* idle = NextIdle())
    {
        // Nobody waits: speculative credit for a queue pair owed nothing (a slow pull).
        granted = m_creditPerGrant;
        idle->credit->GrantAhead(granted);
        ++m_grantsSent;
        m_send(*idle);
        if (idle->credit->Ahead() < m_maxCredit)
        {
            m_idle.push_back(idle);
        }
        else
        {
            idle->creditIdle = false;
        }
    }
    else
    {
        return;
    }
    // The next grant when the link has carried what this one granted.
    const auto gapPs =
        static_cast<uint64_t>(std::ceil(granted * static_cast<double>(m_slotPs) / m_pullRate));
    m_next = Simulator::Schedule(PicoSeconds(gapPs), &RoceReceiverCredit::GrantNext, this);
}

RoceResponder*
RoceReceiverCredit::NextIdle()
{
    while (!m_idle.empty())
    {
        RoceResponder* responder = m_idle.front();
        m_idle.pop_front();
        if (responder->complete || responder->creditWaiting)
        {
            responder->creditIdle = false; // whole, or asking again: no speculation
            continue;
        }
        return responder;
    }
    return nullptr;
}

void
RoceReceiverCredit::DoDispose()
{
    m_next.Cancel();
    m_waiting.clear();
    m_idle.clear();
    m_send = GrantSender();
    Object::DoDispose();
}

} // namespace ns3
