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

} // namespace fabriclb
} // namespace ns3
