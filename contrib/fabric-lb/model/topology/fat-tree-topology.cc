/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fat-tree-topology.h"

#include "fabric-links.h"

#include <stdexcept>
#include <string>

namespace ns3
{
namespace fabriclb
{

FatTreeTopology::FatTreeTopology(uint32_t k, uint32_t oversubscription)
    : m_k(k),
      m_half(k / 2),
      m_hostsPerEdge(oversubscription * (k / 2))
{
    if (k < 4 || k % 2 != 0)
    {
        throw std::invalid_argument("fat-tree radix k must be even and at least 4, got " +
                                    std::to_string(k));
    }
    if (k > MAX_K)
    {
        throw std::invalid_argument("fat-tree radix k=" + std::to_string(k) +
                                    " is beyond the address plan: each tier's links share a "
                                    "/10, which holds k up to " +
                                    std::to_string(MAX_K));
    }
    if (oversubscription == 0)
    {
        throw std::invalid_argument("a fat tree's oversubscription is at least 1, got 0");
    }
    const uint64_t hosts = uint64_t(oversubscription) * k * (k / 2) * (k / 2);
    if (hosts > MAX_HOSTS)
    {
        throw std::invalid_argument(
            "a k=" + std::to_string(k) + " fat tree with oversubscription " +
            std::to_string(oversubscription) + " has " + std::to_string(hosts) +
            " hosts, beyond the address plan (" + std::to_string(MAX_HOSTS) + ")");
    }
}

uint32_t
FatTreeTopology::Hops(uint32_t a, uint32_t b) const
{
    if (a == b)
    {
        return 0;
    }
    if (EdgeOf(a) == EdgeOf(b))
    {
        return 2;
    }
    return PodOf(a) == PodOf(b) ? 4 : 6;
}

uint32_t
FatTreeTopology::PathCount(uint32_t a, uint32_t b) const
{
    switch (Hops(a, b))
    {
    case 0:
    case 2:
        return 1;
    case 4:
        return m_half;
    default:
        return m_half * m_half;
    }
}

std::optional<uint32_t>
FatTreeTopology::LinkOfPort(SwitchRef sw, bool up, uint32_t port) const
{
    const FabricLinks links(*this);
    switch (sw.tier)
    {
    case 0:
        return up ? std::optional<uint32_t>(links.EdgeAggregation(sw.index, port)) : std::nullopt;
    case 1:
        return up ? links.AggregationCore(sw.index, port)
                  : links.EdgeAggregation(PodOfSwitch(sw.index) * m_half + port, sw.index % m_half);
    default:
        return up ? std::nullopt
                  : std::optional<uint32_t>(links.AggregationCore(port * m_half + sw.index / m_half,
                                                                  sw.index % m_half));
    }
}

std::string
FatTreeTopology::LinkName(uint32_t link) const
{
    return FabricLinks(*this).Name(link);
}

std::optional<uint32_t>
FatTreeTopology::FindLink(const std::string& name) const
{
    return FabricLinks(*this).Find(name);
}

uint32_t
FatTreeTopology::LeafPathCount(uint32_t from, uint32_t to) const
{
    if (from == to)
    {
        return 1;
    }
    return PodOfSwitch(from) == PodOfSwitch(to) ? m_half : m_half * m_half;
}

LeafPath
FatTreeTopology::LeafPathOf(uint32_t from, uint32_t to, uint32_t slot) const
{
    if (from == to)
    {
        return {};
    }
    const FabricLinks links(*this);
    const uint32_t a = slot % m_half;
    const uint32_t first = links.EdgeAggregation(from, a);
    const uint32_t last = links.EdgeAggregation(to, a);
    const uint32_t pod = PodOfSwitch(from);
    const uint32_t destinationPod = PodOfSwitch(to);
    if (pod == destinationPod)
    {
        return {{first}, {last}};
    }
    const uint32_t c = slot / m_half;
    return {{first, links.AggregationCore(pod * m_half + a, c)},
            {links.AggregationCore(destinationPod * m_half + a, c), last}};
}

std::vector<HostCut>
FatTreeTopology::Cuts() const
{
    HostCut edges{std::vector<uint32_t>(HostCount()), m_half};
    HostCut pods{std::vector<uint32_t>(HostCount()), m_half * m_half};
    for (uint32_t host = 0; host < HostCount(); ++host)
    {
        edges.groupOfHost[host] = EdgeOf(host);
        pods.groupOfHost[host] = PodOf(host);
    }
    return {edges, pods};
}

LinkEnds
FatTreeTopology::EndsOf(uint32_t link) const
{
    const FabricLinks links(*this);
    const uint32_t lowerTier = links.IsEdgeAggregation(link) ? 0 : 1;
    const auto [lower, upPort] = links.Lower(link);
    const auto [upper, downPort] = links.Upper(link);
    return {{lowerTier, lower}, upPort, {lowerTier + 1, upper}, downPort};
}

UplinkView
FatTreeTopology::BuildUplinkView(SwitchRef sw, const LinkStates& down) const
{
    return fabriclb::BuildUplinkView(FabricLinks(*this),
                                     *this,
                                     RoleOfTier(sw.tier),
                                     sw.index,
                                     down);
}

} // namespace fabriclb
} // namespace ns3
