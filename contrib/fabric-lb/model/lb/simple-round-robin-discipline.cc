/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "simple-round-robin-discipline.h"

#include "ns3/fabric-registry.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(SimpleRoundRobinDiscipline);

namespace
{
/// The `simple-rr` scheme.
const fabriclb::Registration<fabriclb::LbScheme> g_simpleRrScheme(
    {"simple-rr",
     "switch round-robin in a fixed order, never reshuffled (theory)",
     fabriclb::LbSite::SWITCH,
     "ns3::FixedLabelPathPolicy",
     "ns3::SimpleRoundRobinDiscipline",
     0});
} // namespace

TypeId
SimpleRoundRobinDiscipline::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SimpleRoundRobinDiscipline")
                            .SetParent<RoundRobinDiscipline>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<SimpleRoundRobinDiscipline>();
    return tid;
}

SimpleRoundRobinDiscipline::SimpleRoundRobinDiscipline()
{
    m_fixedOrder = true;
}

} // namespace ns3
