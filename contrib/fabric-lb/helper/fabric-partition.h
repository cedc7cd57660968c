/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FABRIC_PARTITION_H
#define FABRIC_LB_FABRIC_PARTITION_H

#include "ns3/connection-matrix.h"
#include "ns3/fabric-topology.h"

#include <cstdint>
#include <optional>
#include <string>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief Which rank of a distributed run (ns-3's MPI engine) simulates each
 * node of a fabric.
 *
 * Pure logic. A partition group of the topology (a fat tree's pod: its hosts,
 * edge and aggregation switches; a leaf-spine's leaf with its hosts) stays on
 * one rank, the groups are dealt out in consecutive blocks (group g on rank
 * g * ranks / groups), and the top tier's switches are spread the same way over
 * the ranks (switch c on rank c * ranks / their count). Every link that crosses
 * ranks then reaches the top tier, and its propagation delay is the lookahead.
 */
class FabricPartition
{
  public:
    /**
     * \param topology the fabric (kept by reference: it must outlive the partition)
     * \param ranks how many ranks share it
     * \throws std::invalid_argument if ranks is 0 or more than the partition groups
     */
    FabricPartition(const FabricTopology& topology, uint32_t ranks);

    /// \return the number of ranks
    uint32_t Ranks() const
    {
        return m_ranks;
    }

    /// \return the rank of partition group \p group
    uint32_t RankOfGroup(uint32_t group) const;

    /// \return the rank of host \p host
    uint32_t RankOfHost(uint32_t host) const;

    /// \return the rank of switch \p sw
    uint32_t RankOfSwitch(SwitchRef sw) const;

    /**
     * A trigger runs on one rank only: every flow that signals it must signal
     * from that rank, and every flow it starts must start there.
     * \return a description of the first trigger of \p traffic that spans
     * ranks, or nothing if each trigger's signals and flows share one rank
     */
    std::optional<std::string> FindTriggerAcrossRanks(const ConnectionMatrix& traffic) const;

  private:
    const FabricTopology& m_topology; //!< the fabric
    uint32_t m_ranks;                 //!< ranks sharing it
};

} // namespace fabriclb
} // namespace ns3

#endif // FABRIC_LB_FABRIC_PARTITION_H
