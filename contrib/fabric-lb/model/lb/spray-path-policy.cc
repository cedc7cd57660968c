/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "spray-path-policy.h"

#include "ns3/fabric-registry.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(SprayPathPolicy);

namespace
{
/// The `host-spray` scheme.
const fabriclb::Registration<fabriclb::LbScheme> g_hostSprayScheme(
    {"host-spray",
     "host packet spraying: a fresh random label for every packet, over ECMP",
     fabriclb::LbSite::HOST,
     "ns3::SprayPathPolicy",
     "ns3::EcmpDiscipline",
     0});
} // namespace

TypeId
SprayPathPolicy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SprayPathPolicy")
                            .SetParent<HostPathPolicy>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<SprayPathPolicy>();
    return tid;
}

void
SprayPathPolicy::AddQueuePair(uint32_t /* queuePair */, uint32_t /* destinationHost */)
{
}

uint16_t
SprayPathPolicy::DoSelectLabel(uint32_t /* queuePair */)
{
    return RandomLabel();
}

} // namespace ns3
