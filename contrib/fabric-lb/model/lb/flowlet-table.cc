/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "flowlet-table.h"

#include "queue-choice.h"

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
 * \return true with probability \p p: a uniform draw in steps of 2^-24 falls
 * below it (no draw when \p p is 0 or 1)
 */
bool
Chance(double p, const UniformIndex& draw)
{
    constexpr uint32_t steps = 1U << 24;
    return p >= 1 || (p > 0 && draw(steps) < p * steps);
}
} // namespace

FlowletTable::FlowletTable(uint64_t idleGapPs, uint32_t slots, double repathProbability)
    : m_idleGapPs(idleGapPs),
      m_repathProbability(repathProbability),
      m_newFlowlets(0)
{
    if (slots == 0 || (slots & (slots - 1)) != 0)
    {
        throw std::invalid_argument("flowlet table size must be a power of two, got " +
                                    std::to_string(slots));
    }
    if (!(repathProbability >= 0 && repathProbability <= 1))
    {
        throw std::invalid_argument("a repath probability lies in [0, 1]");
    }
    m_entries.resize(slots);
}

uint32_t
FlowletTable::Select(uint32_t hash,
                     uint64_t nowPs,
                     const std::vector<uint32_t>& candidates,
                     const UniformIndex& draw)
{
    if (candidates.empty())
    {
        throw std::invalid_argument("no candidate port");
    }
    Entry& entry = m_entries[hash & (m_entries.size() - 1)];
    const bool expired = nowPs > entry.lastPs && nowPs - entry.lastPs > m_idleGapPs;
    const bool allowed =
        entry.valid &&
        std::find(candidates.begin(), candidates.end(), entry.port) != candidates.end();
    if (!allowed || (expired && Chance(m_repathProbability, draw)))
    {
        entry.port = candidates[ChooseUniform(candidates.size(), draw)];
        entry.valid = true;
        ++m_newFlowlets;
    }
    entry.lastPs = std::max(entry.lastPs, nowPs);
    return entry.port;
}

} // namespace fabriclb
} // namespace ns3
