/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FABRIC_HELPER_H
#define FABRIC_LB_FABRIC_HELPER_H

#include "ns3/abort.h"
#include "ns3/data-rate.h"
#include "ns3/error-model.h"
#include "ns3/fabric-link-helper.h"
#include "ns3/fabric-queue-disc.h"
#include "ns3/fabric-routing.h"
#include "ns3/fat-tree-topology.h"
#include "ns3/ipv4-address.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"
#include "ns3/object.h"
#include "ns3/port-monitor.h"
#include "ns3/roce-nic.h"
#include "ns3/wire-model.h"

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief Builds a fabric on ns-3's Internet stack: a k-ary fat tree (the K attribute) or
 * any other FabricTopology (SetTopology, e.g. a LeafSpineTopology): hosts, switches tier by
 * tier, point-to-point links, a FabricQueueDisc on every port, FabricRouting on every node,
 * a RoceNic on every host, and a PortMonitor on every port; with SwitchPath "direct", a
 * DirectSwitchForwarder on every switch.
 *
 * Needs picosecond time resolution (Time::SetResolution(Time::PS) before any
 * Time exists): a 4158-byte packet takes 41.58 ns at 800 Gb/s.
 */
class FabricHelper : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    FabricHelper();

    /// How switches forward (the SwitchPath attribute; unscoped, as an enum attribute's type).
    enum SwitchPath
    {
        IPV4,  //!< ns-3's Ipv4L3Protocol, Ipv4Interface and traffic-control layer
        DIRECT //!< DirectSwitchForwarder: the same decisions, straight to the egress queue disc
    };

    /// How a host's NIC reaches its ports (the HostPath attribute).
    enum HostPath
    {
        BYPASS,   //!< frames built by the NIC, handed to its FabricPortDevice
        HOST_IPV4 //!< through ns-3's UDP, IPv4 and traffic-control layers
    };

    /**
     * \brief Builds \p topology instead of the K attribute's fat tree (before Build).
     * \param topology the fabric
     */
    void SetTopology(std::shared_ptr<const fabriclb::FabricTopology> topology);

    /// Creates the whole fabric. Call once.
    void Build();

    /**
     * \brief Sets an attribute of every host's RoceNic (before Build), such as
     * its Recovery or CongestionControl.
     * \param name the attribute's name
     * \param value its value
     */
    void SetNicAttribute(const std::string& name, const AttributeValue& value);

    /**
     * \brief Sets an attribute of every port's buffer (before Build), its FabricQueueDisc or
     * FabricPortDevice (the two share these names), such as RedMarking.
     * \param name the attribute's name
     * \param value its value
     */
    void SetPortAttribute(const std::string& name, const AttributeValue& value);

    /**
     * \param stream first stream index
     * \return the number of streams used (switch disciplines, host policies, NICs,
     * then RED queue discs and LossRate's error models)
     */
    int64_t AssignStreams(int64_t stream);

    /// \return the fabric (after Build, or after SetTopology)
    const fabriclb::FabricTopology& GetTopology() const
    {
        return *m_topology;
    }

    /// \return the hosts, by index
    const NodeContainer& GetHosts() const
    {
        return m_hosts;
    }

    /// \return the switches of \p tier (0: the hosts' switches), by index (after Build)
    const NodeContainer& GetSwitches(uint32_t tier) const
    {
        return m_switches.at(tier);
    }

    /// \return a fat tree's edge switches (tier 0), by fabric-wide index
    const NodeContainer& GetEdgeSwitches() const
    {
        return GetSwitches(0);
    }

    /// \return a fat tree's aggregation switches (tier 1), by fabric-wide index
    const NodeContainer& GetAggregationSwitches() const
    {
        return GetSwitches(1);
    }

    /// \return a fat tree's core switches (tier 2)
    const NodeContainer& GetCoreSwitches() const
    {
        return GetSwitches(2);
    }

    /// \return every server's switch (NVLink), by server; none if the fabric has no servers
    const NodeContainer& GetServerSwitches() const
    {
        return m_serverSwitches;
    }

    /// \return host \p host's address
    Ipv4Address GetHostAddress(uint32_t host) const;
    /// \return host \p host's NIC
    Ptr<RoceNic> GetNic(uint32_t host) const;

    /// \return the devices at the lower and at the upper end of \p link (after Build)
    const std::pair<Ptr<NetDevice>, Ptr<NetDevice>>& GetLinkDevices(uint32_t link) const
    {
        return m_linkDevices.at(link);
    }

    /// \return a monitor for every port of the fabric, host ports included
    const std::vector<Ptr<PortMonitor>>& GetPortMonitors() const
    {
        return m_monitors;
    }

    /**
     * \return the sizes, gaps and pacing of the Wire attribute's model, from the
     * current attributes (callable before Build)
     */
    fabriclb::WireModel GetWireModel() const;

    /// \return the physical model, whatever the Wire attribute: the study's bound uses it
    fabriclb::WireModel GetBoundWireModel() const;

    /// \return the buffer every port gets: BufferBytes in the wire model's units
    uint32_t GetPortBufferBytes() const;

    /**
     * \param bytesPerHop bytes queued at every hop
     * \return the time they take to drain at the link rate over the fabric's longest path: the
     * most queueing a packet can meet when each hop holds at most \p bytesPerHop for it
     */
    Time GetLongestPathDrain(uint64_t bytesPerHop) const;

    /// \return every link's rate
    DataRate GetLinkRate() const
    {
        return m_linkRate;
    }

    /// \return per-link propagation delay
    Time GetLinkDelay() const
    {
        return m_linkDelay;
    }

    /// \return the rate of a server's own links
    DataRate GetServerLinkRate() const
    {
        return m_serverLinkRate;
    }

    /// \return the propagation delay of a server's own links
    Time GetServerLinkDelay() const
    {
        return m_serverLinkDelay;
    }

  protected:
    void DoDispose() override;

  private:
    /// The two routes of one link.
    struct LinkRoutes
    {
        Ptr<Ipv4Route> up;           //!< from the lower node through the link
        Ptr<Ipv4Route> down;         //!< from the upper node through the link
        const EgressPort* upQueue{}; //!< the lower node's egress buffer onto the link
    };

    /// One switch's routes through its links and its uplinks' buffers, in the topology's
    /// port order, as Build connects them.
    struct PortRoutes
    {
        std::vector<Ptr<Ipv4Route>> down;        //!< by down port
        std::vector<Ptr<Ipv4Route>> up;          //!< by up port
        std::vector<const EgressPort*> upQueues; //!< by up port
    };

    /// Every switch's ports, by tier and index within the tier.
    using SwitchPorts = std::vector<std::vector<PortRoutes>>;

    /// Connects \p lower to \p upper with one link in subnet \p network/30: a fabric link, or
    /// a server's own link (\p serverLink: ServerLinkRate and ServerLinkDelay).
    LinkRoutes Connect(Ptr<Node> lower,
                       Ptr<Node> upper,
                       FabricStage upStage,
                       FabricStage downStage,
                       uint32_t network,
                       bool serverLink = false);
    /// Links every host to its switch and gives it its routing, path policy and NIC.
    void ConnectHosts(SwitchPorts& ports);
    /// Connects the topology's switch-to-switch links in id order (FabricTopology::EndsOf).
    void ConnectSwitches(SwitchPorts& ports);
    /// Gives every switch its routes and every switch with up ports its discipline.
    void ConfigureSwitches(const SwitchPorts& ports);

    uint32_t m_k{};                   //!< radix
    uint32_t m_oversubscription{};    //!< hosts per edge switch over its uplinks
    uint32_t m_ranks;                 //!< ranks the nodes are placed on
    DataRate m_linkRate;              //!< every link's rate
    Time m_linkDelay;                 //!< every link's propagation delay
    DataRate m_serverLinkRate;        //!< a server's own links' rate
    Time m_serverLinkDelay;           //!< a server's own links' propagation delay
    uint32_t m_bufferBytes{};         //!< per-port buffer
    uint32_t m_markThresholdBytes{};  //!< per-port ECN marking threshold
    bool m_intTelemetry{false};       //!< switch ports stamp in-band telemetry
    bool m_trim{false};               //!< switch ports trim (Trim)
    uint32_t m_trimBytes{0};          //!< IPv4 payload bytes a trimmed packet keeps
    uint32_t m_trimThresholdBytes{0}; //!< switch ports trim above this backlog (0: never)
    double m_trimHeaderRoom{0};  //!< bytes beyond a buffer only trimmed headers fill, in buffers
    fabriclb::WireKind m_wire{}; //!< the wire model
    uint32_t m_payloadBytes{};   //!< message bytes per data packet
    uint32_t m_ackBytes{};       //!< ACK size on a physical wire
    uint32_t m_gapBytes{};       //!< inter-packet gap on a physical wire
    uint32_t m_mtu{};            //!< every device's MTU
    TypeId m_switchDiscipline;   //!< discipline of every switch with up ports
    TypeId m_hostPathPolicy;     //!< policy of every host
    ObjectFactory m_nicFactory;  //!< every host's RoceNic
    double m_lossRate{};         //!< packet loss probability of every link direction
    SwitchPath m_switchPath{};   //!< the switches' forwarding path
    FabricLinkHelper::PortKind m_switchPort{}; //!< every port's kind
    HostPath m_hostPath{};                     //!< the NICs' way to their ports
    std::vector<std::pair<std::string, Ptr<AttributeValue>>>
        m_portAttributes;                           //!< set on every port's buffer
    std::vector<Ptr<RateErrorModel>> m_errorModels; //!< LossRate's, one per device

    /// Creates every node on its rank (FabricPartition), in node-id order: hosts, then
    /// switches tier by tier.
    void CreateNodes();

    /// \return the model of \p kind from the current attributes
    fabriclb::WireModel MakeWireModel(fabriclb::WireKind kind) const;

    fabriclb::WireModel m_wireModel;                            //!< the fabric's wire, from Build
    std::shared_ptr<const fabriclb::FabricTopology> m_topology; //!< the fabric
    NodeContainer m_hosts;                                      //!< hosts
    std::vector<NodeContainer> m_switches;                      //!< by tier
    NodeContainer m_serverSwitches;                             //!< by server, if it has any
    std::vector<Ptr<PortMonitor>> m_monitors;                   //!< one per port
    std::vector<std::pair<Ptr<NetDevice>, Ptr<NetDevice>>> m_linkDevices; //!< by link id
    bool m_built{false};                                                  //!< Build has run
};

} // namespace ns3

#endif /* FABRIC_LB_FABRIC_HELPER_H */
