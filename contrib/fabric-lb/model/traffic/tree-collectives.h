/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_TREE_COLLECTIVES_H
#define FABRIC_LB_TREE_COLLECTIVES_H

#include "connection-matrix.h"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief One rank's place in a binary tree: its parent and up to two children.
 */
struct TreeNode
{
    std::optional<uint32_t> parent; //!< nothing at the root
    std::vector<uint32_t> children; //!< 0 (a leaf), 1 or 2 ranks
};

/**
 * \ingroup fabric-lb
 * \brief NCCL's binary tree over \p ranks ranks (ncclGetBtree): rank r's lowest set bit b
 * places it; its parent is (r xor b) or 2b, or r xor b where that is beyond the ranks; its
 * children r - b/2 and r + b/2 (the latter halved until it is a rank). Rank 0 is the root,
 * with the one child 2^(ceil(log2 n) - 1); the odd ranks are the leaves. Its depth (edges
 * from the root to the deepest leaf) is ceil(log2 n).
 * \param ranks at least 1
 * \return by rank, its node
 */
std::vector<TreeNode> BinaryTree(uint32_t ranks);

/**
 * \ingroup fabric-lb
 * \brief NCCL's double binary tree (ncclGetDtree): tree 0 is BinaryTree; tree 1 is it
 * mirrored (rank r plays rank n-1-r) for an even count, so that the leaves of one are the
 * interior ranks of the other, or shifted by one (rank r plays rank r-1 mod n) for an odd
 * count, where rank 0 is interior in both.
 * \param ranks at least 1
 * \return the two trees, by rank
 */
std::array<std::vector<TreeNode>, 2> DoubleBinaryTree(uint32_t ranks);

/// \return the edges from \p tree's root to its deepest leaf
uint32_t TreeDepth(const std::vector<TreeNode>& tree);

/**
 * \ingroup fabric-lb
 * \brief NCCL's double binary tree all-reduce over groups of \p group consecutive hosts: each
 * tree carries half of the buffer (ceil(bytes/2)), cut into the fewest equal chunks of at most
 * \p chunkBytes; every chunk is reduced up its tree and then broadcast down it. Each rank
 * sends chunk c up when it holds chunk c from each of its children and its own chunk c-1 up is
 * acknowledged; a root (or, going down, a rank) sends chunk c down to its children when it has
 * received that chunk from its children (from its parent) and its chunk c-1 down is
 * acknowledged: one chunk in flight per tree edge and direction, in order, as NCCL's
 * connections deliver them. The flows are numbered tree by tree, chunk by chunk, the up flows
 * (by rank) before the down flows (by parent, then child); each waits on a barrier trigger
 * whose count is the signals above.
 *
 * \param hosts hosts of the fabric
 * \param group hosts per tree pair, at least 2, dividing \p hosts (0: all hosts)
 * \param bytes each host's buffer, at least 1
 * \param chunkBytes the largest chunk, at least 1
 * \return the flows and triggers
 * \throws std::invalid_argument for a group that does not divide the hosts, or 0 bytes
 */
ConnectionMatrix TreeAllReduce(uint32_t hosts, uint32_t group, uint64_t bytes, uint64_t chunkBytes);

/// \return the chunks per tree of TreeAllReduce
uint64_t TreeChunks(uint64_t bytes, uint64_t chunkBytes);

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_TREE_COLLECTIVES_H */
