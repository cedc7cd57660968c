/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "roce-link-scheduler.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RoceLinkScheduler");

RoceLinkScheduler::RoceLinkScheduler(RoceLinkOwner& nic, Time gap)
    : m_nic(nic),
      m_gap(gap)
{
}

RoceLinkScheduler::~RoceLinkScheduler()
{
    m_decision.Cancel();
}

void
RoceLinkScheduler::Kick()
{
    if (m_decision.IsExpired())
    {
        TransmitNext();
    }
}

void
RoceLinkScheduler::SetDataPaused(bool paused)
{
    m_dataPaused = paused;
    if (!paused)
    {
        Kick();
    }
}

void
RoceLinkScheduler::TransmitNext()
{
    const Time txTime = SendNext();
    if (txTime.IsZero())
    {
        return;
    }
    // The packet starts when the link is free and its bits are out txTime later;
    // then the NIC commits the next one, which waits out the gap in the device.
    const Time now = Simulator::Now();
    const Time start = std::max(now, m_linkFreeAt);
    m_linkFreeAt = start + txTime + m_gap;
    m_decision = Simulator::Schedule(start + txTime - now, &RoceLinkScheduler::TransmitNext, this);
}

RoceAlternatingScheduler::RoceAlternatingScheduler(RoceLinkOwner& nic, Time gap)
    : RoceLinkScheduler(nic, gap)
{
}

void
RoceAlternatingScheduler::Start(uint32_t qp)
{
    NS_LOG_FUNCTION(this << qp);
    RoceRequester& sender = m_nic.GetRequester(qp);
    sender.recovery->OnSendOpportunity(Simulator::Now().GetPicoSeconds());
    sender.queued = true;
    m_dataRing.push_back(qp);
    Kick();
}

void
RoceAlternatingScheduler::Requeue(uint32_t qp)
{
    RoceRequester& sender = m_nic.GetRequester(qp);
    if (sender.queued)
    {
        return;
    }
    sender.recovery->OnSendOpportunity(Simulator::Now().GetPicoSeconds());
    if (sender.recovery->Sendable() == 0)
    {
        return;
    }
    if (!MaySend(qp))
    {
        m_nic.ArmTimer(qp); // held back with packets outstanding: tails and lost ACKs need it
        return;
    }
    sender.queued = true;
    m_dataRing.push_back(qp);
    Kick();
}

void
RoceAlternatingScheduler::QueueAck(RoceResponder& /* receiver */, const RocePendingAck& ack)
{
    m_pendingAcks.push_back(ack);
    Kick();
}

Time
RoceAlternatingScheduler::SendNext()
{
    // Skip queue pairs that finished, have nothing left to send, or that their congestion
    // control holds back, while waiting for their turn.
    while (!m_dataRing.empty() &&
           (m_nic.GetRequester(m_dataRing.front()).recovery->Sendable() == 0 ||
            !MaySend(m_dataRing.front())))
    {
        const uint32_t idle = m_dataRing.front();
        m_dataRing.pop_front();
        m_nic.GetRequester(idle).queued = false;
        m_nic.ArmTimer(idle);
    }
    const bool ackWaiting = !m_pendingAcks.empty();
    const bool dataWaiting = !m_dataRing.empty() && !DataPaused();
    if (ackWaiting && (m_ackTurn || !dataWaiting))
    {
        const RocePendingAck ack = m_pendingAcks.front();
        m_pendingAcks.pop_front();
        m_ackTurn = false;
        return m_nic.SendAck(ack);
    }
    if (!dataWaiting)
    {
        return Time(0);
    }
    const uint32_t qp = m_dataRing.front();
    m_dataRing.pop_front();
    const Time txTime = m_nic.SendData(qp);
    RoceRequester& sender = m_nic.GetRequester(qp);
    sender.recovery->OnSendOpportunity(Simulator::Now().GetPicoSeconds());
    if (sender.recovery->Sendable() > 0 && MaySend(qp))
    {
        m_dataRing.push_back(qp);
    }
    else
    {
        sender.queued = false;
        m_nic.ArmTimer(qp);
    }
    m_ackTurn = true;
    return txTime;
}

bool
RoceAlternatingScheduler::MaySend(uint32_t qp)
{
    RoceRequester& sender = m_nic.GetRequester(qp);
    if (!sender.MayRelease())
    {
        NS_LOG_LOGIC("queue pair " << qp << " held back: window full or no credit");
        return false; // an ACK, a grant, or a timeout's losses, reopen it
    }
    const uint64_t gapPs = sender.congestion->PacingGapPs();
    if (gapPs == 0 || !sender.lastSendPs)
    {
        return true;
    }
    const int64_t duePs = *sender.lastSendPs + static_cast<int64_t>(gapPs);
    const int64_t nowPs = Simulator::Now().GetPicoSeconds();
    if (duePs <= nowPs)
    {
        return true;
    }
    NS_LOG_LOGIC("queue pair " << qp << " held back: paced until " << duePs << " ps");
    if (sender.pacer.IsExpired())
    {
        sender.pacer = Simulator::Schedule(PicoSeconds(duePs - nowPs),
                                           &RoceAlternatingScheduler::Requeue,
                                           this,
                                           qp);
    }
    return false;
}

