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
 * balancer would load equally, whatever the traffic: a switch's uplinks (up
 * stages), the core links into one pod, the aggregation links into one edge
 * switch, a host's own link.
 */
struct LinkLoad
{
    size_t stage;   //!< index of the link's stage
    uint64_t group; //!< links of the stage that share their traffic equally when balanced
    double bytes;   //!< bytes that arrived for the link
};

/**
 * \brief The study's worst-case link overload per stage: the largest load of a
 * link over its fair share, the mean load of its group. 1 is a perfect balance
 * (every group's links equally loaded), 2 a link carrying twice its share.
 *
 * \param links every link's load
 * \param stageCount number of stages (indices 0 .. stageCount - 1)
 * \return per stage, the worst link's load over its group's mean (0 where no
 * link of the stage carried anything)
 */
std::vector<double> WorstLinkOverload(const std::vector<LinkLoad>& links, size_t stageCount);

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_LINK_BALANCE_H */
