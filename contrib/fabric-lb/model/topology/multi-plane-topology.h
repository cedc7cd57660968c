/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_MULTI_PLANE_TOPOLOGY_H
#define FABRIC_LB_MULTI_PLANE_TOPOLOGY_H

#include "fabric-topology.h"

#include <cstdint>
#include <memory>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief P identical, independent planes of one fabric: every host has one NIC port in each
 * plane, and the planes share no switch or link.
 *
 * Pure logic, no ns-3 objects. Plane p's switches of a tier follow plane p-1's: switch i of
 * the base fabric's tier is switch p * n + i here (n the base's switches of that tier), and
 * its links are link p * N + l (N the base's links), named "pP/" before the base's name. A
 * host's port p attaches to plane p's copy of its base switch (PortAttachment); AttachmentOf
 * and the tier-0 switch indices that paths take (LeafPathCount, LeafPathOf) are plane 0's,
 * standing for the same switch in every plane.
 *
 * A path is a plane and a path of the base: slot s is plane s mod P and the base's path
 * s / P. A host-DR label's lowest digit therefore names the plane (the host's own uplink
 * choice) and every switch reads its digit P times further up (LabelDivisor). Destination
 * keys, hops and partition groups are the base's; every cut has P times the base's links.
 */
class MultiPlaneTopology : public FabricTopology
{
  public:
    /**
     * \param base one plane
     * \param planes P, at least 1
     * \throws std::invalid_argument for no planes, or more links than the address plan holds
     */
    MultiPlaneTopology(std::shared_ptr<const FabricTopology> base, uint32_t planes);

    /// \return one plane
    const FabricTopology& Base() const
    {
        return *m_base;
    }

    /// \return the plane of \p sw
    uint32_t PlaneOf(SwitchRef sw) const
    {
        return sw.index / m_base->SwitchCount(sw.tier);
    }

    /// \return the plane of link \p link
    uint32_t PlaneOfLink(uint32_t link) const override
    {
        return link / m_base->LinkCount();
    }

    /// \return the base's name: the fabric's kind
    std::string Name() const override
    {
        return m_base->Name();
    }

    /// \return the base's description and "planes=P"
    std::string Describe() const override;

    /// \return P
    uint32_t HostPorts() const override
    {
        return m_planes;
    }

    HostAttachment PortAttachment(uint32_t host, uint32_t port) const override;

    uint32_t HostCount() const override
    {
        return m_base->HostCount();
    }

    uint32_t TierCount() const override
    {
        return m_base->TierCount();
    }

    /// P times the base's
    uint32_t SwitchCount(uint32_t tier) const override
    {
        return m_planes * m_base->SwitchCount(tier);
    }

    std::string TierName(uint32_t tier) const override
    {
        return m_base->TierName(tier);
    }

    /// P times the base's
    uint32_t LinkCount() const override
    {
        return m_planes * m_base->LinkCount();
    }

    uint32_t UpPortCount(SwitchRef sw) const override
    {
        return m_base->UpPortCount(ToBase(sw));
    }

    uint32_t DownPortCount(SwitchRef sw) const override
    {
        return m_base->DownPortCount(ToBase(sw));
    }

    LinkEnds EndsOf(uint32_t link) const override;

    /// "pP/" and the base's name
    std::string LinkName(uint32_t link) const override;

    /// P times the base's: each of its paths in every plane
    uint32_t LeafPathCount(uint32_t from, uint32_t to) const override
    {
        return m_planes * m_base->LeafPathCount(from, to);
    }

    /// Slot s: the base's path s / P in plane s mod P.
    LeafPath LeafPathOf(uint32_t from, uint32_t to, uint32_t slot) const override;

    /// Plane 0's.
    HostAttachment AttachmentOf(uint32_t host) const override
    {
        return m_base->AttachmentOf(host);
    }

    uint32_t DownPortToward(SwitchRef sw, uint32_t host, uint32_t arrival) const override
    {
        return m_base->DownPortToward(ToBase(sw), host, arrival);
    }

    uint32_t DestinationKey(SwitchRef sw, uint32_t host) const override
    {
        return m_base->DestinationKey(ToBase(sw), host);
    }

    uint32_t DestinationKeyCount(SwitchRef sw) const override
    {
        return m_base->DestinationKeyCount(ToBase(sw));
    }

    /// P times the base's: a label's lowest digit is the host's plane.
    uint32_t LabelDivisor(SwitchRef sw) const override
    {
        return m_planes * m_base->LabelDivisor(ToBase(sw));
    }

    std::optional<uint32_t> LinkOfPort(SwitchRef sw, bool up, uint32_t port) const override;

    /// The base's view of the links of \p sw's plane.
    UplinkView BuildUplinkView(SwitchRef sw, const LinkStates& down) const override;

    uint32_t PartitionGroupCount() const override
    {
        return m_base->PartitionGroupCount();
    }

    std::string PartitionGroupName() const override
    {
        return m_base->PartitionGroupName();
    }

    /// A switch is in its base switch's group: a group's hosts and their switches in every
    /// plane stay on one rank.
    uint32_t PartitionGroupOf(SwitchRef sw) const override
    {
        return m_base->PartitionGroupOf(ToBase(sw));
    }

    /// The base's cuts, each group behind P times its links.
    std::vector<HostCut> Cuts() const override;

    uint32_t Hops(uint32_t a, uint32_t b) const override
    {
        return m_base->Hops(a, b);
    }

    /// P times the base's
    uint32_t PathCount(uint32_t a, uint32_t b) const override
    {
        return m_planes * m_base->PathCount(a, b);
    }

    uint32_t LongestPathHops() const override
    {
        return m_base->LongestPathHops();
    }

    uint32_t HostsPerServer() const override
    {
        return m_base->HostsPerServer();
    }

    uint32_t FabricEntryOf(uint32_t source, uint32_t destination) const override
    {
        return m_base->FabricEntryOf(source, destination);
    }

  private:
    /// \return \p sw's switch in the base
    SwitchRef ToBase(SwitchRef sw) const
    {
        return {sw.tier, sw.index % m_base->SwitchCount(sw.tier)};
    }

    std::shared_ptr<const FabricTopology> m_base; //!< one plane
    uint32_t m_planes;                            //!< P
};

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_MULTI_PLANE_TOPOLOGY_H */
