/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "background-arrivals.h"

#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>

namespace ns3
{
namespace fabriclb
{

namespace
{

/// Picoseconds in a second.
constexpr double PS_PER_SECOND = 1e12;

/// \return value as a command line would show it (1.5, 1e+11, nan)
std::string
Shown(double value)
{
    std::ostringstream text;
    text << value;
    return text.str();
}

} // namespace

BackgroundArrivals::BackgroundArrivals(uint32_t hosts,
                                       double hostLinkBitsPerSecond,
                                       double load,
                                       const FlowSizeCdf& sizes,
                                       UniformUnit uniform,
                                       UniformIndex hostIndex)
    : m_hosts(hosts),
      m_flowsPerSecond(ArrivalsPerSecond(hosts, hostLinkBitsPerSecond, load, sizes)),
      m_sizes(sizes),
      m_uniform(std::move(uniform)),
      m_hostIndex(std::move(hostIndex)),
      m_elapsedPs(0)
{
}

double
BackgroundArrivals::ArrivalsPerSecond(uint32_t hosts,
                                      double hostLinkBitsPerSecond,
                                      double load,
                                      const FlowSizeCdf& sizes)
{
    if (!(load > 0 && load < 1))
    {
        throw std::invalid_argument("--load=" + Shown(load) + ": a load must be in (0, 1)");
    }
    if (hosts < 2)
    {
        throw std::invalid_argument("background traffic needs at least 2 hosts, not " +
                                    std::to_string(hosts));
    }
    if (!(hostLinkBitsPerSecond > 0) || std::isinf(hostLinkBitsPerSecond))
    {
        throw std::invalid_argument("a host link's rate must be above 0 bit/s and finite, not " +
                                    Shown(hostLinkBitsPerSecond));
    }
    return load * hosts * hostLinkBitsPerSecond / (8 * sizes.MeanBytes());
}

BackgroundFlow
BackgroundArrivals::Next()
{
    m_elapsedPs += -std::log(1 - m_uniform()) / m_flowsPerSecond * PS_PER_SECOND;
    BackgroundFlow flow;
    flow.startPs = std::llround(m_elapsedPs);
    flow.source = m_hostIndex(m_hosts);
    const uint32_t other = m_hostIndex(m_hosts - 1);
    flow.destination = other < flow.source ? other : other + 1;
    flow.bytes = m_sizes.Sample(m_uniform());
    return flow;
}

} // namespace fabriclb
} // namespace ns3