RocePacedScheduler::RocePacedScheduler(RoceLinkOwner& nic,
                                       Time gap,
                                       uint64_t pacingGapPs,
                                       double jitter,
                                       Ptr<UniformRandomVariable> rng)
    : RoceLinkScheduler(nic, gap),
      m_pacingGapPs(pacingGapPs),
      m_jitter(jitter),
      m_rng(rng)
{
    NS_ABORT_MSG_UNLESS(pacingGapPs > 0 && pacingGapPs <= std::numeric_limits<uint32_t>::max(),
                        "a pacing gap of " << pacingGapPs << " ps is outside [1, 2^32) ps");
    NS_ABORT_MSG_IF(jitter < 0, "a pacing jitter of " << jitter << " is negative");
}

void
RocePacedScheduler::Start(uint32_t qp)
{
    NS_LOG_FUNCTION(this << qp);
    m_nic.GetRequester(qp).pacer =
        Simulator::Schedule(PicoSeconds(m_rng->GetInteger(0, m_pacingGapPs - 1)),
                            &RocePacedScheduler::Release,
                            this,
                            qp);
}

void
RocePacedScheduler::Requeue(uint32_t /* qp */)
{
}

void
RocePacedScheduler::QueueAck(RoceResponder& receiver, const RocePendingAck& ack)
{
    receiver.acks.push_back(ack);
    if (!receiver.queued)
    {
        receiver.queued = true;
        m_ring.push_back({0, &receiver});
    }
    Kick();
}

void
RocePacedScheduler::Release(uint32_t qp)
{
    RoceRequester& sender = m_nic.GetRequester(qp);
    if (sender.recovery->Done())
    {
        return;
    }
    sender.recovery->OnSendOpportunity(Simulator::Now().GetPicoSeconds());
    if (sender.recovery->Sendable() > sender.released)
    {
        if (sender.MayRelease(sender.released))
        {
            ++sender.released;
            NS_LOG_LOGIC("queue pair " << qp << " released a packet (" << sender.released
                                       << " waiting)");
            if (!sender.queued)
            {
                sender.queued = true;
                m_ring.push_back({qp, nullptr});
                Kick();
            }
        }
        else
        {
            NS_LOG_LOGIC("queue pair " << qp << " held back: window full or no credit");
            m_nic.ArmTimer(qp); // held back with packets outstanding: tails and lost ACKs need it
        }
    }
    const uint64_t gapPs = std::max(m_pacingGapPs, sender.congestion->PacingGapPs());
    const auto jitterBound = static_cast<uint64_t>(gapPs * m_jitter);
    const uint64_t jitter = jitterBound > 0 ? m_rng->GetInteger(0, jitterBound - 1) : 0;
    sender.pacer =
        Simulator::Schedule(PicoSeconds(gapPs + jitter), &RocePacedScheduler::Release, this, qp);
}

Time
RocePacedScheduler::SendNext()
{
    if (DataPaused())
    {
        // Only ACKs go while data is paused: the first responder in the ring, in place.
        const auto responder = std::find_if(m_ring.begin(), m_ring.end(), [](const PacedQueue& q) {
            return q.responder != nullptr;
        });
        if (responder == m_ring.end())
        {
            return Time(0);
        }
        std::rotate(m_ring.begin(), responder, responder + 1);
    }
    while (!m_ring.empty())
    {
        const PacedQueue queue = m_ring.front();
        m_ring.pop_front();
        if (queue.responder)
        {
            const RocePendingAck ack = queue.responder->acks.front();
            queue.responder->acks.pop_front();
            if (queue.responder->acks.empty())
            {
                queue.responder->queued = false;
            }
            else
            {
                m_ring.push_back(queue);
            }
            return m_nic.SendAck(ack);
        }
        RoceRequester& sender = m_nic.GetRequester(queue.queuePair);
        if (sender.recovery->Sendable() == 0)
        {
            // Finished, or what it was released for needs no sending any more.
            sender.released = 0;
            sender.queued = false;
            m_nic.ArmTimer(queue.queuePair);
            continue;
        }
        --sender.released;
        const Time txTime = m_nic.SendData(queue.queuePair);
        if (sender.released > 0)
        {
            m_ring.push_back(queue);
        }
        else
        {
            sender.queued = false;
            if (sender.recovery->Sendable() == 0)
            {
                m_nic.ArmTimer(queue.queuePair);
            }
        }
        return txTime;
    }
    return Time(0);
}

} // namespace ns3
