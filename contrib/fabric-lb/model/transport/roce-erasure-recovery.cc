/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "roce-erasure-recovery.h"

#include "erasure-logic.h"

#include "ns3/fabric-registry.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(RoceErasureRecovery);

namespace
{
/// The `erasure` recovery.
const fabriclb::Registration<fabriclb::RecoveryStrategy> g_erasure(
    {"erasure",
     "ideal: rateless erasure coding, every packet useful, no retransmission",
     "ns3::RoceErasureRecovery"});
} // namespace

TypeId
RoceErasureRecovery::GetTypeId()
{
    static TypeId tid = TypeId("ns3::RoceErasureRecovery")
                            .SetParent<RoceRecoveryOps>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<RoceErasureRecovery>();
    return tid;
}

std::unique_ptr<fabriclb::RecoverySender>
RoceErasureRecovery::CreateSender(uint32_t packets,
                                  const fabriclb::CongestionContext& /* context */) const
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

} // namespace ns3
