/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "link-failure-manager.h"

#include "ns3/boolean.h"
#include "ns3/data-rate.h"
#include "ns3/direct-switch-forwarder.h"
#include "ns3/double.h"
#include "ns3/fabric-lb-compat.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/value-limits.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("LinkFailureManager");

NS_OBJECT_ENSURE_REGISTERED(LinkFailureManager);

TypeId
LinkFailureManager::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::LinkFailureManager")
            .SetParent<Object>()
            .SetGroupName("FabricLb")
            .AddConstructor<LinkFailureManager>()
            .AddAttribute(
                "Mode",
                "drop: a failed link black-holes what is sent into it; degrade: it "
                "keeps working at DegradedRate of its rate",
                EnumValue(DROP),
                fabriclb::MakeEnumAttributeAccessor<FailureMode>(&LinkFailureManager::m_mode),
                MakeEnumChecker(DROP, "drop", DEGRADE, "degrade"))
            .AddAttribute("DegradedRate",
                          "A degraded link's share of its rate, in (0, 1]",
                          DoubleValue(0.1),
                          MakeDoubleAccessor(&LinkFailureManager::m_degradedRate),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute(
                "ConvergenceDelay",
                "G: how long after a failure the switches not attached to the link, "
                "and the hosts that name paths, learn of it",
                TimeValue(Seconds(0)),
                MakeTimeAccessor(&LinkFailureManager::m_convergenceDelay),
                MakeTimeChecker(Seconds(0), PicoSeconds(fabriclb::ValueLimits::MAX_PATIENCE_PS)))
            .AddAttribute("Converges",
                          "false: the fabric never converges during the run (G = infinity)",
                          BooleanValue(true),
                          MakeBooleanAccessor(&LinkFailureManager::m_converges),
                          MakeBooleanChecker())
            .AddTraceSource("LinkFailed",
                            "A link failed (its id)",
                            MakeTraceSourceAccessor(&LinkFailureManager::m_failedTrace),
                            "ns3::TracedValueCallback::Uint32")
            .AddTraceSource("Converged",
                            "The fabric converged on a failed link (its id)",
                            MakeTraceSourceAccessor(&LinkFailureManager::m_convergedTrace),
                            "ns3::TracedValueCallback::Uint32");
    return tid;
}

LinkFailureManager::LinkFailureManager()
    : m_rng(CreateObject<UniformRandomVariable>())
{
}

void
LinkFailureManager::Install(Ptr<FabricHelper> fabric)
{
    m_fabric = fabric;
    const fabriclb::FabricTopology& topology = fabric->GetTopology();
    m_known.assign(topology.LinkCount(), false);
    for (uint32_t tier = 0; tier < topology.TierCount(); ++tier)
    {
        const NodeContainer& switches = fabric->GetSwitches(tier);
        for (uint32_t i = 0; i < switches.GetN(); ++i)
        {
            // What a switch drops goes through Ipv4L3Protocol, or, forwarding
            // directly, through its DirectSwitchForwarder.
            const Ptr<Node> node = switches.Get(i);
            node->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
                "Drop",
                MakeCallback(&LinkFailureManager::CountDrop, this));
            if (const auto forwarder = node->GetObject<DirectSwitchForwarder>())
            {
                forwarder->TraceConnectWithoutContext(
                    "Drop",
                    MakeCallback(&LinkFailureManager::CountDrop, this));
            }
        }
    }
}

void
LinkFailureManager::FailLink(uint32_t link, Time at)
{
    NS_ABORT_MSG_UNLESS(m_fabric, "LinkFailureManager::FailLink needs Install first");
    NS_ABORT_MSG_UNLESS(link < m_known.size(), "no link " << link);
    m_failed.push_back(link);
    if (at.IsZero() && Simulator::Now().IsZero())
    {
        Fail(link); // before the first packet
        return;
    }
    Simulator::Schedule(at - Simulator::Now(), &LinkFailureManager::Fail, this, link);
}

uint32_t
LinkFailureManager::FailRandomLinks(double probability, std::optional<uint32_t> plane)
{
    NS_ABORT_MSG_UNLESS(probability >= 0 && probability <= 1,
                        "a failure probability lies in [0, 1], not " << probability);
    const fabriclb::FabricTopology& topology = m_fabric->GetTopology();
    uint32_t chosen = 0;
    for (uint32_t link = 0; link < m_known.size(); ++link)
    {
        if (plane && topology.PlaneOfLink(link) != *plane)
        {
            continue;
        }
        if (m_rng->GetValue() < probability)
        {
            FailLink(link, Seconds(0));
            ++chosen;
        }
    }
    return chosen;
}

