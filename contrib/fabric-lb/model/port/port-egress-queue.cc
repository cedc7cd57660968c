/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "port-egress-queue.h"

#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

PortEgressQueue::PortEgressQueue(TracedValue<uint32_t>& backlogBytes, FabricPortStats& stats)
    : m_backlogBytes(backlogBytes),
      m_stats(stats)
{
}

void
PortEgressQueue::SetControlFirst(bool controlFirst)
{
    m_controlFirst = controlFirst;
    m_queues.SetService(controlFirst ? fabriclb::ClassService::CONTROL_FIRST
                                     : fabriclb::ClassService::ARRIVAL_ORDER);
}

void
PortEgressQueue::Push(fabriclb::TrafficClass cls, const Ptr<Packet>& frame, uint32_t ingress)
{
    const uint32_t framed = frame->GetSize() + FRAMING_BYTES;
    m_queues.Push(cls, {frame, ingress});
    BacklogChanged();
    m_backlogBytes += framed;
}

bool
PortEgressQueue::PopPause(Ptr<Packet>& pause)
{
    if (m_pauseFrames.empty())
    {
        return false;
    }
    pause = m_pauseFrames.front();
    m_pauseFrames.pop_front();
    return true;
}

bool
PortEgressQueue::Pop(fabriclb::TrafficClass& cls, QueuedFrame& queued, uint32_t& framedBytes)
{
    if (!m_queues.Pop(cls, queued))
    {
        return false;
    }
    framedBytes = queued.frame->GetSize() + FRAMING_BYTES;
    BacklogChanged();
    m_backlogBytes -= framedBytes;
    return true;
}

void
PortEgressQueue::BacklogChanged()
{
    // As PortMonitor integrates a device queue's BytesInQueue, to the same bits: it reads
    // the queue's bytes from the trace's callback, which fires before the new value is
    // stored, so it samples the backlog as it was before each change.
    const int64_t now = Simulator::Now().GetTimeStep();
    m_backlogByteTime +=
        static_cast<double>(now - m_lastBacklogChange) * static_cast<double>(m_lastBacklogBytes);
    m_lastBacklogChange = now;
    m_lastBacklogBytes = m_backlogBytes;
    m_stats.maxBacklogBytes = std::max(m_stats.maxBacklogBytes, m_lastBacklogBytes);
}

double
PortEgressQueue::GetMeanBacklogBytes(Time end) const
{
    if (!end.IsStrictlyPositive())
    {
        return 0;
    }
    const double tail = std::max<int64_t>(0, end.GetTimeStep() - m_lastBacklogChange) *
                        static_cast<double>(m_lastBacklogBytes);
    return (m_backlogByteTime + tail) / static_cast<double>(end.GetTimeStep());
}

void
PortEgressQueue::Clear()
{
    m_pauseFrames.clear();
    m_queues = fabriclb::ClassQueues<QueuedFrame>();
}

} // namespace ns3
