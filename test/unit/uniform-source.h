/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_TEST_UNIFORM_SOURCE_H
#define FABRIC_LB_TEST_UNIFORM_SOURCE_H

#include "ns3/uniform-index.h"

#include <cmath>
#include <functional>
#include <gtest/gtest.h>
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

/// A reproducible source of uniform reals in [0, 1): the top 53 bits of a 64-bit engine
/// (std::uniform_real_distribution may return 1 in libstdc++).
inline std::function<double()>
UnitSource(uint64_t seed)
{
    auto engine = std::make_shared<std::mt19937_64>(seed);
    return [engine] { return std::ldexp(static_cast<double>((*engine)() >> 11), -53); };
}

/// A uniform source that also counts its draws in \p calls.
inline ns3::fabriclb::UniformIndex
CountingSource(uint32_t seed, std::shared_ptr<uint64_t> calls)
{
    ns3::fabriclb::UniformIndex inner = Source(seed);
    return [inner, calls](uint32_t bound) {
        ++*calls;
        return inner(bound);
    };
}

/// A source that must never be called.
inline uint32_t
NoDraw(uint32_t)
{
    ADD_FAILURE() << "unexpected random draw";
    return 0;
}

#endif /* FABRIC_LB_TEST_UNIFORM_SOURCE_H */
