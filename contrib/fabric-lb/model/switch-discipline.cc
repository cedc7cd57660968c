/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "switch-discipline.h"

#include "ns3/log.h"

#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SwitchDiscipline");

NS_OBJECT_ENSURE_REGISTERED(SwitchDiscipline);
NS_OBJECT_ENSURE_REGISTERED(EcmpDiscipline);

TypeId
SwitchDiscipline::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SwitchDiscipline").SetParent<Object>().SetGroupName("FabricLb");
    return tid;
}

void
SwitchDiscipline::Setup(uint32_t uplinks)
{
    NS_ABORT_MSG_IF(uplinks == 0, "a switch discipline needs at least one uplink");
    m_uplinks = uplinks;
}

int64_t
SwitchDiscipline::AssignStreams(int64_t /* stream */)
{
    return 0;
}

TypeId
EcmpDiscipline::GetTypeId()
{
    static TypeId tid = TypeId("ns3::EcmpDiscipline")
                            .SetParent<SwitchDiscipline>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<EcmpDiscipline>();
    return tid;
}

EcmpDiscipline::EcmpDiscipline()
    : m_saltSource(CreateObject<UniformRandomVariable>())
{
}

void
EcmpDiscipline::DoInitialize()
{
    m_salt = m_saltSource->GetInteger(0, std::numeric_limits<uint32_t>::max());
    SwitchDiscipline::DoInitialize();
}

uint32_t
EcmpDiscipline::SelectUplink(const UplinkRequest& request)
{
    return fabriclb::SaltedFlowHash(m_salt, request.tuple) % m_uplinks;
}

int64_t
EcmpDiscipline::AssignStreams(int64_t stream)
{
    m_saltSource->SetStream(stream);
    return 1;
}

} // namespace ns3
