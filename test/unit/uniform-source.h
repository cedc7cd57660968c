/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_TEST_UNIFORM_SOURCE_H
#define FABRIC_LB_TEST_UNIFORM_SOURCE_H

#include "ns3/workload.h"

#include <memory>
#include <random>

/// A reproducible uniform source for the pure logic (the module passes an ns-3 stream).
inline ns3::fabriclb::UniformIndex
Source(uint32_t seed)
{
    auto engine = std::make_shared<std::mt19937>(seed);
    return [engine](uint32_t bound) {
        return std::uniform_int_distribution<uint32_t>(0, bound - 1)(*engine);
    };
}

#endif /* FABRIC_LB_TEST_UNIFORM_SOURCE_H */
