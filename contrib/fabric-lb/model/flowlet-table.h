/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FLOWLET_TABLE_H
#define FABRIC_LB_FLOWLET_TABLE_H

#include "uniform-index.h"

#include <cstdint>
#include <vector>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief Switch-side flowlet switching (LetFlow style).
 *
 * A fixed table of power-of-two size indexed by the low bits of a flow hash
 * (colliding flows share a slot, as in hardware). A packet keeps its slot's
 * port unless the slot is empty, its last packet is more than the idle gap
 * old, or its port is no longer below the candidate count; then it gets a
 * uniformly random port.
 */
class FlowletTable
{
  public:
    /// The default idle gap: 10 us in picoseconds.
    static constexpr uint64_t DEFAULT_IDLE_GAP_PS = 10'000'000;

    /**
     * \param idleGapPs idle gap in picoseconds that starts a new flowlet
     * \param slots table size, a power of two
     * \throws std::invalid_argument if \p slots is not a power of two
     */
    explicit FlowletTable(uint64_t idleGapPs = DEFAULT_IDLE_GAP_PS, uint32_t slots = 4096);

    /**
     * \param hash the packet's flow hash
     * \param nowPs the current time in picoseconds (non-decreasing per slot)
     * \param n number of candidate ports (at least 1)
     * \param draw source of uniform integers
     * \return the port in [0, n) for this packet; records \p nowPs as the slot's last packet
     * \throws std::invalid_argument if n is 0
     */
    uint32_t Select(uint32_t hash, uint64_t nowPs, uint32_t n, const UniformIndex& draw);

    /// \return the number of slots
    uint32_t Slots() const
    {
        return static_cast<uint32_t>(m_entries.size());
    }

    /// \return how many new flowlets (port draws) Select made so far
    uint64_t NewFlowlets() const
    {
        return m_newFlowlets;
    }

  private:
    /// One slot of the table.
    struct Entry
    {
        uint64_t lastPs{0}; //!< time of the slot's last packet
        uint32_t port{0};   //!< the slot's current port
        bool valid{false};  //!< whether the slot was ever used
    };

    std::vector<Entry> m_entries; //!< the slots
    uint64_t m_idleGapPs;         //!< idle gap
    uint64_t m_newFlowlets;       //!< port draws so far
};

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_FLOWLET_TABLE_H */
