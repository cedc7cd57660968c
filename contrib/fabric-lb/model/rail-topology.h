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
     * \throws std::invalid_argument for a fabric that cannot be built
     */
    RailTopology(uint32_t servers,
                 uint32_t gpusPerServer,
                 uint32_t serversPerLeaf,
                 uint32_t spines,
                 uint32_t linksPerSpine);

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

  private:
    uint32_t m_gpusPerServer; //!< G
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
};

} // namespace ns3

#endif /* FABRIC_LB_RAIL_TOPOLOGY_H */
