/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "lb-logic.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>
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

/**
 * \return the index of a uniformly random one of the ports 0 .. n-1 whose key
 * is smallest (no draw when one port alone has it)
 */
template <typename Key>
uint32_t
PickAmongSmallest(uint32_t n, const Key& key, const UniformIndex& draw)
{
    auto smallest = key(0);
    uint32_t ties = 1;
    for (uint32_t i = 1; i < n; ++i)
    {
        const auto value = key(i);
        if (value < smallest)
        {
            smallest = value;
            ties = 1;
        }
        else if (value == smallest)
        {
            ++ties;
        }
    }
    uint32_t pick = ties == 1 ? 0 : draw(ties);
    for (uint32_t i = 0;; ++i)
    {
        if (key(i) == smallest && pick-- == 0)
        {
            return i;
        }
    }
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
    for (uint32_t tries = 0; tries < Size(); ++tries)
    {
        const uint32_t port = Next();
        if (usable(port))
        {
            return port;
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

const std::vector<double>&
DefaultBandThresholds()
{
    static const std::vector<double> thresholds{0.05, 0.10, 0.20};
    return thresholds;
}

uint32_t
QuantisedBand(uint64_t backlogBytes, uint64_t bufferBytes, const std::vector<double>& thresholds)
{
    uint32_t band = 0;
    for (double t : thresholds)
    {
        if (static_cast<double>(backlogBytes) >= t * static_cast<double>(bufferBytes))
        {
            ++band;
        }
    }
    return band;
}

uint32_t
ChooseLowestBand(const std::vector<uint32_t>& backlogs,
                 uint64_t bufferBytes,
                 const UniformIndex& draw,
                 const std::vector<double>& thresholds)
{
    if (backlogs.empty())
    {
        throw std::invalid_argument("no candidate port");
    }
    return PickAmongSmallest(
        static_cast<uint32_t>(backlogs.size()),
        [&](uint32_t i) { return QuantisedBand(backlogs[i], bufferBytes, thresholds); },
        draw);
}

uint32_t
ChooseShortest(const std::vector<uint32_t>& backlogs, const UniformIndex& draw)
{
    if (backlogs.empty())
    {
        throw std::invalid_argument("no candidate port");
    }
    return PickAmongSmallest(
        static_cast<uint32_t>(backlogs.size()),
        [&](uint32_t i) { return backlogs[i]; },
        draw);
}

uint32_t
ChooseUniform(uint32_t n, const UniformIndex& draw)
{
    if (n == 0)
    {
        throw std::invalid_argument("no candidate port");
    }
    return n == 1 ? 0 : draw(n);
}

FlowletTable::FlowletTable(uint64_t idleGapPs, uint32_t slots)
    : m_idleGapPs(idleGapPs),
      m_newFlowlets(0)
{
    if (slots == 0 || (slots & (slots - 1)) != 0)
    {
        throw std::invalid_argument("flowlet table size must be a power of two, got " +
                                    std::to_string(slots));
    }
    m_entries.resize(slots);
}

uint32_t
FlowletTable::Select(uint32_t hash, uint64_t nowPs, uint32_t n, const UniformIndex& draw)
{
    if (n == 0)
    {
        throw std::invalid_argument("no candidate port");
    }
    Entry& entry = m_entries[hash & (m_entries.size() - 1)];
    const bool expired = nowPs > entry.lastPs && nowPs - entry.lastPs > m_idleGapPs;
    if (!entry.valid || expired || entry.port >= n)
    {
        entry.port = ChooseUniform(n, draw);
        entry.valid = true;
        ++m_newFlowlets;
    }
    entry.lastPs = std::max(entry.lastPs, nowPs);
    return entry.port;
}

RepsLabelCache::RepsLabelCache(uint32_t capacity, uint32_t freezePackets, uint16_t minLabel)
    : m_capacity(capacity),
      m_freezePackets(freezePackets),
      m_freezeLeft(0),
      m_minLabel(minLabel),
      m_explored(0)
{
    if (capacity == 0 || minLabel == 0)
    {
        throw std::invalid_argument("REPS needs a non-empty cache and labels above 0");
    }
}

void
RepsLabelCache::Evict(uint16_t label)
{
    m_cache.erase(std::remove(m_cache.begin(), m_cache.end(), label), m_cache.end());
}

void
RepsLabelCache::OnAck(uint16_t label, bool ecnMarked)
{
    if (ecnMarked)
    {
        Evict(label);
        return;
    }
    if (m_cache.size() >= m_capacity)
    {
        return;
    }
    if (Frozen() && std::find(m_cache.begin(), m_cache.end(), label) != m_cache.end())
    {
        return;
    }
    m_cache.push_back(label);
}

void
RepsLabelCache::OnLoss(uint16_t label)
{
    Evict(label);
}

void
RepsLabelCache::OnTimeout()
{
    m_freezeLeft = m_freezePackets;
}

uint16_t
RepsLabelCache::NextLabel(const UniformIndex& draw)
{
    const bool frozen = Frozen();
    if (frozen)
    {
        --m_freezeLeft;
    }
    if (!m_cache.empty())
    {
        const uint16_t label = m_cache.front();
        m_cache.pop_front();
        if (frozen)
        {
            m_cache.push_back(label);
        }
        return label;
    }
    ++m_explored;
    const uint32_t span = 65536U - m_minLabel;
    return static_cast<uint16_t>(m_minLabel + draw(span));
}

PlbState::PlbState(uint32_t roundAcks, double threshold)
    : m_roundAcks(roundAcks),
      m_threshold(threshold),
      m_acks(0),
      m_marked(0),
      m_repaths(0)
{
    if (roundAcks == 0)
    {
        throw std::invalid_argument("a PLB round needs at least one ACK");
    }
}

bool
PlbState::OnAck(bool marked)
{
    ++m_acks;
    if (marked)
    {
        ++m_marked;
    }
    if (m_acks < m_roundAcks)
    {
        return false;
    }
    // Division, not multiplication: m/n is correctly rounded, so a fraction equal
    // to the threshold's decimal value compares equal and does not repath.
    const bool repath = static_cast<double>(m_marked) / m_acks > m_threshold;
    m_acks = 0;
    m_marked = 0;
    if (repath)
    {
        ++m_repaths;
    }
    return repath;
}

uint16_t
DrLabelBase(uint32_t half)
{
    if (half == 0 || half > 128)
    {
        throw std::invalid_argument("no DR label range for half = " + std::to_string(half));
    }
    const uint32_t block = half * half;
    const uint32_t base = (1024 + block - 1) / block * block;
    if (base + block > 65536U)
    {
        throw std::invalid_argument("no DR label range for half = " + std::to_string(half));
    }
    return static_cast<uint16_t>(base);
}

uint16_t
DrLabel(uint32_t half, uint32_t edgeUplink, uint32_t aggUplink)
{
    if (edgeUplink >= half || aggUplink >= half)
    {
        throw std::invalid_argument("DR uplink out of range");
    }
    return static_cast<uint16_t>(DrLabelBase(half) + edgeUplink + half * aggUplink);
}

HostDrRotation::HostDrRotation(uint32_t k, uint32_t source)
    : m_topology(k),
      m_source(source),
      m_labelBase(DrLabelBase(m_topology.Half()))
{
    if (source >= m_topology.HostCount())
    {
        throw std::invalid_argument("DR source host out of range");
    }
}

uint32_t
HostDrRotation::Choices(uint32_t destination) const
{
    return m_topology.PathCount(m_source, destination);
}

uint16_t
HostDrRotation::NextLabel(uint32_t destination, uint32_t sizeBin, const UniformIndex& draw)
{
    const uint32_t choices = Choices(destination);
    if (choices <= 1)
    {
        return m_labelBase;
    }
    const uint64_t key = (static_cast<uint64_t>(destination) << 32) | sizeBin;
    auto it = m_pointers.find(key);
    if (it == m_pointers.end())
    {
        it = m_pointers.emplace(key, RotationPointer(choices, 0, draw, true, false)).first;
    }
    // Slot = edge uplink + k/2 x aggregation uplink: DrLabel of that pair.
    return static_cast<uint16_t>(m_labelBase + it->second.Next());
}

uint32_t
OfanPointerCount(uint32_t k, OfanTier tier, uint32_t sizeBins)
{
    const FatTreeTopology topology(k);
    switch (tier)
    {
    case OfanTier::EDGE:
        return (topology.EdgeCount() - 1) * sizeBins;
    case OfanTier::AGGREGATION:
        return (k - 1) * sizeBins;
    }
    return 0;
}

} // namespace fabriclb
} // namespace ns3
