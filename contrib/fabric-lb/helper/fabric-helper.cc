/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fabric-helper.h"

#include "fabric-address-plan.h"
#include "fabric-link-helper.h"

#include "ns3/direct-switch-forwarder.h"
#include "ns3/double.h"
#include "ns3/ecmp-discipline.h"
#include "ns3/fabric-partition.h"
#include "ns3/fabric-queue-disc.h"
#include "ns3/fabric-registry.h"
#include "ns3/fixed-label-path-policy.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/pointer.h"
#include "ns3/queue-size.h"
#include "ns3/string.h"
#include "ns3/traffic-control-helper.h"
#include "ns3/type-id.h"
#include "ns3/uinteger.h"
#include "ns3/value-limits.h"

#include <array>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("FatTreeHelper");

NS_OBJECT_ENSURE_REGISTERED(FabricHelper);

namespace
{
/// The largest radix K: a k=256 fat tree has 4,194,304 hosts, beyond what memory holds.
constexpr uint32_t MAX_RADIX = 256;
} // namespace

TypeId
FabricHelper::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::FatTreeHelper")
            .SetParent<Object>()
            .SetGroupName("FabricLb")
            .AddConstructor<FabricHelper>()
            .AddAttribute("K",
                          "Switch radix k: k pods, k^3/4 hosts (even, at least 4)",
                          UintegerValue(8),
                          MakeUintegerAccessor(&FabricHelper::m_k),
                          MakeUintegerChecker<uint32_t>(0, MAX_RADIX))
            .AddAttribute("Oversubscription",
                          "Hosts per edge switch over its k/2 uplinks: R k/2 hosts an edge "
                          "switch, R k^3/4 in all (1: the study's full-bisection fat tree)",
                          UintegerValue(1),
                          MakeUintegerAccessor(&FabricHelper::m_oversubscription),
                          MakeUintegerChecker<uint32_t>(1, fabriclb::ValueLimits::MAX_PARALLEL))
            .AddAttribute("Ranks",
                          "Ranks of a distributed run the nodes are placed on, by pod "
                          "(fabriclb::FabricPartition); 1 without MPI",
                          UintegerValue(1),
                          MakeUintegerAccessor(&FabricHelper::m_ranks),
                          MakeUintegerChecker<uint32_t>(1, fabriclb::ValueLimits::MAX_FABRIC_WIDTH))
            .AddAttribute("LinkRate",
                          "Rate of every link",
                          DataRateValue(DataRate("800Gbps")),
                          MakeDataRateAccessor(&FabricHelper::m_linkRate),
                          MakeDataRateChecker())
            .AddAttribute(
                "LinkDelay",
                "Propagation delay of every link",
                TimeValue(NanoSeconds(500)),
                MakeTimeAccessor(&FabricHelper::m_linkDelay),
                MakeTimeChecker(Time(0), PicoSeconds(fabriclb::ValueLimits::MAX_DELAY_PS)))
            .AddAttribute("ServerLinkRate",
                          "Rate of a server's own links, between its hosts and its switch, "
                          "where a fabric has servers (a rail fabric's NVLink: H100's NVLink 4, "
                          "450 GB/s a direction)",
                          DataRateValue(DataRate("3600Gbps")),
                          MakeDataRateAccessor(&FabricHelper::m_serverLinkRate),
                          MakeDataRateChecker())
            .AddAttribute(
                "ServerLinkDelay",
                "Propagation delay of a server's own links (an assumption: a short "
                "trace in the server)",
                TimeValue(NanoSeconds(100)),
                MakeTimeAccessor(&FabricHelper::m_serverLinkDelay),
                MakeTimeChecker(Time(0), PicoSeconds(fabriclb::ValueLimits::MAX_DELAY_PS)))
            .AddAttribute("BufferBytes",
                          "Drop-tail buffer of every egress port",
                          UintegerValue(800000),
                          MakeUintegerAccessor(&FabricHelper::m_bufferBytes),
                          MakeUintegerChecker<uint32_t>(1, fabriclb::ValueLimits::MAX_PORT_BYTES))
            .AddAttribute("MarkThresholdBytes",
                          "ECN-mark at every port above this backlog (0: never)",
                          UintegerValue(0),
                          MakeUintegerAccessor(&FabricHelper::m_markThresholdBytes),
                          MakeUintegerChecker<uint32_t>(0, fabriclb::ValueLimits::MAX_PORT_BYTES))
            .AddAttribute("IntTelemetry",
                          "every switch port stamps in-band telemetry into the data packets it "
                          "sends (IntTelemetryTag), for a congestion control that reads it (hpcc)",
                          BooleanValue(false),
                          MakeBooleanAccessor(&FabricHelper::m_intTelemetry),
                          MakeBooleanChecker())
            .AddAttribute("Trim",
                          "every switch port trims the data packets it would drop: cut to "
                          "their headers (TrimBytes of IPv4 payload) and forwarded in the "
                          "control class, ahead of data (NDP, EQDS, UET)",
                          BooleanValue(false),
                          MakeBooleanAccessor(&FabricHelper::m_trim),
                          MakeBooleanChecker())
            .AddAttribute("TrimBytes",
                          "With Trim, the IPv4 payload bytes a trimmed packet keeps (40: its "
                          "UDP header and RoceHeader; at least the UDP header, which switches "
                          "hash)",
                          UintegerValue(40),
                          MakeUintegerAccessor(&FabricHelper::m_trimBytes),
                          MakeUintegerChecker<uint32_t>(8, 65000))
            .AddAttribute("TrimThresholdBytes",
                          "With Trim, a switch port also trims every data packet arriving to "
                          "a backlog above this (UET's trimming threshold; with PFC the only "
                          "trimming there is; 0: none)",
                          UintegerValue(0),
                          MakeUintegerAccessor(&FabricHelper::m_trimThresholdBytes),
                          MakeUintegerChecker<uint32_t>(0, fabriclb::ValueLimits::MAX_PORT_BYTES))
            .AddAttribute("TrimHeaderRoom",
                          "With Trim, the bytes beyond a drop-tail port's buffer that trimmed "
                          "headers alone may fill, in buffers (uet-htsim's header queue: twice "
                          "the data's); a header finding no room is dropped. With a switch "
                          "buffer (--pfc, --bufferSharing=dynamic) headers share it",
                          DoubleValue(2),
                          MakeDoubleAccessor(&FabricHelper::m_trimHeaderRoom),
                          MakeDoubleChecker<double>(0, 16))
            .AddAttribute(
                "Wire",
                "Accounting of bytes on the wire: physical (RoCEv2 frames and gaps) "
                "or study (the study's simulator: sizes, no gaps, paced hosts, "
                "buffers in slots)",
                EnumValue(fabriclb::PHYSICAL),
                fabriclb::MakeEnumAttributeAccessor<fabriclb::WireKind>(&FabricHelper::m_wire),
                MakeEnumChecker(fabriclb::PHYSICAL,
                                fabriclb::WireKindName(fabriclb::PHYSICAL),
                                fabriclb::STUDY,
                                fabriclb::WireKindName(fabriclb::STUDY)))
            .AddAttribute("PayloadBytes",
                          "Message bytes per data packet (4096: 4158 B on a physical wire)",
                          UintegerValue(4096),
                          MakeUintegerAccessor(&FabricHelper::m_payloadBytes),
                          MakeUintegerChecker<uint32_t>(1, 65000))
            .AddAttribute("AckBytes",
                          "Size of an ACK on a physical wire, headers included",
                          UintegerValue(64),
                          MakeUintegerAccessor(&FabricHelper::m_ackBytes),
                          MakeUintegerChecker<uint32_t>(RoceNic::STACK_OVERHEAD_BYTES, 65000))
            .AddAttribute("GapBytes",
                          "Inter-packet gap after every packet on a physical wire, in byte times",
                          UintegerValue(20),
                          MakeUintegerAccessor(&FabricHelper::m_gapBytes),
                          MakeUintegerChecker<uint32_t>(0, 65000))
            .AddAttribute("Mtu",
                          "MTU of every device: jumbo, so that 4 KiB payloads are not fragmented",
                          UintegerValue(9000),
                          MakeUintegerAccessor(&FabricHelper::m_mtu),
                          MakeUintegerChecker<uint32_t>(1500, 65535))
            .AddAttribute("SwitchDiscipline",
                          "Load balancing of every edge and aggregation switch",
                          TypeIdValue(EcmpDiscipline::GetTypeId()),
                          MakeTypeIdAccessor(&FabricHelper::m_switchDiscipline),
                          MakeTypeIdChecker())
            .AddAttribute("HostPathPolicy",
                          "Load balancing of every host (its label choice)",
                          TypeIdValue(FixedLabelPathPolicy::GetTypeId()),
                          MakeTypeIdAccessor(&FabricHelper::m_hostPathPolicy),
                          MakeTypeIdChecker())
            .AddAttribute("LossRate",
                          "Probability that a link drops a packet at random: a RateErrorModel "
                          "(per packet) receives on every device, switches' and hosts' "
                          "(0: no error model)",
                          DoubleValue(0),
                          MakeDoubleAccessor(&FabricHelper::m_lossRate),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute(
                "SwitchPath",
                "How switches forward: direct (DirectSwitchForwarder: the same routing, "
                "TTL, queue discs and drops, without ns-3's IPv4 receive and forward) "
                "or ipv4 (through Ipv4L3Protocol and the traffic-control layer)",
                EnumValue(DIRECT),
                fabriclb::MakeEnumAttributeAccessor<SwitchPath>(&FabricHelper::m_switchPath),
                MakeEnumChecker(DIRECT, "direct", IPV4, "ipv4"))
            .AddAttribute(
                "SwitchPort",
                "Every port's device and buffer: fabric (FabricPortDevice, its per-class "
                "queues served by the device) or queue-disc (PointToPointNetDevice behind a "
                "FabricQueueDisc); the same results, fabric is faster",
                EnumValue(FabricLinkHelper::FABRIC),
                fabriclb::MakeEnumAttributeAccessor<FabricLinkHelper::PortKind>(
                    &FabricHelper::m_switchPort),
                MakeEnumChecker(FabricLinkHelper::FABRIC,
                                "fabric",
                                FabricLinkHelper::QUEUE_DISC,
                                "queue-disc"))
            .AddAttribute(
                "HostPath",
                "How a host's NIC reaches its ports: bypass (frames built once and handed "
                "to the port, as RDMA bypasses the host stack; needs SwitchPort fabric) or "
                "ipv4 (through ns-3's UDP, IPv4 and traffic control, which FlowMonitor "
                "sees); the same results, bypass is faster",
                EnumValue(BYPASS),
                fabriclb::MakeEnumAttributeAccessor<HostPath>(&FabricHelper::m_hostPath),
                MakeEnumChecker(BYPASS, "bypass", HOST_IPV4, "ipv4"));
    return tid;
}

