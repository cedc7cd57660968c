/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fat-tree-topology.h"

#include "ns3/abort.h"
#include "ns3/fabric-registry.h"
#include "ns3/type-id.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <regex>
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
    switch (sw.tier)
    {
    case 0:
        return up ? std::optional<uint32_t>(EdgeAggregationLink(sw.index, port)) : std::nullopt;
    case 1:
        return up ? AggregationCoreLink(sw.index, port)
                  : EdgeAggregationLink(PodOfSwitch(sw.index) * m_half + port, sw.index % m_half);
    default:
        return up ? std::nullopt
                  : std::optional<uint32_t>(
                        AggregationCoreLink(port * m_half + sw.index / m_half, sw.index % m_half));
    }
}

std::pair<uint32_t, uint32_t>
FatTreeTopology::LowerEndOf(uint32_t link) const
{
    const uint32_t local = IsEdgeAggregationLink(link) ? link : link - EdgeAggregationLinkCount();
    return {local / m_half, local % m_half};
}

std::pair<uint32_t, uint32_t>
FatTreeTopology::UpperEndOf(uint32_t link) const
{
    const auto [lower, port] = LowerEndOf(link);
    const uint32_t pod = PodOfSwitch(lower);
    if (IsEdgeAggregationLink(link))
    {
        return {pod * m_half + port, lower % m_half};
    }
    return {CoreAbove(lower % m_half, port), pod};
}

std::string
FatTreeTopology::LinkName(uint32_t link) const
{
    if (link >= LinkCount())
    {
        throw std::out_of_range("no link " + std::to_string(link));
    }
    const auto [lower, port] = LowerEndOf(link);
    const uint32_t pod = PodOfSwitch(lower);
    const std::string podName = "-p" + std::to_string(pod) + "-";
    if (IsEdgeAggregationLink(link))
    {
        return "edge" + podName + std::to_string(lower % m_half) + ":agg" + podName +
               std::to_string(port);
    }
    return "agg" + podName + std::to_string(lower % m_half) + ":core-" +
           std::to_string(UpperEndOf(link).first);
}

std::optional<uint32_t>
FatTreeTopology::FindLink(const std::string& name) const
{
    static const std::regex edgeAgg(R"(edge-p(\d{1,6})-(\d{1,6}):agg-p(\d{1,6})-(\d{1,6}))");
    static const std::regex aggCore(R"(agg-p(\d{1,6})-(\d{1,6}):core-(\d{1,9}))");
    std::smatch match;
    auto number = [&match](size_t i) { return static_cast<uint32_t>(std::stoul(match[i].str())); };
    if (std::regex_match(name, match, edgeAgg))
    {
        const uint32_t pod = number(1);
        if (pod != number(3) || pod >= m_k || number(2) >= m_half || number(4) >= m_half)
        {
            return std::nullopt;
        }
        return EdgeAggregationLink(pod * m_half + number(2), number(4));
    }
    if (std::regex_match(name, match, aggCore))
    {
        const uint32_t pod = number(1);
        const uint32_t position = number(2);
        const uint32_t core = number(3);
        if (pod >= m_k || position >= m_half || core / m_half != position)
        {
            return std::nullopt;
        }
        return AggregationCoreLink(pod * m_half + position, core % m_half);
    }
    return std::nullopt;
}

std::optional<uint32_t>
FatTreeTopology::LinkFromHtsim(FabricRole switchType, uint32_t switchId, uint32_t linkId) const
{
    switch (switchType)
    {
    case FabricRole::EDGE:
        if (switchId < EdgeCount() && linkId < m_half)
        {
            return EdgeAggregationLink(switchId, linkId);
        }
        break;
    case FabricRole::AGGREGATION:
        if (switchId < EdgeCount() && linkId < m_half)
        {
            return AggregationCoreLink(switchId, linkId);
        }
        break;
    case FabricRole::CORE:
        if (switchId < CoreCount() && linkId < m_k)
        {
            return AggregationCoreLink(linkId * m_half + switchId % m_half, switchId / m_half);
        }
        break;
    default:
        break;
    }
    return std::nullopt;
}