int64_t
LinkFailureManager::AssignStreams(int64_t stream)
{
    m_rng->SetStream(stream);
    return 1;
}

fabriclb::LinkStates
LinkFailureManager::GetDroppingLinks() const
{
    fabriclb::LinkStates down(m_known.size(), false);
    if (m_mode == DROP)
    {
        for (uint32_t link : m_failed)
        {
            down[link] = true;
        }
    }
    return down;
}

std::vector<double>
LinkFailureManager::GetLinkCapacities() const
{
    std::vector<double> capacity(m_known.size(), 1);
    for (uint32_t link : m_failed)
    {
        if (m_mode == DEGRADE)
        {
            capacity[link] = m_degradedRate;
        }
    }
    return capacity;
}

std::vector<double>
LinkFailureManager::GetCarriedShares() const
{
    std::vector<double> share = GetLinkCapacities();
    const fabriclb::LinkStates dropping = GetDroppingLinks();
    for (size_t link = 0; link < share.size(); ++link)
    {
        share[link] = dropping[link] ? 0 : share[link];
    }
    return share;
}

void
LinkFailureManager::Fail(uint32_t link)
{
    const std::string name = m_fabric->GetTopology().LinkName(link);
    const auto& [lower, upper] = m_fabric->GetLinkDevices(link);
    if (m_mode == DEGRADE)
    {
        NS_LOG_INFO("degrading " << name << " at " << Simulator::Now());
        const DataRate rate(
            static_cast<uint64_t>(m_fabric->GetLinkRate().GetBitRate() * m_degradedRate));
        const Time gap = rate.CalculateBytesTxTime(m_fabric->GetWireModel().gapBytes);
        for (const Ptr<NetDevice>& device : {lower, upper})
        {
            // A point-to-point device or a fabric port: both have these attributes.
            device->SetAttribute("DataRate", DataRateValue(rate));
            device->SetAttribute("InterframeGap", TimeValue(gap));
        }
        m_failedTrace(link);
        return;
    }
    NS_LOG_INFO("failing " << name << " at " << Simulator::Now());
    for (const Ptr<NetDevice>& device : {lower, upper})
    {
        Ptr<Ipv4> ipv4 = device->GetNode()->GetObject<Ipv4>();
        ipv4->SetDown(ipv4->GetInterfaceForDevice(device));
    }
    m_failedTrace(link);
    if (!m_converges)
    {
        return;
    }
    if (m_convergenceDelay.IsZero() && Simulator::Now().IsZero())
    {
        Converge(link);
        return;
    }
    Simulator::Schedule(m_convergenceDelay, &LinkFailureManager::Converge, this, link);
}

void
LinkFailureManager::Converge(uint32_t link)
{
    NS_LOG_INFO("fabric converged on " << m_fabric->GetTopology().LinkName(link) << " at "
                                       << Simulator::Now());
    m_known[link] = true;
    ++m_convergedFailures;
    const auto known = std::make_shared<const fabriclb::LinkStates>(m_known);
    for (uint32_t tier = 0; tier < m_fabric->GetTopology().TierCount(); ++tier)
    {
        const NodeContainer& switches = m_fabric->GetSwitches(tier);
        for (uint32_t i = 0; i < switches.GetN(); ++i)
        {
            switches.Get(i)
                ->GetObject<Ipv4>()
                ->GetRoutingProtocol()
                ->GetObject<FabricRouting>()
                ->SetKnownFailures(known);
        }
    }
    for (uint32_t host = 0; host < m_fabric->GetHosts().GetN(); ++host)
    {
        m_fabric->GetNic(host)->GetPathPolicy()->SetKnownFailures(known);
    }
    m_convergedTrace(link);
}

void
LinkFailureManager::CountDrop(const Ipv4Header& /* header */,
                              Ptr<const Packet> /* packet */,
                              Ipv4L3Protocol::DropReason /* reason */,
                              Ptr<Ipv4> /* ipv4 */,
                              uint32_t /* interface */)
{
    ++m_blackHoleDrops;
}

} // namespace ns3
