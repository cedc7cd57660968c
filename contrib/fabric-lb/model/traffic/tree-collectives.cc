/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tree-collectives.h"

#include "ring-collectives.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace ns3
{
namespace fabriclb
{

namespace
{

/// Where a direction of a tree's edges carries a chunk.
enum Direction : uint8_t
{
    UP = 0,  //!< reduced towards the root
    DOWN = 1 //!< broadcast from the root
};

/// \return the index of a new barrier trigger of \p count signals in \p traffic
uint32_t
AddBarrier(ConnectionMatrix& traffic, uint32_t count)
{
    const auto id = static_cast<uint32_t>(traffic.triggers.size() + 1);
    traffic.triggers.push_back(MatrixTrigger{id, TriggerKind::BARRIER, count, {}, 0});
    return id - 1;
}

/**
 * Appends one tree's chunks over \p members to \p traffic (TreeAllReduce says how).
 */
void
AppendTree(ConnectionMatrix& traffic,
           const std::vector<TreeNode>& tree,
           const std::vector<uint32_t>& members,
           uint64_t chunks,
           uint64_t chunk)
{
    const auto n = static_cast<uint32_t>(tree.size());
    // trigger[c][direction][rank]: the index of the trigger that rank's chunk c flows in that
    // direction wait for, if any (a leaf's first up flow starts at time 0).
    std::vector<std::array<std::vector<std::optional<uint32_t>>, 2>> trigger(chunks);
    for (uint64_t c = 0; c < chunks; ++c)
    {
        trigger[c][UP].resize(n);
        trigger[c][DOWN].resize(n);
        const uint32_t previous = c > 0 ? 1 : 0;
        for (uint32_t r = 0; r < n; ++r)
        {
            const auto children = static_cast<uint32_t>(tree[r].children.size());
            if (tree[r].parent && children + previous > 0)
            {
                trigger[c][UP][r] = AddBarrier(traffic, children + previous);
            }
        }
        for (uint32_t r = 0; r < n; ++r)
        {
            const auto children = static_cast<uint32_t>(tree[r].children.size());
            if (children > 0)
            {
                const uint32_t inputs = tree[r].parent ? 1 : children;
                trigger[c][DOWN][r] = AddBarrier(traffic, inputs + previous * children);
            }
        }
    }
    const auto idOf = [&traffic](std::optional<uint32_t> index) -> std::optional<uint32_t> {
        if (!index)
        {
            return std::nullopt;
        }
        return traffic.triggers[*index].id;
    };
    const auto addFlow = [&traffic, &members, chunk](uint32_t from,
                                                     uint32_t to,
                                                     std::optional<uint32_t> waitsOn,
                                                     std::optional<uint32_t> sendDone,
                                                     std::optional<uint32_t> recvDone) {
        MatrixFlow flow{};
        flow.source = members[from];
        flow.destination = members[to];
        flow.id = static_cast<uint32_t>(traffic.flows.size() + 1);
        flow.bytes = chunk;
        if (waitsOn)
        {
            flow.trigger = traffic.triggers[*waitsOn].id;
            traffic.triggers[*waitsOn].waiting.push_back(flow.id - 1);
        }
        else
        {
            flow.startPs = 0;
        }
        flow.sendDoneTrigger = sendDone;
        flow.recvDoneTrigger = recvDone;
        traffic.flows.push_back(flow);
    };
    for (uint64_t c = 0; c < chunks; ++c)
    {
        const bool more = c + 1 < chunks;
        for (uint32_t r = 0; r < n; ++r)
        {
            if (const std::optional<uint32_t> parent = tree[r].parent)
            {
                // The parent reduces it into its own chunk c, or the root starts it down.
                const Direction next = tree[*parent].parent ? UP : DOWN;
                addFlow(r,
                        *parent,
                        trigger[c][UP][r],
                        more ? idOf(trigger[c + 1][UP][r]) : std::nullopt,
                        idOf(trigger[c][next][*parent]));
            }
        }
        for (uint32_t r = 0; r < n; ++r)
        {
            for (const uint32_t child : tree[r].children)
            {
                addFlow(r,
                        child,
                        trigger[c][DOWN][r],
                        more ? idOf(trigger[c + 1][DOWN][r]) : std::nullopt,
                        idOf(trigger[c][DOWN][child]));
            }
        }
    }
}

} // namespace

std::vector<TreeNode>
BinaryTree(uint32_t ranks)
{
    if (ranks == 0)
    {
        throw std::invalid_argument("a tree needs at least one rank");
    }
    std::vector<TreeNode> tree(ranks);
    for (uint32_t rank = 0; rank < ranks; ++rank)
    {
        uint64_t bit = 1;
        while (bit < ranks && (bit & rank) == 0)
        {
            bit <<= 1;
        }
        if (rank == 0)
        {
            if (ranks > 1)
            {
                tree[0].children.push_back(static_cast<uint32_t>(bit >> 1));
            }
            continue;
        }
        uint64_t up = (rank ^ bit) | (bit << 1);
        if (up >= ranks)
        {
            up = rank ^ bit;
        }
        tree[rank].parent = static_cast<uint32_t>(up);
        uint64_t low = bit >> 1;
        if (low == 0)
        {
            continue;
        }
        tree[rank].children.push_back(static_cast<uint32_t>(rank - low));
        while (low > 0 && rank + low >= ranks)
        {
            low >>= 1;
        }
        if (low > 0)
        {
            tree[rank].children.push_back(static_cast<uint32_t>(rank + low));
        }
    }
    return tree;
}

std::array<std::vector<TreeNode>, 2>
DoubleBinaryTree(uint32_t ranks)
{
    std::vector<TreeNode> first = BinaryTree(ranks);
    // Rank r of the second tree plays rank played(r) of the first.
    const auto played = [ranks](uint32_t r) {
        return ranks % 2 == 0 ? ranks - 1 - r : (r + ranks - 1) % ranks;
    };
    const auto actor = [ranks](uint32_t r) {
        return ranks % 2 == 0 ? ranks - 1 - r : (r + 1) % ranks;
    };
    std::vector<TreeNode> second(ranks);
    for (uint32_t r = 0; r < ranks; ++r)
    {
        const TreeNode& role = first[played(r)];
        if (role.parent)
        {
            second[r].parent = actor(*role.parent);
        }
        for (const uint32_t child : role.children)
        {
            second[r].children.push_back(actor(child));
        }
    }
    return {std::move(first), std::move(second)};
}

uint32_t
TreeDepth(const std::vector<TreeNode>& tree)
{
    uint32_t depth = 0;
    for (const TreeNode& node : tree)
    {
        uint32_t edges = 0;
        for (const TreeNode* at = &node; at->parent; at = &tree[*at->parent])
        {
            ++edges;
        }
        depth = std::max(depth, edges);
    }
    return depth;
}

uint64_t
TreeChunks(uint64_t bytes, uint64_t chunkBytes)
{
    if (bytes == 0 || chunkBytes == 0)
    {
        throw std::invalid_argument("a tree all-reduce needs a buffer and chunks of at least one "
                                    "byte");
    }
    const uint64_t half = bytes / 2 + bytes % 2;
    return half / chunkBytes + (half % chunkBytes != 0 ? 1 : 0);
}

ConnectionMatrix
TreeAllReduce(uint32_t hosts, uint32_t group, uint64_t bytes, uint64_t chunkBytes)
{
    const uint32_t g = CollectiveGroupSize(hosts, group, "tree");
    const uint64_t chunks = TreeChunks(bytes, chunkBytes);
    const uint64_t half = bytes / 2 + bytes % 2;
    const uint64_t chunk = half / chunks + (half % chunks != 0 ? 1 : 0);
    const std::array<std::vector<TreeNode>, 2> trees = DoubleBinaryTree(g);
    return InGroups(
        hosts,
        g,
        [&trees, chunks, chunk](ConnectionMatrix& traffic, const std::vector<uint32_t>& members) {
            for (const std::vector<TreeNode>& tree : trees)
            {
                AppendTree(traffic, tree, members, chunks, chunk);
            }
        });
}

} // namespace fabriclb
} // namespace ns3
