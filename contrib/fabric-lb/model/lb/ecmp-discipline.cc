/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ecmp-discipline.h"

#include "flow-hash.h"

#include "ns3/fabric-registry.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(EcmpDiscipline);

namespace
{
/// The `ecmp` scheme.
const fabriclb::Registration<fabriclb::LbScheme> g_ecmpScheme(
    {"ecmp",
     "flow: switches hash the 5-tuple (salted per switch); one label per queue pair",
     fabriclb::LbSite::SWITCH,
     "ns3::FixedLabelPathPolicy",
     "ns3::EcmpDiscipline",
     0});
} // namespace

TypeId
EcmpDiscipline::GetTypeId()
{
    static TypeId tid = TypeId("ns3::EcmpDiscipline")
                            .SetParent<SwitchDiscipline>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<EcmpDiscipline>();
    return tid;
}

void
EcmpDiscipline::DoInitialize()
{
    m_salt = DrawSalt();
    SwitchDiscipline::DoInitialize();
}

uint32_t
EcmpDiscipline::DoSelectUplink(const UplinkCandidates& candidates, const UplinkRequest& request)
{
    return candidates[fabriclb::SaltedFlowHash(m_salt, request.Tuple()) % candidates.Size()];
}

} // namespace ns3
