/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "switch-discipline.h"

#include "fabric-lb-compat.h"
#include "host-labels.h"
#include "ofan-keys.h"
#include "workload.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/udp-header.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SwitchDiscipline");

NS_OBJECT_ENSURE_REGISTERED(SwitchDiscipline);
NS_OBJECT_ENSURE_REGISTERED(EcmpDiscipline);
NS_OBJECT_ENSURE_REGISTERED(RoundRobinDiscipline);
NS_OBJECT_ENSURE_REGISTERED(SimpleRoundRobinDiscipline);
NS_OBJECT_ENSURE_REGISTERED(RandomUplinkDiscipline);
NS_OBJECT_ENSURE_REGISTERED(ShortestQueueDiscipline);
NS_OBJECT_ENSURE_REGISTERED(QuantisedAdaptiveDiscipline);
NS_OBJECT_ENSURE_REGISTERED(FlowletDiscipline);
NS_OBJECT_ENSURE_REGISTERED(OfanDiscipline);
NS_OBJECT_ENSURE_REGISTERED(LabelPathDiscipline);

fabriclb::FiveTuple
UplinkRequest::Tuple() const
{
    fabriclb::FiveTuple tuple{};
    tuple.source = header.GetSource().Get();
    tuple.destination = header.GetDestination().Get();
    tuple.protocol = header.GetProtocol();
    if (tuple.protocol == fabriclb::UDP_PROTOCOL_NUMBER)
    {
        UdpHeader udp;
        packet->PeekHeader(udp);
        tuple.sourcePort = udp.GetSourcePort();
        tuple.destinationPort = udp.GetDestinationPort();
    }
    return tuple;
}

TypeId
SwitchDiscipline::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SwitchDiscipline")
            .SetParent<Object>()
            .SetGroupName("FabricLb")
            .AddAttribute("AckBinBytes",
                          "Packets with at most this many IP payload bytes are in the ACK size bin",
                          UintegerValue(512),
                          MakeUintegerAccessor(&SwitchDiscipline::m_ackBinBytes),
                          MakeUintegerChecker<uint32_t>());
    return tid;
}

SwitchDiscipline::SwitchDiscipline()
    : m_rng(CreateObject<UniformRandomVariable>()),
      m_ackBinBytes(512)
{
    m_draw = fabriclb::UniformIndexFrom(m_rng);
}

void
SwitchDiscipline::Setup(const SwitchContext& context)
{
    NS_LOG_FUNCTION(this << context.uplinkQueues.size());
    NS_ABORT_MSG_IF(context.uplinkQueues.empty(), "a switch discipline needs at least one uplink");
    m_context = context;
    m_backlogs.resize(context.uplinkQueues.size());
}

int64_t
SwitchDiscipline::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    m_rng->SetStream(stream);
    return 1;
}

uint32_t
SwitchDiscipline::Backlog(uint32_t port) const
{
    return m_context.uplinkQueues[port]->GetPortBacklogBytes();
}

const std::vector<uint32_t>&
SwitchDiscipline::ReadBacklogs()
{
    for (uint32_t port = 0; port < m_backlogs.size(); ++port)
    {
        m_backlogs[port] = Backlog(port);
    }
    return m_backlogs;
}

void
SwitchDiscipline::SetUplinkView(std::shared_ptr<const fabriclb::UplinkView> view)
{
    NS_LOG_FUNCTION(this << (view && view->failuresKnown));
    m_view = std::move(view);
}

const std::vector<uint32_t>*
SwitchDiscipline::UsableUplinks(const UplinkRequest& request) const
{
    if (!m_view || !m_view->failuresKnown)
    {
        return nullptr;
    }
    return &m_view->usable[fabriclb::OfanKey(*m_context.topology,
                                             m_context.tier,
                                             request.destinationHost)];
}

uint32_t
SwitchDiscipline::SizeBin(const UplinkRequest& request) const
{
    // The packet's IP payload: its IPv4 header is already removed.
    return request.packet->GetSize() <= m_ackBinBytes ? 1 : 0;
}

void
SwitchDiscipline::DoDispose()
{
    m_context.uplinkQueues.clear();
    m_view = nullptr;
    m_draw = nullptr;
    Object::DoDispose();
}

// ---------------------------------------------------------------------------

