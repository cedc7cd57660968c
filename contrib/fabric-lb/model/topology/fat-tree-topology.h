/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FAT_TREE_TOPOLOGY_H
#define FABRIC_LB_FAT_TREE_TOPOLOGY_H

#include "fabric-topology.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief Coordinates and path arithmetic of a 3-tier k-ary fat tree.
 *
 * Pure logic, no ns-3 objects. An edge switch has k/2 uplinks and R k/2 hosts (R the
 * oversubscription at the edge tier, 1 in the study's fat tree). Hosts are numbered
 * 0 .. R k^3/4 - 1 so that host h sits in pod h / (R (k/2)^2), under edge switch
 * (h / (R k/2)) % (k/2) of that pod, in slot h % (R k/2). Aggregation switch a of
 * every pod connects to the core switches a*(k/2) .. a*(k/2)+k/2-1. As a
 * FabricTopology its tiers are 0 (edge), 1 (aggregation) and 2 (core), indices
 * fabric-wide.
 *
 * Its switch-to-switch links: edge-aggregation link (edge e, aggregation position a) has
 * id e * k/2 + a; aggregation-core link (aggregation g, up port c) has id
 * k^3/4 + g * k/2 + c, where core CoreAbove(g mod k/2, c) is at its top. Names:
 * `edge-p<pod>-<position>:agg-p<pod>-<position>` and `agg-p<pod>-<position>:core-<core>`.
 * A failure takes a link down in both directions.
 */
class FatTreeTopology : public FabricTopology
{
  public:
    /// The largest radix the address plan holds: k^3/4 links of a tier, 4 addresses
    /// each, in one /10 (2^22 addresses).
    static constexpr uint32_t MAX_K = 160;

    /**
     * \param k switch radix; must be even, at least 4 and at most MAX_K
     * \param oversubscription R, hosts per edge switch over its k/2 uplinks (at least 1)
     * \throws std::invalid_argument if k is odd, too small or too large, R is 0, or the
     *         hosts are beyond the address plan
     */
    explicit FatTreeTopology(uint32_t k, uint32_t oversubscription = 1);

    /// \return the radix k
    uint32_t K() const
    {
        return m_k;
    }

    /// \return k
    std::optional<uint32_t> Radix() const override
    {
        return m_k;
    }

    /// \return k/2, the number of up (and of down) ports of an edge or aggregation switch
    uint32_t Half() const
    {
        return m_half;
    }

    /// \return the switch role of \p tier (0: EDGE, 1: AGGREGATION, 2: CORE)
    static constexpr FabricRole RoleOfTier(uint32_t tier)
    {
        return static_cast<FabricRole>(tier + 1);
    }

    /// \return the tier of switch role \p role (EDGE: 0, AGGREGATION: 1, CORE: 2)
    static constexpr uint32_t TierOf(FabricRole role)
    {
        return static_cast<uint32_t>(role) - 1;
    }

    /// \return "fat-tree"
    std::string Name() const override
    {
        return "fat-tree";
    }

    /// \return "k=K", and " oversubscription=R" for R > 1
    std::string Describe() const override
    {
        return "k=" + std::to_string(m_k) +
               (Oversubscription() > 1 ? " oversubscription=" + std::to_string(Oversubscription())
                                       : "");
    }

    /// \return R, hosts per edge switch over its uplinks
    uint32_t Oversubscription() const
    {
        return m_hostsPerEdge / m_half;
    }

    /// \return R k^3/4
    uint32_t HostCount() const override
    {
        return m_k * m_half * m_hostsPerEdge;
    }

    /// \return R k^2/4, hosts per pod
    uint32_t HostsPerPod() const
    {
        return m_half * m_hostsPerEdge;
    }

    /// \return k^2/2, edge switches in the fabric (also the aggregation switch count)
    uint32_t EdgeCount() const
    {
        return m_k * m_half;
    }

    /// \return k^2/4, core switches
    uint32_t CoreCount() const
    {
        return m_half * m_half;
    }

    /// \return the pod of host \p host
    uint32_t PodOf(uint32_t host) const
    {
        return host / HostsPerPod();
    }

    /// \return the fabric-wide index (pod * k/2 + edge) of the edge switch above \p host
    uint32_t EdgeOf(uint32_t host) const
    {
        return host / m_hostsPerEdge;
    }

    /// \return the port (0 .. R k/2 - 1) of the host below its edge switch
    uint32_t SlotOf(uint32_t host) const
    {
        return host % m_hostsPerEdge;
    }

    /// \return the pod of fabric-wide edge (or aggregation) switch index \p sw
    uint32_t PodOfSwitch(uint32_t sw) const
    {
        return sw / m_half;
    }

    /**
     * \return the number of links on a shortest path between two hosts:
     * 0 (same host), 2 (same edge), 4 (same pod) or 6.
     */
    uint32_t Hops(uint32_t a, uint32_t b) const override;

    /**
     * \return the number of distinct shortest paths between two hosts:
     * 1 (same edge), k/2 (same pod), (k/2)^2 (different pods).
     */
    uint32_t PathCount(uint32_t a, uint32_t b) const override;

    /**
     * \param agg index of an aggregation switch within its pod
     * \param port up port of that switch (0 .. k/2-1)
     * \return the index of the core switch that port reaches
     */
    uint32_t CoreAbove(uint32_t agg, uint32_t port) const
    {
        return agg * m_half + port;
    }

    /// \return 3: edge, aggregation, core
    uint32_t TierCount() const override
    {
        return 3;
    }

    /// \return "edge", "agg", "core"
    std::string TierName(uint32_t tier) const override
    {
        return tier == 0 ? "edge" : (tier == 1 ? "agg" : "core");
    }

    /// \return k^2/2 edge or aggregation switches, k^2/4 cores
    uint32_t SwitchCount(uint32_t tier) const override
    {
        return tier == 2 ? CoreCount() : EdgeCount();
    }

    /// \return k^3/2: as many edge-aggregation as aggregation-core links
    uint32_t LinkCount() const override
    {
        return 2 * EdgeAggregationLinkCount();
    }

    /// \return k^3/4, the edge-aggregation links (as many go to the cores)
    uint32_t EdgeAggregationLinkCount() const
    {
        return EdgeCount() * m_half;
    }

    /// \return the id of the link from edge switch \p edge (fabric-wide) to its aggregation
    /// \p position
    uint32_t EdgeAggregationLink(uint32_t edge, uint32_t position) const
    {
        return edge * m_half + position;
    }

    /// \return the id of the link from aggregation switch \p agg (fabric-wide) up port \p port
    uint32_t AggregationCoreLink(uint32_t agg, uint32_t port) const
    {
        return EdgeAggregationLinkCount() + agg * m_half + port;
    }

    /// \return whether \p link joins an edge and an aggregation switch
    bool IsEdgeAggregationLink(uint32_t link) const
    {
        return link < EdgeAggregationLinkCount();
    }

    /**
     * \param link a link id
     * \return (lower switch, its up port): an edge switch for an edge-aggregation link,
     * otherwise an aggregation switch, both fabric-wide indices
     */
    std::pair<uint32_t, uint32_t> LowerEndOf(uint32_t link) const;

    /**
     * \param link a link id
     * \return (upper switch, its down port): an aggregation switch (fabric-wide) and the
     * edge position below, or a core switch and the pod below
     */
    std::pair<uint32_t, uint32_t> UpperEndOf(uint32_t link) const;

    /// htsim's numbering: switch ids fabric-wide; core k sits above aggregation position
    /// k mod k/2, as that position's uplink k div k/2; a core's link id is the pod below.
    std::optional<uint32_t> LinkFromHtsim(FabricRole switchType,
                                          uint32_t switchId,
                                          uint32_t linkId) const override;

    /// (EDGE or AGGREGATION, the lower switch, its uplink): every link has one.
    std::optional<HtsimLinkName> HtsimNameOf(uint32_t link) const override;

    /**
     * \brief W-ECMP weights of an edge switch's uplinks towards a destination edge switch.
     *
     * Uplink a weighs the number of shortest paths through it whose links are all up:
     * within the pod 1 (or 0); to another pod, the cores reachable through aggregation
     * switch a that still reach the destination pod's aggregation switch a (the study's
     * weights), times whether that switch still reaches the destination edge switch.
     *
     * \param down which links this switch believes down
     * \param edge the edge switch (fabric-wide index)
     * \param destinationEdge the destination's edge switch, not \p edge
     * \return a weight per uplink
     */
    std::vector<uint64_t> EdgeUplinkWeights(const LinkStates& down,
                                            uint32_t edge,
                                            uint32_t destinationEdge) const;

    /**
     * \brief W-ECMP weights of an aggregation switch's uplinks towards another pod: a
     * core weighs 1 if the links to it and from it to the destination pod's matching
     * aggregation switch are up, else 0.
     *
     * \param down which links this switch believes down
     * \param agg the aggregation switch (fabric-wide index)
     * \param destinationPod another pod
     * \return a weight per uplink
     */
    std::vector<uint64_t> AggregationUplinkWeights(const LinkStates& down,
                                                   uint32_t agg,
                                                   uint32_t destinationPod) const;

    /// k/2 at an edge or aggregation switch, none at a core switch.
    uint32_t UpPortCount(SwitchRef sw) const override
    {
        return sw.tier < 2 ? m_half : 0;
    }

    /// R k/2 at an edge switch, k/2 at an aggregation switch, k (one a pod) at a core switch.
    uint32_t DownPortCount(SwitchRef sw) const override
    {
        return sw.tier == 0 ? m_hostsPerEdge : (sw.tier == 1 ? m_half : m_k);
    }

    /// Edge-aggregation links by (edge, position), then aggregation-core links by (aggregation,
    /// port).
    LinkEnds EndsOf(uint32_t link) const override;

    /// e.g. "edge-p0-1:agg-p0-0" or "agg-p1-0:core-1"; throws std::out_of_range for no link.
    std::string LinkName(uint32_t link) const override;

    /// Parses the name instead of searching every link's.
    std::optional<uint32_t> FindLink(const std::string& name) const override;

    /// 1 under one edge switch, k/2 within a pod, (k/2)^2 across pods.
    uint32_t LeafPathCount(uint32_t from, uint32_t to) const override;

    /// Slot a + (k/2) c: the edge switches' aggregation position a, and across pods the
    /// aggregation switch's up port c.
    LeafPath LeafPathOf(uint32_t from, uint32_t to, uint32_t slot) const override;

    /// The host's edge switch and its slot there.
    HostAttachment AttachmentOf(uint32_t host) const override
    {
        return {EdgeOf(host), SlotOf(host)};
    }

    /// The host's slot at its edge switch, its edge switch's position at an aggregation
    /// switch of its pod, its pod at a core switch; else up. One link joins two switches,
    /// so the arrival does not matter.
    uint32_t DownPortToward(SwitchRef sw, uint32_t host, uint32_t /* arrival */) const override
    {
        switch (sw.tier)
        {
        case 0:
            return EdgeOf(host) == sw.index ? SlotOf(host) : GO_UP;
        case 1:
            return PodOf(host) == PodOfSwitch(sw.index) ? EdgeOf(host) % m_half : GO_UP;
        default:
            return PodOf(host);
        }
    }

    /// The destination's edge switch at an edge switch, its pod at an aggregation switch.
    uint32_t DestinationKey(SwitchRef sw, uint32_t host) const override
    {
        return sw.tier == 0 ? EdgeOf(host) : PodOf(host);
    }

    /// k^2/2 edge switches at an edge switch, k pods at an aggregation switch.
    uint32_t DestinationKeyCount(SwitchRef sw) const override
    {
        return sw.tier == 0 ? EdgeCount() : m_k;
    }

    /// An edge switch reads a label's lowest base-k/2 digit, an aggregation switch the next.
    uint32_t LabelDivisor(SwitchRef sw) const override
    {
        return sw.tier == 0 ? 1 : m_half;
    }

    std::optional<uint32_t> LinkOfPort(SwitchRef sw, bool up, uint32_t port) const override;

    /// Edge switches behind k/2 uplinks each, pods behind (k/2)^2.
    std::vector<HostCut> Cuts() const override;

    /// k pods.
    uint32_t PartitionGroupCount() const override
    {
        return m_k;
    }

    /// "pod"
    std::string PartitionGroupName() const override
    {
        return "pod";
    }

    /// The pod of an edge or aggregation switch.
    uint32_t PartitionGroupOf(SwitchRef sw) const override
    {
        return PodOfSwitch(sw.index);
    }

    /// The W-ECMP weights (EdgeUplinkWeights, AggregationUplinkWeights) per destination key:
    /// failuresKnown false and no tables if no link is down.
    UplinkView BuildUplinkView(SwitchRef sw, const LinkStates& down) const override;

    /// An aggregation switch's pod: the cores' links into a pod share its traffic.
    std::optional<uint32_t> TopDownGroupOf(SwitchRef sw) const override
    {
        return sw.tier == 1 ? std::optional<uint32_t>(PodOfSwitch(sw.index)) : std::nullopt;
    }

  private:
    uint32_t m_k;            //!< radix
    uint32_t m_half;         //!< k/2
    uint32_t m_hostsPerEdge; //!< R k/2
};

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_FAT_TREE_TOPOLOGY_H */
