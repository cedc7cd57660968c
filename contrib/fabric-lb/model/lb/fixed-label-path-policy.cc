/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fixed-label-path-policy.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(FixedLabelPathPolicy);

TypeId
FixedLabelPathPolicy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::FixedLabelPathPolicy")
                            .SetParent<HostPathPolicy>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<FixedLabelPathPolicy>();
    return tid;
}

void
FixedLabelPathPolicy::AddQueuePair(uint32_t queuePair, uint32_t /* destinationHost */)
{
    ExpectNextQueuePair(queuePair, m_labels.size());
    m_labels.push_back(RandomLabel());
}

uint16_t
FixedLabelPathPolicy::DoSelectLabel(uint32_t queuePair)
{
    return m_labels[queuePair];
}

} // namespace ns3
