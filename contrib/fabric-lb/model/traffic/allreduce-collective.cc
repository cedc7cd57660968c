/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "collectives.h"
#include "hierarchical-collectives.h"
#include "ring-collectives.h"
#include "tree-collectives.h"

#include <stdexcept>

namespace ns3
{
namespace fabriclb
{

namespace
{

/// The algorithms of an all-reduce.
enum class AllReduceAlgorithm
{
    RING,
    TREE,
    HIERARCHICAL
};

/// \return the algorithm \p p asks for \throws on another name
AllReduceAlgorithm
AlgorithmOf(const CollectiveParams& p)
{
    if (p.algorithm == "ring")
    {
        return AllReduceAlgorithm::RING;
    }
    if (p.algorithm == "tree")
    {
        return AllReduceAlgorithm::TREE;
    }
    if (p.algorithm == "hierarchical")
    {
        return AllReduceAlgorithm::HIERARCHICAL;
    }
    throw std::invalid_argument("unknown all-reduce algorithm '" + p.algorithm +
                                "' (ring, tree, hierarchical)");
}

const Registration<Collective> g_allReduce(
    {"allreduce",
     "all-reduce of a --msgBytes buffer over --group hosts by --algorithm: ring (as "
     "ring-allreduce), tree (NCCL's double binary tree in --chunkBytes chunks) or hierarchical "
     "(in servers of --localRanks hosts, across them on rails, in them again)",
     CollectiveBound::MATRIX,
     {"msgBytes", "group", "algorithm", "chunkBytes", LocalRanksFlag().first},
     [](const CollectiveParams& p) -> uint64_t {
         switch (AlgorithmOf(p))
         {
         case AllReduceAlgorithm::TREE: {
             const uint32_t g = CollectiveGroupSize(p.hosts, p.group, "tree");
             // Per group and tree, every chunk goes up and down each of its g-1 edges.
             return static_cast<uint64_t>(p.hosts / g) * 2 * 2 * (g - 1) *
                    TreeChunks(p.bytes, p.chunkBytes);
         }
         case AllReduceAlgorithm::HIERARCHICAL:
             return HierarchicalMessages(HierarchicalKind::ALL_REDUCE,
                                         p.hosts,
                                         p.group,
                                         HierarchicalLocalRanks());
         case AllReduceAlgorithm::RING:
             break;
         }
         return static_cast<uint64_t>(p.hosts) *
                RingSteps(RingKind::ALL_REDUCE, CollectiveGroupSize(p.hosts, p.group, "ring"));
     },
     [](const CollectiveParams& p) {
         switch (AlgorithmOf(p))
         {
         case AllReduceAlgorithm::TREE:
             return TreeAllReduce(p.hosts, p.group, p.bytes, p.chunkBytes);
         case AllReduceAlgorithm::HIERARCHICAL:
             return HierarchicalCollective(HierarchicalKind::ALL_REDUCE,
                                           p.hosts,
                                           p.group,
                                           HierarchicalLocalRanks(),
                                           p.bytes);
         case AllReduceAlgorithm::RING:
             break;
         }
         return RingCollective(RingKind::ALL_REDUCE, p.hosts, p.group, p.bytes);
     },
     {LocalRanksFlag()}});

/// Registers the all-gather or reduce-scatter \p name, by ring or hierarchically.
Registration<Collective>
RegisterGatherOrScatter(const std::string& name,
                        const std::string& what,
                        RingKind ring,
                        HierarchicalKind hierarchical)
{
    const auto hierarchicalOf = [name](const CollectiveParams& p) {
        if (p.algorithm != "ring" && p.algorithm != "hierarchical")
        {
            throw std::invalid_argument("unknown " + name + " algorithm '" + p.algorithm +
                                        "' (ring, hierarchical)");
        }
        return p.algorithm == "hierarchical";
    };
    return Registration<Collective>(
        {name,
         what + " over --group hosts by --algorithm: ring (as ring-" + name +
             ") or hierarchical (across and in servers of --localRanks hosts)",
         CollectiveBound::MATRIX,
         {"msgBytes", "group", "algorithm", LocalRanksFlag().first},
         [=](const CollectiveParams& p) -> uint64_t {
             if (hierarchicalOf(p))
             {
                 return HierarchicalMessages(hierarchical,
                                             p.hosts,
                                             p.group,
                                             HierarchicalLocalRanks());
             }
             return static_cast<uint64_t>(p.hosts) *
                    RingSteps(ring, CollectiveGroupSize(p.hosts, p.group, "ring"));
         },
         [=](const CollectiveParams& p) {
             if (hierarchicalOf(p))
             {
                 return HierarchicalCollective(hierarchical,
                                               p.hosts,
                                               p.group,
                                               HierarchicalLocalRanks(),
                                               p.bytes);
             }
             return RingCollective(ring, p.hosts, p.group, p.bytes);
         },
         {LocalRanksFlag()}});
}

const Registration<Collective> g_allGather =
    RegisterGatherOrScatter("allgather",
                            "all-gather of a --msgBytes result",
                            RingKind::ALL_GATHER,
                            HierarchicalKind::ALL_GATHER);
const Registration<Collective> g_reduceScatter =
    RegisterGatherOrScatter("reducescatter",
                            "reduce-scatter of a --msgBytes buffer",
                            RingKind::REDUCE_SCATTER,
                            HierarchicalKind::REDUCE_SCATTER);

} // namespace

} // namespace fabriclb
} // namespace ns3