TypeId
EcmpDiscipline::GetTypeId()
{
    static TypeId tid = TypeId("ns3::EcmpDiscipline")
                            .SetParent<SwitchDiscipline>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<EcmpDiscipline>();
    return tid;
}

void
EcmpDiscipline::DoInitialize()
{
    m_salt = m_rng->GetInteger(0, std::numeric_limits<uint32_t>::max());
    SwitchDiscipline::DoInitialize();
}

uint32_t
EcmpDiscipline::SelectUplink(const UplinkRequest& request)
{
    const uint32_t hash = fabriclb::SaltedFlowHash(m_salt, request.Tuple());
    const std::vector<uint32_t>* usable = UsableUplinks(request);
    if (!usable)
    {
        return hash % Uplinks();
    }
    // Spread over what is left.
    return usable->empty() ? NO_UPLINK : (*usable)[hash % usable->size()];
}

// ---------------------------------------------------------------------------

TypeId
RoundRobinDiscipline::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RoundRobinDiscipline")
            .SetParent<SwitchDiscipline>()
            .SetGroupName("FabricLb")
            .AddConstructor<RoundRobinDiscipline>()
            .AddAttribute("ReshuffleWraps",
                          "Draw a new random order after this many wrap-arounds (0: never)",
                          UintegerValue(5),
                          MakeUintegerAccessor(&RoundRobinDiscipline::m_reshuffleWraps),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("RandomStart",
                          "Start at a random slot of the first order (the study's switches "
                          "start at its first slot)",
                          BooleanValue(true),
                          MakeBooleanAccessor(&RoundRobinDiscipline::m_randomStart),
                          MakeBooleanChecker());
    return tid;
}

RoundRobinDiscipline::RoundRobinDiscipline()
    : m_reshuffleWraps(5),
      m_randomStart(true)
{
}

void
RoundRobinDiscipline::DoInitialize()
{
    // Simple RR: ports in index order from the first, never reshuffled (no draw).
    m_pointer.emplace(Uplinks(),
                      m_fixedOrder ? 0 : m_reshuffleWraps,
                      m_draw,
                      !m_fixedOrder && m_randomStart,
                      !m_fixedOrder);
    SwitchDiscipline::DoInitialize();
}

uint32_t
RoundRobinDiscipline::SelectUplink(const UplinkRequest& request)
{
    const std::vector<uint32_t>* usable = UsableUplinks(request);
    if (!usable)
    {
        return m_pointer->Next();
    }
    if (usable->empty())
    {
        return NO_UPLINK;
    }
    // Uplinks that do not reach the destination are skipped.
    return m_pointer->NextUsable([usable](uint32_t port) {
        return std::binary_search(usable->begin(), usable->end(), port);
    });
}

TypeId
SimpleRoundRobinDiscipline::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SimpleRoundRobinDiscipline")
                            .SetParent<RoundRobinDiscipline>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<SimpleRoundRobinDiscipline>();
    return tid;
}

SimpleRoundRobinDiscipline::SimpleRoundRobinDiscipline()
{
    m_fixedOrder = true;
}

// ---------------------------------------------------------------------------

TypeId
RandomUplinkDiscipline::GetTypeId()
{
    static TypeId tid = TypeId("ns3::RandomUplinkDiscipline")
                            .SetParent<SwitchDiscipline>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<RandomUplinkDiscipline>();
    return tid;
}

uint32_t
RandomUplinkDiscipline::SelectUplink(const UplinkRequest& request)
{
    const std::vector<uint32_t>* usable = UsableUplinks(request);
    if (!usable)
    {
        return fabriclb::ChooseUniform(Uplinks(), m_draw);
    }
    return usable->empty() ? NO_UPLINK : (*usable)[fabriclb::ChooseUniform(usable->size(), m_draw)];
}

TypeId
ShortestQueueDiscipline::GetTypeId()
{
    static TypeId tid = TypeId("ns3::ShortestQueueDiscipline")
                            .SetParent<SwitchDiscipline>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<ShortestQueueDiscipline>();
    return tid;
}