FabricHelper::FabricHelper()
{
    m_nicFactory.SetTypeId(RoceNic::GetTypeId());
}

void
FabricHelper::SetNicAttribute(const std::string& name, const AttributeValue& value)
{
    NS_ABORT_MSG_IF(m_built, "FabricHelper::SetNicAttribute must come before Build");
    m_nicFactory.Set(name, value);
}

void
FabricHelper::SetPortAttribute(const std::string& name, const AttributeValue& value)
{
    NS_ABORT_MSG_IF(m_built, "FabricHelper::SetPortAttribute must come before Build");
    m_portAttributes.emplace_back(name, value.Copy());
}

fabriclb::WireModel
FabricHelper::MakeWireModel(fabriclb::WireKind kind) const
{
    return fabriclb::WireModel::Make(kind,
                                     m_linkRate.GetBitRate(),
                                     m_linkDelay.GetPicoSeconds(),
                                     m_payloadBytes,
                                     m_ackBytes,
                                     m_gapBytes);
}

fabriclb::WireModel
FabricHelper::GetWireModel() const
{
    return MakeWireModel(m_wire);
}

fabriclb::WireModel
FabricHelper::GetBoundWireModel() const
{
    return MakeWireModel(fabriclb::WireKind::PHYSICAL);
}

uint32_t
FabricHelper::GetPortBufferBytes() const
{
    return GetWireModel().PortBufferBytes(m_bufferBytes);
}

