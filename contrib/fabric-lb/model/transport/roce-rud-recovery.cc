/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "roce-rud-recovery.h"

#include "rud-logic.h"

#include "ns3/fabric-registry.h"
#include "ns3/value-limits.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(RoceRudRecovery);

namespace
{
/// The `rud` recovery.
const fabriclb::Registration<fabriclb::RecoveryStrategy> g_rud(
    {"rud",
     "Ultra Ethernet's reliable unordered delivery: reordering is never a loss; a trimmed "
     "header's NACK, time (RACK) or the timer is",
     "ns3::RoceRudRecovery"});
} // namespace

TypeId
RoceRudRecovery::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RoceRudRecovery")
            .SetParent<RoceRecoveryOps>()
            .SetGroupName("FabricLb")
            .AddConstructor<RoceRudRecovery>()
            .AddAttribute(
                "ReorderWindow",
                "A packet is lost once one sent this much later has arrived (zero: the time the "
                "longest path's port buffers (under PFC, its switches' whole buffers) take to "
                "drain, the most that spraying can reorder; the base RTT if that is unknown)",
                TimeValue(Time(0)),
                MakeTimeAccessor(&RoceRudRecovery::m_reorderWindow),
                MakeTimeChecker(Time(0), PicoSeconds(fabriclb::ValueLimits::MAX_DELAY_PS)))
            .AddAttribute(
                "Timeout",
                "An unacknowledged packet is lost this long after its last sending, "
                "doubling while none arrives (zero: the fabric's base RTT and the time "
                "its longest path's port buffers (under PFC, its switches' whole "
                "buffers) take to drain, the most queueing a packet can meet, as "
                "uet-htsim sets its RTO)",
                TimeValue(Time(0)),
                MakeTimeAccessor(&RoceRudRecovery::m_timeout),
                MakeTimeChecker(Time(0), PicoSeconds(fabriclb::ValueLimits::MAX_DELAY_PS)));
    return tid;
}

std::unique_ptr<fabriclb::RecoverySender>
RoceRudRecovery::CreateSender(uint32_t packets, const fabriclb::CongestionContext& context) const
{
    const uint64_t reorderBoundPs =
        context.pathBufferPs > 0 ? context.pathBufferPs : context.baseRttPs;
    const int64_t windowPs = m_reorderWindow.IsStrictlyPositive()
                                 ? m_reorderWindow.GetPicoSeconds()
                                 : static_cast<int64_t>(reorderBoundPs);
    const int64_t timeoutPs = m_timeout.IsStrictlyPositive()
                                  ? m_timeout.GetPicoSeconds()
                                  : static_cast<int64_t>(context.baseRttPs + context.pathBufferPs);
    return std::make_unique<fabriclb::RudSender>(packets, windowPs, timeoutPs);
}

std::unique_ptr<fabriclb::RecoveryReceiver>
RoceRudRecovery::CreateReceiver(uint32_t packets) const
{
    return std::make_unique<fabriclb::RudReceiver>(packets);
}

} // namespace ns3
