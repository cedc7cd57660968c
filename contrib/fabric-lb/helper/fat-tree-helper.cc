/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fat-tree-helper.h"

#include "ns3/direct-switch-forwarder.h"
#include "ns3/double.h"
#include "ns3/fabric-partition.h"
#include "ns3/fabric-queue-disc.h"
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

#include <array>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("FatTreeHelper");

NS_OBJECT_ENSURE_REGISTERED(FatTreeHelper);

namespace
{
constexpr uint32_t EDGE_AGG_NETWORK = 0x0A400000; //!< 10.64.0.0: edge-aggregation links
constexpr uint32_t AGG_CORE_NETWORK = 0x0A800000; //!< 10.128.0.0: aggregation-core links
/// The fat tree's tiers as a FabricTopology numbers them.
constexpr uint32_t EDGE_TIER = fabriclb::FatTreeTopology::TierOf(fabriclb::FabricRole::EDGE);
constexpr uint32_t AGGREGATION_TIER =
    fabriclb::FatTreeTopology::TierOf(fabriclb::FabricRole::AGGREGATION);
constexpr uint32_t CORE_TIER = fabriclb::FatTreeTopology::TierOf(fabriclb::FabricRole::CORE);
} // namespace

TypeId
FatTreeHelper::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::FatTreeHelper")
            .SetParent<Object>()
            .SetGroupName("FabricLb")
            .AddConstructor<FatTreeHelper>()
            .AddAttribute("K",
                          "Switch radix k: k pods, k^3/4 hosts (even, at least 4)",
                          UintegerValue(8),
                          MakeUintegerAccessor(&FatTreeHelper::m_k),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("Ranks",
                          "Ranks of a distributed run the nodes are placed on, by pod "
                          "(fabriclb::FabricPartition); 1 without MPI",
                          UintegerValue(1),
                          MakeUintegerAccessor(&FatTreeHelper::m_ranks),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("LinkRate",
                          "Rate of every link",
                          DataRateValue(DataRate("800Gbps")),
                          MakeDataRateAccessor(&FatTreeHelper::m_linkRate),
                          MakeDataRateChecker())
            .AddAttribute("LinkDelay",
                          "Propagation delay of every link",
                          TimeValue(NanoSeconds(500)),
                          MakeTimeAccessor(&FatTreeHelper::m_linkDelay),
                          MakeTimeChecker())
            .AddAttribute("BufferBytes",
                          "Drop-tail buffer of every egress port",
                          UintegerValue(800000),
                          MakeUintegerAccessor(&FatTreeHelper::m_bufferBytes),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("MarkThresholdBytes",
                          "ECN-mark at every port above this backlog (0: never)",
                          UintegerValue(0),
                          MakeUintegerAccessor(&FatTreeHelper::m_markThresholdBytes),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute(
                "Wire",
                "Accounting of bytes on the wire: physical (RoCEv2 frames and gaps) "
                "or study (the study's simulator: sizes, no gaps, paced hosts, "
                "buffers in slots)",
                EnumValue(fabriclb::PHYSICAL),
                fabriclb::MakeEnumAttributeAccessor<fabriclb::WireKind>(&FatTreeHelper::m_wire),
                MakeEnumChecker(fabriclb::PHYSICAL,
                                fabriclb::WireKindName(fabriclb::PHYSICAL),
                                fabriclb::STUDY,
                                fabriclb::WireKindName(fabriclb::STUDY)))
            .AddAttribute("PayloadBytes",
                          "Message bytes per data packet (4096: 4158 B on a physical wire)",
                          UintegerValue(4096),
                          MakeUintegerAccessor(&FatTreeHelper::m_payloadBytes),
                          MakeUintegerChecker<uint32_t>(1, 65000))
            .AddAttribute("AckBytes",
                          "Size of an ACK on a physical wire, headers included",
                          UintegerValue(64),
                          MakeUintegerAccessor(&FatTreeHelper::m_ackBytes),
                          MakeUintegerChecker<uint32_t>(RoceNic::STACK_OVERHEAD_BYTES, 65000))
            .AddAttribute("GapBytes",
                          "Inter-packet gap after every packet on a physical wire, in byte times",
                          UintegerValue(20),
                          MakeUintegerAccessor(&FatTreeHelper::m_gapBytes),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("Mtu",
                          "MTU of every device: jumbo, so that 4 KiB payloads are not fragmented",
                          UintegerValue(9000),
                          MakeUintegerAccessor(&FatTreeHelper::m_mtu),
                          MakeUintegerChecker<uint32_t>(1500, 65535))
            .AddAttribute("SwitchDiscipline",
                          "Load balancing of every edge and aggregation switch",
                          TypeIdValue(EcmpDiscipline::GetTypeId()),
                          MakeTypeIdAccessor(&FatTreeHelper::m_switchDiscipline),
                          MakeTypeIdChecker())
            .AddAttribute("HostPathPolicy",
                          "Load balancing of every host (its label choice)",
                          TypeIdValue(FixedLabelPathPolicy::GetTypeId()),
                          MakeTypeIdAccessor(&FatTreeHelper::m_hostPathPolicy),
                          MakeTypeIdChecker())
            .AddAttribute("LossRate",
                          "Probability that a link drops a packet at random: a RateErrorModel "
                          "(per packet) receives on every device, switches' and hosts' "
                          "(0: no error model)",
                          DoubleValue(0),
                          MakeDoubleAccessor(&FatTreeHelper::m_lossRate),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute(
                "SwitchPath",
                "How switches forward: direct (DirectSwitchForwarder: the same routing, "
                "TTL, queue discs and drops, without ns-3's IPv4 receive and forward) "
                "or ipv4 (through Ipv4L3Protocol and the traffic-control layer)",
                EnumValue(DIRECT),
                fabriclb::MakeEnumAttributeAccessor<SwitchPath>(&FatTreeHelper::m_switchPath),
                MakeEnumChecker(DIRECT, "direct", IPV4, "ipv4"));
    return tid;
}

FatTreeHelper::FatTreeHelper()
{
    m_nicFactory.SetTypeId(RoceNic::GetTypeId());
}

void
FatTreeHelper::SetNicAttribute(const std::string& name, const AttributeValue& value)
{
    NS_ABORT_MSG_IF(m_built, "FatTreeHelper::SetNicAttribute must come before Build");
    m_nicFactory.Set(name, value);
}

void
FatTreeHelper::SetQueueDiscAttribute(const std::string& name, const AttributeValue& value)
{
    NS_ABORT_MSG_IF(m_built, "FatTreeHelper::SetQueueDiscAttribute must come before Build");
    m_queueDiscAttributes.emplace_back(name, value.Copy());
}

fabriclb::WireModel
FatTreeHelper::MakeWireModel(fabriclb::WireKind kind) const
{
    return fabriclb::WireModel::Make(kind,
                                     m_linkRate.GetBitRate(),
                                     m_linkDelay.GetPicoSeconds(),
                                     m_payloadBytes,
                                     m_ackBytes,
                                     m_gapBytes);
}

fabriclb::WireModel
FatTreeHelper::GetWireModel() const
{
    return MakeWireModel(m_wire);
}

fabriclb::WireModel
FatTreeHelper::GetBoundWireModel() const
{
    return MakeWireModel(fabriclb::WireKind::PHYSICAL);
}

uint32_t
FatTreeHelper::GetPortBufferBytes() const
{
    return GetWireModel().PortBufferBytes(m_bufferBytes);
}

void
FatTreeHelper::CreateNodes(const fabriclb::FatTreeTopology& topo)
{
    // Node ids are the same with any number of ranks: hosts, edges, aggregations, cores.
    const fabriclb::FabricPartition partition(topo, m_ranks);
    for (uint32_t h = 0; h < topo.HostCount(); ++h)
    {
        m_hosts.Create(1, partition.RankOfHost(h));
    }
    for (uint32_t sw = 0; sw < topo.EdgeCount(); ++sw)
    {
        m_edges.Create(1, partition.RankOfPodSwitch(sw));
    }
    for (uint32_t sw = 0; sw < topo.EdgeCount(); ++sw)
    {
        m_aggregations.Create(1, partition.RankOfPodSwitch(sw));
    }
    for (uint32_t core = 0; core < topo.CoreCount(); ++core)
    {
        m_cores.Create(1, partition.RankOfCore(core));
    }
}

FatTreeHelper::LinkRoutes
FatTreeHelper::Connect(Ptr<Node> lower,
                       Ptr<Node> upper,
                       FabricStage upStage,
                       FabricStage downStage,
                       uint32_t network)
{
    const uint32_t bufferBytes = m_wireModel.PortBufferBytes(m_bufferBytes);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", DataRateValue(m_linkRate));
    p2p.SetDeviceAttribute("InterframeGap",
                           TimeValue(m_linkRate.CalculateBytesTxTime(m_wireModel.gapBytes)));
    p2p.SetDeviceAttribute("Mtu", UintegerValue(m_mtu));
    p2p.SetChannelAttribute("Delay", TimeValue(m_linkDelay));
    // The queue disc enforces the port's buffer over its own and the device's
    // backlog; the device queue has room for more, so it never stops the disc.
    p2p.SetQueue("ns3::DropTailQueue<Packet>",
                 "MaxSize",
                 QueueSizeValue(QueueSize(QueueSizeUnit::BYTES, bufferBytes + 2 * m_mtu)));
    NetDeviceContainer devices = p2p.Install(lower, upper);

    TrafficControlHelper tc;
    tc.SetRootQueueDisc("ns3::FabricQueueDisc",
                        "MaxSize",
                        QueueSizeValue(QueueSize(QueueSizeUnit::BYTES, bufferBytes)),
                        "MarkThreshold",
                        UintegerValue(m_markThresholdBytes));
    QueueDiscContainer queueDiscs = tc.Install(devices);
    for (uint32_t side = 0; side < 2; ++side)
    {
        for (const auto& [name, value] : m_queueDiscAttributes)
        {
            queueDiscs.Get(side)->SetAttribute(name, *value);
        }
        if (m_lossRate > 0)
        {
            Ptr<RateErrorModel> errors = CreateObject<RateErrorModel>();
            errors->SetUnit(RateErrorModel::ERROR_UNIT_PACKET);
            errors->SetRate(m_lossRate);
            devices.Get(side)->SetAttribute("ReceiveErrorModel", PointerValue(errors));
            m_errorModels.push_back(errors);
        }
    }

    // The /30's two addresses, as Ipv4AddressHelper would give them, without its
    // generator's fabric-wide collision list (quadratic in the links: minutes at k=32).
    const Ipv4Address addresses[] = {Ipv4Address(network + 1), Ipv4Address(network + 2)};
    for (uint32_t side = 0; side < 2; ++side)
    {
        Ptr<Ipv4> ipv4 = devices.Get(side)->GetNode()->GetObject<Ipv4>();
        const uint32_t interface = ipv4->AddInterface(devices.Get(side));
        ipv4->AddAddress(interface,
                         Ipv4InterfaceAddress(addresses[side], Ipv4Mask("255.255.255.252")));
        ipv4->SetMetric(interface, 1);
        ipv4->SetUp(interface);
    }

    LinkRoutes routes;
    for (uint32_t side = 0; side < 2; ++side)
    {
        PointerValue txQueue;
        devices.Get(side)->GetAttribute("TxQueue", txQueue);
        const Ptr<Queue<Packet>> deviceQueue = txQueue.Get<Queue<Packet>>();
        const Ptr<FabricQueueDisc> queueDisc = DynamicCast<FabricQueueDisc>(queueDiscs.Get(side));
        queueDisc->SetDeviceQueue(deviceQueue);
        Ptr<PortMonitor> monitor = CreateObject<PortMonitor>();
        monitor->Attach(side == 0 ? upStage : downStage,
                        queueDisc,
                        deviceQueue,
                        devices.Get(side),
                        devices.Get(1 - side));
        m_monitors.push_back(monitor);
        if (side == 0)
        {
            routes.upQueue = queueDisc;
        }
    }

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
FatTreeHelper::Build()
{
    NS_ABORT_MSG_IF(m_built, "FatTreeHelper::Build called twice");
    NS_ABORT_MSG_UNLESS(
        Time::GetResolution() == Time::PS,
        "FatTreeHelper needs Time::SetResolution(Time::PS) before any Time is made");
    try
    {
        m_topology = std::make_shared<const fabriclb::FatTreeTopology>(m_k);
        m_wireModel = GetWireModel();
    }
    catch (const std::invalid_argument& e)
    {
        NS_FATAL_ERROR(e.what());
    }
    m_built = true;
    const fabriclb::FatTreeTopology& topo = *m_topology;
    m_links.emplace(topo);
    m_linkDevices.resize(m_links->Count());

    CreateNodes(topo);

    InternetStackHelper stack;
    stack.SetRoutingHelper(FabricRoutingHelper());
    stack.Install(m_hosts);
    stack.Install(m_edges);
    stack.Install(m_aggregations);
    stack.Install(m_cores);

    SwitchPorts ports(topo.TierCount());
    for (uint32_t tier = 0; tier < topo.TierCount(); ++tier)
    {
        for (uint32_t index = 0; index < topo.SwitchCount(tier); ++index)
        {
            const fabriclb::SwitchRef sw{tier, index};
            ports[tier].push_back({std::vector<Ptr<Ipv4Route>>(topo.DownPortCount(sw)),
                                   std::vector<Ptr<Ipv4Route>>(topo.UpPortCount(sw)),
                                   std::vector<Ptr<FabricQueueDisc>>(topo.UpPortCount(sw))});
        }
    }
    ConnectHosts(ports);
    ConnectSwitches(ports);
    ConfigureSwitches(ports);
    if (m_switchPath == DIRECT)
    {
        for (const NodeContainer* switches : {&m_edges, &m_aggregations, &m_cores})
        {
            for (uint32_t i = 0; i < switches->GetN(); ++i)
            {
                CreateObject<DirectSwitchForwarder>()->Install(switches->Get(i), m_topology);
            }
        }
    }
}

void
FatTreeHelper::ConnectHosts(SwitchPorts& ports)
{
    const fabriclb::FatTreeTopology& topo = *m_topology;
    ObjectFactory policyFactory;
    policyFactory.SetTypeId(m_hostPathPolicy);
    for (uint32_t h = 0; h < topo.HostCount(); ++h)
    {
        const fabriclb::HostAttachment at = topo.AttachmentOf(h);
        LinkRoutes link = Connect(m_hosts.Get(h),
                                  SwitchNodes(EDGE_TIER).Get(at.leaf),
                                  FabricStage::HOST_UP,
                                  FabricStage::EDGE_DOWN,
                                  fabriclb::FatTreeTopology::HOST_NETWORK + 4 * h);
        ports[EDGE_TIER][at.leaf].down[at.downPort] = link.down;
        m_hosts.Get(h)
            ->GetObject<Ipv4>()
            ->GetRoutingProtocol()
            ->GetObject<FabricRouting>()
            ->ConfigureHost(m_topology, h, link.up);
        Ptr<HostPathPolicy> policy = policyFactory.Create<HostPathPolicy>();
        policy->Setup(m_topology, h);
        Ptr<RoceNic> nic = m_nicFactory.Create<RoceNic>();
        m_hosts.Get(h)->AggregateObject(nic);
        nic->Setup(m_hosts.Get(h), h, link.up, link.up->GetOutputDevice(), policy, m_wireModel);
    }
}

NodeContainer&
FatTreeHelper::SwitchNodes(uint32_t tier)
{
    return tier == EDGE_TIER ? m_edges : tier == AGGREGATION_TIER ? m_aggregations : m_cores;
}

void
FatTreeHelper::ConnectSwitches(SwitchPorts& ports)
{
    const fabriclb::FatTreeTopology& topo = *m_topology;
    // The fat tree's stages and address blocks, by the tier of a link's lower switch.
    const std::array<FabricStage, 2> upStage{FabricStage::EDGE_UP, FabricStage::AGG_UP};
    const std::array<FabricStage, 2> downStage{FabricStage::AGG_DOWN, FabricStage::CORE_DOWN};
    const std::array<uint32_t, 2> network{EDGE_AGG_NETWORK, AGG_CORE_NETWORK};
    std::array<uint32_t, 2> linksOfTier{0, 0};
    for (uint32_t id = 0; id < topo.LinkCount(); ++id)
    {
        const fabriclb::LinkEnds ends = topo.EndsOf(id);
        const uint32_t tier = ends.lower.tier;
        LinkRoutes link = Connect(SwitchNodes(tier).Get(ends.lower.index),
                                  SwitchNodes(ends.upper.tier).Get(ends.upper.index),
                                  upStage.at(tier),
                                  downStage.at(tier),
                                  network.at(tier) + 4 * linksOfTier.at(tier)++);
        m_linkDevices[id] = {link.up->GetOutputDevice(), link.down->GetOutputDevice()};
        PortRoutes& lower = ports[tier][ends.lower.index];
        lower.up[ends.upPort] = link.up;
        lower.upQueues[ends.upPort] = link.upQueue;
        ports[ends.upper.tier][ends.upper.index].down[ends.downPort] = link.down;
    }
}

void
FatTreeHelper::ConfigureSwitches(const SwitchPorts& ports)
{
    const fabriclb::FatTreeTopology& topo = *m_topology;
    ObjectFactory disciplineFactory;
    disciplineFactory.SetTypeId(m_switchDiscipline);
    auto routingOf = [](Ptr<Node> node) {
        return node->GetObject<Ipv4>()->GetRoutingProtocol()->GetObject<FabricRouting>();
    };
    for (uint32_t sw = 0; sw < topo.EdgeCount(); ++sw)
    {
        Ptr<SwitchDiscipline> edgeDiscipline = disciplineFactory.Create<SwitchDiscipline>();
        routingOf(m_edges.Get(sw))
            ->ConfigureSwitch(m_topology,
                              {EDGE_TIER, sw},
                              ports[EDGE_TIER][sw].down,
                              ports[EDGE_TIER][sw].up,
                              ports[EDGE_TIER][sw].upQueues,
                              edgeDiscipline);
        Ptr<SwitchDiscipline> aggDiscipline = disciplineFactory.Create<SwitchDiscipline>();
        routingOf(m_aggregations.Get(sw))
            ->ConfigureSwitch(m_topology,
                              {AGGREGATION_TIER, sw},
                              ports[AGGREGATION_TIER][sw].down,
                              ports[AGGREGATION_TIER][sw].up,
                              ports[AGGREGATION_TIER][sw].upQueues,
                              aggDiscipline);
        // Aggregated, the disciplines are initialised with their nodes at simulation start.
        m_edges.Get(sw)->AggregateObject(edgeDiscipline);
        m_aggregations.Get(sw)->AggregateObject(aggDiscipline);
    }
    for (uint32_t core = 0; core < topo.CoreCount(); ++core)
    {
        routingOf(m_cores.Get(core))
            ->ConfigureSwitch(m_topology,
                              {CORE_TIER, core},
                              ports[CORE_TIER][core].down,
                              {},
                              {},
                              nullptr);
    }
}

int64_t
FatTreeHelper::AssignStreams(int64_t stream)
{
    NS_ABORT_MSG_UNLESS(m_built, "FatTreeHelper::AssignStreams needs Build first");
    int64_t used = 0;
    for (uint32_t sw = 0; sw < m_edges.GetN(); ++sw)
    {
        for (Ptr<Node> node : {m_edges.Get(sw), m_aggregations.Get(sw)})
        {
            used += node->GetObject<SwitchDiscipline>()->AssignStreams(stream + used);
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
        used += DynamicCast<FabricQueueDisc>(monitor->GetQueueDisc())->AssignStreams(stream + used);
    }
    for (const Ptr<RateErrorModel>& errors : m_errorModels)
    {
        used += errors->AssignStreams(stream + used);
    }
    return used;
}

Ipv4Address
FatTreeHelper::GetHostAddress(uint32_t host) const
{
    return Ipv4Address(fabriclb::FatTreeTopology::HostAddress(host));
}

Ptr<RoceNic>
FatTreeHelper::GetNic(uint32_t host) const
{
    return m_hosts.Get(host)->GetObject<RoceNic>();
}

void
FatTreeHelper::DoDispose()
{
    m_monitors.clear();
    m_linkDevices.clear();
    m_errorModels.clear();
    m_hosts = NodeContainer();
    m_edges = NodeContainer();
    m_aggregations = NodeContainer();
    m_cores = NodeContainer();
    Object::DoDispose();
}

} // namespace ns3
