/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/ofan-keys.h"

#include <gtest/gtest.h>
#include <stdexcept>

using namespace ns3::fabriclb;

TEST(Ofan, PointerCounts)
{
    // The paper's k=64 figures count destination keys: one bin.
    EXPECT_EQ(OfanPointerCount(64, OfanTier::EDGE, 1), 2047U);
    EXPECT_EQ(OfanPointerCount(64, OfanTier::AGGREGATION, 1), 63U);
    // The module keeps data and ACK bins.
    EXPECT_EQ(OfanPointerCount(64, OfanTier::EDGE), 4094U);
    EXPECT_EQ(OfanPointerCount(64, OfanTier::AGGREGATION), 126U);
    // Default fabric, k=8: 32 edge switches, 8 pods.
    EXPECT_EQ(OfanPointerCount(8, OfanTier::EDGE), 62U);
    EXPECT_EQ(OfanPointerCount(8, OfanTier::AGGREGATION), 14U);
    EXPECT_THROW(OfanPointerCount(5, OfanTier::EDGE), std::invalid_argument);
}
