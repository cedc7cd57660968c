/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "switch-discipline.h"

#include "host-labels.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/fabric-lb-compat.h"
#include "ns3/fabric-registry.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/udp-header.h"
#include "ns3/uinteger.h"
#include "ns3/workload.h"

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
                          MakeUintegerChecker<uint32_t>())
            .AddTraceSource("UplinkChosen",
                            "The uplink the discipline chose for a packet (NO_UPLINK: none "
                            "reaches its destination)",
                            MakeTraceSourceAccessor(&SwitchDiscipline::m_uplinkChosenTrace),
                            "ns3::SwitchDiscipline::UplinkChosenTracedCallback");
    return tid;
}

SwitchDiscipline::SwitchDiscipline()
    : m_rng(CreateObject<UniformRandomVariable>())
{
    m_draw = fabriclb::UniformIndexFrom(m_rng);
}

void
SwitchDiscipline::Setup(const SwitchContext& context)
{
    NS_LOG_FUNCTION(this << context.uplinkQueues.size());
    NS_ABORT_MSG_IF(context.uplinkQueues.empty(), "a switch discipline needs at least one uplink");
    NS_ABORT_MSG_IF(!context.destinationKey, "a switch discipline needs the destination keys");
    m_context = context;
    m_backlogs.resize(context.uplinkQueues.size());
    m_everyPort = fabriclb::EveryPort(Uplinks());
    m_unitWeights.assign(Uplinks(), 1);
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

uint32_t
SwitchDiscipline::SelectUplink(const UplinkRequest& request)
{
    const uint32_t key = m_context.destinationKey(request.destinationHost);
    uint32_t port = NO_UPLINK;
    if (!m_view || !m_view->failuresKnown)
    {
        port = DoSelectUplink(UplinkCandidates(m_everyPort, m_unitWeights, key, true), request);
    }
    else if (!m_view->usable[key].empty())
    {
        port =
            DoSelectUplink(UplinkCandidates(m_view->usable[key], m_view->weights[key], key, false),
                           request);
    }
    NS_LOG_LOGIC("host " << request.destinationHost << " (key " << key << "): uplink "
                         << (port == NO_UPLINK ? std::string("none") : std::to_string(port)));
    m_uplinkChosenTrace(request.packet, request.destinationHost, port);
    return port;
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
    m_context = SwitchContext();
    m_view = nullptr;
    m_draw = nullptr;
    Object::DoDispose();
}

// ---------------------------------------------------------------------------

namespace
{
/// The `ecmp` scheme.
const fabriclb::Registration<fabriclb::LbScheme> g_ecmpScheme(
    {"ecmp",
     "flow: switches hash the 5-tuple (salted per switch); one label per queue pair",
     fabriclb::LbSite::SWITCH,
     "ns3::FixedLabelPathPolicy",
     "ns3::EcmpDiscipline",
     0});
} // namespace

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
EcmpDiscipline::DoSelectUplink(const UplinkCandidates& candidates, const UplinkRequest& request)
{
    return candidates[fabriclb::SaltedFlowHash(m_salt, request.Tuple()) % candidates.Size()];
}

// ---------------------------------------------------------------------------

namespace
{
/// The `rr` scheme.
const fabriclb::Registration<fabriclb::LbScheme> g_rrScheme(
    {"rr",
     "switch round-robin spraying, order reshuffled every 5 wrap-arounds",
     fabriclb::LbSite::SWITCH,
     "ns3::FixedLabelPathPolicy",
     "ns3::RoundRobinDiscipline",
     0});
} // namespace

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
RoundRobinDiscipline::DoSelectUplink(const UplinkCandidates& candidates,
                                     const UplinkRequest& /* request */)
{
    if (candidates.EveryUplink())
    {
        return m_pointer->Next();
    }
    // Uplinks that do not reach the destination are skipped.
    return m_pointer->NextUsable(
        [&candidates](uint32_t port) { return candidates.Contains(port); });
}

namespace
{
/// The `simple-rr` scheme.
const fabriclb::Registration<fabriclb::LbScheme> g_simpleRrScheme(
    {"simple-rr",
     "switch round-robin in a fixed order, never reshuffled (theory)",
     fabriclb::LbSite::SWITCH,
     "ns3::FixedLabelPathPolicy",
     "ns3::SimpleRoundRobinDiscipline",
     0});
} // namespace

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

namespace
{
/// The `rsq` scheme.
const fabriclb::Registration<fabriclb::LbScheme> g_rsqScheme(
    {"rsq",
     "switch random spraying: a uniformly random uplink per packet (theory)",
     fabriclb::LbSite::SWITCH,
     "ns3::FixedLabelPathPolicy",
     "ns3::RandomUplinkDiscipline",
     0});
} // namespace

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
RandomUplinkDiscipline::DoSelectUplink(const UplinkCandidates& candidates,
                                       const UplinkRequest& /* request */)
{
    return candidates[fabriclb::ChooseUniform(candidates.Size(), m_draw)];
}

namespace
{
/// The `jsq` scheme.
const fabriclb::Registration<fabriclb::LbScheme> g_jsqScheme(
    {"jsq",
     "switch join-shortest-queue, exact (theory)",
     fabriclb::LbSite::SWITCH,
     "ns3::FixedLabelPathPolicy",
     "ns3::ShortestQueueDiscipline",
     0});
} // namespace

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
ShortestQueueDiscipline::DoSelectUplink(const UplinkCandidates& candidates,
                                        const UplinkRequest& /* request */)
{
    return fabriclb::ChooseShortest(ReadBacklogs(), candidates.Ports(), m_draw);
}

namespace
{
/// The `switch-ar` scheme.
const fabriclb::Registration<fabriclb::LbScheme> g_switchArScheme(
    {"switch-ar",
     "switch adaptive routing: shortest quantised queue (bands 5/10/20% of the "
     "buffer, refreshed after 100 ns)",
     fabriclb::LbSite::SWITCH,
     "ns3::FixedLabelPathPolicy",
     "ns3::QuantisedAdaptiveDiscipline",
     0});
} // namespace

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

void
QuantisedAdaptiveDiscipline::DoInitialize()
{
    NS_ABORT_MSG_UNLESS(m_band1 <= m_band2 && m_band2 <= m_band3,
                        "QuantisedAdaptiveDiscipline bands must increase");
    m_bands.emplace(Uplinks(),
                    m_context.uplinkQueues.front()->GetBufferBytes(),
                    static_cast<uint64_t>(m_refreshInterval.GetPicoSeconds()),
                    std::vector<double>{m_band1, m_band2, m_band3});
    SwitchDiscipline::DoInitialize();
}

uint32_t
QuantisedAdaptiveDiscipline::DoSelectUplink(const UplinkCandidates& candidates,
                                            const UplinkRequest& /* request */)
{
    const uint64_t nowPs = Simulator::Now().GetPicoSeconds();
    auto backlog = [this](uint32_t port) { return Backlog(port); };
    return fabriclb::ChooseShortest(m_bands->Read(nowPs, backlog), candidates.Ports(), m_draw);
}

// ---------------------------------------------------------------------------

namespace
{
/// The `flowlet` scheme.
const fabriclb::Registration<fabriclb::LbScheme> g_flowletScheme(
    {"flowlet",
     "switch flowlet switching (LetFlow): after a 10 us idle gap, a new random "
     "uplink with probability 1/2",
     fabriclb::LbSite::SWITCH,
     "ns3::FixedLabelPathPolicy",
     "ns3::FlowletDiscipline",
     0});
} // namespace

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
FlowletDiscipline::DoSelectUplink(const UplinkCandidates& candidates, const UplinkRequest& request)
{
    return m_table->Select(fabriclb::SaltedFlowHash(m_salt, request.Tuple()),
                           Simulator::Now().GetPicoSeconds(),
                           candidates.Ports(),
                           m_draw);
}

// ---------------------------------------------------------------------------

namespace
{
/// The `ofan` scheme.
const fabriclb::Registration<fabriclb::LbScheme> g_ofanScheme(
    {"ofan",
     "Ofan: switch destination rotation, a pointer per (destination edge or pod, "
     "size bin)",
     fabriclb::LbSite::SWITCH,
     "ns3::FixedLabelPathPolicy",
     "ns3::OfanDiscipline",
     0});
} // namespace

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

void
OfanDiscipline::Setup(const SwitchContext& context)
{
    SwitchDiscipline::Setup(context);
    m_pointers.assign(2 * context.destinationKeys, std::nullopt);
}

uint32_t
OfanDiscipline::GetPointersInUse() const
{
    return std::count_if(m_pointers.begin(), m_pointers.end(), [](const auto& p) {
        return p.has_value();
    });
}

uint32_t
OfanDiscipline::DoSelectUplink(const UplinkCandidates& candidates, const UplinkRequest& request)
{
    std::optional<fabriclb::WeightedRotation>& pointer =
        m_pointers[2 * candidates.Key() + SizeBin(request)];
    if (!pointer)
    {
        // Equal weights until failures are known, then the W-ECMP weights: an IWRR
        // schedule in a random port order, from a random start.
        pointer.emplace(
            fabriclb::WeightedRotation::FromWeights(candidates.Weights(), m_draw, m_shiftWraps));
    }
    return pointer->Next();
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
LabelPathDiscipline::DoSelectUplink(const UplinkCandidates& candidates,
                                    const UplinkRequest& request)
{
    const uint32_t uplinks = Uplinks();
    const uint32_t port =
        fabriclb::LabelUplink(request.Tuple().sourcePort, m_context.labelDivisor, uplinks);
    // When the labelled uplink is known not to reach: the next one that does.
    for (uint32_t step = 0;; ++step)
    {
        const uint32_t next = (port + step) % uplinks;
        if (candidates.Contains(next))
        {
            return next;
        }
    }
}

} // namespace ns3
