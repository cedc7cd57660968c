/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "roce-go-back-n-recovery.h"

#include "go-back-n-logic.h"

#include "ns3/fabric-registry.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(RoceGoBackNRecovery);

namespace
{
/// The `gbn` recovery.
const fabriclb::Registration<fabriclb::RecoveryStrategy> g_goBackN(
    {"gbn",
     "RoCEv2 go-back-N: one NACK per gap, timeout with back-off",
     "ns3::RoceGoBackNRecovery"});
} // namespace

TypeId
RoceGoBackNRecovery::GetTypeId()
{
    static TypeId tid = TypeId("ns3::RoceGoBackNRecovery")
                            .SetParent<RoceRecoveryOps>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<RoceGoBackNRecovery>();
    return tid;
}

std::unique_ptr<fabriclb::RecoverySender>
RoceGoBackNRecovery::CreateSender(uint32_t packets,
                                  const fabriclb::CongestionContext& /* context */) const
{
    return std::make_unique<fabriclb::GoBackNSender>(packets);
}

std::unique_ptr<fabriclb::RecoveryReceiver>
RoceGoBackNRecovery::CreateReceiver(uint32_t packets) const
{
    return std::make_unique<fabriclb::GoBackNReceiver>(packets);
}

} // namespace ns3
