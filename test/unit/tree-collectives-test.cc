/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * NCCL's double binary tree, its all-reduce's messages and triggers, and the critical path
 * the bound takes through them.
 */

#include "ns3/collectives.h"
#include "ns3/lower-bound.h"
#include "ns3/tree-collectives.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3::fabriclb;

namespace
{

/// \return ceil(log2(n)) for n >= 1
uint32_t
CeilLog2(uint32_t n)
{
    uint32_t bits = 0;
    while ((1U << bits) < n)
    {
        ++bits;
    }
    return bits;
}

/// \return each flow as "SRC->DST start|tN [sN] [rN]" and each trigger as "id:count:waiting"
std::vector<std::string>
Listing(const ConnectionMatrix& m)
{
    std::vector<std::string> lines;
    for (const MatrixFlow& f : m.flows)
    {
        std::ostringstream os;
        os << f.source << "->" << f.destination << " "
           << (f.trigger ? "t" + std::to_string(*f.trigger) : "start");
        if (f.sendDoneTrigger)
        {
            os << " s" << *f.sendDoneTrigger;
        }
        if (f.recvDoneTrigger)
        {
            os << " r" << *f.recvDoneTrigger;
        }
        lines.push_back(os.str());
    }
    for (const MatrixTrigger& t : m.triggers)
    {
        std::ostringstream os;
        os << t.id << ":" << t.count << ":";
        for (const uint32_t w : t.waiting)
        {
            os << " " << w;
        }
        lines.push_back(os.str());
    }
    return lines;
}

/// \return the latest arrival of \p m's flows, each arriving \p a after its earliest start
uint64_t
CriticalPath(const ConnectionMatrix& m, uint64_t a, uint64_t k)
{
    const std::vector<uint64_t> arrival(m.flows.size(), a);
    const std::vector<uint64_t> completion(m.flows.size(), k);
    uint64_t last = 0;
    for (const std::optional<uint64_t>& start : ComputeEarliestStarts(m, arrival, completion))
    {
        EXPECT_TRUE(start.has_value()) << "every flow starts";
        last = std::max(last, start.value_or(0) + a);
    }
    return last;
}

} // namespace

TEST(TreeCollectives, BothTreesSpanEveryRankConsistentlyAtDepthCeilLog2)
{
    for (uint32_t n = 2; n <= 70; ++n)
    {
        const auto trees = DoubleBinaryTree(n);
        std::vector<uint32_t> interior(n, 0);
        for (const std::vector<TreeNode>& tree : trees)
        {
            ASSERT_EQ(tree.size(), n);
            uint32_t roots = 0;
            uint32_t edges = 0;
            for (uint32_t r = 0; r < n; ++r)
            {
                const TreeNode& node = tree[r];
                EXPECT_LE(node.children.size(), 2U);
                roots += node.parent ? 0 : 1;
                if (node.parent)
                {
                    ASSERT_LT(*node.parent, n);
                    const auto& siblings = tree[*node.parent].children;
                    EXPECT_EQ(std::count(siblings.begin(), siblings.end(), r), 1) << n << " " << r;
                }
                for (const uint32_t child : node.children)
                {
                    ASSERT_LT(child, n);
                    EXPECT_EQ(tree[child].parent.value_or(n), r) << n;
                    ++edges;
                }
                interior[r] += node.children.empty() ? 0 : 1;
            }
            EXPECT_EQ(roots, 1U) << n;
            EXPECT_EQ(edges, n - 1) << "connected, no cycle: " << n;
            EXPECT_EQ(TreeDepth(tree), CeilLog2(n)) << n;
        }
        for (uint32_t r = 0; r < n; ++r)
        {
            // NCCL's shift for an odd count leaves rank 0 interior in both.
            EXPECT_LE(interior[r], (n % 2 == 1 && r == 0) ? 2U : 1U) << n << " " << r;
        }
    }
}

TEST(TreeCollectives, TreesOfFourAndEightAreNcclsAndTheirMirrors)
{
    const auto four = DoubleBinaryTree(4);
    EXPECT_FALSE(four[0][0].parent);
    EXPECT_EQ(four[0][0].children, (std::vector<uint32_t>{2}));
    EXPECT_EQ(four[0][2].children, (std::vector<uint32_t>{1, 3}));
    EXPECT_FALSE(four[1][3].parent);
    EXPECT_EQ(four[1][3].children, (std::vector<uint32_t>{1}));
    EXPECT_EQ(four[1][1].children, (std::vector<uint32_t>{2, 0}));
    const auto eight = BinaryTree(8);
    EXPECT_EQ(eight[0].children, (std::vector<uint32_t>{4}));
    EXPECT_EQ(eight[4].children, (std::vector<uint32_t>{2, 6}));
    EXPECT_EQ(eight[2].children, (std::vector<uint32_t>{1, 3}));
    EXPECT_EQ(eight[6].children, (std::vector<uint32_t>{5, 7}));
    EXPECT_EQ(eight[7].parent.value_or(0), 6U);
    const auto three = DoubleBinaryTree(3);
    EXPECT_EQ(three[0][0].children, (std::vector<uint32_t>{2}));
    EXPECT_EQ(three[1][1].children, (std::vector<uint32_t>{0})) << "shifted: rank 1 is the root";
    EXPECT_EQ(three[1][0].children, (std::vector<uint32_t>{2}));
}

