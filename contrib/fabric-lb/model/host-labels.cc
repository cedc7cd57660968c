/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "host-labels.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace ns3
{
namespace fabriclb
{

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

} // namespace fabriclb
} // namespace ns3
