/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_RAIL_TOPOLOGY_H
#define FABRIC_LB_RAIL_TOPOLOGY_H

#include "leaf-spine-topology.h"

#include "ns3/object-base.h"

#include <cstdint>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief A rail-optimised fabric: servers of G GPUs, one NIC per GPU, GPU g of every
 * server on rail g's leaf, spines over every leaf.
 *
 * The servers form rail groups of N each (N = serversPerLeaf); a group has one leaf per
 * rail, leaf group * G + g, and server s's GPU g sits on leaf (s / N) * G + g at down port
 * s % N. Host h is GPU h % G of server h / G, so a collective's neighbouring ranks are GPUs
 * of one server on different rails. Above the leaves it is a leaf-spine fabric
 * (LeafSpineTopology): S spines, P parallel links a leaf and spine. GPUs of one server on
 * different rails meet at a spine; GPUs of one rail and group at their leaf.
 */
class RailTopology : public LeafSpineTopology
{
  public:
    /**
     * \param servers the servers, a multiple of \p serversPerLeaf
     * \param gpusPerServer G, the rails
     * \param serversPerLeaf N, the servers of a rail group: each rail leaf's hosts
     * \param spines S
     * \param linksPerSpine P
     * \param nvlink whether a server's GPUs reach each other over its own switch (NVLink)
     *        rather than the fabric
     * \param pxn with NVLink, whether a GPU's packets for another rail first cross NVLink to
     *        its server's GPU on the destination's rail and enter the fabric there (NCCL's PXN)
     * \throws std::invalid_argument for a fabric that cannot be built, or PXN without NVLink
     */
    RailTopology(uint32_t servers,
                 uint32_t gpusPerServer,
                 uint32_t serversPerLeaf,
                 uint32_t spines,
                 uint32_t linksPerSpine,
                 bool nvlink = false,
                 bool pxn = false);

    /// \return the servers
    uint32_t Servers() const
    {
        return HostCount() / m_gpusPerServer;
    }

    /// \return G, the GPUs of a server and the rails
    uint32_t GpusPerServer() const
    {
        return m_gpusPerServer;
    }

    /// \return the server of GPU \p host
    uint32_t ServerOf(uint32_t host) const
    {
        return host / m_gpusPerServer;
    }

    /// \return the rail of GPU \p host
    uint32_t RailOf(uint32_t host) const
    {
        return host % m_gpusPerServer;
    }

    /// \return "rail"
    std::string Name() const override
    {
        return "rail";
    }

    /// \return its flags, e.g. "rail servers=16 gpusPerServer=8 serversPerLeaf=16 spines=16"
    std::string Describe() const override;

    /// GPU g of server s: leaf (s / N) * G + g, down port s % N.
    HostAttachment AttachmentOf(uint32_t host) const override
    {
        const uint32_t server = ServerOf(host);
        return {server / HostsPerLeaf() * m_gpusPerServer + RailOf(host), server % HostsPerLeaf()};
    }

    /// \return G with NVLink, else 1
    uint32_t HostsPerServer() const override
    {
        return m_nvlink ? m_gpusPerServer : 1;
    }

    /// \return whether PXN is on
    bool Pxn() const
    {
        return m_pxn;
    }

    /// With PXN, \p source's server's GPU on \p destination's rail; else \p source.
    uint32_t FabricEntryOf(uint32_t source, uint32_t destination) const override
    {
        return m_pxn ? ServerOf(source) * m_gpusPerServer + RailOf(destination) : source;
    }

    /// \return 2 within a server over NVLink; with PXN, 2 more to the GPU where the packets
    /// enter the fabric, if it is another; else the leaf-spine's
    uint32_t Hops(uint32_t a, uint32_t b) const override;

    /// \return 1 within a server over NVLink, else the leaf-spine's from the fabric entry
    uint32_t PathCount(uint32_t a, uint32_t b) const override;

    /// \return the leaf-spine's 4, and 2 more with PXN
    uint32_t LongestPathHops() const override
    {
        return m_pxn ? 6 : 4;
    }

  private:
    uint32_t m_gpusPerServer; //!< G
    bool m_nvlink;            //!< a server's GPUs meet over its own switch
    bool m_pxn;               //!< packets for another rail enter the fabric on that rail
};

} // namespace fabriclb

/**
 * \ingroup fabric-lb
 * \brief The shape of `--topology=rail`, as attributes (ns3::RailShape::Servers, ...), which
 * the driver's --servers, --gpusPerServer, --serversPerLeaf and --railSpines set.
 */
class RailShape : public ObjectBase
{
  public:
    /// \return the attributes
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;
    /// Takes the attributes' defaults.
    RailShape();

    uint32_t servers;        //!< servers
    uint32_t gpusPerServer;  //!< GPUs (NICs, rails) per server
    uint32_t serversPerLeaf; //!< servers of a rail group
    uint32_t spines;         //!< spine switches
    uint32_t linksPerSpine;  //!< parallel links between a leaf and a spine
    bool nvlink;             //!< a server's GPUs meet over its own switch
    bool pxn;                //!< NCCL's PXN: packets for another rail cross NVLink first
};

} // namespace ns3

#endif /* FABRIC_LB_RAIL_TOPOLOGY_H */
