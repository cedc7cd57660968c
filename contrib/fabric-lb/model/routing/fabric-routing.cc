/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fabric-routing.h"

#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/output-stream-wrapper.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("FabricRouting");

NS_OBJECT_ENSURE_REGISTERED(FabricRouting);

TypeId
FabricRouting::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::FabricRouting")
            .SetParent<Ipv4RoutingProtocol>()
            .SetGroupName("FabricLb")
            .AddConstructor<FabricRouting>()
            .AddTraceSource("Forward",
                            "A switch forwarded a packet through an up or a down port",
                            MakeTraceSourceAccessor(&FabricRouting::m_forwardTrace),
                            "ns3::FabricRouting::ForwardTracedCallback");
    return tid;
}

void
FabricRouting::ConfigureHost(std::shared_ptr<const fabriclb::FabricTopology> topology,
                             uint32_t host,
                             std::vector<Ptr<Ipv4Route>> uplinks,
                             std::vector<const EgressPort*> uplinkQueues,
                             Ptr<SwitchDiscipline> discipline,
                             Ptr<Ipv4Route> serverLink)
{
    NS_ABORT_MSG_IF(uplinks.empty(), "a host needs a port");
    NS_ABORT_MSG_UNLESS(uplinks.size() == uplinkQueues.size(), "one queue disc per host port");
    NS_ABORT_MSG_UNLESS((uplinks.size() > 1) == bool(discipline),
                        "a host with several ports, and only such a host, needs a discipline");
    m_topology = std::move(topology);
    m_role = Role::HOST;
    m_host = host;
    m_up = std::move(uplinks);
    m_discipline = discipline;
    m_serverLink = serverLink;
    if (m_discipline)
    {
        // The NIC's rotation keeps a pointer per destination tier-0 switch (plane 0's index
        // stands for the same switch in every plane); its port is a label's lowest digit.
        SwitchContext context;
        context.uplinkQueues = std::move(uplinkQueues);
        context.destinationKey = [topology = m_topology](uint32_t destination) {
            return topology->AttachmentOf(destination).leaf;
        };
        context.destinationKeys = m_topology->SwitchCount(0) / m_topology->HostPorts();
        context.labelDivisor = 1;
        m_discipline->Setup(context);
    }
}

void
FabricRouting::ConfigureServerSwitch(std::shared_ptr<const fabriclb::FabricTopology> topology,
                                     uint32_t server,
                                     std::vector<Ptr<Ipv4Route>> down)
{
    NS_ABORT_MSG_UNLESS(down.size() == topology->HostsPerServer(), "a port per host of the server");
    m_topology = std::move(topology);
    m_role = Role::SERVER_SWITCH;
    m_server = server;
    m_down = std::move(down);
}

void
FabricRouting::ConfigureSwitch(std::shared_ptr<const fabriclb::FabricTopology> topology,
                               fabriclb::SwitchRef self,
                               std::vector<Ptr<Ipv4Route>> down,
                               std::vector<Ptr<Ipv4Route>> up,
                               std::vector<const EgressPort*> upQueues,
                               Ptr<SwitchDiscipline> discipline)
{
    NS_ABORT_MSG_IF(up.empty() == bool(discipline), "a switch with up ports needs a discipline");
    NS_ABORT_MSG_UNLESS(up.size() == upQueues.size(), "one queue disc per up port");
    m_topology = std::move(topology);
    m_role = Role::SWITCH;
    m_self = self;
    m_down = std::move(down);
    m_downPortOfDevice.clear();
    for (uint32_t port = 0; port < m_down.size(); ++port)
    {
        const uint32_t device = m_down[port]->GetOutputDevice()->GetIfIndex();
        if (device >= m_downPortOfDevice.size())
        {
            m_downPortOfDevice.resize(device + 1, fabriclb::FabricTopology::FROM_ABOVE);
        }
        m_downPortOfDevice[device] = port;
    }
    m_up = std::move(up);
    m_discipline = discipline;
    m_upPortDown.assign(m_up.size(), false);
    m_downPortDown.assign(m_down.size(), false);
    if (m_discipline)
    {
        // What the topology tells a discipline: the destination keys a rotation keeps
        // pointers for and the digit of a host DR label this switch reads.
        SwitchContext context;
        context.uplinkQueues = std::move(upQueues);
        context.destinationKey = [topology = m_topology, self](uint32_t host) {
            return topology->DestinationKey(self, host);
        };
        context.destinationKeys = m_topology->DestinationKeyCount(self);
        context.labelDivisor = m_topology->LabelDivisor(self);
        m_discipline->Setup(context);
    }
}

