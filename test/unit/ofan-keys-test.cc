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
    EXPECT_EQ(OfanPointerCount(64, FabricRole::EDGE, 1), 2047U);
    EXPECT_EQ(OfanPointerCount(64, FabricRole::AGGREGATION, 1), 63U);
    // The module keeps data and ACK bins.
    EXPECT_EQ(OfanPointerCount(64, FabricRole::EDGE), 4094U);
    EXPECT_EQ(OfanPointerCount(64, FabricRole::AGGREGATION), 126U);
    // Default fabric, k=8: 32 edge switches, 8 pods.
    EXPECT_EQ(OfanPointerCount(8, FabricRole::EDGE), 62U);
    EXPECT_EQ(OfanPointerCount(8, FabricRole::AGGREGATION), 14U);
    EXPECT_THROW(OfanPointerCount(5, FabricRole::EDGE), std::invalid_argument);
    EXPECT_THROW(OfanPointerCount(8, FabricRole::CORE), std::invalid_argument);
}

TEST(Ofan, KeysAreDestinationEdgeSwitchesAndPods)
{
    const FatTreeTopology topology(4); // 16 hosts, 2 per edge switch, 4 per pod
    EXPECT_EQ(OfanKeyCount(topology, FabricRole::EDGE), 8U);
    EXPECT_EQ(OfanKeyCount(topology, FabricRole::AGGREGATION), 4U);
    for (uint32_t host = 0; host < topology.HostCount(); ++host)
    {
        EXPECT_EQ(OfanKey(topology, FabricRole::EDGE, host), host / 2);
        EXPECT_EQ(OfanKey(topology, FabricRole::AGGREGATION, host), host / 4);
    }
    EXPECT_THROW(OfanKey(topology, FabricRole::HOST, 0), std::invalid_argument);
    EXPECT_THROW(OfanKeyCount(topology, FabricRole::CORE), std::invalid_argument);
}