Time
FabricHelper::GetLongestPathDrain(uint64_t bytesPerHop) const
{
    return m_linkRate.CalculateBytesTxTime(bytesPerHop) * m_topology->LongestPathHops();
}

void
FabricHelper::CreateNodes()
{
    // Node ids are the same with any number of ranks: hosts, then switches tier by tier.
    const fabriclb::FabricTopology& topo = *m_topology;
    const fabriclb::FabricPartition partition(topo, m_ranks);
    for (uint32_t h = 0; h < topo.HostCount(); ++h)
    {
        m_hosts.Create(1, partition.RankOfHost(h));
    }
    m_switches.resize(topo.TierCount());
    for (uint32_t tier = 0; tier < topo.TierCount(); ++tier)
    {
        for (uint32_t sw = 0; sw < topo.SwitchCount(tier); ++sw)
        {
            m_switches[tier].Create(1, partition.RankOfSwitch({tier, sw}));
        }
    }
    // A server's switch, with its first host.
    if (topo.HostsPerServer() > 1)
    {
        for (uint32_t h = 0; h < topo.HostCount(); h += topo.HostsPerServer())
        {
            m_serverSwitches.Create(1, partition.RankOfHost(h));
        }
    }
}

FabricHelper::LinkRoutes
FabricHelper::Connect(Ptr<Node> lower,
                      Ptr<Node> upper,
                      FabricStage upStage,
                      FabricStage downStage,
                      uint32_t network,
                      bool serverLink)
{
    const DataRate rate = serverLink ? m_serverLinkRate : m_linkRate;
    FabricLinkHelper::PortSettings settings;
    settings.kind = m_switchPort;
    settings.mtu = m_mtu;
    settings.bufferBytes = m_wireModel.PortBufferBytes(m_bufferBytes);
    settings.markThresholdBytes = m_markThresholdBytes;
    settings.lossRate = m_lossRate;
    settings.intTelemetry = m_intTelemetry;
    settings.trimming = {m_trim, m_trimBytes, m_trimThresholdBytes, m_trimHeaderRoom};
    settings.attributes = m_portAttributes;
    FabricLinkHelper::Link link =
        FabricLinkHelper(settings).Install(lower,
                                           upper,
                                           rate,
                                           rate.CalculateBytesTxTime(m_wireModel.gapBytes),
                                           serverLink ? m_serverLinkDelay : m_linkDelay,
                                           upStage,
                                           downStage);
    const NetDeviceContainer& devices = link.devices;
    m_errorModels.insert(m_errorModels.end(), link.errors.begin(), link.errors.end());
    m_monitors.insert(m_monitors.end(), link.monitors.begin(), link.monitors.end());

    const std::array<Ipv4Address, 2> addresses = FabricAddressPlan::Assign(devices, network);

    LinkRoutes routes;
    routes.upQueue = link.egress[0];
    routes.up = Create<Ipv4Route>();
    routes.up->SetSource(addresses[0]);
    routes.up->SetGateway(addresses[1]);
    routes.up->SetOutputDevice(devices.Get(0));
    routes.down = Create<Ipv4Route>();
    routes.down->SetSource(addresses[1]);
    routes.down->SetGateway(addresses[0]);
    routes.down->SetOutputDevice(devices.Get(1));
    return routes;
}

