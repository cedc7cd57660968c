/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_TIME_COVERED_H
#define FABRIC_LB_TIME_COVERED_H

#include <cstdint>
#include <vector>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief The time during which at least one of the first \p count intervals holds: the length
 * of their union. Interval i runs from startsPs[i] to completionsPs[i]; one with a negative end
 * (never started or never completed) counts for nothing.
 * \param startsPs by interval, its start in picoseconds
 * \param completionsPs by interval, its end in picoseconds
 * \param count how many intervals, from the first (at most the shorter vector's size)
 * \return the length of their union, in picoseconds
 */
uint64_t TimeCovered(const std::vector<int64_t>& startsPs,
                     const std::vector<int64_t>& completionsPs,
                     uint64_t count);

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_TIME_COVERED_H */
