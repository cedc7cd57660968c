/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "roce-swift.h"

#include "swift-logic.h"

#include "ns3/double.h"
#include "ns3/fabric-registry.h"
#include "ns3/uinteger.h"
#include "ns3/value-limits.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(RoceSwift);

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
            .AddAttribute(
                "BaseTarget",
                "Target delay before per-hop scaling",
                TimeValue(MicroSeconds(1)),
                MakeTimeAccessor(&RoceSwift::m_baseTarget),
                MakeTimeChecker(Time(0), PicoSeconds(fabriclb::ValueLimits::MAX_DELAY_PS)))
            .AddAttribute(
                "PerHopScaling",
                "Target delay added per hop: a link's round-trip propagation "
                "(1 us) and about 5 data packets of queueing",
                TimeValue(NanoSeconds(1200)),
                MakeTimeAccessor(&RoceSwift::m_perHop),
                MakeTimeChecker(Time(0), PicoSeconds(fabriclb::ValueLimits::MAX_DELAY_PS)))
            .AddAttribute("Hops",
                          "Hops the target is scaled for (0: the fabric's longest path, a fat "
                          "tree's 6, a leaf-spine's 4)",
                          UintegerValue(0),
                          MakeUintegerAccessor(&RoceSwift::m_hops),
                          MakeUintegerChecker<uint32_t>(0, fabriclb::ValueLimits::MAX_PARALLEL))
            .AddAttribute("AdditiveIncrease",
                          "Window growth per round trip below the target, packets",
                          DoubleValue(1),
                          MakeDoubleAccessor(&RoceSwift::m_additiveIncrease),
                          MakeDoubleChecker<double>(0, fabriclb::ValueLimits::MAX_STEPS))
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
                          MakeDoubleChecker<double>(1e-6, fabriclb::ValueLimits::MAX_STEPS))
            .AddAttribute("MaxWindow",
                          "The window never grows above this, packets; also the initial "
                          "window (0: one bandwidth-delay product at the target delay)",
                          DoubleValue(0),
                          MakeDoubleAccessor(&RoceSwift::m_maxWindow),
                          MakeDoubleChecker<double>(0, fabriclb::ValueLimits::MAX_STEPS));
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

} // namespace ns3