void
FabricHelper::SetTopology(std::shared_ptr<const fabriclb::FabricTopology> topology)
{
    NS_ABORT_MSG_IF(m_built, "FabricHelper::SetTopology must come before Build");
    m_topology = std::move(topology);
}

void
FabricHelper::Build()
{
    NS_ABORT_MSG_IF(m_built, "FabricHelper::Build called twice");
    NS_ABORT_MSG_UNLESS(Time::GetResolution() == Time::PS,
                        "FabricHelper needs Time::SetResolution(Time::PS) before any Time is made");
    try
    {
        if (!m_topology)
        {
            m_topology = std::make_shared<const fabriclb::FatTreeTopology>(m_k, m_oversubscription);
        }
        m_wireModel = GetWireModel();
    }
    catch (const std::invalid_argument& e)
    {
        NS_FATAL_ERROR(e.what());
    }
    NS_ABORT_MSG_IF(m_hostPath == BYPASS && m_switchPort != FabricLinkHelper::FABRIC,
                    "--hostPath=bypass needs --switchPort=fabric (a NIC hands its frames to a "
                    "FabricPortDevice): with --switchPort=queue-disc use --hostPath=ipv4");
    m_built = true;
    const fabriclb::FabricTopology& topo = *m_topology;
    m_linkDevices.resize(topo.LinkCount());

    CreateNodes();

    InternetStackHelper stack;
    stack.SetRoutingHelper(FabricRoutingHelper());
    stack.Install(m_hosts);
    for (const NodeContainer& switches : m_switches)
    {
        stack.Install(switches);
    }
    stack.Install(m_serverSwitches);

    SwitchPorts ports(topo.TierCount());
    for (uint32_t tier = 0; tier < topo.TierCount(); ++tier)
    {
        for (uint32_t index = 0; index < topo.SwitchCount(tier); ++index)
        {
            const fabriclb::SwitchRef sw{tier, index};
            ports[tier].push_back({std::vector<Ptr<Ipv4Route>>(topo.DownPortCount(sw)),
                                   std::vector<Ptr<Ipv4Route>>(topo.UpPortCount(sw)),
                                   std::vector<const EgressPort*>(topo.UpPortCount(sw))});
        }
    }
    ConnectHosts(ports);
    ConnectSwitches(ports);
    ConfigureSwitches(ports);
    if (m_switchPath == DIRECT)
    {
        for (const NodeContainer& switches : m_switches)
        {
            for (uint32_t i = 0; i < switches.GetN(); ++i)
            {
                CreateObject<DirectSwitchForwarder>()->Install(switches.Get(i), m_topology);
            }
        }
    }
}

