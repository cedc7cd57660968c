/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "roce-hpcc.h"

#include "hpcc-logic.h"

#include "ns3/double.h"
#include "ns3/fabric-registry.h"
#include "ns3/uinteger.h"
#include "ns3/value-limits.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(RoceHpcc);

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
                          MakeUintegerChecker<uint32_t>(0, fabriclb::ValueLimits::MAX_STEPS))
            .AddAttribute("AdditiveIncrease",
                          "W_AI, bytes (0: W_init / 2500, the HPCC authors' simulations' 10 Mb/s "
                          "per 25 Gb/s of line rate over the base round trip)",
                          DoubleValue(defaults.additiveIncreaseBytes),
                          MakeDoubleAccessor(&RoceHpcc::m_additiveIncrease),
                          MakeDoubleChecker<double>(0, fabriclb::ValueLimits::MAX_PORT_BYTES))
            .AddAttribute(
                "BaseRtt",
                "T, the base round trip: W_init = line rate * T, rate = window / T (0: the "
                "NIC's, the longest path's unloaded round trip, else 2 slot times per "
                "hop of it)",
                TimeValue(PicoSeconds(defaults.baseRttPs)),
                MakeTimeAccessor(&RoceHpcc::m_baseRtt),
                MakeTimeChecker(Time(0), PicoSeconds(fabriclb::ValueLimits::MAX_DELAY_PS)))
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
