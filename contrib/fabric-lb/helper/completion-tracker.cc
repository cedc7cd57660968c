/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "completion-tracker.h"

#include "ns3/simulator.h"

#include <algorithm>
#include <cstdio>

namespace ns3
{

CompletionTracker::CompletionTracker(uint64_t total,
                                     bool stopAtLast,
                                     bool progress,
                                     uint64_t dataPackets,
                                     std::function<uint64_t()> delivered)
    : m_startPs(total, -1),
      m_completionPs(total, -1),
      m_collective(total),
      m_total(total),
      m_stopAtLast(stopAtLast),
      m_progress(progress),
      m_dataPackets(dataPackets),
      m_delivered(std::move(delivered)),
      m_wallStart(std::chrono::steady_clock::now()),
      m_lastReport(m_wallStart)
{
}

void
CompletionTracker::MessageStarted(uint32_t messageId, uint32_t /* queuePair */)
{
    m_startPs[messageId] = Simulator::Now().GetPicoSeconds();
}

void
CompletionTracker::MessageAcked(uint32_t messageId, uint32_t /* queuePair */)
{
    m_completionPs[messageId] = Simulator::Now().GetPicoSeconds();
    if (messageId < m_collective)
    {
        m_lastCompletion = Simulator::Now();
        ++m_collectiveCompleted;
    }
    if (++m_completed == m_total && m_computesDone == m_computes && m_stopAtLast)
    {
        Simulator::Stop();
    }
}

void
CompletionTracker::AddComputes(uint64_t computes)
{
    m_computes += computes;
}

void
CompletionTracker::ComputeDone()
{
    m_lastCompletion = Simulator::Now();
    if (++m_computesDone == m_computes && m_completed == m_total && m_stopAtLast)
    {
        Simulator::Stop();
    }
}

void
CompletionTracker::AddMessage()
{
    m_startPs.push_back(-1);
    m_completionPs.push_back(-1);
    ++m_total;
}

void
CompletionTracker::Tick()
{
    const uint64_t events = Simulator::GetEventCount();
    if (events == m_eventsAtLastTick + 1)
    {
        return;
    }
    m_eventsAtLastTick = events;
    const auto now = std::chrono::steady_clock::now();
    if (now - m_lastReport >= std::chrono::seconds(1))
    {
        m_lastReport = now;
        const double wall = std::chrono::duration<double>(now - m_wallStart).count();
        // Messages of a collective end together: the data delivered tells progress.
        const double share =
            std::min(1.0,
                     static_cast<double>(m_delivered()) / std::max<uint64_t>(m_dataPackets, 1));
        std::fprintf(stderr,
                     "\r[fabric-lb] sim %.3f us, %.1f%% of the data delivered, %llu/%llu "
                     "messages done, %.0f s wall, about %.0f s left   ",
                     Simulator::Now().GetSeconds() * 1e6,
                     100 * share,
                     static_cast<unsigned long long>(m_completed),
                     static_cast<unsigned long long>(m_total),
                     wall,
                     share > 0 ? wall * (1 - share) / share : 0.0);
        m_printed = true;
    }
    Simulator::Schedule(MicroSeconds(1), &CompletionTracker::Tick, this);
}

void
CompletionTracker::Start()
{
    if (m_progress)
    {
        Simulator::Schedule(MicroSeconds(1), &CompletionTracker::Tick, this);
    }
}

void
CompletionTracker::Finish() const
{
    if (m_printed)
    {
        std::fprintf(stderr, "\n");
    }
}

} // namespace ns3
