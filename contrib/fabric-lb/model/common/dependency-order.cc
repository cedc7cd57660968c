/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "dependency-order.h"

#include <functional>
#include <queue>

namespace ns3
{
namespace fabriclb
{

std::vector<uint32_t>
DependencyOrder(const std::vector<std::vector<uint32_t>>& waitsOn)
{
    const auto n = static_cast<uint32_t>(waitsOn.size());
    std::vector<uint32_t> waiting(n);
    std::vector<std::vector<uint32_t>> dependents(n);
    for (uint32_t i = 0; i < n; ++i)
    {
        waiting[i] = static_cast<uint32_t>(waitsOn[i].size());
        for (const uint32_t before : waitsOn[i])
        {
            dependents[before].push_back(i);
        }
    }
    std::priority_queue<uint32_t, std::vector<uint32_t>, std::greater<>> ready;
    for (uint32_t i = 0; i < n; ++i)
    {
        if (waiting[i] == 0)
        {
            ready.push(i);
        }
    }
    std::vector<uint32_t> order;
    order.reserve(n);
    while (!ready.empty())
    {
        const uint32_t next = ready.top();
        ready.pop();
        order.push_back(next);
        for (const uint32_t dependent : dependents[next])
        {
            if (--waiting[dependent] == 0)
            {
                ready.push(dependent);
            }
        }
    }
    return order;
}

} // namespace fabriclb
} // namespace ns3
