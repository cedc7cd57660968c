/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_WORKLOAD_H
#define FABRIC_LB_WORKLOAD_H

#include "ns3/ptr.h"
#include "ns3/uniform-index.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

class UniformRandomVariable;

namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief One message of a collective: who sends how much to whom, and when.
 */
struct MessageSpec
{
    uint32_t source;      //!< sending host
    uint32_t destination; //!< receiving host
    uint64_t bytes;       //!< message size in bytes
};

/**
 * \param rng an ns-3 stream
 * \return the UniformIndex that draws rng->GetInteger(0, bound - 1)
 */
UniformIndex UniformIndexFrom(Ptr<UniformRandomVariable> rng);

/**
 * \param hosts number of hosts (at least 2)
 * \param draw source of uniform integers
 * \return a uniformly random derangement: element i is host i's destination,
 * never i itself (Fisher-Yates shuffles, rejected until no fixed point)
 */
std::vector<uint32_t> RandomDerangement(uint32_t hosts, const UniformIndex& draw);

/**
 * \return one message from every host to its derangement partner
 */
std::vector<MessageSpec> PermutationWorkload(uint32_t hosts,
                                             uint64_t bytes,
                                             const UniformIndex& draw);

/**
 * \return a message from every host to every other host
 */
std::vector<MessageSpec> AllToAllWorkload(uint32_t hosts, uint64_t bytes);

/**
 * \return a message from every host but host 0 to host 0, all at once
 */
std::vector<MessageSpec> IncastWorkload(uint32_t hosts, uint64_t bytes);

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_WORKLOAD_H */
