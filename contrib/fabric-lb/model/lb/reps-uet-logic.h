/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_REPS_UET_LOGIC_H
#define FABRIC_LB_REPS_UET_LOGIC_H

#include "ns3/uniform-index.h"

#include <cstdint>
#include <vector>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief REPS as Ultra Ethernet's simulator runs it (uet-htsim's UecMpReps over its
 * CircularBufferREPS), one sending queue pair's state.
 *
 * Entropies are labels firstLabel + [0, entropies). A circular buffer of `bufferSize`
 * slots holds recycled labels, each slot valid (fresh: not yet reused) or used:
 * - a GOOD feedback (an ACK without ECN) writes its label at the buffer's head and moves
 *   the head on, overwriting whatever the slot held: when every slot is fresh, the oldest
 *   fresh label is lost; ECN, NACK and TIMEOUT feedback recycle nothing and evict nothing;
 * - NextLabel() reuses the oldest fresh label (the fresh labels are the ones just behind
 *   the head) and marks its slot used, or draws a fresh random label when none is fresh.
 *
 * Freezing: a TIMEOUT starts a freeze of `freezePs` unless one is on or an exploration
 * phase is not over. While frozen, NextLabel() replays the buffer's written slots in
 * turn, from slot 0, fresh or used (known-good labels without waiting for their ACKs);
 * GOOD feedback still writes at the head; a label is drawn only while no slot was written.
 * The first feedback of any kind later than the freeze's end (not NextLabel()) ends it:
 * the buffer is emptied and the next `exploreAfterFreeze` labels are drawn at random
 * whatever the buffer holds, an exploration phase during which a TIMEOUT does not freeze.
 * With freezing off a TIMEOUT does nothing.
 */
class RepsUetLogic
{
  public:
    /// What the transport says of a label (uet-htsim's UecMultipath::PathFeedback).
    enum class Feedback : uint8_t
    {
        GOOD,   //!< an ACK of a packet on the label, not ECN-marked
        ECN,    //!< an ACK of a packet on the label, ECN-marked
        NACK,   //!< a NACK: the packet on the label was trimmed
        TIMEOUT //!< a retransmission timer fired (no label)
    };

    /**
     * \param bufferSize slots of the circular buffer (uet-htsim: 8)
     * \param entropies labels a queue pair draws from (uet-htsim's -paths: 64)
     * \param firstLabel the first of them
     * \param freezePs length of a freeze in picoseconds (uet-htsim: 10 ms)
     * \param exploreAfterFreeze labels drawn at random after a freeze (uet-htsim: 16)
     * \param freezing whether a TIMEOUT freezes (uet-htsim: yes)
     * \throws std::invalid_argument if bufferSize or entropies is 0, firstLabel is 0 or
     * the labels do not fit in 16 bits
     */
    explicit RepsUetLogic(uint32_t bufferSize = 8,
                          uint32_t entropies = 64,
                          uint16_t firstLabel = 1024,
                          uint64_t freezePs = 10000000000ULL,
                          uint32_t exploreAfterFreeze = 16,
                          bool freezing = true);

    /**
     * \param label the label the feedback concerns (ignored for TIMEOUT)
     * \param feedback what happened
     * \param nowPs the current time in picoseconds
     */
    void OnFeedback(uint16_t label, Feedback feedback, uint64_t nowPs);

    /**
     * \param draw source of uniform integers, for exploration
     * \return the label for the next packet
     */
    uint16_t NextLabel(const UniformIndex& draw);

    /// \return whether a freeze is on
    bool Frozen() const
    {
        return m_frozen;
    }

    /// \return how many freezes started so far
    uint64_t Freezes() const
    {
        return m_freezes;
    }

    /// \return fresh (not yet reused) labels in the buffer
    uint32_t Fresh() const
    {
        return m_fresh;
    }

    /// \return slots written since the buffer was last emptied (at most its size)
    uint32_t Written() const
    {
        return m_written;
    }

    /// \return labels still to be drawn at random in the current exploration phase
    uint32_t ExploreLeft() const
    {
        return m_exploreLeft;
    }

    /// \return how many labels NextLabel() drew at random so far
    uint64_t Explored() const
    {
        return m_explored;
    }

  private:
    /// A slot of the circular buffer.
    struct Slot
    {
        uint16_t label{0}; //!< the label it holds
        bool fresh{false}; //!< not yet reused since written
    };

    /// Writes \p label at the head and moves the head on.
    void Add(uint16_t label);
    /// Empties the buffer.
    void Reset();
    /// \return a label drawn uniformly from the entropies
    uint16_t Explore(const UniformIndex& draw);

    std::vector<Slot> m_slots;     //!< the circular buffer
    uint32_t m_head{0};            //!< the next slot written
    uint32_t m_written{0};         //!< slots written since emptied, at most m_slots.size()
    uint32_t m_fresh{0};           //!< fresh slots (unfrozen: the m_fresh before m_head)
    uint32_t m_replay{0};          //!< the next slot a freeze replays
    uint32_t m_entropies;          //!< labels drawn from
    uint16_t m_firstLabel;         //!< the first of them
    uint64_t m_freezePs;           //!< length of a freeze
    uint32_t m_exploreAfterFreeze; //!< random labels after a freeze
    bool m_freezing;               //!< a TIMEOUT freezes
    bool m_frozen{false};          //!< in a freeze
    uint64_t m_thawPs{0};          //!< when the current freeze may end
    uint32_t m_exploreLeft{0};     //!< random labels still due
    uint64_t m_freezes{0};         //!< freezes started
    uint64_t m_explored{0};        //!< random labels drawn
};

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_REPS_UET_LOGIC_H */
