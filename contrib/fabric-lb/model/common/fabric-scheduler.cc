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
    Scheduler::Event* heap = m_heap.data();
    while (hole > 0)
    {
        const std::size_t parent = (hole - 1) / ARITY;
        if (!Before(ev, heap[parent]))
        {
            break;
        }
        heap[hole] = heap[parent];
        hole = parent;
    }
    heap[hole] = ev;
}

void
FabricScheduler::SiftDown(std::size_t hole, const Scheduler::Event& ev)
{
    // Bottom-up (Floyd): the hole goes down to a leaf along the earliest children without
    // comparing them with ev, which came from the back and so usually belongs near the bottom;
    // ev then climbs from there to its place (never above where it started).
    Scheduler::Event* heap = m_heap.data();
    const std::size_t size = m_heap.size();
    const std::size_t start = hole;
    std::size_t first = ARITY * hole + 1;
    while (first + ARITY <= size)
    {
        static_assert(ARITY == 4, "the earliest of a full family is found in three comparisons");
        const std::size_t left = first + Before(heap[first + 1], heap[first]);
        const std::size_t right = first + 2 + Before(heap[first + 3], heap[first + 2]);
        const std::size_t earliest = Before(heap[right], heap[left]) ? right : left;
        heap[hole] = heap[earliest];
        hole = earliest;
        first = ARITY * hole + 1;
    }
    if (first < size) // a last family with fewer than ARITY children
    {
        std::size_t earliest = first;
        for (std::size_t child = first + 1; child < size; ++child)
        {
            earliest = Before(heap[child], heap[earliest]) ? child : earliest;
        }
        heap[hole] = heap[earliest];
        hole = earliest;
    }
    while (hole > start)
    {
        const std::size_t parent = (hole - 1) / ARITY;
        if (!Before(ev, heap[parent]))
        {
            break;
        }
        heap[hole] = heap[parent];
        hole = parent;
    }
    heap[hole] = ev;
}

} // namespace ns3
