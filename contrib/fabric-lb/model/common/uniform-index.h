/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_UNIFORM_INDEX_H
#define FABRIC_LB_UNIFORM_INDEX_H

#include <cstdint>
#include <functional>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * Draws a uniform integer in [0, bound). The pure logic takes every random
 * draw from one of these; the ns-3 glue passes UniformIndexFrom (workload.h),
 * backed by a UniformRandomVariable, so that every draw comes from an ns-3
 * stream, and unit tests pass a seeded engine.
 */
using UniformIndex = std::function<uint32_t(uint32_t bound)>;

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_UNIFORM_INDEX_H */