void
FabricHelper::ConnectHosts(SwitchPorts& ports)
{
    const fabriclb::FabricTopology& topo = *m_topology;
    ObjectFactory policyFactory;
    policyFactory.SetTypeId(m_hostPathPolicy);
    ObjectFactory disciplineFactory;
    disciplineFactory.SetTypeId(m_switchDiscipline);
    const uint32_t hostPorts = topo.HostPorts();
    // A NIC of several ports sends at their sum of rates.
    const fabriclb::WireModel nicWire = m_wireModel.OverLinks(hostPorts);
    const uint32_t hostsPerServer = topo.HostsPerServer();
    std::vector<Ptr<Ipv4Route>> serverDown; // the current server switch's, by host
    // The most queueing a packet can meet: every port of the longest path full.
    const Time pathBufferDrain = GetLongestPathDrain(GetPortBufferBytes());
    for (uint32_t h = 0; h < topo.HostCount(); ++h)
    {
        std::vector<Ptr<Ipv4Route>> uplinks;
        std::vector<const EgressPort*> uplinkQueues;
        for (uint32_t port = 0; port < hostPorts; ++port)
        {
            const fabriclb::HostAttachment at = topo.PortAttachment(h, port);
            LinkRoutes link = Connect(m_hosts.Get(h),
                                      m_switches[0].Get(at.leaf),
                                      FabricStage::HOST_UP,
                                      FabricStage::EDGE_DOWN,
                                      FabricAddressPlan::HostPortNetwork(h, port, hostPorts));
            ports[0][at.leaf].down[at.downPort] = link.down;
            uplinks.push_back(link.up);
            uplinkQueues.push_back(link.upQueue);
        }
        // A server's hosts meet at its switch; its address block follows the planes' ports.
        Ptr<Ipv4Route> serverLink;
        if (hostsPerServer > 1)
        {
            const uint32_t server = h / hostsPerServer;
            NS_ABORT_MSG_UNLESS(uint64_t(hostPorts) * topo.HostCount() <=
                                    fabriclb::FabricTopology::MAX_HOSTS,
                                "the server links are beyond the address plan");
            LinkRoutes link =
                Connect(m_hosts.Get(h),
                        m_serverSwitches.Get(server),
                        FabricStage::SERVER_UP,
                        FabricStage::SERVER_DOWN,
                        FabricAddressPlan::ServerLinkNetwork(h, hostPorts, topo.HostCount()),
                        true);
            serverLink = link.up;
            serverDown.push_back(link.down);
            if (serverDown.size() == hostsPerServer)
            {
                m_serverSwitches.Get(server)
                    ->GetObject<Ipv4>()
                    ->GetRoutingProtocol()
                    ->GetObject<FabricRouting>()
                    ->ConfigureServerSwitch(m_topology, server, std::move(serverDown));
                serverDown.clear();
            }
        }
        // Several ports: the NIC spreads over them by the scheme's switch rule.
        Ptr<SwitchDiscipline> discipline;
        if (hostPorts > 1)
        {
            discipline = disciplineFactory.Create<SwitchDiscipline>();
            m_hosts.Get(h)->AggregateObject(discipline);
        }
        m_hosts.Get(h)
            ->GetObject<Ipv4>()
            ->GetRoutingProtocol()
            ->GetObject<FabricRouting>()
            ->ConfigureHost(m_topology, h, uplinks, uplinkQueues, discipline, serverLink);
        Ptr<HostPathPolicy> policy = policyFactory.Create<HostPathPolicy>();
        policy->Setup(m_topology, h);
        Ptr<RoceNic> nic = m_nicFactory.Create<RoceNic>();
        m_hosts.Get(h)->AggregateObject(nic);
        nic->Setup(m_hosts.Get(h), h, uplinks, uplinkQueues, policy, nicWire);
        nic->SetLongestPathHops(topo.LongestPathHops());
        nic->SetPathBufferDrain(pathBufferDrain);
        if (serverLink)
        {
            nic->SetServerLink(m_topology, h, serverLink);
        }
        if (m_hostPath == BYPASS)
        {
            nic->BypassStack();
        }
    }
}

