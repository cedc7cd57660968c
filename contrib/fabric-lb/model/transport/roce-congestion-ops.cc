/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "roce-congestion-ops.h"

#include "ns3/double.h"
#include "ns3/fabric-registry.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(RoceCongestionOps);
NS_OBJECT_ENSURE_REGISTERED(RoceFixedRate);
NS_OBJECT_ENSURE_REGISTERED(RoceDcqcn);
NS_OBJECT_ENSURE_REGISTERED(RoceSwift);
NS_OBJECT_ENSURE_REGISTERED(RoceHpcc);

TypeId
RoceCongestionOps::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RoceCongestionOps").SetParent<Object>().SetGroupName("FabricLb");
    return tid;
}

bool
RoceCongestionOps::ReadsTelemetry() const
{
    return false;
}

std::optional<Time>
RoceCongestionOps::GetCnpInterval() const
{
    return std::nullopt;
}

namespace
{
/// The `fixed` congestion control.
const fabriclb::Registration<fabriclb::CongestionControlStrategy> g_fixed(
    {"fixed",
     "ideal: every queue pair at a fixed fair share of the host link (line rate on "
     "the physical wire)",
     "ns3::RoceFixedRate",
     false});
} // namespace

TypeId
RoceFixedRate::GetTypeId()
{
    static TypeId tid = TypeId("ns3::RoceFixedRate")
                            .SetParent<RoceCongestionOps>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<RoceFixedRate>();
    return tid;
}

std::unique_ptr<fabriclb::CongestionController>
RoceFixedRate::CreateController(const fabriclb::CongestionContext& context) const
{
    return std::make_unique<fabriclb::FixedRateController>(context);
}

namespace
{
/// The `dcqcn` congestion control.
const fabriclb::Registration<fabriclb::CongestionControlStrategy> g_dcqcn(
    {"dcqcn",
     "RoCE's ECN-based rate control: switch queues mark RED-style, receivers send "
     "CNPs, senders cut and recover their rate",
     "ns3::RoceDcqcn",
     true});
} // namespace

