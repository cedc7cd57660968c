/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_HIERARCHICAL_COLLECTIVES_H
#define FABRIC_LB_HIERARCHICAL_COLLECTIVES_H

#include "connection-matrix.h"

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
 * \brief The collectives that run hierarchically.
 */
enum class HierarchicalKind
{
    ALL_REDUCE,     //!< reduce-scatter in the server, all-reduce across it, all-gather in it
    REDUCE_SCATTER, //!< reduce-scatter in the server, then across it
    ALL_GATHER      //!< all-gather across the server, then in it
};

/**
 * \ingroup fabric-lb
 * \brief A hierarchical collective, as NCCL runs one on servers of several GPUs: over groups
 * of \p group consecutive hosts, each group servers of \p local consecutive hosts (NVLink in a
 * rail fabric), and the rail of local rank i the group's hosts i, i + local, ... Each phase is
 * a ring (RingCollective's steps) over a server's hosts or over a rail:
 * - all-reduce: a reduce-scatter in each server (local - 1 steps of ceil(S / local) bytes),
 *   an all-reduce on each rail of what each host holds (2 (servers - 1) steps of
 *   ceil(S / group)), an all-gather in each server (local - 1 steps of ceil(S / local));
 * - reduce-scatter: the first phase, then a reduce-scatter on each rail (servers - 1 steps of
 *   ceil(S / group));
 * - all-gather of an S-byte result: an all-gather on each rail (servers - 1 steps of
 *   ceil(S / group)), then in each server (local - 1 steps of ceil(S / local)).
 * A host's first step of a phase starts when it has received its last step of the phase
 * before (a oneshot trigger on that flow's recv_done_trigger); within a phase, each step when
 * it has received the previous one. A phase of no step (one server, or one host a server) is
 * left out.
 *
 * \param kind which collective
 * \param hosts hosts of the fabric
 * \param group hosts per group, dividing \p hosts (0: all hosts)
 * \param local hosts per server, at least 1, dividing the group
 * \param bytes S: each host's buffer (all-reduce, reduce-scatter) or result (all-gather)
 * \return the flows and triggers
 * \throws std::invalid_argument for a group or server size that does not divide, a collective
 * of a single host, or 0 bytes
 */
ConnectionMatrix HierarchicalCollective(HierarchicalKind kind,
                                        uint32_t hosts,
                                        uint32_t group,
                                        uint32_t local,
                                        uint64_t bytes);

/// \return the hosts per server of a hierarchical collective: the default of
/// ns3::HierarchicalAlgorithm::LocalRanks (--localRanks)
uint32_t HierarchicalLocalRanks();

/// \return the driver flag of HierarchicalLocalRanks and its attribute (a function: the
/// workloads' registrations read it during static initialisation)
std::pair<std::string, std::string> LocalRanksFlag();

/// \return the messages of HierarchicalCollective with the same arguments (no bytes needed)
uint64_t HierarchicalMessages(HierarchicalKind kind,
                              uint32_t hosts,
                              uint32_t group,
                              uint32_t local);

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_HIERARCHICAL_COLLECTIVES_H */
