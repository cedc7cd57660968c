/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "shortest-queue-discipline.h"

#include "queue-choice.h"

#include "ns3/fabric-registry.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(ShortestQueueDiscipline);

namespace
{
/// The `jsq` scheme.
const fabriclb::Registration<fabriclb::LbScheme> g_jsqScheme(
    {"jsq",
     "switch join-shortest-queue, exact (theory)",
     fabriclb::LbSite::SWITCH,
     "ns3::FixedLabelPathPolicy",
     "ns3::ShortestQueueDiscipline",
     0});
} // namespace

TypeId
ShortestQueueDiscipline::GetTypeId()
{
    static TypeId tid = TypeId("ns3::ShortestQueueDiscipline")
                            .SetParent<SwitchDiscipline>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<ShortestQueueDiscipline>();
    return tid;
}

uint32_t
ShortestQueueDiscipline::DoSelectUplink(const UplinkCandidates& candidates,
                                        const UplinkRequest& /* request */)
{
    return fabriclb::ChooseShortest(ReadBacklogs(), candidates.Ports(), m_draw);
}

} // namespace ns3