TypeId
RoceDcqcn::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RoceDcqcn")
            .SetParent<RoceCongestionOps>()
            .SetGroupName("FabricLb")
            .AddConstructor<RoceDcqcn>()
            .AddAttribute("CnpInterval",
                          "Least time between two CNPs a receiver sends one queue pair "
                          "(DCQCN paper: N = 50 us)",
                          TimeValue(MicroSeconds(50)),
                          MakeTimeAccessor(&RoceDcqcn::m_cnpInterval),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("MinRate",
                          "The rate a queue pair never drops below",
                          DataRateValue(DataRate("100Mbps")),
                          MakeDataRateAccessor(&RoceDcqcn::m_minRate),
                          MakeDataRateChecker())
            .AddAttribute("G",
                          "Gain of alpha's EWMA (DCQCN paper: 1/256)",
                          DoubleValue(1.0 / 256),
                          MakeDoubleAccessor(&RoceDcqcn::m_g),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("AlphaPeriod",
                          "Alpha decays once per period without a CNP (DCQCN paper: K = 55 us)",
                          TimeValue(MicroSeconds(55)),
                          MakeTimeAccessor(&RoceDcqcn::m_alphaPeriod),
                          MakeTimeChecker(Time(1)))
            .AddAttribute("RateIncreasePeriod",
                          "The rate-increase timer (ConnectX rpg_time_reset: 300 us)",
                          TimeValue(MicroSeconds(300)),
                          MakeTimeAccessor(&RoceDcqcn::m_rateIncreasePeriod),
                          MakeTimeChecker(Time(1)))
            .AddAttribute("ByteCounter",
                          "Bytes sent per byte-counter increase event (DCQCN paper: B = 10 MB)",
                          UintegerValue(10000000),
                          MakeUintegerAccessor(&RoceDcqcn::m_byteCounter),
                          MakeUintegerChecker<uint64_t>(1))
            .AddAttribute("FastRecoverySteps",
                          "Increase events of fast recovery (DCQCN paper: F = 5)",
                          UintegerValue(5),
                          MakeUintegerAccessor(&RoceDcqcn::m_fastRecovery),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("AdditiveIncrease",
                          "R_AI, the target's step in additive increase (DCQCN paper: 40 Mb/s "
                          "at 40 Gb/s, scaled here to 800 Gb/s links)",
                          DataRateValue(DataRate("800Mbps")),
                          MakeDataRateAccessor(&RoceDcqcn::m_additiveIncrease),
                          MakeDataRateChecker())
            .AddAttribute("HyperIncrease",
                          "R_HAI, the target's step in hyper increase (10 R_AI, as ConnectX's "
                          "rpg_hai_rate over rpg_ai_rate)",
                          DataRateValue(DataRate("8Gbps")),
                          MakeDataRateAccessor(&RoceDcqcn::m_hyperIncrease),
                          MakeDataRateChecker());
    return tid;
}

std::unique_ptr<fabriclb::CongestionController>
RoceDcqcn::CreateController(const fabriclb::CongestionContext& context) const
{
    fabriclb::DcqcnParams params;
    params.minRateBps = static_cast<double>(m_minRate.GetBitRate());
    params.g = m_g;
    params.alphaPeriodPs = m_alphaPeriod.GetPicoSeconds();
    params.rateIncreasePeriodPs = m_rateIncreasePeriod.GetPicoSeconds();
    params.byteCounterBytes = m_byteCounter;
    params.fastRecoverySteps = m_fastRecovery;
    params.additiveIncreaseBps = static_cast<double>(m_additiveIncrease.GetBitRate());
    params.hyperIncreaseBps = static_cast<double>(m_hyperIncrease.GetBitRate());
    return std::make_unique<fabriclb::DcqcnController>(context, params);
}

std::optional<Time>
RoceDcqcn::GetCnpInterval() const
{
    return m_cnpInterval;
}

namespace
{
/// The `swift` congestion control.
const fabriclb::Registration<fabriclb::CongestionControlStrategy> g_swift(
    {"swift",
     "delay-based window with a per-hop target; reordering is not loss",
     "ns3::RoceSwift",
     false});
} // namespace

TypeId
RoceSwift::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RoceSwift")
            .SetParent<RoceCongestionOps>()
            .SetGroupName("FabricLb")
            .AddConstructor<RoceSwift>()
            .AddAttribute("BaseTarget",
                          "Target delay before per-hop scaling",
                          TimeValue(MicroSeconds(1)),
                          MakeTimeAccessor(&RoceSwift::m_baseTarget),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("PerHopScaling",
                          "Target delay added per hop: a link's round-trip propagation "
                          "(1 us) and about 5 data packets of queueing",
                          TimeValue(NanoSeconds(1200)),
                          MakeTimeAccessor(&RoceSwift::m_perHop),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("Hops",
                          "Hops the target is scaled for (0: the fabric's longest path, a fat "
                          "tree's 6, a leaf-spine's 4)",
                          UintegerValue(0),
                          MakeUintegerAccessor(&RoceSwift::m_hops),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("AdditiveIncrease",
                          "Window growth per round trip below the target, packets",
                          DoubleValue(1),
                          MakeDoubleAccessor(&RoceSwift::m_additiveIncrease),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("Beta",
                          "Multiplicative-decrease gain above the target (Swift paper: 0.8)",
                          DoubleValue(0.8),
                          MakeDoubleAccessor(&RoceSwift::m_beta),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("MaxMdf",
                          "Largest fraction one decrease takes (Swift paper: 0.5)",
                          DoubleValue(0.5),
                          MakeDoubleAccessor(&RoceSwift::m_maxMdf),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("MinWindow",
                          "The window never drops below this, packets (Swift paper: 0.001)",
                          DoubleValue(0.001),
                          MakeDoubleAccessor(&RoceSwift::m_minWindow),
                          MakeDoubleChecker<double>(1e-6))
            .AddAttribute("MaxWindow",
                          "The window never grows above this, packets; also the initial "
                          "window (0: one bandwidth-delay product at the target delay)",
                          DoubleValue(0),
                          MakeDoubleAccessor(&RoceSwift::m_maxWindow),
                          MakeDoubleChecker<double>(0));
    return tid;
}

std::unique_ptr<fabriclb::CongestionController>
RoceSwift::CreateController(const fabriclb::CongestionContext& context) const
{
    fabriclb::SwiftParams params;
    params.baseTargetPs = m_baseTarget.GetPicoSeconds();
    params.perHopPs = m_perHop.GetPicoSeconds();
    params.hops = m_hops > 0 ? m_hops : context.longestPathHops;
    params.additiveIncrease = m_additiveIncrease;
    params.beta = m_beta;
    params.maxMdf = m_maxMdf;
    params.minWindow = m_minWindow;
    params.maxWindow = m_maxWindow;
    return std::make_unique<fabriclb::SwiftController>(context, params);
}

namespace
{
/// The `hpcc` congestion control.
const fabriclb::Registration<fabriclb::CongestionControlStrategy> g_hpcc(
    {"hpcc",
     "in-band telemetry: each hop's queue and transmit rate size a window that holds the "
     "bottleneck at 95% utilisation",
     "ns3::RoceHpcc",
     false,
     true});
} // namespace

TypeId
RoceHpcc::GetTypeId()
{
    const fabriclb::HpccParams defaults; // the published values, written once there
    static TypeId tid =
        TypeId("ns3::RoceHpcc")
            .SetParent<RoceCongestionOps>()
            .SetGroupName("FabricLb")
            .AddConstructor<RoceHpcc>()
            .AddAttribute("TargetUtilisation",
                          "eta, the utilisation the bottleneck is held at (HPCC paper: 95%)",
                          DoubleValue(defaults.targetUtilisation),
                          MakeDoubleAccessor(&RoceHpcc::m_targetUtilisation),
                          MakeDoubleChecker<double>(1e-6, 1))
            .AddAttribute("MaxStage",
                          "Additive updates of the reference window before a multiplicative "
                          "one (HPCC paper: maxStage = 5)",
                          UintegerValue(defaults.maxStage),
                          MakeUintegerAccessor(&RoceHpcc::m_maxStage),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("AdditiveIncrease",
                          "W_AI, bytes (0: W_init / 2500, the HPCC authors' simulations' 10 Mb/s "
                          "per 25 Gb/s of line rate over the base round trip)",
                          DoubleValue(defaults.additiveIncreaseBytes),
                          MakeDoubleAccessor(&RoceHpcc::m_additiveIncrease),
                          MakeDoubleChecker<double>(0))
            .AddAttribute(
                "BaseRtt",
                "T, the base round trip: W_init = line rate * T, rate = window / T (0: the "
                "NIC's, the longest path's unloaded round trip, else 2 slot times per "
                "hop of it)",
                TimeValue(PicoSeconds(defaults.baseRttPs)),
                MakeTimeAccessor(&RoceHpcc::m_baseRtt),
                MakeTimeChecker(Time(0)))
            .AddAttribute("MinRate",
                          "The rate a queue pair never drops below (HPCC authors' simulations: "
                          "100 Mb/s)",
                          DataRateValue(DataRate(static_cast<uint64_t>(defaults.minRateBps))),
                          MakeDataRateAccessor(&RoceHpcc::m_minRate),
                          MakeDataRateChecker());
    return tid;
}

bool
RoceHpcc::ReadsTelemetry() const
{
    return true;
}

std::unique_ptr<fabriclb::CongestionController>
RoceHpcc::CreateController(const fabriclb::CongestionContext& context) const
{
    fabriclb::HpccParams params;
    params.targetUtilisation = m_targetUtilisation;
    params.maxStage = m_maxStage;
    params.additiveIncreaseBytes = m_additiveIncrease;
    params.baseRttPs = m_baseRtt.GetPicoSeconds();
    params.minRateBps = static_cast<double>(m_minRate.GetBitRate());
    return std::make_unique<fabriclb::HpccController>(context, params);
}

} // namespace ns3
