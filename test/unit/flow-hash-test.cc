/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/flow-hash.h"

#include <array>
#include <gtest/gtest.h>

using ns3::fabriclb::FiveTuple;
using ns3::fabriclb::SaltedFlowHash;

namespace
{
FiveTuple
Tuple(uint16_t label)
{
    return FiveTuple{0x0A000001, 0x0A000021, label, 4791, 17};
}
} // namespace

TEST(FlowHash, DeterministicPerSaltAndTuple)
{
    EXPECT_EQ(SaltedFlowHash(7, Tuple(5000)), SaltedFlowHash(7, Tuple(5000)));
    EXPECT_NE(SaltedFlowHash(7, Tuple(5000)), SaltedFlowHash(8, Tuple(5000)));
    EXPECT_NE(SaltedFlowHash(7, Tuple(5000)), SaltedFlowHash(7, Tuple(5001)));
    FiveTuple swapped = Tuple(5000);
    std::swap(swapped.source, swapped.destination);
    EXPECT_NE(SaltedFlowHash(7, Tuple(5000)), SaltedFlowHash(7, swapped));
}

TEST(FlowHash, LabelsSpreadEvenlyOverUplinks)
{
    // 40000 labels over 4 uplinks: chi-square with 3 degrees of freedom stays
    // under 16.27 (p = 0.001) for a uniform hash.
    constexpr uint32_t uplinks = 4;
    constexpr uint32_t labels = 40000;
    std::array<uint32_t, uplinks> counts{};
    for (uint32_t label = 0; label < labels; ++label)
    {
        ++counts[SaltedFlowHash(12345, Tuple(static_cast<uint16_t>(1024 + label))) % uplinks];
    }
    const double expected = double(labels) / uplinks;
    double chiSquare = 0;
    for (uint32_t c : counts)
    {
        chiSquare += (c - expected) * (c - expected) / expected;
    }
    EXPECT_LT(chiSquare, 16.27);
}

TEST(FlowHash, SaltsDecorrelateSwitches)
{
    // Two switches with different salts agree on about 1/4 of the choices, not all.
    uint32_t agree = 0;
    for (uint32_t label = 0; label < 4000; ++label)
    {
        const FiveTuple t = Tuple(static_cast<uint16_t>(1024 + label));
        agree += (SaltedFlowHash(1, t) % 4) == (SaltedFlowHash(2, t) % 4);
    }
    EXPECT_GT(agree, 850U);
    EXPECT_LT(agree, 1150U);
}
