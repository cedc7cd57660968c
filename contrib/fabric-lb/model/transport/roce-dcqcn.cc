/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "roce-dcqcn.h"

#include "dcqcn-logic.h"

#include "ns3/double.h"
#include "ns3/fabric-registry.h"
#include "ns3/uinteger.h"
#include "ns3/value-limits.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(RoceDcqcn);

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
            .AddAttribute(
                "CnpInterval",
                "Least time between two CNPs a receiver sends one queue pair "
                "(DCQCN paper: N = 50 us)",
                TimeValue(MicroSeconds(50)),
                MakeTimeAccessor(&RoceDcqcn::m_cnpInterval),
                MakeTimeChecker(Time(0), PicoSeconds(fabriclb::ValueLimits::MAX_DELAY_PS)))
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
            .AddAttribute(
                "AlphaPeriod",
                "Alpha decays once per period without a CNP (DCQCN paper: K = 55 us)",
                TimeValue(MicroSeconds(55)),
                MakeTimeAccessor(&RoceDcqcn::m_alphaPeriod),
                MakeTimeChecker(Time(1), PicoSeconds(fabriclb::ValueLimits::MAX_DELAY_PS)))
            .AddAttribute(
                "RateIncreasePeriod",
                "The rate-increase timer (ConnectX rpg_time_reset: 300 us)",
                TimeValue(MicroSeconds(300)),
                MakeTimeAccessor(&RoceDcqcn::m_rateIncreasePeriod),
                MakeTimeChecker(Time(1), PicoSeconds(fabriclb::ValueLimits::MAX_DELAY_PS)))
            .AddAttribute("ByteCounter",
                          "Bytes sent per byte-counter increase event (DCQCN paper: B = 10 MB)",
                          UintegerValue(10000000),
                          MakeUintegerAccessor(&RoceDcqcn::m_byteCounter),
                          MakeUintegerChecker<uint64_t>(1, fabriclb::ValueLimits::MAX_SWITCH_BYTES))
            .AddAttribute("FastRecoverySteps",
                          "Increase events of fast recovery (DCQCN paper: F = 5)",
                          UintegerValue(5),
                          MakeUintegerAccessor(&RoceDcqcn::m_fastRecovery),
                          MakeUintegerChecker<uint32_t>(0, fabriclb::ValueLimits::MAX_STEPS))
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

} // namespace ns3
