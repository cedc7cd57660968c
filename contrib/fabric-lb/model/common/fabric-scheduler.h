/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FABRIC_SCHEDULER_H
#define FABRIC_LB_FABRIC_SCHEDULER_H

#include "ns3/scheduler.h"

#include <cstddef>
#include <vector>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief An event scheduler: a 4-ary implicit heap of events on one vector, ordered by
 * (time stamp, uid) as Scheduler::EventKey's operator< orders them.
 *
 * Any priority queue keyed by (time stamp, uid) runs the events in the same order, so a run
 * under it is the same to the bit as under ns-3's schedulers. Four children a node halve the
 * heap's depth against a binary heap (PriorityQueueScheduler's std::priority_queue), elements
 * move into a hole instead of being swapped, and the hot path has no logging. Remove (used by
 * Simulator::Remove only) searches linearly. Select it with
 * `--SchedulerType=ns3::FabricScheduler` (fabric-lb-sim's default).
 */
class FabricScheduler : public Scheduler
{
  public:
    /// \return the object TypeId
    static TypeId GetTypeId();

    FabricScheduler();
    ~FabricScheduler() override;

    /// \param ev the event to keep until it is the earliest
    void Insert(const Scheduler::Event& ev) override;
    /// \return whether no event is kept
    bool IsEmpty() const override;
    /// \return the earliest event, kept
    Scheduler::Event PeekNext() const override;
    /// \return the earliest event, removed
    Scheduler::Event RemoveNext() override;
    /// \param ev a kept event (found by its uid) to remove
    void Remove(const Scheduler::Event& ev) override;

  private:
    /// Children of a node: node i's are ARITY * i + 1 to ARITY * i + ARITY.
    static constexpr std::size_t ARITY = 4;

    /**
     * \param a an event
     * \param b another event
     * \return whether a runs before b: the earlier time stamp, or at the same, the smaller uid
     */
    static bool Before(const Scheduler::Event& a, const Scheduler::Event& b)
    {
        return a.key.m_ts < b.key.m_ts || (a.key.m_ts == b.key.m_ts && a.key.m_uid < b.key.m_uid);
    }

    /**
     * Moves \p ev up from the hole at \p hole past every later ancestor and places it.
     * \param hole the index of a free slot
     * \param ev the event to place
     */
    void SiftUp(std::size_t hole, const Scheduler::Event& ev);

    /**
     * Moves \p ev down from the hole at \p hole past every earlier descendant and places it.
     * \param hole the index of a free slot
     * \param ev the event to place
     */
    void SiftDown(std::size_t hole, const Scheduler::Event& ev);

    std::vector<Scheduler::Event> m_heap; //!< the heap: the earliest event first
};

} // namespace ns3

#endif // FABRIC_LB_FABRIC_SCHEDULER_H