Ptr<Ipv4Route>
FabricRouting::RouteToHost(Ptr<const Packet> p,
                           const Ipv4Header& header,
                           uint32_t host,
                           Ptr<const NetDevice> arrival)
{
    NS_LOG_FUNCTION(this << p << header.GetDestination() << host << arrival);
    if (m_role != Role::SWITCH)
    {
        return RouteFromServer(p, header, host);
    }
    const uint32_t device = arrival ? arrival->GetIfIndex() : UINT32_MAX;
    const uint32_t arrivalPort = device < m_downPortOfDevice.size()
                                     ? m_downPortOfDevice[device]
                                     : fabriclb::FabricTopology::FROM_ABOVE;
    const uint32_t down = m_topology->DownPortToward(m_self, host, arrivalPort);
    if (down != fabriclb::FabricTopology::GO_UP)
    {
        if (m_downPortDown[down])
        {
            return nullptr;
        }
        return Forward(p, header, false, down);
    }

    const UplinkRequest request{p, header, host};
    const uint32_t port = m_discipline->SelectUplink(request);
    if (port == SwitchDiscipline::NO_UPLINK)
    {
        NS_LOG_LOGIC("no uplink reaches host " << host << ": drop");
        return nullptr;
    }
    NS_ASSERT(port < m_up.size() && !m_upPortDown[port]);
    return Forward(p, header, true, port);
}

Ptr<Ipv4Route>
FabricRouting::RouteFromServer(Ptr<const Packet> p, const Ipv4Header& header, uint32_t host)
{
    if (m_role == Role::SERVER_SWITCH || m_serverLink)
    {
        // Within a server the packet takes its switch; PXN sends a packet for another rail
        // through the server's host on that rail, where it enters the fabric.
        const uint32_t perServer = m_topology->HostsPerServer();
        const bool serverSwitch = m_role == Role::SERVER_SWITCH;
        const uint32_t server = serverSwitch ? m_server : m_host / perServer;
        if (host / perServer == server)
        {
            return serverSwitch ? Forward(p, header, false, host % perServer) : m_serverLink;
        }
        const uint32_t source = m_topology->HostFromAddress(header.GetSource().Get());
        const uint32_t entry =
            source < m_topology->HostCount() ? m_topology->FabricEntryOf(source, host) : source;
        if (serverSwitch)
        {
            NS_ASSERT(entry / perServer == m_server);
            return Forward(p, header, false, entry % perServer);
        }
        if (entry != m_host)
        {
            return m_serverLink;
        }
    }
    if (!m_discipline)
    {
        return m_up.front();
    }
    return Forward(p, header, true, m_discipline->SelectUplink({p, header, host}));
}

Ptr<Ipv4Route>
FabricRouting::Forward(Ptr<const Packet> p, const Ipv4Header& header, bool up, uint32_t port)
{
    NS_LOG_LOGIC(header.GetSource() << " > " << header.GetDestination() << ": "
                                    << (up ? "up" : "down") << " port " << port);
    m_forwardTrace(p, header, up, port);
    return up ? m_up[port] : m_down[port];
}

Ptr<Ipv4Route>
FabricRouting::RouteOutput(Ptr<Packet> p,
                           const Ipv4Header& header,
                           Ptr<NetDevice> /* oif */,
                           Socket::SocketErrno& sockerr)
{
    const uint32_t host =
        m_topology ? m_topology->HostFromAddress(header.GetDestination().Get()) : 0;
    if (!m_topology || host == m_topology->HostCount())
    {
        sockerr = Socket::ERROR_NOROUTETOHOST;
        return nullptr;
    }
    sockerr = Socket::ERROR_NOTERROR;
    return RouteToHost(p, header, host, nullptr);
}

