/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "time-covered.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace ns3
{
namespace fabriclb
{

uint64_t
TimeCovered(const std::vector<int64_t>& startsPs,
            const std::vector<int64_t>& completionsPs,
            uint64_t count)
{
    if (count > startsPs.size() || count > completionsPs.size())
    {
        throw std::invalid_argument("more intervals asked for than given");
    }
    std::vector<std::pair<int64_t, int64_t>> intervals;
    for (uint64_t i = 0; i < count; ++i)
    {
        if (startsPs[i] >= 0 && completionsPs[i] >= startsPs[i])
        {
            intervals.emplace_back(startsPs[i], completionsPs[i]);
        }
    }
    std::sort(intervals.begin(), intervals.end());
    uint64_t covered = 0;
    int64_t reached = 0; // the latest end so far: what is below it is counted
    for (const auto& [start, end] : intervals)
    {
        const int64_t from = std::max(start, reached);
        if (end > from)
        {
            covered += static_cast<uint64_t>(end - from);
            reached = end;
        }
    }
    return covered;
}

} // namespace fabriclb
} // namespace ns3
