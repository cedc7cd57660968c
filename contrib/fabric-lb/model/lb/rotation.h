/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_ROTATION_H
#define FABRIC_LB_ROTATION_H

#include "ns3/uniform-index.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief Round-robin over n ports in a (possibly shuffled) order.
 *
 * Pure logic for the switch `rr` (reshuffle every 5 wrap-arounds), `simple-rr`
 * (never reshuffle) and the Ofan destination pointers (random start and random
 * order per pointer, never reshuffled). Ports are 0 .. n-1; Next() walks the
 * order from the current position, and a wrap-around is counted each time the
 * position passes from the last slot of the order back to the first. Every
 * stretch between two wrap-arounds therefore visits each port exactly once.
 */
class RotationPointer
{
  public:
    /**
     * \param n number of ports (at least 1)
     * \param reshuffleEveryWraps draw a fresh uniformly random order after every
     * this many wrap-arounds; 0 never reshuffles
     * \param draw source of uniform integers; copied only if reshuffleEveryWraps > 0
     * \param randomStart start at a uniformly random position of the order
     * (otherwise at its first slot)
     * \param randomOrder start with a uniformly random order (otherwise 0, 1, .., n-1)
     * \throws std::invalid_argument if n is 0
     */
    RotationPointer(uint32_t n,
                    uint32_t reshuffleEveryWraps,
                    const UniformIndex& draw,
                    bool randomStart,
                    bool randomOrder = true);

    /**
     * \param order the rotation order: a permutation of 0 .. order.size()-1
     * \param start index into \p order of the first port Next() returns
     * \throws std::invalid_argument if \p order is empty or not a permutation,
     * or \p start is out of range
     *
     * A deterministic pointer that never reshuffles.
     */
    RotationPointer(std::vector<uint32_t> order, uint32_t start);

    /// \return the next port, advancing the pointer (may reshuffle at a wrap-around)
    uint32_t Next();

    /**
     * Under failures: next hops that are down are skipped (switch round robin, host DR).
     *
     * \param usable predicate telling whether a port may be used now
     * \return the next usable port in rotation order, or Size() if no port is
     * usable (the pointer then has advanced by one full rotation, or, if it
     * reshuffled on the way, through the whole of the fresh order too)
     */
    uint32_t NextUsable(const std::function<bool(uint32_t)>& usable);

    /// \return the number of ports
    uint32_t Size() const
    {
        return static_cast<uint32_t>(m_order.size());
    }

    /// \return how many wrap-arounds happened so far
    uint64_t Wraps() const
    {
        return m_wraps;
    }

    /// \return the current rotation order
    const std::vector<uint32_t>& Order() const
    {
        return m_order;
    }

    /// \return the index into Order() of the port the next call to Next() returns
    uint32_t Position() const
    {
        return m_position;
    }

  private:
    std::vector<uint32_t> m_order; //!< rotation order, a permutation of 0 .. n-1
    uint32_t m_position;           //!< index into m_order of the next port
    uint64_t m_wraps;              //!< wrap-arounds so far
    uint32_t m_reshuffleEvery;     //!< wraps between reshuffles; 0 = never
    UniformIndex m_draw;           //!< kept only when reshuffling
};

/**
 * \param n number of elements
 * \param draw source of uniform integers
 * \return a uniformly random permutation of 0 .. n-1 (Fisher-Yates)
 */
std::vector<uint32_t> ShuffledOrder(uint32_t n, const UniformIndex& draw);

/**
 * \return the greatest common divisor of the non-zero \p weights, 0 if all are zero
 */
uint64_t WeightGcd(const std::vector<uint64_t>& weights);

/**
 * Interleaved weighted round-robin (IWRR) schedule of W-ECMP weights.
 *
 * The weights are divided by their GCD; then round r = 1 .. max reduced weight
 * lists, in \p portOrder, every port whose reduced weight is at least r. A port
 * of weight 0 (failed) never appears. Example (paper section 4): weights
 * [1600,1600,1600,800] reduce to [2,2,2,1]; with order [2,1,3,0] the schedule is
 * [2,1,3,0,2,1,0]. Within the schedule and across its wrap-around a port repeats
 * back to back only when a round holds that port alone next to a round that
 * starts with it, i.e. when the weights leave no other choice or one port of
 * dominant weight comes first in \p portOrder.
 *
 * \param weights weight of each port (index = port)
 * \param portOrder permutation of 0 .. weights.size()-1
 * \return the schedule (port indices); empty if every weight is zero
 * \throws std::invalid_argument if \p portOrder is not a permutation of the ports
 */
std::vector<uint32_t> BuildIwrrSchedule(const std::vector<uint64_t>& weights,
                                        const std::vector<uint32_t>& portOrder);

/**
 * \ingroup fabric-lb
 * \brief Rotation over an IWRR schedule (Ofan with W-ECMP weights).
 */
class WeightedRotation
{
  public:
    /**
     * \param schedule a schedule, e.g. from BuildIwrrSchedule; may be empty
     * \param draw source of uniform integers, for a random start position
     * \param shiftEveryWraps skip one slot after every this many wrap-arounds,
     * i.e. every shiftEveryWraps x schedule-length ports returned (the study's
     * variant of Ofan against persistent pinning); 0 never shifts
     */
    WeightedRotation(std::vector<uint32_t> schedule,
                     const UniformIndex& draw,
                     uint32_t shiftEveryWraps = 0);

    /**
     * \param weights weight of each port (0 = unusable)
     * \param draw source of uniform integers: shuffles the port order, then picks
     * a random start position
     * \param shiftEveryWraps as in the constructor
     * \return a rotation over the IWRR schedule of \p weights in a random port order
     */
    static WeightedRotation FromWeights(const std::vector<uint64_t>& weights,
                                        const UniformIndex& draw,
                                        uint32_t shiftEveryWraps = 0);

    /**
     * \return the next port of the schedule, advancing the position
     * \throws std::logic_error if the schedule is empty (no usable port)
     */
    uint32_t Next();

    /// \return true if the schedule is empty (no usable port)
    bool Empty() const
    {
        return m_schedule.empty();
    }

    /// \return the schedule
    const std::vector<uint32_t>& Schedule() const
    {
        return m_schedule;
    }

    /// \return the index into Schedule() of the port the next call to Next() returns
    uint32_t Position() const
    {
        return m_position;
    }

  private:
    std::vector<uint32_t> m_schedule; //!< ports, one per slot
    uint32_t m_position;              //!< next slot
    uint64_t m_served;                //!< ports returned so far
    uint32_t m_shiftEvery;            //!< wraps (schedule lengths) between shifts; 0 = never
};

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_ROTATION_H */
