/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "roce-nscc.h"

#include "nscc-logic.h"

#include "ns3/double.h"
#include "ns3/fabric-registry.h"
#include "ns3/uinteger.h"
#include "ns3/value-limits.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(RoceNscc);

namespace
{
/// The `nscc` congestion control; its ECN comes from RED marking at the switch queues.
const fabriclb::Registration<fabriclb::CongestionControlStrategy> g_nscc(
    {"nscc",
     "Ultra Ethernet's NSCC: a window moved by ECN and queueing delay together, quick adapt "
     "to what gets through",
     "ns3::RoceNscc",
     true});

/// A time attribute's checker: [0, 1 s].
Ptr<const AttributeChecker>
DelayChecker()
{
    return MakeTimeChecker(Time(0), PicoSeconds(fabriclb::ValueLimits::MAX_DELAY_PS));
}

/// A byte count's checker: [0, 1 GiB].
Ptr<const AttributeChecker>
BytesChecker()
{
    return MakeUintegerChecker<uint64_t>(0, fabriclb::ValueLimits::MAX_PORT_BYTES);
}
} // namespace

TypeId
RoceNscc::GetTypeId()
{
    const fabriclb::NsccParams defaults; // uet-htsim's values, written once there
    static TypeId tid =
        TypeId("ns3::RoceNscc")
            .SetParent<RoceCongestionOps>()
            .SetGroupName("FabricLb")
            .AddConstructor<RoceNscc>()
            .AddAttribute("BaseRtt",
                          "The base round trip of every path (0: the fabric's longest path's "
                          "unloaded round trip, scaled for each ACK to the links its packet "
                          "crossed)",
                          TimeValue(PicoSeconds(defaults.baseRttPs)),
                          MakeTimeAccessor(&RoceNscc::m_baseRtt),
                          DelayChecker())
            .AddAttribute("TargetDelay",
                          "Target queueing delay (0: 3/4 of the base round trip, uet-htsim's "
                          "with trimming)",
                          TimeValue(PicoSeconds(defaults.targetDelayPs)),
                          MakeTimeAccessor(&RoceNscc::m_targetDelay),
                          DelayChecker())
            .AddAttribute("MaxWindow",
                          "The largest window, bytes (0: 1.5 bandwidth-delay products at the "
                          "base round trip, following it as it falls)",
                          UintegerValue(defaults.maxWindowBytes),
                          MakeUintegerAccessor(&RoceNscc::m_maxWindow),
                          BytesChecker())
            .AddAttribute("InitialWindow",
                          "The first window, bytes (0: the largest)",
                          UintegerValue(defaults.initialWindowBytes),
                          MakeUintegerAccessor(&RoceNscc::m_initialWindow),
                          BytesChecker())
            .AddAttribute("MinWindow",
                          "The smallest window, bytes (0: one packet)",
                          UintegerValue(defaults.minWindowBytes),
                          MakeUintegerAccessor(&RoceNscc::m_minWindow),
                          BytesChecker())
            .AddAttribute("FairIncrease",
                          "Window growth per window acknowledged without ECN at or above the "
                          "target, bytes (0: 5 packets times BDP / (100 Gb/s * 12 us))",
                          UintegerValue(defaults.fairIncreaseBytes),
                          MakeUintegerAccessor(&RoceNscc::m_fairIncrease),
                          BytesChecker())
            .AddAttribute("ProportionalIncrease",
                          "Window growth per window acknowledged without ECN at no queueing "
                          "delay, falling linearly to 0 at the target, bytes (0: 4 packets "
                          "times BDP / (100 Gb/s * 12 us) times target / 12 us)",
                          UintegerValue(defaults.proportionalIncreaseBytes),
                          MakeUintegerAccessor(&RoceNscc::m_proportionalIncrease),
                          BytesChecker())
            .AddAttribute("FastIncreaseFactor",
                          "Fast increase's window growth per byte acknowledged, once a whole "
                          "window came back below FastIncreaseDelay (0: 1/4 times BDP / "
                          "(100 Gb/s * 12 us))",
                          DoubleValue(defaults.fastIncreaseFactor),
                          MakeDoubleAccessor(&RoceNscc::m_fastIncreaseFactor),
                          MakeDoubleChecker<double>(0, fabriclb::ValueLimits::MAX_STEPS))
            .AddAttribute("FastIncreaseDelay",
                          "Fast increase runs while the queueing delay stays below this "
                          "(uet-htsim: 1 us)",
                          TimeValue(PicoSeconds(defaults.fastIncreaseDelayPs)),
                          MakeTimeAccessor(&RoceNscc::m_fastIncreaseDelay),
                          DelayChecker())
            .AddAttribute("PeriodicIncrease",
                          "eta: window growth once per AdjustPeriod, bytes (0: 0.15 packets "
                          "times BDP / (100 Gb/s * 12 us))",
                          UintegerValue(defaults.periodicIncreaseBytes),
                          MakeUintegerAccessor(&RoceNscc::m_periodicIncrease),
                          BytesChecker())
            .AddAttribute("DecreaseGain",
                          "gamma: multiplicative decrease takes gamma times the average "
                          "delay's excess over the target, relative to the average",
                          DoubleValue(defaults.decreaseGain),
                          MakeDoubleAccessor(&RoceNscc::m_decreaseGain),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("MaxDecrease",
                          "The largest fraction one multiplicative decrease takes",
                          DoubleValue(defaults.maxDecrease),
                          MakeDoubleAccessor(&RoceNscc::m_maxDecrease),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("DelayAverageGain",
                          "Gain of the average queueing delay's exponential weighting",
                          DoubleValue(defaults.delayAverageGain),
                          MakeDoubleAccessor(&RoceNscc::m_delayAverageGain),
                          MakeDoubleChecker<double>(1e-6, 1))
            .AddAttribute("QuickAdaptDelayFactor",
                          "Quick adapt when a queueing delay exceeds this many targets",
                          DoubleValue(defaults.quickAdaptDelayFactor),
                          MakeDoubleAccessor(&RoceNscc::m_quickAdaptDelayFactor),
                          MakeDoubleChecker<double>(0, fabriclb::ValueLimits::MAX_STEPS))
            .AddAttribute("QuickAdaptGate",
                          "qa_gate: quick adapt only when less than MaxWindow / 2^gate got "
                          "through in a base round trip and a target (at most a 1 GiB "
                          "window's 30 bits)",
                          UintegerValue(defaults.quickAdaptGate),
                          MakeUintegerAccessor(&RoceNscc::m_quickAdaptGate),
                          MakeUintegerChecker<uint32_t>(0, 30))
            .AddAttribute("AdjustPackets",
                          "Pending increases are applied after more than this many packets "
                          "acknowledged",
                          UintegerValue(defaults.adjustPackets),
                          MakeUintegerAccessor(&RoceNscc::m_adjustPackets),
                          MakeUintegerChecker<uint32_t>(0, fabriclb::ValueLimits::MAX_STEPS))
            .AddAttribute("AdjustPeriod",
                          "... or after this long, which also adds PeriodicIncrease (0: the "
                          "base round trip)",
                          TimeValue(PicoSeconds(defaults.adjustPeriodPs)),
                          MakeTimeAccessor(&RoceNscc::m_adjustPeriod),
                          DelayChecker());
    return tid;
}

std::unique_ptr<fabriclb::CongestionController>
RoceNscc::CreateController(const fabriclb::CongestionContext& context) const
{
    fabriclb::NsccParams params;
    params.baseRttPs = m_baseRtt.GetPicoSeconds();
    params.targetDelayPs = m_targetDelay.GetPicoSeconds();
    params.maxWindowBytes = m_maxWindow;
    params.initialWindowBytes = m_initialWindow;
    params.minWindowBytes = m_minWindow;
    params.fairIncreaseBytes = m_fairIncrease;
    params.proportionalIncreaseBytes = m_proportionalIncrease;
    params.fastIncreaseFactor = m_fastIncreaseFactor;
    params.fastIncreaseDelayPs = m_fastIncreaseDelay.GetPicoSeconds();
    params.periodicIncreaseBytes = m_periodicIncrease;
    params.decreaseGain = m_decreaseGain;
    params.maxDecrease = m_maxDecrease;
    params.delayAverageGain = m_delayAverageGain;
    params.quickAdaptDelayFactor = m_quickAdaptDelayFactor;
    params.quickAdaptGate = m_quickAdaptGate;
    params.adjustPackets = m_adjustPackets;
    params.adjustPeriodPs = m_adjustPeriod.GetPicoSeconds();
    return std::make_unique<fabriclb::NsccController>(context, params);
}

} // namespace ns3
