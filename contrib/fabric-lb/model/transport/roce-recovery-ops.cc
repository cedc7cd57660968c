/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "roce-recovery-ops.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(RoceRecoveryOps);

TypeId
RoceRecoveryOps::GetTypeId()
{
    static TypeId tid = TypeId("ns3::RoceRecoveryOps").SetParent<Object>().SetGroupName("FabricLb");
    return tid;
}

bool
RoceRecoveryOps::SharesRttEstimate() const
{
    return false;
}

} // namespace ns3
