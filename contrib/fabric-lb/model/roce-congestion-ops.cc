/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "roce-congestion-ops.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(RoceCongestionOps);
NS_OBJECT_ENSURE_REGISTERED(RoceFixedRate);

TypeId
RoceCongestionOps::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RoceCongestionOps").SetParent<Object>().SetGroupName("FabricLb");
    return tid;
}

TypeId
RoceFixedRate::GetTypeId()
{
    static TypeId tid = TypeId("ns3::RoceFixedRate")
                            .SetParent<RoceCongestionOps>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<RoceFixedRate>();
    return tid;
}

std::string
RoceFixedRate::GetName() const
{
    return "fixed";
}

uint64_t
RoceFixedRate::GetPacingGapPs(uint64_t fairGapPs) const
{
    return fairGapPs;
}

} // namespace ns3
