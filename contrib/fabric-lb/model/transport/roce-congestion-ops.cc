/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "roce-congestion-ops.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(RoceCongestionOps);

TypeId
RoceCongestionOps::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RoceCongestionOps").SetParent<Object>().SetGroupName("FabricLb");
    return tid;
}

bool
RoceCongestionOps::ReadsTelemetry() const
{
    return false;
}

std::optional<Time>
RoceCongestionOps::GetCnpInterval() const
{
    return std::nullopt;
}

} // namespace ns3
