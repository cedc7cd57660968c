/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "label-path-discipline.h"

#include "host-labels.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(LabelPathDiscipline);

TypeId
LabelPathDiscipline::GetTypeId()
{
    static TypeId tid = TypeId("ns3::LabelPathDiscipline")
                            .SetParent<SwitchDiscipline>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<LabelPathDiscipline>();
    return tid;
}

uint32_t
LabelPathDiscipline::DoSelectUplink(const UplinkCandidates& candidates,
                                    const UplinkRequest& request)
{
    const uint32_t uplinks = Uplinks();
    const uint32_t port =
        fabriclb::LabelUplink(request.Tuple().sourcePort, m_context.labelDivisor, uplinks);
    // When the labelled uplink is known not to reach: the next one that does.
    for (uint32_t step = 0;; ++step)
    {
        const uint32_t next = (port + step) % uplinks;
        if (candidates.Contains(next))
        {
            return next;
        }
    }
}

} // namespace ns3
