/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FABRIC_PATHS_H
#define FABRIC_LB_FABRIC_PATHS_H

#include "fabric-topology.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief A link to fail and when.
 */
struct NamedFailure
{
    uint32_t link; //!< link id
    uint64_t atPs; //!< simulated time of the failure
};

/**
 * \ingroup fabric-lb
 * \brief Parses a simulated time: a non-negative number and a unit (ps, ns, us, ms, s).
 * \param text such as "10us" or "0"
 * \return the time in picoseconds, or nothing if \p text is not a time
 */
std::optional<uint64_t> ParseSimulatedTimePs(const std::string& text);

/**
 * \ingroup fabric-lb
 * \brief Parses `NAME[@TIME],...`: named links (FabricTopology::LinkName), each failing at
 * a time (0 if none).
 * \param text the list
 * \param topology the fabric
 * \return the failures in the order given
 * \throws std::invalid_argument naming an unknown link, a malformed time, or a link
 * named twice
 */
std::vector<NamedFailure> ParseNamedFailures(const std::string& text,
                                             const FabricTopology& topology);

/// \return whether every link of \p path is up in \p down
bool PathIsUp(const LeafPath& path, const LinkStates& down);

/**
 * \ingroup fabric-lb
 * \brief rho_max of the study's ideal transport under failures.
 */
struct RhoMax
{
    double fraction{1};  //!< rho_max over a NIC's line rate: the fixed rate every flow may send at
    double flowUnits{0}; //!< F: flow units per unit of capacity on the busiest link
    std::vector<uint32_t> unreachableFlows; //!< indices of flows with no usable shortest path
};

/**
 * \ingroup fabric-lb
 * \brief Splits every flow evenly over its usable shortest paths (FabricTopology::LeafPathOf)
 * and finds the link whose flow units weigh most against its capacity: rho_max = B / F.
 *
 * Links in both directions count, host links included (a host's HostPorts links carry one
 * unit per flow from or to its host). Flows with no usable path carry nothing and
 * are listed. A flow's rate is a share of its NIC's line rate, B times the host's ports.
 *
 * \param topology the fabric
 * \param down which links are down (their paths are not used)
 * \param capacity each link's capacity as a fraction of B, by link id (degraded links
 * below 1); empty: all 1
 * \param flows (source, destination) of every flow
 * \return rho_max as a fraction of B (at most 1), F, and the flows that cannot reach
 */
RhoMax ComputeRhoMax(const FabricTopology& topology,
                     const LinkStates& down,
                     const std::vector<double>& capacity,
                     const std::vector<std::pair<uint32_t, uint32_t>>& flows);

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_FABRIC_PATHS_H */