std::optional<HtsimLinkName>
FatTreeTopology::HtsimNameOf(uint32_t link) const
{
    const auto [lower, port] = LowerEndOf(link);
    return HtsimLinkName{IsEdgeAggregationLink(link) ? FabricRole::EDGE : FabricRole::AGGREGATION,
                         lower,
                         port};
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
    const uint32_t a = slot % m_half;
    const uint32_t first = EdgeAggregationLink(from, a);
    const uint32_t last = EdgeAggregationLink(to, a);
    const uint32_t pod = PodOfSwitch(from);
    const uint32_t destinationPod = PodOfSwitch(to);
    if (pod == destinationPod)
    {
        return {{first}, {last}};
    }
    const uint32_t c = slot / m_half;
    return {{first, AggregationCoreLink(pod * m_half + a, c)},
            {AggregationCoreLink(destinationPod * m_half + a, c), last}};
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
    const uint32_t lowerTier = IsEdgeAggregationLink(link) ? 0 : 1;
    const auto [lower, upPort] = LowerEndOf(link);
    const auto [upper, downPort] = UpperEndOf(link);
    return {{lowerTier, lower}, upPort, {lowerTier + 1, upper}, downPort};
}

std::vector<uint64_t>
FatTreeTopology::EdgeUplinkWeights(const LinkStates& down,
                                   uint32_t edge,
                                   uint32_t destinationEdge) const
{
    // Every shortest path whose links are all up counts for its first uplink.
    const uint32_t pod = PodOfSwitch(edge);
    const uint32_t destinationPod = PodOfSwitch(destinationEdge);
    std::vector<uint64_t> weights(m_half, 0);
    for (uint32_t a = 0; a < m_half; ++a)
    {
        if (down[EdgeAggregationLink(edge, a)] || down[EdgeAggregationLink(destinationEdge, a)])
        {
            continue;
        }
        if (pod == destinationPod)
        {
            ++weights[a];
            continue;
        }
        for (uint32_t c = 0; c < m_half; ++c)
        {
            if (!down[AggregationCoreLink(pod * m_half + a, c)] &&
                !down[AggregationCoreLink(destinationPod * m_half + a, c)])
            {
                ++weights[a];
            }
        }
    }
    return weights;
}

std::vector<uint64_t>
FatTreeTopology::AggregationUplinkWeights(const LinkStates& down,
                                          uint32_t agg,
                                          uint32_t destinationPod) const
{
    const uint32_t peer = destinationPod * m_half + agg % m_half;
    std::vector<uint64_t> weights(m_half, 0);
    for (uint32_t c = 0; c < m_half; ++c)
    {
        weights[c] = !down[AggregationCoreLink(agg, c)] && !down[AggregationCoreLink(peer, c)];
    }
    return weights;
}

UplinkView
FatTreeTopology::BuildUplinkView(SwitchRef sw, const LinkStates& down) const
{
    UplinkView view;
    view.failuresKnown = std::find(down.begin(), down.end(), true) != down.end();
    if (!view.failuresKnown)
    {
        return view;
    }
    const bool edge = sw.tier == TierOf(FabricRole::EDGE);
    const uint32_t keys = edge ? EdgeCount() : m_k;
    const uint32_t own = edge ? sw.index : PodOfSwitch(sw.index);
    for (uint32_t key = 0; key < keys; ++key)
    {
        // A switch never sends its own key's packets up: any weights do.
        std::vector<uint64_t> weights = key == own ? std::vector<uint64_t>(m_half, 1)
                                        : edge     ? EdgeUplinkWeights(down, sw.index, key)
                                                   : AggregationUplinkWeights(down, sw.index, key);
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

namespace
{
/**
 * \param attribute an attribute of the fabric builder (TypeId ns3::FatTreeHelper, a helper
 *        above this layer, found by name as the driver's flags find it)
 * \return its current default
 */
uint32_t
FabricBuilderDefault(const std::string& attribute)
{
    TypeId::AttributeInformation info;
    const bool found =
        TypeId::LookupByName("ns3::FatTreeHelper").LookupAttributeByName(attribute, &info);
    NS_ABORT_MSG_UNLESS(found, "no attribute ns3::FatTreeHelper::" << attribute);
    return DynamicCast<const UintegerValue>(info.initialValue)->Get();
}

/// `--topology=fat-tree`: the K and Oversubscription attributes' fat tree.
const Registration<TopologyKind> g_fatTreeTopology(
    {"fat-tree",
     "the study's 3-tier k-ary fat tree, optionally oversubscribed at the edge tier",
     {{"k", "ns3::FatTreeHelper::K"}, {"oversubscription", "ns3::FatTreeHelper::Oversubscription"}},
     [] {
         return std::make_shared<const FatTreeTopology>(FabricBuilderDefault("K"),
                                                        FabricBuilderDefault("Oversubscription"));
     }});
} // namespace

} // namespace fabriclb
} // namespace ns3