void
FabricHelper::ConnectSwitches(SwitchPorts& ports)
{
    const fabriclb::FabricTopology& topo = *m_topology;
    std::array<uint32_t, FabricAddressPlan::SWITCH_LINK_TIERS> linksOfTier{};
    for (uint32_t id = 0; id < topo.LinkCount(); ++id)
    {
        const fabriclb::LinkEnds ends = topo.EndsOf(id);
        const uint32_t tier = ends.lower.tier;
        LinkRoutes link =
            Connect(m_switches[tier].Get(ends.lower.index),
                    m_switches[ends.upper.tier].Get(ends.upper.index),
                    SwitchPortStage(tier, true, topo.TierCount()),
                    SwitchPortStage(ends.upper.tier, false, topo.TierCount()),
                    FabricAddressPlan::SwitchLinkNetwork(tier, linksOfTier.at(tier)++));
        m_linkDevices[id] = {link.up->GetOutputDevice(), link.down->GetOutputDevice()};
        PortRoutes& lower = ports[tier][ends.lower.index];
        lower.up[ends.upPort] = link.up;
        lower.upQueues[ends.upPort] = link.upQueue;
        ports[ends.upper.tier][ends.upper.index].down[ends.downPort] = link.down;
    }
}

void
FabricHelper::ConfigureSwitches(const SwitchPorts& ports)
{
    const fabriclb::FabricTopology& topo = *m_topology;
    ObjectFactory disciplineFactory;
    disciplineFactory.SetTypeId(m_switchDiscipline);
    for (uint32_t tier = 0; tier < topo.TierCount(); ++tier)
    {
        for (uint32_t index = 0; index < topo.SwitchCount(tier); ++index)
        {
            const Ptr<Node> node = m_switches[tier].Get(index);
            const PortRoutes& routes = ports[tier][index];
            Ptr<SwitchDiscipline> discipline;
            if (!routes.up.empty())
            {
                discipline = disciplineFactory.Create<SwitchDiscipline>();
            }
            node->GetObject<Ipv4>()
                ->GetRoutingProtocol()
                ->GetObject<FabricRouting>()
                ->ConfigureSwitch(m_topology,
                                  {tier, index},
                                  routes.down,
                                  routes.up,
                                  routes.upQueues,
                                  discipline);
            if (discipline)
            {
                // Aggregated, it is initialised with its node at simulation start.
                node->AggregateObject(discipline);
            }
        }
    }
}

