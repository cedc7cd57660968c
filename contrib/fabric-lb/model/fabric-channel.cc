/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fabric-channel.h"

#include "fabric-port-device.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/simulator.h"

#ifdef NS3_MPI
#include "ns3/mpi-interface.h"
#endif

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("FabricChannel");

NS_OBJECT_ENSURE_REGISTERED(FabricChannel);

TypeId
FabricChannel::GetTypeId()
{
    static TypeId tid = TypeId("ns3::FabricChannel")
                            .SetParent<Channel>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<FabricChannel>()
                            .AddAttribute("Delay",
                                          "Propagation delay through the link",
                                          TimeValue(Seconds(0)),
                                          MakeTimeAccessor(&FabricChannel::m_delay),
                                          MakeTimeChecker());
    return tid;
}

void
FabricChannel::Attach(Ptr<FabricPortDevice> device)
{
    NS_ABORT_MSG_IF(m_attached == m_ends.size(), "a fabric link has two ends");
    m_ends[m_attached++] = device;
}

Ptr<FabricPortDevice>
FabricChannel::PeerOf(Ptr<FabricPortDevice> source) const
{
    NS_ASSERT_MSG(m_attached == m_ends.size(), "a fabric link sends once both ends are attached");
    return m_ends[0] == source ? m_ends[1] : m_ends[0];
}

void
FabricChannel::TransmitStart(Ptr<Packet> frame, Ptr<FabricPortDevice> source, Time txTime)
{
    const Ptr<FabricPortDevice> peer = PeerOf(source);
    Simulator::ScheduleWithContext(peer->GetNode()->GetId(),
                                   txTime + m_delay,
                                   &FabricPortDevice::Receive,
                                   peer,
                                   frame);
}

std::size_t
FabricChannel::GetNDevices() const
{
    return m_attached;
}

Ptr<NetDevice>
FabricChannel::GetDevice(std::size_t i) const
{
    return i < m_attached ? m_ends[i] : nullptr;
}

void
FabricChannel::DoDispose()
{
    m_ends = {};
    Channel::DoDispose();
}

#ifdef NS3_MPI
NS_OBJECT_ENSURE_REGISTERED(FabricRemoteChannel);

TypeId
FabricRemoteChannel::GetTypeId()
{
    static TypeId tid = TypeId("ns3::FabricRemoteChannel")
                            .SetParent<FabricChannel>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<FabricRemoteChannel>();
    return tid;
}

void
FabricRemoteChannel::TransmitStart(Ptr<Packet> frame, Ptr<FabricPortDevice> source, Time txTime)
{
    NS_LOG_FUNCTION(this << frame << source << txTime);
    const Ptr<FabricPortDevice> peer = PeerOf(source);
    MpiInterface::SendPacket(frame,
                             Simulator::Now() + txTime + GetDelay(),
                             peer->GetNode()->GetId(),
                             peer->GetIfIndex());
}
#endif

} // namespace ns3
