/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "multi-plane-topology.h"

#include <stdexcept>
#include <string>

namespace ns3
{
namespace fabriclb
{

MultiPlaneTopology::MultiPlaneTopology(std::shared_ptr<const FabricTopology> base, uint32_t planes)
    : m_base(std::move(base)),
      m_planes(planes)
{
    if (!m_base)
    {
        throw std::invalid_argument("a multi-plane fabric needs a plane to copy");
    }
    if (planes == 0)
    {
        throw std::invalid_argument("a fabric needs at least one plane, got 0");
    }
    if (m_base->HostPorts() != 1)
    {
        throw std::invalid_argument("the planes of a multi-plane fabric have one port per host");
    }
    // Every tier's links take 4 addresses each of their own /10, and host ports beyond the
    // first take theirs from one /10 more.
    const uint64_t links = uint64_t(planes) * m_base->LinkCount();
    const uint64_t extraPorts = uint64_t(planes - 1) * m_base->HostCount();
    if (links > MAX_HOSTS || extraPorts > MAX_HOSTS)
    {
        throw std::invalid_argument(std::to_string(planes) + " planes of " + m_base->Describe() +
                                    " are beyond the address plan (at most " +
                                    std::to_string(MAX_HOSTS) +
                                    " switch links, and host ports beyond the first)");
    }
}

std::string
MultiPlaneTopology::Describe() const
{
    return m_base->Describe() + " planes=" + std::to_string(m_planes);
}

HostAttachment
MultiPlaneTopology::PortAttachment(uint32_t host, uint32_t port) const
{
    if (port >= m_planes)
    {
        throw std::out_of_range("host " + std::to_string(host) + " has no port " +
                                std::to_string(port));
    }
    const HostAttachment at = m_base->AttachmentOf(host);
    return {port * m_base->SwitchCount(0) + at.leaf, at.downPort};
}

LinkEnds
MultiPlaneTopology::EndsOf(uint32_t link) const
{
    const uint32_t plane = PlaneOfLink(link);
    LinkEnds ends = m_base->EndsOf(link % m_base->LinkCount());
    ends.lower.index += plane * m_base->SwitchCount(ends.lower.tier);
    ends.upper.index += plane * m_base->SwitchCount(ends.upper.tier);
    return ends;
}

std::string
MultiPlaneTopology::LinkName(uint32_t link) const
{
    if (link >= LinkCount())
    {
        throw std::out_of_range("no link " + std::to_string(link));
    }
    return "p" + std::to_string(PlaneOfLink(link)) + "/" +
           m_base->LinkName(link % m_base->LinkCount());
}

LeafPath
MultiPlaneTopology::LeafPathOf(uint32_t from, uint32_t to, uint32_t slot) const
{
    LeafPath path = m_base->LeafPathOf(from, to, slot / m_planes);
    const uint32_t offset = (slot % m_planes) * m_base->LinkCount();
    for (std::vector<uint32_t>* links : {&path.up, &path.down})
    {
        for (uint32_t& link : *links)
        {
            link += offset;
        }
    }
    return path;
}

std::optional<uint32_t>
MultiPlaneTopology::LinkOfPort(SwitchRef sw, bool up, uint32_t port) const
{
    const std::optional<uint32_t> link = m_base->LinkOfPort(ToBase(sw), up, port);
    if (!link)
    {
        return std::nullopt;
    }
    return PlaneOf(sw) * m_base->LinkCount() + *link;
}

UplinkView
MultiPlaneTopology::BuildUplinkView(SwitchRef sw, const LinkStates& down) const
{
    const auto first = down.begin() + PlaneOf(sw) * m_base->LinkCount();
    const LinkStates planeDown(first, first + m_base->LinkCount());
    return m_base->BuildUplinkView(ToBase(sw), planeDown);
}

std::vector<HostCut>
MultiPlaneTopology::Cuts() const
{
    std::vector<HostCut> cuts = m_base->Cuts();
    for (HostCut& cut : cuts)
    {
        cut.linksPerGroup *= m_planes;
    }
    return cuts;
}

} // namespace fabriclb
} // namespace ns3
