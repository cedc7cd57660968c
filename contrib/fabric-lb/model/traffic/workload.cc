/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "workload.h"

#include "ns3/random-variable-stream.h"

#include <numeric>
#include <stdexcept>
#include <utility>

namespace ns3
{
namespace fabriclb
{

UniformIndex
UniformIndexFrom(Ptr<UniformRandomVariable> rng)
{
    return [rng](uint32_t bound) { return rng->GetInteger(0, bound - 1); };
}

std::vector<uint32_t>
RandomDerangement(uint32_t hosts, const UniformIndex& draw)
{
    if (hosts < 2)
    {
        throw std::invalid_argument("a derangement needs at least two hosts");
    }
    std::vector<uint32_t> order(hosts);
    while (true)
    {
        std::iota(order.begin(), order.end(), 0U);
        for (uint32_t i = hosts - 1; i > 0; --i)
        {
            std::swap(order[i], order[draw(i + 1)]);
        }
        bool fixedPoint = false;
        for (uint32_t i = 0; i < hosts && !fixedPoint; ++i)
        {
            fixedPoint = order[i] == i;
        }
        if (!fixedPoint)
        {
            return order;
        }
    }
}

std::vector<MessageSpec>
PermutationWorkload(uint32_t hosts, uint64_t bytes, const UniformIndex& draw)
{
    const std::vector<uint32_t> partner = RandomDerangement(hosts, draw);
    std::vector<MessageSpec> messages;
    messages.reserve(hosts);
    for (uint32_t h = 0; h < hosts; ++h)
    {
        messages.push_back({h, partner[h], bytes});
    }
    return messages;
}

std::vector<MessageSpec>
AllToAllWorkload(uint32_t hosts, uint64_t bytes)
{
    std::vector<MessageSpec> messages;
    messages.reserve(static_cast<size_t>(hosts) * (hosts - 1));
    for (uint32_t s = 0; s < hosts; ++s)
    {
        for (uint32_t step = 1; step < hosts; ++step)
        {
            // Each host starts with a different destination, so that the round-robin
            // NICs do not all aim at host 0 first.
            messages.push_back({s, (s + step) % hosts, bytes});
        }
    }
    return messages;
}

std::vector<MessageSpec>
IncastWorkload(uint32_t hosts, uint64_t bytes)
{
    std::vector<MessageSpec> messages;
    messages.reserve(hosts);
    for (uint32_t s = 1; s < hosts; ++s)
    {
        messages.push_back({s, 0, bytes});
    }
    return messages;
}

} // namespace fabriclb
} // namespace ns3
