/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FABRIC_PARTITION_H
#define FABRIC_LB_FABRIC_PARTITION_H

#include "connection-matrix.h"
#include "fat-tree-topology.h"

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
 * node of a fat tree.
 *
 * Pure logic. A pod (its hosts, edge and aggregation switches) stays on one
 * rank, the pods are dealt out in consecutive blocks (pod p on rank
 * p * ranks / k), and the core switches are spread the same way over the
 * ranks (core c on rank c * ranks / (k/2)^2). Every link that crosses ranks is
 * then an aggregation-core link, whose propagation delay is the lookahead.
 */
class FabricPartition
{
  public:
    /**
     * \param topology the fat tree
     * \param ranks how many ranks share it
     * \throws std::invalid_argument if ranks is 0 or more than the pods (k)
     */
    FabricPartition(const FatTreeTopology& topology, uint32_t ranks);

    /// \return the number of ranks
    uint32_t Ranks() const
    {
        return m_ranks;
    }

    /// \return the rank of pod \p pod
    uint32_t RankOfPod(uint32_t pod) const;

    /// \return the rank of host \p host
    uint32_t RankOfHost(uint32_t host) const;

    /// \return the rank of fabric-wide edge or aggregation switch index \p sw
    uint32_t RankOfPodSwitch(uint32_t sw) const;

    /// \return the rank of core switch \p core
    uint32_t RankOfCore(uint32_t core) const;

    /**
     * A trigger runs on one rank only: every flow that signals it must signal
     * from that rank, and every flow it starts must start there.
     * \return a description of the first trigger of \p traffic that spans
     * ranks, or nothing if each trigger's signals and flows share one rank
     */
    std::optional<std::string> FindTriggerAcrossRanks(const ConnectionMatrix& traffic) const;

  private:
    FatTreeTopology m_topology; //!< the fat tree
    uint32_t m_ranks;           //!< ranks sharing it
};

} // namespace fabriclb
} // namespace ns3

#endif // FABRIC_LB_FABRIC_PARTITION_H
