/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_PAUSE_CYCLE_DETECTOR_H
#define FABRIC_LB_PAUSE_CYCLE_DETECTOR_H

#include "switch-buffer.h"

#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/object.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief Finds PFC deadlocks: a cycle of switch ports, each paused by the next
 * (its peer's ingress is in XOFF holding data that waits at the next port, which
 * is paused in turn), that persists for DeadlockTime. It then names the ports on
 * stderr and stops the simulation; the run reports it (Found).
 *
 * It looks every DeadlockTime / 4 while any ingress port of its switches is in
 * XOFF, and not at all otherwise.
 */
class PauseCycleDetector : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * \brief Watches \p buffers' switches.
     * \param buffers every switch's buffer, PFC on
     * \param names by node id, a name for each switch's ports ("edge 3")
     */
    void Watch(const std::vector<Ptr<SwitchBuffer>>& buffers, std::vector<std::string> names);

    /// \return whether a deadlock ended the run
    bool Found() const
    {
        return !m_found.empty();
    }

    /// \return the ports of the deadlock, named, in cycle order
    const std::vector<std::string>& GetCycle() const
    {
        return m_found;
    }

    /// \return the persistence a cycle needs to count as a deadlock
    Time GetDeadlockTime() const
    {
        return m_deadlockTime;
    }

    /**
     * \return the pause graph's cycle now: ports as indices into the watched
     * switches' ports, in cycle order, starting at the smallest; empty if none
     */
    std::vector<uint32_t> CurrentCycle() const;

  protected:
    void DoDispose() override;

  private:
    /// An ingress port went into XOFF: looks from now on.
    void XoffSeen(uint32_t);

    /// Looks for a cycle; reports it if it has lasted DeadlockTime.
    void Check();

    /// \param port a watched port \return its name
    std::string NameOf(uint32_t port) const;

    /// A watched switch port.
    struct Port
    {
        Ptr<SwitchBuffer> buffer; //!< its switch's buffer
        uint32_t device{0};       //!< its device index there
        int64_t peer{-1};         //!< the watched port at the link's far end (-1: a host)
    };

    Time m_deadlockTime;               //!< DeadlockTime
    std::vector<Port> m_ports;         //!< every switch port
    std::vector<std::string> m_names;  //!< by node id
    EventId m_check;                   //!< pending while some port is in XOFF
    std::vector<uint32_t> m_candidate; //!< the cycle last seen
    Time m_candidateSince;             //!< when it was first seen
    std::vector<std::string> m_found;  //!< the deadlock's ports, named
};

} // namespace ns3

#endif /* FABRIC_LB_PAUSE_CYCLE_DETECTOR_H */
