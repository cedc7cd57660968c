/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "roce-recovery-ops.h"

#include "ns3/boolean.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(RoceRecoveryOps);
NS_OBJECT_ENSURE_REGISTERED(RoceErasureRecovery);
NS_OBJECT_ENSURE_REGISTERED(RoceStudyErasureRecovery);
NS_OBJECT_ENSURE_REGISTERED(RoceGoBackNRecovery);
NS_OBJECT_ENSURE_REGISTERED(RoceSelectiveRepeatRecovery);

TypeId
RoceRecoveryOps::GetTypeId()
{
    static TypeId tid = TypeId("ns3::RoceRecoveryOps").SetParent<Object>().SetGroupName("FabricLb");
    return tid;
}

TypeId
RoceErasureRecovery::GetTypeId()
{
    static TypeId tid = TypeId("ns3::RoceErasureRecovery")
                            .SetParent<RoceRecoveryOps>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<RoceErasureRecovery>();
    return tid;
}

std::string
RoceErasureRecovery::GetName() const
{
    return "erasure";
}

std::unique_ptr<fabriclb::RecoverySender>
RoceErasureRecovery::CreateSender(uint32_t packets) const
{
    return std::make_unique<fabriclb::ErasureSender>(packets);
}

std::unique_ptr<fabriclb::RecoveryReceiver>
RoceErasureRecovery::CreateReceiver(uint32_t packets) const
{
    return std::make_unique<fabriclb::ErasureReceiver>(packets);
}

bool
RoceErasureRecovery::SharesRttEstimate() const
{
    return true;
}

TypeId
RoceStudyErasureRecovery::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RoceStudyErasureRecovery")
            .SetParent<RoceRecoveryOps>()
            .SetGroupName("FabricLb")
            .AddConstructor<RoceStudyErasureRecovery>()
            .AddAttribute("Lossless",
                          "Never send beyond the first m packets in flight (the study's "
                          "-lossless); false: one more packet per opportunity once the "
                          "smoothed RTT has passed since enough were in flight",
                          BooleanValue(true),
                          MakeBooleanAccessor(&RoceStudyErasureRecovery::m_lossless),
                          MakeBooleanChecker());
    return tid;
}

RoceStudyErasureRecovery::RoceStudyErasureRecovery()
    : m_lossless(true)
{
}

std::string
RoceStudyErasureRecovery::GetName() const
{
    return "study-erasure";
}

std::unique_ptr<fabriclb::RecoverySender>
RoceStudyErasureRecovery::CreateSender(uint32_t packets) const
{
    return std::make_unique<fabriclb::StudyErasureSender>(packets, m_lossless);
}

std::unique_ptr<fabriclb::RecoveryReceiver>
RoceStudyErasureRecovery::CreateReceiver(uint32_t packets) const
{
    return std::make_unique<fabriclb::StudyErasureReceiver>(packets);
}

bool
RoceStudyErasureRecovery::SharesRttEstimate() const
{
    return false;
}

TypeId
RoceGoBackNRecovery::GetTypeId()
{
    static TypeId tid = TypeId("ns3::RoceGoBackNRecovery")
                            .SetParent<RoceRecoveryOps>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<RoceGoBackNRecovery>();
    return tid;
}

std::string
RoceGoBackNRecovery::GetName() const
{
    return "gbn";
}

std::unique_ptr<fabriclb::RecoverySender>
RoceGoBackNRecovery::CreateSender(uint32_t packets) const
{
    return std::make_unique<fabriclb::GoBackNSender>(packets);
}

std::unique_ptr<fabriclb::RecoveryReceiver>
RoceGoBackNRecovery::CreateReceiver(uint32_t packets) const
{
    return std::make_unique<fabriclb::GoBackNReceiver>(packets);
}

bool
RoceGoBackNRecovery::SharesRttEstimate() const
{
    return false;
}

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
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

RoceSelectiveRepeatRecovery::RoceSelectiveRepeatRecovery()
    : m_reorderThreshold(6)
{
}

std::string
RoceSelectiveRepeatRecovery::GetName() const
{
    return "sack";
}

std::unique_ptr<fabriclb::RecoverySender>
RoceSelectiveRepeatRecovery::CreateSender(uint32_t packets) const
{
    return std::make_unique<fabriclb::SelectiveRepeatSender>(packets, m_reorderThreshold);
}

std::unique_ptr<fabriclb::RecoveryReceiver>
RoceSelectiveRepeatRecovery::CreateReceiver(uint32_t packets) const
{
    return std::make_unique<fabriclb::SelectiveRepeatReceiver>(packets);
}

bool
RoceSelectiveRepeatRecovery::SharesRttEstimate() const
{
    return false;
}

} // namespace ns3
