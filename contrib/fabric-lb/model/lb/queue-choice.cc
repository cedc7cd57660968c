/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "queue-choice.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <utility>

namespace ns3
{
namespace fabriclb
{

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

std::vector<uint32_t>
EveryPort(uint32_t n)
{
    std::vector<uint32_t> ports(n);
    std::iota(ports.begin(), ports.end(), 0U);
    return ports;
}

uint32_t
ChooseShortest(const std::vector<uint32_t>& backlogs,
               const std::vector<uint32_t>& candidates,
               const UniformIndex& draw)
{
    if (candidates.empty())
    {
        throw std::invalid_argument("no candidate port");
    }
    uint32_t smallest = backlogs.at(candidates.front());
    uint32_t ties = 0;
    for (uint32_t port : candidates)
    {
        if (backlogs.at(port) < smallest)
        {
            smallest = backlogs[port];
            ties = 0;
        }
        ties += backlogs[port] == smallest;
    }
    uint32_t pick = ties == 1 ? 0 : draw(ties);
    for (uint32_t port : candidates)
    {
        if (backlogs[port] == smallest && pick-- == 0)
        {
            return port;
        }
    }
    return candidates.front(); // not reached: pick < ties
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

SampledBands::SampledBands(uint32_t ports,
                           uint64_t bufferBytes,
                           uint64_t refreshPs,
                           std::vector<double> thresholds)
    : m_bands(ports, 0),
      m_refreshedPs(ports, 0),
      m_bufferBytes(bufferBytes),
      m_refreshPs(refreshPs),
      m_thresholds(std::move(thresholds))
{
    if (ports == 0)
    {
        throw std::invalid_argument("no port to read bands of");
    }
}

} // namespace fabriclb
} // namespace ns3
