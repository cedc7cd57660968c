/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fabric-channel.h"

#include "fabric-channel-end.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/simulator.h"
#include "ns3/value-limits.h"

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
    static TypeId tid =
        TypeId("ns3::FabricChannel")
            .SetParent<Channel>()
            .SetGroupName("FabricLb")
            .AddConstructor<FabricChannel>()
            .AddAttribute(
                "Delay",
                "Propagation delay through the link",
                TimeValue(Seconds(0)),
                MakeTimeAccessor(&FabricChannel::m_delay),
                MakeTimeChecker(Time(0), PicoSeconds(fabriclb::ValueLimits::MAX_DELAY_PS)));
    return tid;
}

void
FabricChannel::Attach(Ptr<FabricChannelEnd> device)
{
    NS_ABORT_MSG_IF(m_attached == m_ends.size(), "a fabric link has two ends");
    NS_ABORT_MSG_UNLESS(device->GetNode(), "a fabric port joins a link once it is on a node");
    m_contexts[m_attached] = device->GetNode()->GetId();
    m_ends[m_attached++] = device;
}

FabricChannelEnd*
FabricChannel::PeerOf(const FabricChannelEnd* source) const
{
    NS_ASSERT_MSG(m_attached == m_ends.size(), "a fabric link sends once both ends are attached");
    return PeekPointer(m_ends[PeekPointer(m_ends[0]) == source ? 1 : 0]);
}

uint32_t
FabricChannel::PeerContextOf(const FabricChannelEnd* source) const
{
    return m_contexts[PeekPointer(m_ends[0]) == source ? 1 : 0];
}

void
FabricChannel::TransmitStart(const Ptr<Packet>& frame, const FabricChannelEnd* source, Time txTime)
{
    // The channel holds both ends as long as the simulation runs: the event needs no reference.
    Simulator::ScheduleWithContext(PeerContextOf(source),
                                   txTime + m_delay,
                                   &FabricChannelEnd::Receive,
                                   PeerOf(source),
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
FabricRemoteChannel::TransmitStart(const Ptr<Packet>& frame,
                                   const FabricChannelEnd* source,
                                   Time txTime)
{
    NS_LOG_FUNCTION(this << frame << source << txTime);
    MpiInterface::SendPacket(frame,
                             Simulator::Now() + txTime + GetDelay(),
                             PeerContextOf(source),
                             PeerOf(source)->GetIfIndex());
}
#endif

} // namespace ns3
