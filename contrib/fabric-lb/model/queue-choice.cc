/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "queue-choice.h"

#include <stdexcept>

namespace ns3
{
namespace fabriclb
{

namespace
{
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

} // namespace fabriclb
} // namespace ns3
