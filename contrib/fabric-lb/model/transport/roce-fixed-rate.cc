/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "roce-fixed-rate.h"

#include "ns3/fabric-registry.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(RoceFixedRate);

namespace
{
/// The `fixed` congestion control.
const fabriclb::Registration<fabriclb::CongestionControlStrategy> g_fixed(
    {"fixed",
     "ideal: every queue pair at a fixed fair share of the host link (line rate on "
     "the physical wire)",
     "ns3::RoceFixedRate",
     false});
} // namespace

TypeId
RoceFixedRate::GetTypeId()
{
    static TypeId tid = TypeId("ns3::RoceFixedRate")
                            .SetParent<RoceCongestionOps>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<RoceFixedRate>();
    return tid;
}

std::unique_ptr<fabriclb::CongestionController>
RoceFixedRate::CreateController(const fabriclb::CongestionContext& context) const
{
    return std::make_unique<fabriclb::FixedRateController>(context);
}

} // namespace ns3
