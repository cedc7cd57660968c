/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_COLLECTIVES_H
#define FABRIC_LB_COLLECTIVES_H

#include "connection-matrix.h"
#include "uniform-index.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief What a collective is built from.
 */
struct CollectiveParams
{
    uint32_t hosts{0};      //!< hosts of the fabric
    uint64_t bytes{0};      //!< bytes per message (a ring: each host's whole buffer)
    uint32_t group{0};      //!< ring collectives: hosts per ring (0: all hosts)
    UniformIndex draw;      //!< randomness (the permutation)
    std::string matrixFile; //!< the connection matrix of "matrix"
};

/**
 * \ingroup fabric-lb
 * \brief Which bound a collective's completion time is held against.
 */
enum class CollectiveBound
{
    PERMUTATION, //!< the study's exact permutation bound
    ALL_TO_ALL,  //!< the study's all-to-all bound
    MATRIX,      //!< the busiest host link of a matrix; none if it has triggers
    RING         //!< the chain of a ring's steps (ComputeRingBound)
};

/**
 * \ingroup fabric-lb
 * \brief A named collective: a set of messages with dependencies, as one
 * connection matrix (triggers start a message when the messages it waits for
 * have arrived).
 */
struct Collective
{
    std::string name;        //!< the driver's --workload
    std::string description; //!< one line for --workload=help
    CollectiveBound bound;   //!< its bound
    /// \return the messages it will have, before it is built (0 if only building tells)
    std::function<uint64_t(const CollectiveParams&)> messages;
    /// \return its messages and triggers \throws std::invalid_argument on bad parameters
    std::function<ConnectionMatrix(const CollectiveParams&)> build;
};

/// \return every collective the module knows, as the driver lists them
const std::vector<Collective>& Collectives();

/// \return the collective called \p name, or null
const Collective* FindCollective(const std::string& name);

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

/// \return the steps of a ring collective of \p kind over \p group ranks
uint32_t RingSteps(RingKind kind, uint32_t group);

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_COLLECTIVES_H */
