/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rail-topology.h"

#include "ns3/attribute-construction-list.h"
#include "ns3/boolean.h"
#include "ns3/fabric-registry.h"
#include "ns3/uinteger.h"
#include "ns3/value-limits.h"

#include <stdexcept>
#include <string>

namespace ns3
{
namespace fabriclb
{

namespace
{

/// \return the leaves of a rail fabric: G rails' leaves for each group; throws if the
/// servers do not form whole groups
uint32_t
RailLeaves(uint32_t servers, uint32_t gpusPerServer, uint32_t serversPerLeaf)
{
    if (servers == 0 || gpusPerServer == 0 || serversPerLeaf == 0)
    {
        throw std::invalid_argument("a rail fabric needs at least one server, one GPU per "
                                    "server and one server per leaf");
    }
    if (servers % serversPerLeaf != 0)
    {
        throw std::invalid_argument("a rail fabric's " + std::to_string(servers) +
                                    " servers do not form rail groups of " +
                                    std::to_string(serversPerLeaf) + " servers per leaf");
    }
    const uint64_t leaves = uint64_t(servers / serversPerLeaf) * gpusPerServer;
    if (leaves > FabricTopology::MAX_HOSTS)
    {
        throw std::invalid_argument("a rail fabric of " + std::to_string(leaves) +
                                    " leaves is beyond the address plan");
    }
    return static_cast<uint32_t>(leaves);
}

} // namespace

RailTopology::RailTopology(uint32_t servers,
                           uint32_t gpusPerServer,
                           uint32_t serversPerLeaf,
                           uint32_t spines,
                           uint32_t linksPerSpine,
                           bool nvlink,
                           bool pxn)
    : LeafSpineTopology(RailLeaves(servers, gpusPerServer, serversPerLeaf),
                        spines,
                        serversPerLeaf,
                        linksPerSpine),
      m_gpusPerServer(gpusPerServer),
      m_nvlink(nvlink),
      m_pxn(pxn)
{
    if (pxn && !nvlink)
    {
        throw std::invalid_argument("PXN crosses a server's NVLink: it needs NVLink");
    }
}

uint32_t
RailTopology::Hops(uint32_t a, uint32_t b) const
{
    if (SameServer(a, b))
    {
        return 2;
    }
    const uint32_t entry = FabricEntryOf(a, b);
    return (entry == a ? 0 : 2) + LeafSpineTopology::Hops(entry, b);
}

uint32_t
RailTopology::PathCount(uint32_t a, uint32_t b) const
{
    return SameServer(a, b) ? 1 : LeafSpineTopology::PathCount(FabricEntryOf(a, b), b);
}

std::string
RailTopology::Describe() const
{
    std::string text = "rail servers=" + std::to_string(Servers()) +
                       " gpusPerServer=" + std::to_string(m_gpusPerServer) +
                       " serversPerLeaf=" + std::to_string(HostsPerLeaf()) +
                       " spines=" + std::to_string(Spines());
    if (LinksPerSpine() > 1)
    {
        text += " linksPerSpine=" + std::to_string(LinksPerSpine());
    }
    text += m_pxn ? " nvlink pxn" : m_nvlink ? " nvlink" : "";
    return text;
}

} // namespace fabriclb

NS_OBJECT_ENSURE_REGISTERED(RailShape);

TypeId
RailShape::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RailShape")
            .SetParent<ObjectBase>()
            .SetGroupName("FabricLb")
            .AddAttribute("Servers",
                          "rail: servers, a multiple of ServersPerLeaf",
                          UintegerValue(16),
                          MakeUintegerAccessor(&RailShape::servers),
                          MakeUintegerChecker<uint32_t>(1, fabriclb::ValueLimits::MAX_FABRIC_WIDTH))
            .AddAttribute("GpusPerServer",
                          "rail: GPUs of a server, each with a NIC of its own on its rail",
                          UintegerValue(8),
                          MakeUintegerAccessor(&RailShape::gpusPerServer),
                          MakeUintegerChecker<uint32_t>(1, fabriclb::ValueLimits::MAX_PARALLEL))
            .AddAttribute("ServersPerLeaf",
                          "rail: servers of a rail group, whose GPU g share rail g's leaf "
                          "(against Spines x LinksPerSpine uplinks: the leaves' "
                          "oversubscription)",
                          UintegerValue(16),
                          MakeUintegerAccessor(&RailShape::serversPerLeaf),
                          MakeUintegerChecker<uint32_t>(1, fabriclb::ValueLimits::MAX_FABRIC_WIDTH))
            .AddAttribute("Spines",
                          "rail: spine switches over every rail's leaves",
                          UintegerValue(16),
                          MakeUintegerAccessor(&RailShape::spines),
                          MakeUintegerChecker<uint32_t>(1, fabriclb::ValueLimits::MAX_FABRIC_WIDTH))
            .AddAttribute("LinksPerSpine",
                          "rail: parallel links between each leaf and each spine",
                          UintegerValue(1),
                          MakeUintegerAccessor(&RailShape::linksPerSpine),
                          MakeUintegerChecker<uint32_t>(1, fabriclb::ValueLimits::MAX_PARALLEL))
            .AddAttribute("NvLink",
                          "rail: a server's GPUs reach each other over its own switch "
                          "(NVLink, at FabricHelper's ServerLinkRate), not the fabric",
                          BooleanValue(true),
                          MakeBooleanAccessor(&RailShape::nvlink),
                          MakeBooleanChecker())
            .AddAttribute("Pxn",
                          "rail: a GPU's packets for another rail first cross NVLink to its "
                          "server's GPU on that rail and enter the fabric there (NCCL's PXN)",
                          BooleanValue(false),
                          MakeBooleanAccessor(&RailShape::pxn),
                          MakeBooleanChecker());
    return tid;
}

TypeId
RailShape::GetInstanceTypeId() const
{
    return GetTypeId();
}

RailShape::RailShape()
{
    ConstructSelf(AttributeConstructionList());
}

namespace
{
/// `--topology=rail`.
const fabriclb::Registration<fabriclb::TopologyKind> g_railTopology(
    {"rail",
     "rail-optimised: servers of GPUs, GPU g of each on rail g's leaf, spines over the leaves",
     {{"servers", "ns3::RailShape::Servers"},
      {"gpusPerServer", "ns3::RailShape::GpusPerServer"},
      {"serversPerLeaf", "ns3::RailShape::ServersPerLeaf"},
      {"railSpines", "ns3::RailShape::Spines"},
      {"railLinksPerSpine", "ns3::RailShape::LinksPerSpine"},
      {"nvlink", "ns3::RailShape::NvLink"},
      {"pxn", "ns3::RailShape::Pxn"},
      {"nvlinkRate", "ns3::FatTreeHelper::ServerLinkRate"},
      {"nvlinkDelay", "ns3::FatTreeHelper::ServerLinkDelay"}},
     [] {
         const RailShape shape;
         return std::make_shared<const fabriclb::RailTopology>(shape.servers,
                                                               shape.gpusPerServer,
                                                               shape.serversPerLeaf,
                                                               shape.spines,
                                                               shape.linksPerSpine,
                                                               shape.nvlink,
                                                               shape.pxn);
     }});
} // namespace

} // namespace ns3
