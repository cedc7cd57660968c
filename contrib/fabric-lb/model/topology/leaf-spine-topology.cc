/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "leaf-spine-topology.h"

#include "ns3/attribute-construction-list.h"
#include "ns3/fabric-registry.h"
#include "ns3/uinteger.h"
#include "ns3/value-limits.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace ns3
{
namespace fabriclb
{

namespace
{

/// Throws unless \p count is at least \p least.
void
RequireAtLeast(uint32_t count, uint32_t least, const std::string& what)
{
    if (count < least)
    {
        throw std::invalid_argument("a leaf-spine fabric needs at least " + std::to_string(least) +
                                    " " + what + ", got " + std::to_string(count));
    }
}

} // namespace

LeafSpineTopology::LeafSpineTopology(uint32_t leaves,
                                     uint32_t spines,
                                     uint32_t hostsPerLeaf,
                                     uint32_t linksPerSpine)
    : m_leaves(leaves),
      m_spines(spines),
      m_hostsPerLeaf(hostsPerLeaf),
      m_linksPerSpine(linksPerSpine)
{
    RequireAtLeast(leaves, 2, "leaves");
    RequireAtLeast(spines, 1, "spine");
    RequireAtLeast(hostsPerLeaf, 1, "host per leaf");
    RequireAtLeast(linksPerSpine, 1, "link per leaf and spine");
    // Hosts and switch links each take 4 addresses of their own /10.
    const uint64_t hosts = uint64_t(leaves) * hostsPerLeaf;
    const uint64_t links = uint64_t(leaves) * spines * linksPerSpine;
    if (hosts > MAX_HOSTS || links > MAX_HOSTS)
    {
        throw std::invalid_argument("a leaf-spine fabric of " + std::to_string(hosts) +
                                    " hosts and " + std::to_string(links) +
                                    " leaf-spine links is beyond the address plan (at most " +
                                    std::to_string(MAX_HOSTS) + " of each)");
    }
}

LinkEnds
LeafSpineTopology::EndsOf(uint32_t link) const
{
    const uint32_t leaf = link / Uplinks();
    const uint32_t up = link % Uplinks();
    const uint32_t lane = up / m_spines;
    return {{0, leaf}, up, {1, up % m_spines}, lane * m_leaves + leaf};
}

std::string
LeafSpineTopology::Describe() const
{
    return "leaf-spine leaves=" + std::to_string(m_leaves) + " spines=" + std::to_string(m_spines) +
           " hostsPerLeaf=" + std::to_string(m_hostsPerLeaf) +
           " linksPerSpine=" + std::to_string(m_linksPerSpine);
}

std::string
LeafSpineTopology::LinkName(uint32_t link) const
{
    if (link >= LinkCount())
    {
        throw std::out_of_range("no link " + std::to_string(link));
    }
    const LinkEnds ends = EndsOf(link);
    std::string name =
        "leaf-" + std::to_string(ends.lower.index) + ":spine-" + std::to_string(ends.upper.index);
    if (m_linksPerSpine > 1)
    {
        name += "/" + std::to_string(ends.upPort / m_spines);
    }
    return name;
}

uint32_t
LeafSpineTopology::DownPortToward(SwitchRef sw, uint32_t host, uint32_t arrival) const
{
    if (sw.tier == 0)
    {
        const HostAttachment at = AttachmentOf(host);
        return at.leaf == sw.index ? at.downPort : GO_UP;
    }
    const uint32_t lane = arrival == FROM_ABOVE ? 0 : arrival / m_leaves;
    return lane * m_leaves + LeafOf(host);
}

std::optional<uint32_t>
LeafSpineTopology::LinkOfPort(SwitchRef sw, bool up, uint32_t port) const
{
    if (sw.tier == 0)
    {
        return up ? std::optional<uint32_t>(sw.index * Uplinks() + port) : std::nullopt;
    }
    if (up)
    {
        return std::nullopt;
    }
    const uint32_t leaf = port % m_leaves;
    const uint32_t lane = port / m_leaves;
    return leaf * Uplinks() + lane * m_spines + sw.index;
}

UplinkView
LeafSpineTopology::BuildUplinkView(SwitchRef sw, const LinkStates& down) const
{
    UplinkView view;
    view.failuresKnown = std::find(down.begin(), down.end(), true) != down.end();
    if (!view.failuresKnown || sw.tier != 0)
    {
        return view;
    }
    for (uint32_t key = 0; key < m_leaves; ++key)
    {
        std::vector<uint64_t> weights(Uplinks(), 1);
        std::vector<uint32_t> usable;
        for (uint32_t up = 0; up < Uplinks(); ++up)
        {
            // A leaf never sends its own leaf's packets up: any weights do.
            if (key != sw.index && (down[sw.index * Uplinks() + up] || down[key * Uplinks() + up]))
            {
                weights[up] = 0;
                continue;
            }
            usable.push_back(up);
        }
        view.weights.push_back(std::move(weights));
        view.usable.push_back(std::move(usable));
    }
    return view;
}

std::vector<HostCut>
LeafSpineTopology::Cuts() const
{
    HostCut leaves{std::vector<uint32_t>(HostCount()), Uplinks()};
    for (uint32_t host = 0; host < HostCount(); ++host)
    {
        leaves.groupOfHost[host] = LeafOf(host);
    }
    return {leaves};
}

uint32_t
LeafSpineTopology::Hops(uint32_t a, uint32_t b) const
{
    if (a == b)
    {
        return 0;
    }
    return LeafOf(a) == LeafOf(b) ? 2 : 4;
}

uint32_t
LeafSpineTopology::PathCount(uint32_t a, uint32_t b) const
{
    return Hops(a, b) == 4 ? Uplinks() : 1;
}

} // namespace fabriclb

NS_OBJECT_ENSURE_REGISTERED(LeafSpineShape);

TypeId
LeafSpineShape::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::LeafSpineShape")
            .SetParent<ObjectBase>()
            .SetGroupName("FabricLb")
            .AddAttribute("Leaves",
                          "leaf-spine: leaf switches",
                          UintegerValue(8),
                          MakeUintegerAccessor(&LeafSpineShape::leaves),
                          MakeUintegerChecker<uint32_t>(2, fabriclb::ValueLimits::MAX_FABRIC_WIDTH))
            .AddAttribute("Spines",
                          "leaf-spine: spine switches",
                          UintegerValue(8),
                          MakeUintegerAccessor(&LeafSpineShape::spines),
                          MakeUintegerChecker<uint32_t>(1, fabriclb::ValueLimits::MAX_FABRIC_WIDTH))
            .AddAttribute(
                "HostsPerLeaf",
                "leaf-spine: hosts under each leaf (against Spines x LinksPerSpine uplinks: the "
                "leaves' oversubscription)",
                UintegerValue(8),
                MakeUintegerAccessor(&LeafSpineShape::hostsPerLeaf),
                MakeUintegerChecker<uint32_t>(1, fabriclb::ValueLimits::MAX_FABRIC_WIDTH))
            .AddAttribute("LinksPerSpine",
                          "leaf-spine: parallel links between each leaf and each spine, each a "
                          "path of its own",
                          UintegerValue(1),
                          MakeUintegerAccessor(&LeafSpineShape::linksPerSpine),
                          MakeUintegerChecker<uint32_t>(1, fabriclb::ValueLimits::MAX_PARALLEL));
    return tid;
}

TypeId
LeafSpineShape::GetInstanceTypeId() const
{
    return GetTypeId();
}

LeafSpineShape::LeafSpineShape()
{
    ConstructSelf(AttributeConstructionList());
}

namespace
{
/// `--topology=leaf-spine`.
const fabriclb::Registration<fabriclb::TopologyKind> g_leafSpineTopology(
    {"leaf-spine",
     "2 tiers: leaves of hosts, spines over them, parallel links a path each",
     {{"leaves", "ns3::LeafSpineShape::Leaves"},
      {"spines", "ns3::LeafSpineShape::Spines"},
      {"hostsPerLeaf", "ns3::LeafSpineShape::HostsPerLeaf"},
      {"linksPerSpine", "ns3::LeafSpineShape::LinksPerSpine"}},
     [] {
         const LeafSpineShape shape;
         return std::make_shared<const fabriclb::LeafSpineTopology>(shape.leaves,
                                                                    shape.spines,
                                                                    shape.hostsPerLeaf,
                                                                    shape.linksPerSpine);
     }});
} // namespace

} // namespace ns3
