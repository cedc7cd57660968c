/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The worst-case link overload per stage: a link's load over its fair share.
 */

#include "ns3/link-balance.h"

#include <cmath>
#include <gtest/gtest.h>
#include <stdexcept>

using namespace ns3::fabriclb;

namespace
{

TEST(WorstLinkOverload, EqualLinksAreBalanced)
{
    const std::vector<LinkLoad> links{{0, 7, 4178}, {0, 7, 4178}, {1, 3, 100}, {1, 3, 100}};
    EXPECT_EQ(WorstLinkOverload(links, 2), (std::vector<double>{1.0, 1.0}));
}

TEST(WorstLinkOverload, TheBusiestLinkOverItsGroupsMean)
{
    // Two flows of 10 on one of two uplinks: the busy one carries twice its share.
    EXPECT_EQ(WorstLinkOverload({{0, 1, 20}, {0, 1, 0}}, 1), std::vector<double>{2.0});
    // Four links with 1, 1, 1 and 5: the mean is 2, the worst 5 / 2.
    EXPECT_EQ(WorstLinkOverload({{0, 9, 1}, {0, 9, 1}, {0, 9, 1}, {0, 9, 5}}, 1),
              std::vector<double>{2.5});
}

TEST(WorstLinkOverload, EachGroupHasItsOwnShare)
{
    // A busy switch whose uplinks are balanced beside an idle one: balanced (1), not
    // the stage's busiest link over the stage's mean (2).
    const std::vector<LinkLoad> links{{0, 1, 30}, {0, 1, 30}, {0, 2, 0}, {0, 2, 0}};
    EXPECT_EQ(WorstLinkOverload(links, 1), std::vector<double>{1.0});
    // The worst group of the stage decides: 1.5 in group 2 beats 1.2 in group 1.
    const std::vector<LinkLoad> mixed{{0, 1, 12}, {0, 1, 8}, {0, 2, 3}, {0, 2, 1}};
    EXPECT_EQ(WorstLinkOverload(mixed, 1), std::vector<double>{1.5});
}

TEST(WorstLinkOverload, SharesFollowCapacities)
{
    // A failed link has no share: the two live uplinks of three carrying 50 each are
    // balanced, not 1.5 times the three links' mean.
    EXPECT_EQ(WorstLinkOverload({{0, 1, 50}, {0, 1, 50}, {0, 1, 0, 0}}, 1),
              std::vector<double>{1.0});
    // A link degraded to a tenth of the rate has a tenth of a whole link's share:
    // 10 and 100 bytes over capacities 0.1 and 1 are balanced; 20 and 100 are not:
    // the slow link carries 120 * 0.1 / 1.1 = 10.909 as its share, 20 / 10.909 = 1.833.
    EXPECT_DOUBLE_EQ(WorstLinkOverload({{0, 1, 10, 0.1}, {0, 1, 100}}, 1)[0], 1.0);
    EXPECT_DOUBLE_EQ(WorstLinkOverload({{0, 1, 20, 0.1}, {0, 1, 100}}, 1)[0], 20 / (120 / 11.0));
    // Bytes sent into a link before it failed count in the group's, not as its overload.
    EXPECT_DOUBLE_EQ(WorstLinkOverload({{0, 1, 30, 0}, {0, 1, 60}, {0, 1, 60}}, 1)[0], 60 / 75.0);
}

TEST(WorstLinkOverload, StagesWithoutTrafficAreZero)
{
    EXPECT_EQ(WorstLinkOverload({{1, 0, 5}, {2, 0, 0}}, 4),
              (std::vector<double>{0.0, 1.0, 0.0, 0.0}));
    EXPECT_EQ(WorstLinkOverload({}, 3), (std::vector<double>{0.0, 0.0, 0.0}));
}

TEST(WorstLinkOverload, RefusesAnUnknownStageOrBadNumbers)
{
    EXPECT_THROW(WorstLinkOverload({{3, 0, 1}}, 3), std::invalid_argument);
    EXPECT_THROW(WorstLinkOverload({{0, 0, -1}}, 3), std::invalid_argument);
    EXPECT_THROW(WorstLinkOverload({{0, 0, std::nan("")}}, 3), std::invalid_argument);
    EXPECT_THROW(WorstLinkOverload({{0, 0, 1, -0.5}}, 3), std::invalid_argument);
}

} // namespace
