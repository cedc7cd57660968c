/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "collectives.h"
#include "ring-collectives.h"
#include "tree-collectives.h"

#include <stdexcept>

namespace ns3
{
namespace fabriclb
{

namespace
{

/// \return whether \p p asks for the tree (true) or the ring (false) \throws on another name
bool
IsTree(const CollectiveParams& p)
{
    if (p.algorithm != "ring" && p.algorithm != "tree")
    {
        throw std::invalid_argument("unknown all-reduce algorithm '" + p.algorithm +
                                    "' (ring, tree)");
    }
    return p.algorithm == "tree";
}

const Registration<Collective> g_allReduce(
    {"allreduce",
     "all-reduce of a --msgBytes buffer over --group hosts by --algorithm: ring (as "
     "ring-allreduce) or tree (NCCL's double binary tree in --chunkBytes chunks)",
     CollectiveBound::MATRIX,
     {"msgBytes", "group", "algorithm", "chunkBytes"},
     [](const CollectiveParams& p) -> uint64_t {
         if (IsTree(p))
         {
             const uint32_t g = CollectiveGroupSize(p.hosts, p.group, "tree");
             // Per group and tree, every chunk goes up and down each of its g-1 edges.
             return static_cast<uint64_t>(p.hosts / g) * 2 * 2 * (g - 1) *
                    TreeChunks(p.bytes, p.chunkBytes);
         }
         return static_cast<uint64_t>(p.hosts) *
                RingSteps(RingKind::ALL_REDUCE, CollectiveGroupSize(p.hosts, p.group, "ring"));
     },
     [](const CollectiveParams& p) {
         return IsTree(p) ? TreeAllReduce(p.hosts, p.group, p.bytes, p.chunkBytes)
                          : RingCollective(RingKind::ALL_REDUCE, p.hosts, p.group, p.bytes);
     }});

} // namespace

} // namespace fabriclb
} // namespace ns3
