/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "roce-receive-queue.h"

#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/pfc-pause-header.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"
#include "ns3/value-limits.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RoceReceiveQueue");

NS_OBJECT_ENSURE_REGISTERED(RoceReceiveQueue);

TypeId
RoceReceiveQueue::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RoceReceiveQueue")
            .SetParent<Object>()
            .SetGroupName("FabricLb")
            .AddConstructor<RoceReceiveQueue>()
            .AddAttribute("Rate",
                          "The rate at which a NIC takes in what it receives (0: as fast as "
                          "its link brings it, no receive queue)",
                          DataRateValue(DataRate(0)),
                          MakeDataRateAccessor(&RoceReceiveQueue::m_rate),
                          MakeDataRateChecker())
            .AddAttribute("Pause",
                          "With PFC, the NIC's receive side pauses its switch's data class "
                          "above XoffBytes waiting and resumes it at XonBytes",
                          BooleanValue(false),
                          MakeBooleanAccessor(&RoceReceiveQueue::m_pause),
                          MakeBooleanChecker())
            .AddAttribute("XoffBytes",
                          "Pause the switch when more than this many bytes wait",
                          UintegerValue(65536),
                          MakeUintegerAccessor(&RoceReceiveQueue::m_xoffBytes),
                          MakeUintegerChecker<uint32_t>(1, fabriclb::ValueLimits::MAX_PORT_BYTES))
            .AddAttribute("XonBytes",
                          "Resume the switch once at most this many bytes wait",
                          UintegerValue(32768),
                          MakeUintegerAccessor(&RoceReceiveQueue::m_xonBytes),
                          MakeUintegerChecker<uint32_t>(0, fabriclb::ValueLimits::MAX_PORT_BYTES));
    return tid;
}

bool
RoceReceiveQueue::Wanted()
{
    ObjectFactory factory;
    factory.SetTypeId(GetTypeId());
    return factory.Create<RoceReceiveQueue>()->m_rate.GetBitRate() > 0;
}

void
RoceReceiveQueue::SetDeliver(FabricPortDevice::FrameCallback deliver)
{
    m_deliver = deliver;
}

void
RoceReceiveQueue::Receive(Ptr<FabricPortDevice> port, Ptr<Packet> frame)
{
    m_bytes += frame->GetSize();
    m_frames.push_back({port, frame});
    if (m_pause && port->IsPfcEnabled() && !m_xoff && m_bytes > m_xoffBytes)
    {
        NS_LOG_LOGIC("receive queue of " << m_bytes << " B: XOFF");
        m_xoff = true;
        m_pausedPort = port;
        m_pausedPort->PausePeer(fabriclb::TrafficClass::DATA, PfcPauseHeader::MAX_QUANTA);
    }
    if (!m_busy)
    {
        m_busy = true;
        Simulator::Schedule(m_rate.CalculateBytesTxTime(frame->GetSize()),
                            &RoceReceiveQueue::TakeNext,
                            this);
    }
}

void
RoceReceiveQueue::TakeNext()
{
    const Waiting head = m_frames.front();
    m_frames.pop_front();
    m_bytes -= head.frame->GetSize();
    if (m_xoff && m_bytes <= m_xonBytes)
    {
        NS_LOG_LOGIC("receive queue of " << m_bytes << " B: XON");
        m_xoff = false;
        m_pausedPort->ResumePeer(fabriclb::TrafficClass::DATA);
    }
    m_busy = !m_frames.empty();
    if (m_busy)
    {
        Simulator::Schedule(m_rate.CalculateBytesTxTime(m_frames.front().frame->GetSize()),
                            &RoceReceiveQueue::TakeNext,
                            this);
    }
    m_deliver(head.port, head.frame);
}

void
RoceReceiveQueue::DoDispose()
{
    m_frames.clear();
    m_pausedPort = nullptr;
    m_deliver = FabricPortDevice::FrameCallback();
    Object::DoDispose();
}

} // namespace ns3
