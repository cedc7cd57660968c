/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/dependency-order.h"

#include <gtest/gtest.h>

using ns3::fabriclb::DependencyOrder;

TEST(DependencyOrder, EveryItemAfterWhatItWaitsOnSmallestReadyFirst)
{
    // 3 waits on 0 and 2; 1 waits on 3; 0 and 2 wait on nothing.
    const std::vector<std::vector<uint32_t>> waitsOn{{}, {3}, {}, {0, 2}};
    EXPECT_EQ(DependencyOrder(waitsOn), (std::vector<uint32_t>{0, 2, 3, 1}));
}

TEST(DependencyOrder, ReadyItemsComeInIndexOrderWhateverTheirDependents)
{
    // 4 is ready before 1 and 2 become ready; the queue takes the smallest index first.
    const std::vector<std::vector<uint32_t>> waitsOn{{}, {0}, {0}, {}, {}};
    EXPECT_EQ(DependencyOrder(waitsOn), (std::vector<uint32_t>{0, 1, 2, 3, 4}));
}

TEST(DependencyOrder, LeavesOutACycleAndWhatWaitsOnIt)
{
    // 1 and 2 wait on each other; 3 waits on 2; 0 and 4 are free.
    const std::vector<std::vector<uint32_t>> waitsOn{{}, {2}, {1}, {2}, {0}};
    EXPECT_EQ(DependencyOrder(waitsOn), (std::vector<uint32_t>{0, 4}));
}

TEST(DependencyOrder, AnItemWaitingOnItselfIsACycle)
{
    EXPECT_EQ(DependencyOrder({{0}, {}}), (std::vector<uint32_t>{1}));
}

TEST(DependencyOrder, NoItemsNoOrder)
{
    EXPECT_TRUE(DependencyOrder({}).empty());
}