TEST(TreeCollectives, FourRanksOneChunkAreTheseMessagesAndTriggers)
{
    // Tree 0: 0 -> 2 -> {1, 3}; tree 1: 3 -> 1 -> {2, 0}. Each tree's half: one 1-byte chunk.
    const ConnectionMatrix m = TreeAllReduce(4, 0, 2, 1);
    EXPECT_EQ(Listing(m),
              (std::vector<std::string>{
                  // tree 0: up by rank, then down by parent
                  "1->2 start r1",
                  "2->0 t1 r2",
                  "3->2 start r1",
                  "0->2 t2 r3",
                  "2->1 t3",
                  "2->3 t3",
                  // tree 1
                  "0->1 start r4",
                  "1->3 t4 r6",
                  "2->1 start r4",
                  "1->2 t5",
                  "1->0 t5",
                  "3->1 t6 r5",
                  // triggers: rank 2's reduce, the root's and rank 2's broadcast; tree 1's
                  "1:2: 1",
                  "2:1: 3",
                  "3:1: 4 5",
                  "4:2: 7",
                  "5:1: 9 10",
                  "6:1: 11",
              }));
    for (const MatrixFlow& f : m.flows)
    {
        EXPECT_EQ(f.bytes, 1U);
    }
}

TEST(TreeCollectives, ChunksFollowOneAnotherOnEachEdge)
{
    // 4 ranks, 2 chunks a tree: the second chunk waits for the first's ACKs as well.
    const ConnectionMatrix m = TreeAllReduce(4, 0, 4, 1);
    ASSERT_EQ(m.flows.size(), 24U);
    const std::vector<std::string> listing = Listing(m);
    // Tree 0's triggers: chunk 0 (ids 1-3) as above; chunk 1: rank 1's and 3's next send
    // (1 signal each), rank 2's reduce (2 children + its own chunk 0), the root's broadcast
    // (its child + its chunk 0 down), rank 2's broadcast (its parent + its 2 chunks 0 down).
    EXPECT_EQ(std::vector<std::string>(listing.begin() + 24, listing.begin() + 24 + 8),
              (std::vector<std::string>{"1:2: 1",
                                        "2:1: 3",
                                        "3:1: 4 5",
                                        "4:1: 6",
                                        "5:3: 7",
                                        "6:1: 8",
                                        "7:2: 9",
                                        "8:3: 10 11"}));
    EXPECT_EQ(listing[0], "1->2 start s4 r1");
    EXPECT_EQ(listing[1], "2->0 t1 s5 r2");
    EXPECT_EQ(listing[3], "0->2 t2 s7 r3");
    EXPECT_EQ(listing[4], "2->1 t3 s8");
    EXPECT_EQ(listing[6], "1->2 t4 r5");
    // What the parser accepts: every trigger fires.
    std::stringstream text;
    WriteConnectionMatrix(text, m);
    EXPECT_NO_THROW(ParseConnectionMatrix(text, "tree.cm", 4));
}

TEST(TreeCollectives, SizesChunksAndGroups)
{
    EXPECT_EQ(TreeChunks(16 << 20, 512 << 10), 16U);
    EXPECT_EQ(TreeChunks(1, 512 << 10), 1U);
    EXPECT_EQ(TreeChunks(5, 2), 2U) << "half of 5 is 3: chunks of 2 and 1";
    const ConnectionMatrix odd = TreeAllReduce(4, 0, 5, 2);
    EXPECT_EQ(odd.flows.front().bytes, 2U) << "equal chunks of ceil(3 / 2)";
    const ConnectionMatrix groups = TreeAllReduce(16, 4, 2, 1);
    EXPECT_EQ(groups.flows.size(), 4U * 12);
    for (const MatrixFlow& f : groups.flows)
    {
        EXPECT_EQ(f.source / 4, f.destination / 4) << "within its group";
    }
    EXPECT_THROW(TreeAllReduce(16, 3, 2, 1), std::invalid_argument);
    EXPECT_THROW(TreeAllReduce(16, 0, 0, 1), std::invalid_argument);
    EXPECT_THROW(TreeAllReduce(16, 0, 2, 0), std::invalid_argument);
}

TEST(TreeCollectives, TheBoundsCriticalPathIsChunksAfterOneAnotherThenTwiceTheDepth)
{
    // Every chunk arriving a = 1 after it starts and acknowledged k = 3 after: the last chunk
    // leaves its leaf after C - 1 acknowledged ones, then crosses 2d edges:
    // (C - 1) k + 2 d a.
    EXPECT_EQ(CriticalPath(TreeAllReduce(4, 0, 2, 1), 1, 3), 4U);          // C 1, d 2
    EXPECT_EQ(CriticalPath(TreeAllReduce(4, 0, 4, 1), 1, 3), 3U + 4);      // C 2, d 2
    EXPECT_EQ(CriticalPath(TreeAllReduce(8, 0, 6, 1), 1, 3), 6U + 6);      // C 3, d 3
    EXPECT_EQ(CriticalPath(TreeAllReduce(128, 0, 32, 1), 2, 5), 75U + 28); // C 16, d 7
}

TEST(TreeCollectives, AllReduceChoosesItsAlgorithm)
{
    const Collective& allReduce = Workloads().Get("allreduce", "workload");
    CollectiveParams p;
    p.hosts = 8;
    p.bytes = 8192;
    p.chunkBytes = 1024;
    p.algorithm = "ring";
    const ConnectionMatrix ring = allReduce.build(p);
    const ConnectionMatrix ringAllReduce = Workloads().Get("ring-allreduce", "workload").build(p);
    EXPECT_EQ(Listing(ring), Listing(ringAllReduce));
    EXPECT_EQ(allReduce.messages(p), ring.flows.size());
    p.algorithm = "tree";
    const ConnectionMatrix tree = allReduce.build(p);
    EXPECT_EQ(tree.flows.size(), 2U * 2 * 7 * 4);
    EXPECT_EQ(allReduce.messages(p), tree.flows.size());
    p.algorithm = "butterfly";
    EXPECT_THROW(allReduce.build(p), std::invalid_argument);
    EXPECT_THROW(allReduce.messages(p), std::invalid_argument);
}
