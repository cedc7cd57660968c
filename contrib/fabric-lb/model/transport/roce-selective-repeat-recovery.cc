/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "roce-selective-repeat-recovery.h"

#include "selective-repeat-logic.h"

#include "ns3/fabric-registry.h"
#include "ns3/uinteger.h"
#include "ns3/value-limits.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(RoceSelectiveRepeatRecovery);

namespace
{
/// The `sack` recovery.
const fabriclb::Registration<fabriclb::RecoveryStrategy> g_selectiveRepeat(
    {"sack",
     "selective repeat: a 64-packet SACK bitmap, a hole with more than the reorder "
     "threshold acknowledged after it is lost",
     "ns3::RoceSelectiveRepeatRecovery"});
} // namespace

TypeId
RoceSelectiveRepeatRecovery::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RoceSelectiveRepeatRecovery")
            .SetParent<RoceRecoveryOps>()
            .SetGroupName("FabricLb")
            .AddConstructor<RoceSelectiveRepeatRecovery>()
            .AddAttribute("ReorderThreshold",
                          "A hole with more than this many later packets acknowledged is a loss "
                          "(the study: 6 for all-to-all, 32 for permutation)",
                          UintegerValue(6),
                          MakeUintegerAccessor(&RoceSelectiveRepeatRecovery::m_reorderThreshold),
                          MakeUintegerChecker<uint32_t>(1, fabriclb::ValueLimits::MAX_STEPS));
    return tid;
}

std::unique_ptr<fabriclb::RecoverySender>
RoceSelectiveRepeatRecovery::CreateSender(uint32_t packets,
                                          const fabriclb::CongestionContext& /* context */) const
{
    return std::make_unique<fabriclb::SelectiveRepeatSender>(packets, m_reorderThreshold);
}

std::unique_ptr<fabriclb::RecoveryReceiver>
RoceSelectiveRepeatRecovery::CreateReceiver(uint32_t packets) const
{
    return std::make_unique<fabriclb::SelectiveRepeatReceiver>(packets);
}

} // namespace ns3
