/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "random-uplink-discipline.h"

#include "queue-choice.h"

#include "ns3/fabric-registry.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(RandomUplinkDiscipline);

namespace
{
/// The `rsq` scheme.
const fabriclb::Registration<fabriclb::LbScheme> g_rsqScheme(
    {"rsq",
     "switch random spraying: a uniformly random uplink per packet (theory)",
     fabriclb::LbSite::SWITCH,
     "ns3::FixedLabelPathPolicy",
     "ns3::RandomUplinkDiscipline",
     0});
} // namespace

TypeId
RandomUplinkDiscipline::GetTypeId()
{
    static TypeId tid = TypeId("ns3::RandomUplinkDiscipline")
                            .SetParent<SwitchDiscipline>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<RandomUplinkDiscipline>();
    return tid;
}

uint32_t
RandomUplinkDiscipline::DoSelectUplink(const UplinkCandidates& candidates,
                                       const UplinkRequest& /* request */)
{
    return candidates[fabriclb::ChooseUniform(candidates.Size(), m_draw)];
}

} // namespace ns3