uint32_t
ShortestQueueDiscipline::SelectUplink(const UplinkRequest& request)
{
    const std::vector<uint32_t>* usable = UsableUplinks(request);
    if (!usable)
    {
        return fabriclb::ChooseShortest(ReadBacklogs(), m_draw);
    }
    return usable->empty() ? NO_UPLINK
                           : fabriclb::ChooseShortestAmong(ReadBacklogs(), *usable, m_draw);
}

TypeId
QuantisedAdaptiveDiscipline::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::QuantisedAdaptiveDiscipline")
            .SetParent<SwitchDiscipline>()
            .SetGroupName("FabricLb")
            .AddConstructor<QuantisedAdaptiveDiscipline>()
            .AddAttribute("Band1",
                          "Lowest band threshold, a fraction of the buffer",
                          DoubleValue(0.05),
                          MakeDoubleAccessor(&QuantisedAdaptiveDiscipline::m_band1),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("Band2",
                          "Middle band threshold, a fraction of the buffer",
                          DoubleValue(0.10),
                          MakeDoubleAccessor(&QuantisedAdaptiveDiscipline::m_band2),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("Band3",
                          "Highest band threshold, a fraction of the buffer",
                          DoubleValue(0.20),
                          MakeDoubleAccessor(&QuantisedAdaptiveDiscipline::m_band3),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("RefreshInterval",
                          "An uplink's band is recomputed from its backlog when "
                          "it is older than this (0: at every packet)",
                          TimeValue(NanoSeconds(100)),
                          MakeTimeAccessor(&QuantisedAdaptiveDiscipline::m_refreshInterval),
                          MakeTimeChecker(Time(0)));
    return tid;
}

QuantisedAdaptiveDiscipline::QuantisedAdaptiveDiscipline()
    : m_band1(0.05),
      m_band2(0.10),
      m_band3(0.20),
      m_refreshInterval(NanoSeconds(100))
{
}

void
QuantisedAdaptiveDiscipline::DoInitialize()
{
    NS_ABORT_MSG_UNLESS(m_band1 <= m_band2 && m_band2 <= m_band3,
                        "QuantisedAdaptiveDiscipline bands must increase");
    m_bands.emplace(Uplinks(),
                    m_context.uplinkQueues.front()->GetMaxSize().GetValue(),
                    static_cast<uint64_t>(m_refreshInterval.GetPicoSeconds()),
                    std::vector<double>{m_band1, m_band2, m_band3});
    SwitchDiscipline::DoInitialize();
}

uint32_t
QuantisedAdaptiveDiscipline::SelectUplink(const UplinkRequest& request)
{
    const uint64_t nowPs = Simulator::Now().GetPicoSeconds();
    auto backlog = [this](uint32_t port) { return Backlog(port); };
    const std::vector<uint32_t>* usable = UsableUplinks(request);
    if (!usable)
    {
        return m_bands->ChooseLowestBand(nowPs, backlog, m_draw);
    }
    return usable->empty()
               ? NO_UPLINK
               : fabriclb::ChooseShortestAmong(m_bands->Read(nowPs, backlog), *usable, m_draw);
}

// ---------------------------------------------------------------------------

TypeId
FlowletDiscipline::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::FlowletDiscipline")
            .SetParent<SwitchDiscipline>()
            .SetGroupName("FabricLb")
            .AddConstructor<FlowletDiscipline>()
            .AddAttribute("IdleGap",
                          "A flow idle for longer than this starts a new flowlet",
                          TimeValue(MicroSeconds(10)),
                          MakeTimeAccessor(&FlowletDiscipline::m_idleGap),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("RepathProbability",
                          "Chance that a flow draws a new uplink after an idle gap",
                          DoubleValue(fabriclb::FlowletTable::DEFAULT_REPATH_PROBABILITY),
                          MakeDoubleAccessor(&FlowletDiscipline::m_repathProbability),
                          MakeDoubleChecker<double>(0, 1));
    return tid;
}

FlowletDiscipline::FlowletDiscipline()
    : m_idleGap(MicroSeconds(10)),
      m_repathProbability(fabriclb::FlowletTable::DEFAULT_REPATH_PROBABILITY)
{
}

void
FlowletDiscipline::DoInitialize()
{
    m_salt = m_rng->GetInteger(0, std::numeric_limits<uint32_t>::max());
    m_table.emplace(static_cast<uint64_t>(m_idleGap.GetPicoSeconds()),
                    fabriclb::FlowletTable::DEFAULT_SLOTS,
                    m_repathProbability);
    SwitchDiscipline::DoInitialize();
}

uint32_t
FlowletDiscipline::SelectUplink(const UplinkRequest& request)
{
    const uint32_t hash = fabriclb::SaltedFlowHash(m_salt, request.Tuple());
    const uint64_t nowPs = Simulator::Now().GetPicoSeconds();
    const std::vector<uint32_t>* usable = UsableUplinks(request);
    if (!usable)
    {
        return m_table->Select(hash, nowPs, Uplinks(), m_draw);
    }
    return usable->empty() ? NO_UPLINK : m_table->SelectAmong(hash, nowPs, *usable, m_draw);
}

// ---------------------------------------------------------------------------

TypeId
OfanDiscipline::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::OfanDiscipline")
            .SetParent<SwitchDiscipline>()
            .SetGroupName("FabricLb")
            .AddConstructor<OfanDiscipline>()
            .AddAttribute("ShiftWraps",
                          "Shift every pointer by one slot after this many wrap-arounds "
                          "(the study's variant: 10; 0: never)",
                          UintegerValue(0),
                          MakeUintegerAccessor(&OfanDiscipline::m_shiftWraps),
                          MakeUintegerChecker<uint32_t>());
    return tid;
}

OfanDiscipline::OfanDiscipline()
    : m_shiftWraps(0)
{
}

void
OfanDiscipline::Setup(const SwitchContext& context)
{
    SwitchDiscipline::Setup(context);
    m_pointers.assign(2 * fabriclb::OfanKeyCount(*context.topology, context.tier), std::nullopt);
}

uint32_t
OfanDiscipline::GetPointersInUse() const
{
    return std::count_if(m_pointers.begin(), m_pointers.end(), [](const auto& p) {
        return p.has_value();
    });
}

uint32_t
OfanDiscipline::SelectUplink(const UplinkRequest& request)
{
    const uint32_t key =
        fabriclb::OfanKey(*m_context.topology, m_context.tier, request.destinationHost);
    std::optional<fabriclb::WeightedRotation>& pointer = m_pointers[2 * key + SizeBin(request)];
    if (!pointer)
    {
        // Equal weights until failures are known, then the W-ECMP weights: an IWRR
        // schedule in a random port order, from a random start.
        const fabriclb::UplinkView* view = GetUplinkView();
        pointer.emplace(fabriclb::WeightedRotation::FromWeights(
            view && view->failuresKnown ? view->weights[key] : std::vector<uint64_t>(Uplinks(), 1),
            m_draw,
            m_shiftWraps));
    }
    return pointer->Empty() ? NO_UPLINK : pointer->Next();
}

void
OfanDiscipline::SetUplinkView(std::shared_ptr<const fabriclb::UplinkView> view)
{
    SwitchDiscipline::SetUplinkView(std::move(view));
    NS_LOG_LOGIC("the view changed: every pointer is rebuilt from its weights");
    std::fill(m_pointers.begin(), m_pointers.end(), std::nullopt);
}

// ---------------------------------------------------------------------------

TypeId
LabelPathDiscipline::GetTypeId()
{
    static TypeId tid = TypeId("ns3::LabelPathDiscipline")
                            .SetParent<SwitchDiscipline>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<LabelPathDiscipline>();
    return tid;
}

uint32_t
LabelPathDiscipline::SelectUplink(const UplinkRequest& request)
{
    const uint32_t half = m_context.topology->Half();
    const uint32_t port = m_context.tier == fabriclb::FabricRole::EDGE
                              ? fabriclb::DrEdgeUplink(request.Tuple().sourcePort, half)
                              : fabriclb::DrAggUplink(request.Tuple().sourcePort, half);
    const std::vector<uint32_t>* usable = UsableUplinks(request);
    if (!usable || std::binary_search(usable->begin(), usable->end(), port))
    {
        return port;
    }
    // The labelled uplink is known not to reach: the next one that does.
    for (uint32_t step = 1; step < half; ++step)
    {
        const uint32_t next = (port + step) % half;
        if (std::binary_search(usable->begin(), usable->end(), next))
        {
            return next;
        }
    }
    return NO_UPLINK;
}

} // namespace ns3