int64_t
FabricHelper::AssignStreams(int64_t stream)
{
    NS_ABORT_MSG_UNLESS(m_built, "FabricHelper::AssignStreams needs Build first");
    int64_t used = 0;
    // Switch by switch index, tier by tier within an index (a fat tree: edge 0,
    // aggregation 0, edge 1, ...), those that have a discipline.
    uint32_t mostSwitches = 0;
    for (const NodeContainer& switches : m_switches)
    {
        mostSwitches = std::max(mostSwitches, switches.GetN());
    }
    for (uint32_t index = 0; index < mostSwitches; ++index)
    {
        for (const NodeContainer& switches : m_switches)
        {
            if (index < switches.GetN())
            {
                if (Ptr<SwitchDiscipline> discipline =
                        switches.Get(index)->GetObject<SwitchDiscipline>())
                {
                    used += discipline->AssignStreams(stream + used);
                }
            }
        }
    }
    for (uint32_t h = 0; h < m_hosts.GetN(); ++h)
    {
        used += GetNic(h)->GetPathPolicy()->AssignStreams(stream + used);
    }
    for (uint32_t h = 0; h < m_hosts.GetN(); ++h)
    {
        used += GetNic(h)->AssignStreams(stream + used);
    }
    for (const Ptr<PortMonitor>& monitor : m_monitors)
    {
        used += monitor->AssignStreams(stream + used);
    }
    for (const Ptr<RateErrorModel>& errors : m_errorModels)
    {
        used += errors->AssignStreams(stream + used);
    }
    // Last, so that a fabric of one plane draws as before: the NICs' choice among planes.
    for (uint32_t h = 0; h < m_hosts.GetN(); ++h)
    {
        if (Ptr<SwitchDiscipline> discipline = m_hosts.Get(h)->GetObject<SwitchDiscipline>())
        {
            used += discipline->AssignStreams(stream + used);
        }
    }
    return used;
}

Ipv4Address
FabricHelper::GetHostAddress(uint32_t host) const
{
    return Ipv4Address(fabriclb::FabricTopology::HostAddress(host));
}

Ptr<RoceNic>
FabricHelper::GetNic(uint32_t host) const
{
    return m_hosts.Get(host)->GetObject<RoceNic>();
}

void
FabricHelper::DoDispose()
{
    m_monitors.clear();
    m_linkDevices.clear();
    m_errorModels.clear();
    m_hosts = NodeContainer();
    m_switches.clear();
    m_serverSwitches = NodeContainer();
    Object::DoDispose();
}

} // namespace ns3
