/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "host-path-policy.h"

#include "ns3/abort.h"

#include <limits>

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(HostPathPolicy);
NS_OBJECT_ENSURE_REGISTERED(FixedLabelPathPolicy);

TypeId
HostPathPolicy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::HostPathPolicy").SetParent<Object>().SetGroupName("FabricLb");
    return tid;
}

void
HostPathPolicy::NotifyAck(uint32_t /* queuePair */, uint16_t /* label */, bool /* ecnMarked */)
{
}

void
HostPathPolicy::NotifyLoss(uint32_t /* queuePair */, uint16_t /* label */)
{
}

int64_t
HostPathPolicy::AssignStreams(int64_t /* stream */)
{
    return 0;
}

TypeId
FixedLabelPathPolicy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::FixedLabelPathPolicy")
                            .SetParent<HostPathPolicy>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<FixedLabelPathPolicy>();
    return tid;
}

FixedLabelPathPolicy::FixedLabelPathPolicy()
    : m_labelSource(CreateObject<UniformRandomVariable>())
{
}

void
FixedLabelPathPolicy::AddQueuePair(uint32_t queuePair, uint32_t /* destinationHost */)
{
    NS_ABORT_MSG_UNLESS(queuePair == m_labels.size(), "queue pairs must be added in order");
    m_labels.push_back(static_cast<uint16_t>(
        m_labelSource->GetInteger(MIN_LABEL, std::numeric_limits<uint16_t>::max())));
}

uint16_t
FixedLabelPathPolicy::SelectLabel(uint32_t queuePair)
{
    return m_labels[queuePair];
}

int64_t
FixedLabelPathPolicy::AssignStreams(int64_t stream)
{
    m_labelSource->SetStream(stream);
    return 1;
}

} // namespace ns3
