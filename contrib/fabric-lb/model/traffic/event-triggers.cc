/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "event-triggers.h"

#include "ns3/dependency-order.h"

#include <algorithm>
#include <map>
#include <set>

namespace ns3
{
namespace fabriclb
{

uint32_t
EventTriggers::NewEvent()
{
    m_ends.emplace_back();
    m_before.emplace_back();
    return static_cast<uint32_t>(m_ends.size() - 1);
}

void
EventTriggers::AddEnd(uint32_t event, TaskEnd end)
{
    m_ends[event].push_back(end);
}

void
EventTriggers::SetBefore(uint32_t event, EventSet before)
{
    m_before[event] = std::move(before);
}

void
EventTriggers::AddGate(std::vector<uint32_t> tasks, EventSet waitsOn, uint32_t host)
{
    m_gates.push_back(Gate{std::move(tasks), std::move(waitsOn), host});
}

std::optional<uint32_t>
EventTriggers::EventOnCircle() const
{
    // An event left out of the dependency order is on or after a circle.
    const std::vector<uint32_t> order = DependencyOrder(m_before);
    if (order.size() == m_before.size())
    {
        return std::nullopt;
    }
    std::vector<bool> ordered(m_before.size(), false);
    for (const uint32_t e : order)
    {
        ordered[e] = true;
    }
    return static_cast<uint32_t>(std::find(ordered.begin(), ordered.end(), false) -
                                 ordered.begin());
}

EventSet
EventTriggers::WithoutImplied(const EventSet& events)
{
    if (events.size() < 2)
    {
        return events;
    }
    // Events marked with this generation end before one of \p events starts.
    m_marks.resize(m_before.size(), 0);
    const uint32_t mark = ++m_generation;
    std::vector<uint32_t> stack;
    for (const uint32_t event : events)
    {
        stack.insert(stack.end(), m_before[event].begin(), m_before[event].end());
    }
    while (!stack.empty())
    {
        const uint32_t event = stack.back();
        stack.pop_back();
        if (m_marks[event] != mark)
        {
            m_marks[event] = mark;
            stack.insert(stack.end(), m_before[event].begin(), m_before[event].end());
        }
    }
    EventSet needed;
    for (const uint32_t event : events)
    {
        if (m_marks[event] != mark)
        {
            needed.push_back(event);
        }
    }
    return needed;
}

void
EventTriggers::Release(ConnectionMatrix& traffic, uint32_t task, std::optional<uint32_t> trigger)
{
    std::optional<uint64_t> start;
    if (!trigger)
    {
        start = 0;
    }
    if (IsComputeTask(task))
    {
        traffic.computes[ComputeIndexOf(task)].startPs = start;
        traffic.computes[ComputeIndexOf(task)].trigger = trigger;
    }
    else
    {
        traffic.flows[task].startPs = start;
        traffic.flows[task].trigger = trigger;
    }
}

uint32_t
EventTriggers::NewTrigger(ConnectionMatrix& traffic, uint32_t count)
{
    const auto id = static_cast<uint32_t>(traffic.triggers.size() + 1);
    traffic.triggers.push_back(
        MatrixTrigger{id, count == 1 ? TriggerKind::ONESHOT : TriggerKind::BARRIER, count, {}, 0});
    return id;
}

void
EventTriggers::SignalTo(ConnectionMatrix& traffic, const EventSet& events, uint32_t trigger) const
{
    for (const uint32_t event : events)
    {
        for (const TaskEnd& end : m_ends[event])
        {
            switch (end.end)
            {
            case TaskEnd::SENT:
                traffic.flows[end.task].sendDoneTrigger = trigger;
                break;
            case TaskEnd::RECEIVED:
                traffic.flows[end.task].recvDoneTrigger = trigger;
                break;
            case TaskEnd::COMPUTED:
                traffic.computes[end.task].doneTrigger = trigger;
                break;
            }
        }
    }
}

uint32_t
EventTriggers::EventTrigger(ConnectionMatrix& traffic, uint32_t event)
{
    if (!m_eventTrigger[event])
    {
        m_eventTrigger[event] = NewTrigger(traffic, static_cast<uint32_t>(m_ends[event].size()));
        SignalTo(traffic, {event}, *m_eventTrigger[event]);
    }
    return *m_eventTrigger[event];
}

uint32_t
EventTriggers::JoinTrigger(ConnectionMatrix& traffic,
                           const EventSet& events,
                           uint32_t host,
                           const std::vector<uint32_t>& sets)
{
    if (events.size() == 1)
    {
        return EventTrigger(traffic, events.front());
    }
    uint32_t count = 0;
    EventSet direct;
    EventSet shared;
    for (const uint32_t event : events)
    {
        if (sets[event] > 1)
        {
            shared.push_back(event);
            ++count;
        }
        else
        {
            direct.push_back(event);
            count += static_cast<uint32_t>(m_ends[event].size());
        }
    }
    const uint32_t barrier = NewTrigger(traffic, count);
    SignalTo(traffic, direct, barrier);
    for (const uint32_t event : shared)
    {
        MatrixCompute join{};
        join.host = host;
        join.id = static_cast<uint32_t>(traffic.computes.size() + 1);
        join.durationPs = 0;
        join.trigger = EventTrigger(traffic, event);
        join.doneTrigger = barrier;
        traffic.computes.push_back(join);
    }
    return barrier;
}

void
EventTriggers::Connect(ConnectionMatrix& traffic)
{
    for (Gate& gate : m_gates)
    {
        gate.waitsOn = WithoutImplied(gate.waitsOn);
    }
    // By event, the distinct sets it is in.
    std::set<EventSet> distinct;
    for (const Gate& gate : m_gates)
    {
        if (!gate.waitsOn.empty())
        {
            distinct.insert(gate.waitsOn);
        }
    }
    std::vector<uint32_t> sets(m_ends.size(), 0);
    for (const EventSet& events : distinct)
    {
        for (const uint32_t event : events)
        {
            ++sets[event];
        }
    }
    m_eventTrigger.assign(m_ends.size(), std::nullopt);
    std::map<EventSet, uint32_t> triggerOf;
    for (const Gate& gate : m_gates)
    {
        std::optional<uint32_t> trigger;
        if (!gate.waitsOn.empty())
        {
            auto found = triggerOf.find(gate.waitsOn);
            if (found == triggerOf.end())
            {
                found =
                    triggerOf
                        .emplace(gate.waitsOn, JoinTrigger(traffic, gate.waitsOn, gate.host, sets))
                        .first;
            }
            trigger = found->second;
        }
        for (const uint32_t task : gate.tasks)
        {
            Release(traffic, task, trigger);
        }
    }
    // Each trigger's waiting tasks, flows first, then computes, each in order.
    for (MatrixTrigger& trigger : traffic.triggers)
    {
        trigger.waiting.clear();
    }
    for (uint32_t i = 0; i < traffic.flows.size(); ++i)
    {
        if (const std::optional<uint32_t> trigger = traffic.flows[i].trigger)
        {
            traffic.triggers[*trigger - 1].waiting.push_back(i);
        }
    }
    for (uint32_t c = 0; c < traffic.computes.size(); ++c)
    {
        if (const std::optional<uint32_t> trigger = traffic.computes[c].trigger)
        {
            traffic.triggers[*trigger - 1].waiting.push_back(ComputeTask(c));
        }
    }
}

} // namespace fabriclb
} // namespace ns3
