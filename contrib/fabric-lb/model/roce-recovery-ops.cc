/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "roce-recovery-ops.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(RoceRecoveryOps);
NS_OBJECT_ENSURE_REGISTERED(RoceErasureRecovery);
NS_OBJECT_ENSURE_REGISTERED(RoceGoBackNRecovery);

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

} // namespace ns3
