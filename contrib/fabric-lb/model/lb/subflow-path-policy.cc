/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "subflow-path-policy.h"

#include "ns3/fabric-registry.h"
#include "ns3/uinteger.h"
#include "ns3/value-limits.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(SubflowPathPolicy);

namespace
{
/// The `subflow` scheme.
const fabriclb::Registration<fabriclb::LbScheme> g_subflowScheme(
    {"subflow",
     "MPTCP-like: 4 subflows per queue pair, each its own label, over ECMP",
     fabriclb::LbSite::HOST,
     "ns3::SubflowPathPolicy",
     "ns3::EcmpDiscipline",
     0});

/// The most subflows a queue pair opens: each is a label, and the fabric's paths between two
/// hosts number at most a few thousand.
constexpr uint32_t MAX_SUBFLOWS = 4096;
} // namespace

TypeId
SubflowPathPolicy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SubflowPathPolicy")
                            .SetParent<HostPathPolicy>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<SubflowPathPolicy>()
                            .AddAttribute("Subflows",
                                          "Subflows (labels) per queue pair",
                                          UintegerValue(4),
                                          MakeUintegerAccessor(&SubflowPathPolicy::m_subflows),
                                          MakeUintegerChecker<uint32_t>(1, MAX_SUBFLOWS));
    return tid;
}

void
SubflowPathPolicy::AddQueuePair(uint32_t queuePair, uint32_t /* destinationHost */)
{
    ExpectNextQueuePair(queuePair, m_labels.size());
    std::vector<uint16_t> labels(m_subflows);
    for (uint16_t& label : labels)
    {
        label = RandomLabel();
    }
    m_labels.push_back(std::move(labels));
    m_next.push_back(0);
}

uint16_t
SubflowPathPolicy::DoSelectLabel(uint32_t queuePair)
{
    uint32_t& next = m_next[queuePair];
    const uint16_t label = m_labels[queuePair][next];
    next = (next + 1) % m_subflows;
    return label;
}

} // namespace ns3
