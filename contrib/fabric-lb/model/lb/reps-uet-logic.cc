/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "reps-uet-logic.h"

#include <stdexcept>

namespace ns3
{
namespace fabriclb
{

RepsUetLogic::RepsUetLogic(uint32_t bufferSize,
                           uint32_t entropies,
                           uint16_t firstLabel,
                           uint64_t freezePs,
                           uint32_t exploreAfterFreeze,
                           bool freezing)
    : m_slots(bufferSize),
      m_entropies(entropies),
      m_firstLabel(firstLabel),
      m_freezePs(freezePs),
      m_exploreAfterFreeze(exploreAfterFreeze),
      m_freezing(freezing)
{
    if (bufferSize == 0 || entropies == 0 || firstLabel == 0)
    {
        throw std::invalid_argument("REPS needs a buffer, entropies and labels above 0");
    }
    if (uint64_t(firstLabel) + entropies > 65536U)
    {
        throw std::invalid_argument("REPS's entropies do not fit in 16-bit labels");
    }
}

void
RepsUetLogic::OnFeedback(uint16_t label, Feedback feedback, uint64_t nowPs)
{
    // In uet-htsim's order: a timeout may freeze, any feedback may end a freeze, and a good
    // ACK recycles its label.
    if (feedback == Feedback::TIMEOUT && m_freezing && !m_frozen && m_exploreLeft == 0)
    {
        m_frozen = true;
        m_thawPs = nowPs + m_freezePs;
        ++m_freezes;
    }
    if (m_frozen && nowPs > m_thawPs)
    {
        m_frozen = false;
        Reset();
        m_exploreLeft = m_exploreAfterFreeze;
    }
    if (feedback == Feedback::GOOD)
    {
        Add(label);
    }
}

uint16_t
RepsUetLogic::NextLabel(const UniformIndex& draw)
{
    if (m_exploreLeft > 0)
    {
        --m_exploreLeft;
        return Explore(draw);
    }
    if (m_frozen)
    {
        if (m_written == 0)
        {
            return Explore(draw);
        }
        Slot& slot = m_slots[m_replay];
        m_fresh -= slot.fresh;
        slot.fresh = false;
        m_replay = (m_replay + 1) % m_written;
        return slot.label;
    }
    if (m_fresh == 0)
    {
        return Explore(draw);
    }
    const uint32_t size = static_cast<uint32_t>(m_slots.size());
    Slot& oldest = m_slots[(m_head + size - m_fresh) % size];
    oldest.fresh = false;
    --m_fresh;
    return oldest.label;
}

void
RepsUetLogic::Add(uint16_t label)
{
    Slot& slot = m_slots[m_head];
    m_fresh += !slot.fresh;
    slot = {label, true};
    const uint32_t size = static_cast<uint32_t>(m_slots.size());
    m_head = (m_head + 1) % size;
    m_written += m_written < size;
}

void
RepsUetLogic::Reset()
{
    m_slots.assign(m_slots.size(), Slot{});
    m_head = 0;
    m_written = 0;
    m_fresh = 0;
    m_replay = 0;
}

uint16_t
RepsUetLogic::Explore(const UniformIndex& draw)
{
    ++m_explored;
    return static_cast<uint16_t>(m_firstLabel + draw(m_entropies));
}

} // namespace fabriclb
} // namespace ns3
