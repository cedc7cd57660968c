/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_LINK_BALANCE_H
#define FABRIC_LB_LINK_BALANCE_H

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief One link's load, as the worst-case link overload reads it.
 *
 * The links of a stage with the same group are those a perfectly balanced load
 * balancer would load in proportion to their capacities, whatever the traffic:
 * a switch's uplinks (up stages), the core links into one pod, the aggregation
 * links into one edge switch, a host's own link (alone in its group: 1 by
 * construction).
 */
struct LinkLoad
{
    size_t stage;       //!< index of the link's stage
    uint64_t group;     //!< links of the stage that share their traffic when balanced
    double bytes;       //!< bytes that arrived for the link
    double capacity{1}; //!< its capacity, a fraction of the line rate (0: failed, no share)
};

/**
 * \ingroup fabric-lb
 * \brief The study's worst-case link overload per stage: the largest load of a
 * link over its fair share, its capacity's part of its group's bytes (with equal
 * links, the group's mean). 1 is a perfect balance, 2 a link carrying twice its
 * share. A failed link (capacity 0) has no share: its bytes count in its
 * group's, it is not a candidate for the worst.
 *
 * \param links every link's load
 * \param stageCount number of stages (indices 0 .. stageCount - 1)
 * \return per stage, the worst link's load over its share (0 where no live link
 * of the stage carried anything)
 * \throw std::invalid_argument for a stage out of range, or bytes or a capacity
 * that is negative or not a number
 */
std::vector<double> WorstLinkOverload(const std::vector<LinkLoad>& links, size_t stageCount);

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_LINK_BALANCE_H */
