/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rotation.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <utility>

namespace ns3
{
namespace fabriclb
{

namespace
{
/// \return true if \p order is a permutation of 0 .. order.size()-1
bool
IsPermutation(const std::vector<uint32_t>& order)
{
    std::vector<bool> seen(order.size(), false);
    for (uint32_t port : order)
    {
        if (port >= order.size() || seen[port])
        {
            return false;
        }
        seen[port] = true;
    }
    return true;
}

} // namespace

RotationPointer::RotationPointer(uint32_t n,
                                 uint32_t reshuffleEveryWraps,
                                 const UniformIndex& draw,
                                 bool randomStart,
                                 bool randomOrder)
    : m_position(0),
      m_wraps(0),
      m_reshuffleEvery(reshuffleEveryWraps)
{
    if (n == 0)
    {
        throw std::invalid_argument("a rotation needs at least one port");
    }
    if (randomOrder)
    {
        m_order = ShuffledOrder(n, draw);
    }
    else
    {
        m_order.resize(n);
        std::iota(m_order.begin(), m_order.end(), 0U);
    }
    if (randomStart && n > 1)
    {
        m_position = draw(n);
    }
    if (m_reshuffleEvery > 0)
    {
        m_draw = draw;
    }
}

RotationPointer::RotationPointer(std::vector<uint32_t> order, uint32_t start)
    : m_order(std::move(order)),
      m_position(start),
      m_wraps(0),
      m_reshuffleEvery(0)
{
    if (m_order.empty() || !IsPermutation(m_order))
    {
        throw std::invalid_argument("a rotation order must be a non-empty permutation");
    }
    if (start >= m_order.size())
    {
        throw std::invalid_argument("rotation start out of range");
    }
}

uint32_t
RotationPointer::Next()
{
    const uint32_t port = m_order[m_position];
    if (++m_position == m_order.size())
    {
        m_position = 0;
        ++m_wraps;
        if (m_reshuffleEvery > 0 && m_wraps % m_reshuffleEvery == 0)
        {
            m_order = ShuffledOrder(Size(), m_draw);
        }
    }
    return port;
}

uint32_t
RotationPointer::NextUsable(const std::function<bool(uint32_t)>& usable)
{
    // A reshuffle during the search brings a fresh order: try the whole of it once.
    bool reshuffled = false;
    for (uint32_t left = Size(); left > 0; --left)
    {
        const uint64_t wraps = m_wraps;
        const uint32_t port = Next();
        if (usable(port))
        {
            return port;
        }
        if (!reshuffled && m_wraps != wraps && m_reshuffleEvery > 0 &&
            m_wraps % m_reshuffleEvery == 0)
        {
            reshuffled = true;
            left = Size() + 1;
        }
    }
    return Size();
}

std::vector<uint32_t>
ShuffledOrder(uint32_t n, const UniformIndex& draw)
{
    std::vector<uint32_t> order(n);
    std::iota(order.begin(), order.end(), 0U);
    for (uint32_t i = n; i > 1; --i)
    {
        std::swap(order[i - 1], order[draw(i)]);
    }
    return order;
}

uint64_t
WeightGcd(const std::vector<uint64_t>& weights)
{
    uint64_t g = 0;
    for (uint64_t w : weights)
    {
        g = std::gcd(g, w);
    }
    return g;
}

std::vector<uint32_t>
BuildIwrrSchedule(const std::vector<uint64_t>& weights, const std::vector<uint32_t>& portOrder)
{
    if (portOrder.size() != weights.size() || !IsPermutation(portOrder))
    {
        throw std::invalid_argument("IWRR port order must be a permutation of the ports");
    }
    const uint64_t g = WeightGcd(weights);
    if (g == 0)
    {
        return {};
    }
    std::vector<uint64_t> reduced(weights.size());
    uint64_t rounds = 0;
    uint64_t slots = 0;
    for (size_t p = 0; p < weights.size(); ++p)
    {
        reduced[p] = weights[p] / g;
        rounds = std::max(rounds, reduced[p]);
        slots += reduced[p];
    }
    std::vector<uint32_t> schedule;
    schedule.reserve(slots);
    for (uint64_t r = 1; r <= rounds; ++r)
    {
        for (uint32_t port : portOrder)
        {
            if (reduced[port] >= r)
            {
                schedule.push_back(port);
            }
        }
    }
    return schedule;
}

WeightedRotation::WeightedRotation(std::vector<uint32_t> schedule,
                                   const UniformIndex& draw,
                                   uint32_t shiftEveryWraps)
    : m_schedule(std::move(schedule)),
      m_position(0),
      m_served(0),
      m_shiftEvery(shiftEveryWraps)
{
    if (m_schedule.size() > 1)
    {
        m_position = draw(static_cast<uint32_t>(m_schedule.size()));
    }
}

WeightedRotation
WeightedRotation::FromWeights(const std::vector<uint64_t>& weights,
                              const UniformIndex& draw,
                              uint32_t shiftEveryWraps)
{
    const std::vector<uint32_t> order = ShuffledOrder(static_cast<uint32_t>(weights.size()), draw);
    return WeightedRotation(BuildIwrrSchedule(weights, order), draw, shiftEveryWraps);
}

uint32_t
WeightedRotation::Next()
{
    if (m_schedule.empty())
    {
        throw std::logic_error("weighted rotation over an empty schedule");
    }
    const uint32_t port = m_schedule[m_position];
    const uint64_t slots = m_schedule.size();
    m_position = (m_position + 1) % slots;
    ++m_served;
    if (m_shiftEvery > 0 && m_served % (m_shiftEvery * slots) == 0)
    {
        m_position = (m_position + 1) % slots; // skip one slot: the phase moves on by one
    }
    return port;
}

} // namespace fabriclb
} // namespace ns3
