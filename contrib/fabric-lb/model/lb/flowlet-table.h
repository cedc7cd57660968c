/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FLOWLET_TABLE_H
#define FABRIC_LB_FLOWLET_TABLE_H

#include "ns3/uniform-index.h"

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
 * port unless the slot is empty or its port is no longer among the
 * candidates, or, with the repath probability, its slot's last packet is more
 * than the idle gap old; then it gets a uniformly random candidate. A slot that stays on
 * its port after a gap starts its next gap from this packet.
 */
class FlowletTable
{
  public:
    /// The default idle gap: 10 us in picoseconds.
    static constexpr uint64_t DEFAULT_IDLE_GAP_PS = 10'000'000;
    /// The default table size.
    static constexpr uint32_t DEFAULT_SLOTS = 4096;
    /// The default chance of a new port after an idle gap (the study's switches: 1/2).
    static constexpr double DEFAULT_REPATH_PROBABILITY = 0.5;

    /**
     * \param idleGapPs idle gap in picoseconds after which a flow may repath
     * \param slots table size, a power of two
     * \param repathProbability chance, in [0, 1], that a packet after an idle gap
     * gets a new random port (1: always, LetFlow; 0: never)
     * \throws std::invalid_argument if \p slots is not a power of two or the
     * probability is outside [0, 1]
     */
    explicit FlowletTable(uint64_t idleGapPs = DEFAULT_IDLE_GAP_PS,
                          uint32_t slots = DEFAULT_SLOTS,
                          double repathProbability = DEFAULT_REPATH_PROBABILITY);

    /**
     * \param hash the packet's flow hash
     * \param nowPs the current time in picoseconds (non-decreasing per slot)
     * \param candidates the ports allowed (non-empty): every port, or those still
     * usable under failures; a flow whose port is no longer a candidate starts a
     * new flowlet at once
     * \param draw source of uniform integers
     * \return a candidate port for this packet; records \p nowPs as the slot's last packet
     * \throws std::invalid_argument if \p candidates is empty
     */
    uint32_t Select(uint32_t hash,
                    uint64_t nowPs,
                    const std::vector<uint32_t>& candidates,
                    const UniformIndex& draw);

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
    double m_repathProbability;   //!< chance of a new port after an idle gap
    uint64_t m_newFlowlets;       //!< port draws so far
};

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_FLOWLET_TABLE_H */
