/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "switch-discipline.h"

#include "queue-choice.h"

#include "ns3/abort.h"
#include "ns3/fabric-lb-compat.h"
#include "ns3/log.h"
#include "ns3/udp-header.h"
#include "ns3/uinteger.h"
#include "ns3/value-limits.h"
#include "ns3/workload.h"

#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SwitchDiscipline");

NS_OBJECT_ENSURE_REGISTERED(SwitchDiscipline);

fabriclb::FiveTuple
UplinkRequest::Tuple() const
{
    fabriclb::FiveTuple tuple{};
    tuple.source = header.GetSource().Get();
    tuple.destination = header.GetDestination().Get();
    tuple.protocol = header.GetProtocol();
    if (tuple.protocol == fabriclb::UDP_PROTOCOL_NUMBER)
    {
        UdpHeader udp;
        packet->PeekHeader(udp);
        tuple.sourcePort = udp.GetSourcePort();
        tuple.destinationPort = udp.GetDestinationPort();
    }
    return tuple;
}

TypeId
SwitchDiscipline::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SwitchDiscipline")
            .SetParent<Object>()
            .SetGroupName("FabricLb")
            .AddAttribute("AckBinBytes",
                          "Packets with at most this many IP payload bytes are in the ACK size bin",
                          UintegerValue(512),
                          MakeUintegerAccessor(&SwitchDiscipline::m_ackBinBytes),
                          MakeUintegerChecker<uint32_t>(0, 65535))
            .AddTraceSource("UplinkChosen",
                            "The uplink the discipline chose for a packet (NO_UPLINK: none "
                            "reaches its destination)",
                            MakeTraceSourceAccessor(&SwitchDiscipline::m_uplinkChosenTrace),
                            "ns3::SwitchDiscipline::UplinkChosenTracedCallback");
    return tid;
}

SwitchDiscipline::SwitchDiscipline()
    : m_rng(CreateObject<UniformRandomVariable>())
{
    m_draw = fabriclb::UniformIndexFrom(m_rng);
}

void
SwitchDiscipline::Setup(const SwitchContext& context)
{
    NS_LOG_FUNCTION(this << context.uplinkQueues.size());
    NS_ABORT_MSG_IF(context.uplinkQueues.empty(), "a switch discipline needs at least one uplink");
    NS_ABORT_MSG_IF(!context.destinationKey, "a switch discipline needs the destination keys");
    m_context = context;
    m_backlogs.resize(context.uplinkQueues.size());
    m_everyPort = fabriclb::EveryPort(Uplinks());
    m_unitWeights.assign(Uplinks(), 1);
}

int64_t
SwitchDiscipline::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    m_rng->SetStream(stream);
    return 1;
}

uint32_t
SwitchDiscipline::Backlog(uint32_t port) const
{
    return m_context.uplinkQueues[port]->GetPortBacklogBytes();
}

const std::vector<uint32_t>&
SwitchDiscipline::ReadBacklogs()
{
    for (uint32_t port = 0; port < m_backlogs.size(); ++port)
    {
        m_backlogs[port] = Backlog(port);
    }
    return m_backlogs;
}

void
SwitchDiscipline::SetUplinkView(std::shared_ptr<const fabriclb::UplinkView> view)
{
    NS_LOG_FUNCTION(this << (view && view->failuresKnown));
    m_view = std::move(view);
}

uint32_t
SwitchDiscipline::SelectUplink(const UplinkRequest& request)
{
    const uint32_t key = m_context.destinationKey(request.destinationHost);
    uint32_t port = NO_UPLINK;
    if (!m_view || !m_view->failuresKnown)
    {
        port = DoSelectUplink(UplinkCandidates(m_everyPort, m_unitWeights, key, true), request);
    }
    else if (!m_view->usable[key].empty())
    {
        port =
            DoSelectUplink(UplinkCandidates(m_view->usable[key], m_view->weights[key], key, false),
                           request);
    }
    NS_LOG_LOGIC("host " << request.destinationHost << " (key " << key << "): uplink "
                         << (port == NO_UPLINK ? std::string("none") : std::to_string(port)));
    m_uplinkChosenTrace(request.packet, request.destinationHost, port);
    return port;
}

uint32_t
SwitchDiscipline::DrawSalt()
{
    return m_rng->GetInteger(0, std::numeric_limits<uint32_t>::max());
}

uint32_t
SwitchDiscipline::SizeBin(const UplinkRequest& request) const
{
    // The packet's IP payload: its IPv4 header is already removed.
    return request.packet->GetSize() <= m_ackBinBytes ? 1 : 0;
}

void
SwitchDiscipline::DoDispose()
{
    m_context = SwitchContext();
    m_view = nullptr;
    m_draw = nullptr;
    Object::DoDispose();
}

} // namespace ns3
