/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fabric-scheduler.h"

#include "ns3/assert.h"
#include "ns3/log.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("FabricScheduler");

NS_OBJECT_ENSURE_REGISTERED(FabricScheduler);

TypeId
FabricScheduler::GetTypeId()
{
    static TypeId tid = TypeId("ns3::FabricScheduler")
                            .SetParent<Scheduler>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<FabricScheduler>();
    return tid;
}

FabricScheduler::FabricScheduler()
{
    NS_LOG_FUNCTION(this);
}

FabricScheduler::~FabricScheduler()
{
    NS_LOG_FUNCTION(this);
}

void
FabricScheduler::Insert(const Scheduler::Event& ev)
{
    m_heap.emplace_back();
    SiftUp(m_heap.size() - 1, ev);
}

bool
FabricScheduler::IsEmpty() const
{
    return m_heap.empty();
}

Scheduler::Event
FabricScheduler::PeekNext() const
{
    NS_ASSERT_MSG(!m_heap.empty(), "PeekNext on an empty FabricScheduler");
    return m_heap.front();
}

Scheduler::Event
FabricScheduler::RemoveNext()
{
    NS_ASSERT_MSG(!m_heap.empty(), "RemoveNext on an empty FabricScheduler");
    const Scheduler::Event next = m_heap.front();
    const Scheduler::Event last = m_heap.back();
    m_heap.pop_back();
    if (!m_heap.empty())
    {
        SiftDown(0, last);
    }
    return next;
}

void
FabricScheduler::Remove(const Scheduler::Event& ev)
{
    NS_LOG_FUNCTION(this << ev.key.m_ts << ev.key.m_uid);
    const auto found =
        std::find_if(m_heap.begin(), m_heap.end(), [&ev](const Scheduler::Event& kept) {
            return kept.key.m_uid == ev.key.m_uid;
        });
    NS_ASSERT_MSG(found != m_heap.end(), "event " << ev.key.m_uid << " is not scheduled");
    const std::size_t hole = found - m_heap.begin();
    const Scheduler::Event last = m_heap.back();
    m_heap.pop_back();
    if (hole == m_heap.size())
    {
        return; // it was the last slot
    }
    if (hole > 0 && Before(last, m_heap[(hole - 1) / ARITY]))
    {
        SiftUp(hole, last);
    }
    else
    {
        SiftDown(hole, last);
    }
}

void
FabricScheduler::SiftUp(std::size_t hole, const Scheduler::Event& ev)
{
    while (hole > 0)
    {
        const std::size_t parent = (hole - 1) / ARITY;
        if (!Before(ev, m_heap[parent]))
        {
            break;
        }
        m_heap[hole] = m_heap[parent];
        hole = parent;
    }
    m_heap[hole] = ev;
}

void
FabricScheduler::SiftDown(std::size_t hole, const Scheduler::Event& ev)
{
    const std::size_t size = m_heap.size();
    while (true)
    {
        const std::size_t first = ARITY * hole + 1;
        if (first >= size)
        {
            break;
        }
        const std::size_t end = std::min(first + ARITY, size);
        std::size_t earliest = first;
        for (std::size_t child = first + 1; child < end; ++child)
        {
            if (Before(m_heap[child], m_heap[earliest]))
            {
                earliest = child;
            }
        }
        if (!Before(m_heap[earliest], ev))
        {
            break;
        }
        m_heap[hole] = m_heap[earliest];
        hole = earliest;
    }
    m_heap[hole] = ev;
}

} // namespace ns3
