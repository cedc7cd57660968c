/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "host-labels.h"

#include "ns3/fabric-paths.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace ns3
{
namespace fabriclb
{

namespace
{
/**
 * \return a uniform integer in [0, bound), 0 if \p bound is 0; a bound of 2^32
 * or more is drawn in equal steps of bound / 2^32 + 1
 */
uint64_t
UniformBelow(uint64_t bound, const UniformIndex& draw)
{
    if (bound == 0)
    {
        return 0;
    }
    const uint64_t step = bound / (1ULL << 32) + 1;
    return draw(static_cast<uint32_t>(bound / step)) * step;
}
} // namespace

RepsLabelCache::RepsLabelCache(uint32_t capacity,
                               uint64_t freezePs,
                               uint16_t minLabel,
                               bool freezeAtEveryLoss)
    : m_capacity(capacity),
      m_freezePs(freezePs),
      m_minLabel(minLabel),
      m_explored(0),
      m_freezeAtEveryLoss(freezeAtEveryLoss)
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
    m_overdue.erase(std::remove(m_overdue.begin(), m_overdue.end(), label), m_overdue.end());
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
RepsLabelCache::OnLoss(uint16_t label, uint64_t nowPs)
{
    Evict(label);
    if (m_freezeAtEveryLoss)
    {
        OnTimeout(nowPs);
    }
    else if (std::find(m_overdue.begin(), m_overdue.end(), label) == m_overdue.end())
    {
        m_overdue.push_back(label);
    }
}

void
RepsLabelCache::OnTimeout(uint64_t nowPs)
{
    if (!m_frozen)
    {
        m_frozen = true;
        m_thawPs = nowPs + m_freezePs;
        ++m_freezes;
    }
}

uint16_t
RepsLabelCache::NextLabel(uint64_t nowPs, const UniformIndex& draw)
{
    while (true)
    {
        const uint16_t label = PickLabel(nowPs, draw);
        const auto overdue = std::find(m_overdue.begin(), m_overdue.end(), label);
        if (overdue == m_overdue.end())
        {
            return label;
        }
        // As the study's simulator: an overdue label picked again is a timeout.
        m_overdue.erase(overdue);
        OnTimeout(nowPs);
    }
}

uint16_t
RepsLabelCache::PickLabel(uint64_t nowPs, const UniformIndex& draw)
{
    if (m_frozen && nowPs >= m_thawPs)
    {
        // As the study's simulator: after a freeze, start afresh with new labels.
        m_frozen = false;
        m_cache.clear();
    }
    if (!m_cache.empty())
    {
        const uint16_t label = m_cache.front();
        m_cache.pop_front();
        if (m_frozen)
        {
            m_cache.push_back(label);
        }
        return label;
    }
    ++m_explored;
    const uint32_t span = 65536U - m_minLabel;
    return static_cast<uint16_t>(m_minLabel + draw(span));
}

PlbState::PlbState(uint32_t windowAcks,
                   uint32_t markedAcks,
                   uint32_t congestedGapsMin,
                   uint32_t congestedGapsMax)
    : m_windowAcks(windowAcks),
      m_markedAcks(markedAcks),
      m_gapsMin(congestedGapsMin),
      m_gapsMax(congestedGapsMax)
{
    if (windowAcks == 0)
    {
        throw std::invalid_argument("a PLB window needs at least one ACK");
    }
    if (congestedGapsMax < congestedGapsMin)
    {
        throw std::invalid_argument("the PLB congested interval's largest value is below its "
                                    "smallest");
    }
}

bool
PlbState::OnAck(bool marked, uint64_t nowPs, uint64_t pacingGapPs, const UniformIndex& draw)
{
    m_window.push_back(marked);
    m_marked += marked;
    if (m_window.size() > m_windowAcks)
    {
        m_marked -= m_window.front();
        m_window.pop_front();
    }
    if (m_marked < m_markedAcks)
    {
        m_lastGoodPs = nowPs;
        m_intervalPs =
            m_gapsMin * pacingGapPs + UniformBelow((m_gapsMax - m_gapsMin) * pacingGapPs, draw);
        m_hasInterval = true;
        return false;
    }
    if (!m_hasInterval || nowPs - m_lastGoodPs <= m_intervalPs)
    {
        return false;
    }
    m_lastGoodPs = nowPs;
    ++m_repaths;
    return true;
}

void
PlbState::OnLoss(uint64_t nowPs)
{
    m_lastGoodPs = nowPs;
    ++m_repaths;
}

uint16_t
DrLabelBase(uint32_t half)
{
    if (half == 0 || half > 128)
    {
        throw std::invalid_argument("no DR label range for half = " + std::to_string(half));
    }
    return DrLabelBaseForSlots(half * half);
}

uint16_t
DrLabelBaseForSlots(uint32_t slots)
{
    const uint64_t base = slots == 0 ? 0 : (1024 + uint64_t(slots) - 1) / slots * slots;
    if (slots == 0 || base + slots > 65536U)
    {
        throw std::invalid_argument("no DR label range for " + std::to_string(slots) +
                                    " paths: host DR's labels are 16-bit ports from 1024");
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

HostDrRotation::HostDrRotation(std::shared_ptr<const FabricTopology> topology, uint32_t source)
    : m_topology(std::move(topology)),
      m_source(source),
      m_labelBase(DrLabelBaseForSlots(m_topology->PathSlots()))
{
    if (source >= m_topology->HostCount())
    {
        throw std::invalid_argument("DR source host out of range");
    }
}

uint32_t
HostDrRotation::Choices(uint32_t destination) const
{
    return m_topology->PathCount(m_source, destination);
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
    if (!m_down)
    {
        return static_cast<uint16_t>(m_labelBase + it->second.Next());
    }
    // Where the packets enter the fabric: this host, or another of its server's (PXN).
    const uint32_t from =
        m_topology->AttachmentOf(m_topology->FabricEntryOf(m_source, destination)).leaf;
    const uint32_t to = m_topology->AttachmentOf(destination).leaf;
    const uint32_t slot = it->second.NextUsable([&](uint32_t candidate) {
        return PathIsUp(m_topology->LeafPathOf(from, to, candidate), *m_down);
    });
    return static_cast<uint16_t>(m_labelBase + (slot < choices ? slot : it->second.Next()));
}

void
HostDrRotation::SetKnownFailures(std::shared_ptr<const LinkStates> down)
{
    m_down = std::move(down);
}

} // namespace fabriclb
} // namespace ns3