bool
FabricRouting::RouteInput(Ptr<const Packet> p,
                          const Ipv4Header& header,
                          Ptr<const NetDevice> idev,
                          FABRIC_LB_ROUTE_CALLBACK(3) ucb,
                          FABRIC_LB_ROUTE_CALLBACK(4) /* mcb */,
                          FABRIC_LB_ROUTE_CALLBACK(5) lcb,
                          FABRIC_LB_ROUTE_CALLBACK(6) ecb)
{
    NS_ABORT_MSG_IF(!m_topology, "FabricRouting used before it was configured");
    const uint32_t host = m_topology->HostFromAddress(header.GetDestination().Get());
    const bool toHost = host < m_topology->HostCount();
    // A switch forwards; so does a host that is a packet's entry to the fabric (PXN).
    if (toHost && (m_role != Role::HOST || (m_serverLink && host != m_host)))
    {
        Ptr<Ipv4Route> route = RouteToHost(p, header, host, idev);
        if (!route)
        {
            return false; // Ipv4L3Protocol drops it (DROP_NO_ROUTE)
        }
        ucb(route, p, header);
        return true;
    }
    const int32_t iif = m_ipv4->GetInterfaceForDevice(idev);
    if ((toHost && m_role == Role::HOST && host == m_host) ||
        m_ipv4->IsDestinationAddress(header.GetDestination(), iif))
    {
        lcb(p, header, iif);
        return true;
    }
    ecb(p, header, Socket::ERROR_NOROUTETOHOST);
    return false;
}

void
FabricRouting::NotifyInterfaceUp(uint32_t /* interface */)
{
}

void
FabricRouting::NotifyInterfaceDown(uint32_t interface)
{
    if (m_role != Role::SWITCH || !m_ipv4)
    {
        return;
    }
    const Ptr<NetDevice> device = m_ipv4->GetNetDevice(interface);
    bool changed = false;
    for (auto [routes, down] :
         {std::pair{&m_up, &m_upPortDown}, std::pair{&m_down, &m_downPortDown}})
    {
        for (uint32_t port = 0; port < routes->size(); ++port)
        {
            if ((*routes)[port]->GetOutputDevice() == device && !(*down)[port])
            {
                (*down)[port] = true;
                changed = true;
            }
        }
    }
    if (changed)
    {
        NS_LOG_LOGIC("interface " << interface << " down");
        RefreshView();
    }
}

void
FabricRouting::SetKnownFailures(std::shared_ptr<const fabriclb::LinkStates> known)
{
    m_known = std::move(known);
    RefreshView();
}

void
FabricRouting::RefreshView()
{
    if (!m_discipline || m_role == Role::HOST)
    {
        return; // a core switch has no choice to make, a host's ports do not fail
    }
    fabriclb::LinkStates down =
        m_known ? *m_known : fabriclb::LinkStates(m_topology->LinkCount(), false);
    for (bool up : {true, false})
    {
        const std::vector<bool>& portDown = up ? m_upPortDown : m_downPortDown;
        for (uint32_t port = 0; port < portDown.size(); ++port)
        {
            const std::optional<uint32_t> link = m_topology->LinkOfPort(m_self, up, port);
            if (link && portDown[port])
            {
                down[*link] = true;
            }
        }
    }
    m_discipline->SetUplinkView(
        std::make_shared<const fabriclb::UplinkView>(m_topology->BuildUplinkView(m_self, down)));
}

void
FabricRouting::NotifyAddAddress(uint32_t /* interface */, Ipv4InterfaceAddress /* address */)
{
}

void
FabricRouting::NotifyRemoveAddress(uint32_t /* interface */, Ipv4InterfaceAddress /* address */)
{
}

void
FabricRouting::SetIpv4(Ptr<Ipv4> ipv4)
{
    m_ipv4 = ipv4;
}

void
FabricRouting::PrintRoutingTable(Ptr<OutputStreamWrapper> stream, Time::Unit /* unit */) const
{
    std::ostream& os = *stream->GetStream();
    os << "FabricRouting ";
    if (m_role == Role::HOST)
    {
        os << "host " << m_host << (m_serverLink ? " (with a server link)" : "");
    }
    else if (m_role == Role::SERVER_SWITCH)
    {
        os << "server switch " << m_server;
    }
    else
    {
        os << "switch " << m_self.index << " of tier " << m_self.tier;
    }
    os << ": " << m_down.size() << " down ports, " << m_up.size() << " up ports";
    if (m_discipline)
    {
        os << ", discipline " << m_discipline->GetInstanceTypeId().GetName();
    }
    os << std::endl;
}

void
FabricRouting::DoDispose()
{
    m_ipv4 = nullptr;
    m_down.clear();
    m_up.clear();
    m_discipline = nullptr;
    m_serverLink = nullptr;
    m_known = nullptr;
    Ipv4RoutingProtocol::DoDispose();
}

FabricRoutingHelper*
FabricRoutingHelper::Copy() const
{
    return new FabricRoutingHelper(*this);
}

Ptr<Ipv4RoutingProtocol>
FabricRoutingHelper::Create(Ptr<Node> /* node */) const
{
    return CreateObject<FabricRouting>();
}

} // namespace ns3
