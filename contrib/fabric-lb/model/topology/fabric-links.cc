/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fabric-links.h"

#include <algorithm>
#include <map>
#include <regex>
#include <stdexcept>

namespace ns3
{
namespace fabriclb
{

FabricLinks::FabricLinks(const FatTreeTopology& topology)
    : m_topology(topology),
      m_edgeAggLinks(topology.EdgeCount() * topology.Half())
{
}

std::pair<uint32_t, uint32_t>
FabricLinks::Lower(uint32_t link) const
{
    const uint32_t half = m_topology.Half();
    const uint32_t local = IsEdgeAggregation(link) ? link : link - m_edgeAggLinks;
    return {local / half, local % half};
}

std::pair<uint32_t, uint32_t>
FabricLinks::Upper(uint32_t link) const
{
    const uint32_t half = m_topology.Half();
    const auto [lower, port] = Lower(link);
    const uint32_t pod = m_topology.PodOfSwitch(lower);
    if (IsEdgeAggregation(link))
    {
        return {pod * half + port, lower % half};
    }
    return {m_topology.CoreAbove(lower % half, port), pod};
}

std::string
FabricLinks::Name(uint32_t link) const
{
    if (link >= Count())
    {
        throw std::out_of_range("no link " + std::to_string(link));
    }
    const uint32_t half = m_topology.Half();
    const auto [lower, port] = Lower(link);
    const uint32_t pod = m_topology.PodOfSwitch(lower);
    const std::string podName = "-p" + std::to_string(pod) + "-";
    if (IsEdgeAggregation(link))
    {
        return "edge" + podName + std::to_string(lower % half) + ":agg" + podName +
               std::to_string(port);
    }
    return "agg" + podName + std::to_string(lower % half) + ":core-" +
           std::to_string(Upper(link).first);
}

std::optional<uint32_t>
FabricLinks::Find(const std::string& name) const
{
    static const std::regex edgeAgg(R"(edge-p(\d{1,6})-(\d{1,6}):agg-p(\d{1,6})-(\d{1,6}))");
    static const std::regex aggCore(R"(agg-p(\d{1,6})-(\d{1,6}):core-(\d{1,9}))");
    const uint32_t half = m_topology.Half();
    std::smatch match;
    auto number = [&match](size_t i) { return static_cast<uint32_t>(std::stoul(match[i].str())); };
    if (std::regex_match(name, match, edgeAgg))
    {
        const uint32_t pod = number(1);
        if (pod != number(3) || pod >= m_topology.K() || number(2) >= half || number(4) >= half)
        {
            return std::nullopt;
        }
        return EdgeAggregation(pod * half + number(2), number(4));
    }
    if (std::regex_match(name, match, aggCore))
    {
        const uint32_t pod = number(1);
        const uint32_t position = number(2);
        const uint32_t core = number(3);
        if (pod >= m_topology.K() || position >= half || core / half != position)
        {
            return std::nullopt;
        }
        return AggregationCore(pod * half + position, core % half);
    }
    return std::nullopt;
}

std::optional<uint32_t>
FabricLinks::FromHtsim(FabricRole switchType, uint32_t switchId, uint32_t linkId) const
{
    const uint32_t half = m_topology.Half();
    switch (switchType)
    {
    case FabricRole::EDGE:
        if (switchId < m_topology.EdgeCount() && linkId < half)
        {
            return EdgeAggregation(switchId, linkId);
        }
        break;
    case FabricRole::AGGREGATION:
        if (switchId < m_topology.EdgeCount() && linkId < half)
        {
            return AggregationCore(switchId, linkId);
        }
        break;
    case FabricRole::CORE:
        if (switchId < m_topology.CoreCount() && linkId < m_topology.K())
        {
            return AggregationCore(linkId * half + switchId % half, switchId / half);
        }
        break;
    default:
        break;
    }
    return std::nullopt;
}

std::tuple<FabricRole, uint32_t, uint32_t>
FabricLinks::ToHtsim(uint32_t link) const
{
    const auto [lower, port] = Lower(link);
    return {IsEdgeAggregation(link) ? FabricRole::EDGE : FabricRole::AGGREGATION, lower, port};
}

namespace
{

/// A usable shortest path between two edge switches: its links, up then down.
struct EdgePath
{
    uint32_t edgeUplink;        //!< the source edge switch's uplink
    std::vector<uint32_t> up;   //!< its links towards the top
    std::vector<uint32_t> down; //!< its links towards the destination
};

/// \return every shortest path from \p sourceEdge to \p destinationEdge whose links are all up
std::vector<EdgePath>
UsablePaths(const FabricLinks& links,
            const FatTreeTopology& topology,
            const LinkStates& down,
            uint32_t sourceEdge,
            uint32_t destinationEdge)
{
    const uint32_t half = topology.Half();
    const uint32_t pod = topology.PodOfSwitch(sourceEdge);
    const uint32_t destinationPod = topology.PodOfSwitch(destinationEdge);
    std::vector<EdgePath> paths;
    for (uint32_t a = 0; a < half; ++a)
    {
        const uint32_t first = links.EdgeAggregation(sourceEdge, a);
        const uint32_t last = links.EdgeAggregation(destinationEdge, a);
        if (down[first] || down[last])
        {
            continue;
        }
        if (pod == destinationPod)
        {
            paths.push_back({a, {first}, {last}});
            continue;
        }
        for (uint32_t c = 0; c < half; ++c)
        {
            const uint32_t toCore = links.AggregationCore(pod * half + a, c);
            const uint32_t fromCore = links.AggregationCore(destinationPod * half + a, c);
            if (!down[toCore] && !down[fromCore])
            {
                paths.push_back({a, {first, toCore}, {fromCore, last}});
            }
        }
    }
    return paths;
}

} // namespace

std::vector<uint64_t>
EdgeUplinkWeights(const FabricLinks& links,
                  const FatTreeTopology& topology,
                  const LinkStates& down,
                  uint32_t edge,
                  uint32_t destinationEdge)
{
    std::vector<uint64_t> weights(topology.Half(), 0);
    for (const EdgePath& path : UsablePaths(links, topology, down, edge, destinationEdge))
    {
        ++weights[path.edgeUplink];
    }
    return weights;
}

std::vector<uint64_t>
AggregationUplinkWeights(const FabricLinks& links,
                         const FatTreeTopology& topology,
                         const LinkStates& down,
                         uint32_t agg,
                         uint32_t destinationPod)
{
    const uint32_t half = topology.Half();
    const uint32_t peer = destinationPod * half + agg % half;
    std::vector<uint64_t> weights(half, 0);
    for (uint32_t c = 0; c < half; ++c)
    {
        weights[c] = !down[links.AggregationCore(agg, c)] && !down[links.AggregationCore(peer, c)];
    }
    return weights;
}

UplinkView
BuildUplinkView(const FabricLinks& links,
                const FatTreeTopology& topology,
                FabricRole role,
                uint32_t index,
                const LinkStates& down)
{
    UplinkView view;
    view.failuresKnown = std::find(down.begin(), down.end(), true) != down.end();
    if (!view.failuresKnown)
    {
        return view;
    }
    const bool edge = role == FabricRole::EDGE;
    const uint32_t keys = edge ? topology.EdgeCount() : topology.K();
    const uint32_t own = edge ? index : topology.PodOfSwitch(index);
    for (uint32_t key = 0; key < keys; ++key)
    {
        // A switch never sends its own key's packets up: any weights do.
        std::vector<uint64_t> weights =
            key == own ? std::vector<uint64_t>(topology.Half(), 1)
            : edge     ? EdgeUplinkWeights(links, topology, down, index, key)
                       : AggregationUplinkWeights(links, topology, down, index, key);
        std::vector<uint32_t> usable;
        for (uint32_t port = 0; port < weights.size(); ++port)
        {
            if (weights[port] > 0)
            {
                usable.push_back(port);
            }
        }
        view.weights.push_back(std::move(weights));
        view.usable.push_back(std::move(usable));
    }
    return view;
}

} // namespace fabriclb
} // namespace ns3
