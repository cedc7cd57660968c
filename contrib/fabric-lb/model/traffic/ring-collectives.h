/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_RING_COLLECTIVES_H
#define FABRIC_LB_RING_COLLECTIVES_H

#include "connection-matrix.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief The kinds of ring collective.
 */
enum class RingKind
{
    ALL_GATHER,     //!< g-1 steps: each rank forwards the chunk it last received
    REDUCE_SCATTER, //!< g-1 steps: each rank reduces into the chunk it forwards
    ALL_REDUCE      //!< a reduce-scatter, then an all-gather: 2(g-1) steps
};

/**
 * \ingroup fabric-lb
 * \brief A ring collective over groups of \p group consecutive hosts: rank r of a
 * group sends to rank r+1 (mod g) one chunk of ceil(bytes/g) bytes a step; its
 * first step starts at time 0 and each later one when the rank has received the
 * previous step's chunk (a oneshot trigger signalled by that flow's
 * recv_done_trigger).
 *
 * \param kind which collective
 * \param hosts hosts of the fabric
 * \param group hosts per ring, at least 2, dividing \p hosts (0: all hosts)
 * \param bytes each host's buffer
 * \return the flows and triggers
 * \throws std::invalid_argument for a group that does not divide the hosts, or 0 bytes
 */
ConnectionMatrix RingCollective(RingKind kind, uint32_t hosts, uint32_t group, uint64_t bytes);

/**
 * \param hosts hosts of the fabric
 * \param group hosts per group (0: all hosts)
 * \param kind the collective's kind, for the error ("ring", "tree")
 * \return hosts per group of a collective run in groups of consecutive hosts
 * \throws std::invalid_argument unless the group has at least 2 hosts and divides the hosts
 */
uint32_t CollectiveGroupSize(uint32_t hosts, uint32_t group, const std::string& kind);

/// Appends a collective's flows over one group's hosts (its ranks, in order) to a matrix.
using AppendGroup =
    std::function<void(ConnectionMatrix& traffic, const std::vector<uint32_t>& members)>;

/**
 * \param hosts hosts of the fabric
 * \param group hosts per group, dividing \p hosts (CollectiveGroupSize)
 * \param append appends each group's flows, group by group from host 0
 * \return the matrix over \p hosts that \p append fills
 */
ConnectionMatrix InGroups(uint32_t hosts, uint32_t group, const AppendGroup& append);

/// \return the steps of a ring collective of \p kind over \p group ranks
uint32_t RingSteps(RingKind kind, uint32_t group);

/**
 * Appends a ring over \p members (rank r sends to rank r+1, mod their count) of
 * \p steps steps of a \p chunk-byte flow to \p traffic: the first step starts at time 0,
 * each later one when its rank has received the previous step's flow (a oneshot trigger).
 */
void AppendRing(ConnectionMatrix& traffic,
                const std::vector<uint32_t>& members,
                uint32_t steps,
                uint64_t chunk);

/// By rank of a ring: the index of the flow whose arrival lets it start (none: at time 0).
using RingReady = std::vector<std::optional<size_t>>;

/**
 * Appends a ring over \p members (rank r sends to rank r+1, mod their count) of \p steps
 * steps of \p chunk-byte flows to \p traffic: rank r's first step starts at time 0, or when
 * flow ready[r] has arrived; each later one when it has received the previous step's flow.
 * Each wait is a oneshot trigger whose id is the waiting flow's.
 * \return by rank, the index of the last flow it received (ready[r] for no step)
 */
RingReady AppendGatedRing(ConnectionMatrix& traffic,
                          const std::vector<uint32_t>& members,
                          uint32_t steps,
                          uint64_t chunk,
                          const RingReady& ready);

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_RING_COLLECTIVES_H */
