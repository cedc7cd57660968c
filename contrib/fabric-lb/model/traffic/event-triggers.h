/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_EVENT_TRIGGERS_H
#define FABRIC_LB_EVENT_TRIGGERS_H

#include "connection-matrix.h"

#include <cstdint>
#include <optional>
#include <vector>

/**
 * \file
 * \ingroup fabric-lb
 * A dependency graph of operations, wired as a ConnectionMatrix's triggers.
 *
 * An event is an operation that ends when each of its task ends has happened (a flow sent or
 * received, a compute done). A gate holds tasks that start once every event it waits on has
 * ended. Connect gives each gate's tasks their start: time 0 when it waits on nothing, else
 * the trigger that its events' ends signal (one for one event, a barrier counting every end
 * for several). An end signals one trigger: an event waited for in several different sets
 * signals its own trigger, and a compute of no time on the waiting gate's host, released by
 * it, counts on the barrier. Events that end before another of a gate's starts are dropped
 * from its set first (waiting for the others is enough).
 */

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief The end of a task that ends an event.
 */
struct TaskEnd
{
    /// Which end.
    enum End
    {
        SENT,     //!< a flow's sender holds every acknowledgement (send_done_trigger)
        RECEIVED, //!< a flow's receiver holds every byte (recv_done_trigger)
        COMPUTED, //!< a compute has ended (done_trigger)
    };

    uint32_t task; //!< index in ConnectionMatrix::flows, or in ConnectionMatrix::computes
    End end;       //!< which end
};

/// Events, in increasing order.
using EventSet = std::vector<uint32_t>;

/**
 * \ingroup fabric-lb
 * \brief Operations (events), the task ends that end them, and the tasks that wait for them,
 * turned into a ConnectionMatrix's triggers (the wiring is described in event-triggers.h).
 */
class EventTriggers
{
  public:
    /// \return a new event, with no ends and nothing before it yet
    uint32_t NewEvent();

    /**
     * \param event an event
     * \param end one more end that \p event waits for
     */
    void AddEnd(uint32_t event, TaskEnd end);

    /**
     * \param event an event
     * \param before the events that its tasks wait for
     */
    void SetBefore(uint32_t event, EventSet before);

    /**
     * \param tasks MatrixTrigger::waiting entries (flows, ComputeTask of computes) that start
     * together
     * \param waitsOn the events they wait for; none: they start at time 0
     * \param host the host of a compute of no time that joins a shared event to their barrier
     */
    void AddGate(std::vector<uint32_t> tasks, EventSet waitsOn, uint32_t host);

    /// \return an event on, or after, a circle of events that wait for each other, if any
    std::optional<uint32_t> EventOnCircle() const;

    /**
     * Sets every gate's tasks' start time or trigger in \p traffic, adds the triggers (and the
     * joining computes) after those there, and lists each trigger's waiting tasks. Call once,
     * when EventOnCircle finds none.
     *
     * \param traffic the flows and computes the tasks and ends name
     */
    void Connect(ConnectionMatrix& traffic);

  private:
    /// A gate: tasks that start together.
    struct Gate
    {
        std::vector<uint32_t> tasks; //!< the waiting entries
        EventSet waitsOn;            //!< the events it waits for
        uint32_t host;               //!< the host of its joining computes
    };

    /// \return \p events without those that end before another of them starts
    EventSet WithoutImplied(const EventSet& events);

    /// Starts \p task of \p traffic at time 0 (no \p trigger) or on \p trigger.
    static void Release(ConnectionMatrix& traffic, uint32_t task, std::optional<uint32_t> trigger);

    /// \return the id of a new trigger in \p traffic that fires on \p count signals
    static uint32_t NewTrigger(ConnectionMatrix& traffic, uint32_t count);

    /// Makes every end of each event of \p events signal \p trigger in \p traffic.
    void SignalTo(ConnectionMatrix& traffic, const EventSet& events, uint32_t trigger) const;

    /// \return the trigger that \p event's ends signal, made (and signalled) the first time
    uint32_t EventTrigger(ConnectionMatrix& traffic, uint32_t event);

    /**
     * \param traffic the traffic
     * \param events the events a gate waits for, more than one
     * \param host the gate's host
     * \param sets by event, the distinct sets of events it is in
     * \return the trigger that fires when every event of \p events has ended
     */
    uint32_t JoinTrigger(ConnectionMatrix& traffic,
                         const EventSet& events,
                         uint32_t host,
                         const std::vector<uint32_t>& sets);

    std::vector<std::vector<TaskEnd>> m_ends;            //!< by event, the ends that end it
    std::vector<EventSet> m_before;                      //!< by event, what its tasks wait for
    std::vector<Gate> m_gates;                           //!< the gates, in order
    std::vector<uint32_t> m_marks;                       //!< by event, WithoutImplied's last mark
    uint32_t m_generation{0};                            //!< WithoutImplied's calls so far
    std::vector<std::optional<uint32_t>> m_eventTrigger; //!< by event, the trigger it signals
};

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_EVENT_TRIGGERS_H */
