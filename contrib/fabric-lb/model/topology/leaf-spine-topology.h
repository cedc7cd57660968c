/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_LEAF_SPINE_TOPOLOGY_H
#define FABRIC_LB_LEAF_SPINE_TOPOLOGY_H

#include "fabric-topology.h"

#include "ns3/object-base.h"

#include <cstdint>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief A 2-tier leaf-spine fabric: L leaves (tier 0) with H hosts each, S spines
 * (tier 1), and P parallel links ("lanes") between every leaf and every spine.
 *
 * Pure logic, no ns-3 objects. Host h sits under leaf h / H at down port h % H. Leaf up
 * port u reaches spine u % S on lane u / S; spine down port d reaches leaf d % L on lane
 * d / L. A packet keeps its lane: up port u of one leaf and up port u of another are the
 * two ends of one path, so every (spine, lane) pair is a path of its own and a leaf has
 * S * P of them. Link ids run leaf by leaf: leaf * S * P + u. The tiers' oversubscription
 * follows from H against S * P.
 */
class LeafSpineTopology : public FabricTopology
{
  public:
    /**
     * \param leaves leaf switches, at least 2
     * \param spines spine switches, at least 1
     * \param hostsPerLeaf hosts under each leaf, at least 1
     * \param linksPerSpine parallel links between each leaf and each spine, at least 1
     * \throws std::invalid_argument if a count is too small or the fabric is beyond the
     *         address plan
     */
    LeafSpineTopology(uint32_t leaves,
                      uint32_t spines,
                      uint32_t hostsPerLeaf,
                      uint32_t linksPerSpine);

    /// \return the number of leaves
    uint32_t Leaves() const
    {
        return m_leaves;
    }

    /// \return the number of spines
    uint32_t Spines() const
    {
        return m_spines;
    }

    /// \return hosts per leaf
    uint32_t HostsPerLeaf() const
    {
        return m_hostsPerLeaf;
    }

    /// \return parallel links between a leaf and a spine
    uint32_t LinksPerSpine() const
    {
        return m_linksPerSpine;
    }

    /// \return the leaf above \p host
    uint32_t LeafOf(uint32_t host) const
    {
        return AttachmentOf(host).leaf;
    }

    /// \return "leaf-spine"
    std::string Name() const override
    {
        return "leaf-spine";
    }

    /// \return its flags, e.g. "leaf-spine leaves=8 spines=4 hostsPerLeaf=16 linksPerSpine=2"
    std::string Describe() const override;

    uint32_t HostCount() const override
    {
        return m_leaves * m_hostsPerLeaf;
    }

    /// \return 2: leaves, spines
    uint32_t TierCount() const override
    {
        return 2;
    }

    uint32_t SwitchCount(uint32_t tier) const override
    {
        return tier == 0 ? m_leaves : m_spines;
    }

    /// \return "leaf", "spine"
    std::string TierName(uint32_t tier) const override
    {
        return tier == 0 ? "leaf" : "spine";
    }

    /// \return L * S * P
    uint32_t LinkCount() const override
    {
        return m_leaves * Uplinks();
    }

    /// S * P at a leaf, none at a spine.
    uint32_t UpPortCount(SwitchRef sw) const override
    {
        return sw.tier == 0 ? Uplinks() : 0;
    }

    /// H at a leaf, L * P at a spine.
    uint32_t DownPortCount(SwitchRef sw) const override
    {
        return sw.tier == 0 ? m_hostsPerLeaf : m_leaves * m_linksPerSpine;
    }

    LinkEnds EndsOf(uint32_t link) const override;

    /// "leaf-L:spine-S", and "/LANE" after it with parallel links.
    std::string LinkName(uint32_t link) const override;

    /// 1 from a leaf to itself, else S * P.
    uint32_t LeafPathCount(uint32_t from, uint32_t to) const override
    {
        return from == to ? 1 : Uplinks();
    }

    /// Slot u: up port u of \p from, down the same (spine, lane) to \p to.
    LeafPath LeafPathOf(uint32_t from, uint32_t to, uint32_t slot) const override
    {
        if (from == to)
        {
            return {};
        }
        return {{from * Uplinks() + slot}, {to * Uplinks() + slot}};
    }

    /// Host h under leaf h / H, on its port h % H; every host-indexed answer reads it.
    HostAttachment AttachmentOf(uint32_t host) const override
    {
        return {host / m_hostsPerLeaf, host % m_hostsPerLeaf};
    }

    /// At a leaf, the host's port or up; at a spine, the destination leaf on the lane the
    /// packet arrived on (lane 0 when it arrived from nowhere).
    uint32_t DownPortToward(SwitchRef sw, uint32_t host, uint32_t arrival) const override;

    /// The destination's leaf.
    uint32_t DestinationKey(SwitchRef /* sw */, uint32_t host) const override
    {
        return LeafOf(host);
    }

    /// L leaves.
    uint32_t DestinationKeyCount(SwitchRef /* sw */) const override
    {
        return m_leaves;
    }

    /// A leaf reads a label's lowest base-(S * P) digit.
    uint32_t LabelDivisor(SwitchRef /* sw */) const override
    {
        return 1;
    }

    std::optional<uint32_t> LinkOfPort(SwitchRef sw, bool up, uint32_t port) const override;

    /// Leaves behind S * P uplinks each.
    std::vector<HostCut> Cuts() const override;

    /// L leaves, each with its hosts.
    uint32_t PartitionGroupCount() const override
    {
        return m_leaves;
    }

    /// "leaf"
    std::string PartitionGroupName() const override
    {
        return "leaf";
    }

    /// A leaf is a group of its own.
    uint32_t PartitionGroupOf(SwitchRef sw) const override
    {
        return sw.index;
    }

    /// A leaf's uplink u reaches a destination leaf while its own link and the destination
    /// leaf's link on the same (spine, lane) are up: weight 1, else 0.
    UplinkView BuildUplinkView(SwitchRef sw, const LinkStates& down) const override;

    /// \return 0 (the same host), 2 (the same leaf) or 4
    uint32_t Hops(uint32_t a, uint32_t b) const override;

    /// \return 1 under one leaf, else S * P
    uint32_t PathCount(uint32_t a, uint32_t b) const override;

  private:
    /// \return S * P, a leaf's up ports
    uint32_t Uplinks() const
    {
        return m_spines * m_linksPerSpine;
    }

    uint32_t m_leaves;        //!< L
    uint32_t m_spines;        //!< S
    uint32_t m_hostsPerLeaf;  //!< H
    uint32_t m_linksPerSpine; //!< P
};

} // namespace fabriclb

/**
 * \ingroup fabric-lb
 * \brief The shape of the leaf-spine fabric that --topology=leaf-spine builds, as attributes
 * (the driver's --leaves, --spines, --hostsPerLeaf, --linksPerSpine).
 */
class LeafSpineShape : public ObjectBase
{
  public:
    /// \return the attributes
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;
    /// Takes the attributes' defaults.
    LeafSpineShape();

    uint32_t leaves;        //!< leaf switches
    uint32_t spines;        //!< spine switches
    uint32_t hostsPerLeaf;  //!< hosts under each leaf
    uint32_t linksPerSpine; //!< parallel links between a leaf and a spine
};

} // namespace ns3

#endif /* FABRIC_LB_LEAF_SPINE_TOPOLOGY_H */
