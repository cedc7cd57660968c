/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fabric-port-device.h"

#include "fabric-channel.h"
#include "pfc-pause-header.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"
#include "ns3/value-limits.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("FabricPortDevice");

namespace
{
/// Calls \p trace with \p args if anything listens: no packet pointer is copied otherwise.
template <class Trace, class... Args>
inline void
Fire(const Trace& trace, const Args&... args)
{
    if (!trace.IsEmpty())
    {
        trace(args...);
    }
}
} // namespace

NS_OBJECT_ENSURE_REGISTERED(FabricPortDevice);

TypeId
FabricPortDevice::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::FabricPortDevice")
            .SetParent<NetDevice>()
            .SetGroupName("FabricLb")
            .AddConstructor<FabricPortDevice>()
            .AddAttribute(
                "Mtu",
                "The largest IPv4 packet the port sends",
                UintegerValue(1500),
                MakeUintegerAccessor(&FabricPortDevice::SetMtu, &FabricPortDevice::GetMtu),
                MakeUintegerChecker<uint16_t>())
            .AddAttribute("DataRate",
                          "The wire's rate",
                          DataRateValue(DataRate("400Gb/s")),
                          MakeDataRateAccessor(&FabricPortDevice::SetDataRate,
                                               &FabricPortDevice::GetDataRate),
                          MakeDataRateChecker())
            .AddAttribute(
                "InterframeGap",
                "The idle time after every frame",
                TimeValue(Seconds(0)),
                MakeTimeAccessor(&FabricPortDevice::m_gap),
                MakeTimeChecker(Time(0), PicoSeconds(fabriclb::ValueLimits::MAX_DELAY_PS)))
            .AddAttribute("ReceiveErrorModel",
                          "Decides which received frames the link lost",
                          PointerValue(),
                          MakePointerAccessor(&FabricPortDevice::m_receiveErrors),
                          MakePointerChecker<ErrorModel>())
            .AddAttribute(
                "MaxSize",
                "The port's buffer (the study: 800 KB per port)",
                QueueSizeValue(QueueSize("800000B")),
                MakeQueueSizeAccessor(&FabricPortDevice::SetMaxSize, &FabricPortDevice::GetMaxSize),
                MakeQueueSizeChecker())
            .AddAttribute("MarkThreshold",
                          "CE-mark packets arriving to at least this many queued bytes (0: never)",
                          UintegerValue(0),
                          MakeUintegerAccessor(&FabricPortDevice::m_markThresholdBytes),
                          MakeUintegerChecker<uint32_t>(0, fabriclb::ValueLimits::MAX_PORT_BYTES))
            .AddAttribute("RedMarking",
                          "Also mark RED-style between RedMinBytes and RedMaxBytes (DCQCN)",
                          BooleanValue(false),
                          MakeBooleanAccessor(&FabricPortDevice::m_redMarking),
                          MakeBooleanChecker())
            .AddAttribute("RedMinBytes",
                          "Kmin: no RED marks below this backlog",
                          UintegerValue(100000),
                          MakeUintegerAccessor(&FabricPortDevice::m_redMinBytes),
                          MakeUintegerChecker<uint32_t>(0, fabriclb::ValueLimits::MAX_PORT_BYTES))
            .AddAttribute("RedMaxBytes",
                          "Kmax: every packet is marked above this backlog",
                          UintegerValue(400000),
                          MakeUintegerAccessor(&FabricPortDevice::m_redMaxBytes),
                          MakeUintegerChecker<uint32_t>(0, fabriclb::ValueLimits::MAX_PORT_BYTES))
            .AddAttribute("RedMaxProbability",
                          "Pmax: the marking probability at Kmax",
                          DoubleValue(0.2),
                          MakeDoubleAccessor(&FabricPortDevice::m_redMaxProbability),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("ControlFirst",
                          "Serve control frames (ACK, NACK, CNP) before data; otherwise the "
                          "classes are served as one FIFO (the queue disc's order)",
                          BooleanValue(false),
                          MakeBooleanAccessor(&FabricPortDevice::SetControlFirst,
                                              &FabricPortDevice::IsControlFirst),
                          MakeBooleanChecker())
            .AddAttribute(
                "PfcWatchdog",
                "The PFC watchdog: a data class paused this long stops honouring "
                "pauses and drops its frames, queued and arriving, until no PAUSE "
                "has come for as long again (0: off)",
                TimeValue(Seconds(0)),
                MakeTimeAccessor(&FabricPortDevice::SetPfcWatchdog,
                                 &FabricPortDevice::GetPfcWatchdog),
                MakeTimeChecker(Seconds(0), PicoSeconds(fabriclb::ValueLimits::MAX_PATIENCE_PS)))
            .AddTraceSource("PfcPauseSent",
                            "A PFC PAUSE frame is sent: the priority and its quanta (0: resume)",
                            MakeTraceSourceAccessor(&FabricPortDevice::m_pauseSentTrace),
                            "ns3::FabricPortDevice::PauseTracedCallback")
            .AddTraceSource("PfcPauseReceived",
                            "A PFC PAUSE frame is received: the priority and its quanta (0: "
                            "resume)",
                            MakeTraceSourceAccessor(&FabricPortDevice::m_pauseReceivedTrace),
                            "ns3::FabricPortDevice::PauseTracedCallback")
            .AddTraceSource("PfcResumed",
                            "A paused priority is served again (a resume, or its pause time "
                            "ran out): the priority and how long it was paused",
                            MakeTraceSourceAccessor(&FabricPortDevice::m_resumeTrace),
                            "ns3::FabricPortDevice::ResumeTracedCallback")
            .AddTraceSource("BacklogBytes",
                            "Framed bytes waiting at the port (not the frame on the wire)",
                            MakeTraceSourceAccessor(&FabricPortDevice::m_backlogBytes),
                            "ns3::TracedValueCallback::Uint32")
            .AddTraceSource("PortBacklog",
                            "A packet arrives at the port: the bytes waiting there before it",
                            MakeTraceSourceAccessor(&FabricPortDevice::m_portBacklogTrace),
                            "ns3::FabricQueueDisc::PortBacklogTracedCallback")
            .AddTraceSource("Enqueue",
                            "A frame is taken into the buffer",
                            MakeTraceSourceAccessor(&FabricPortDevice::m_enqueueTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("Dequeue",
                            "A frame leaves the buffer for the wire",
                            MakeTraceSourceAccessor(&FabricPortDevice::m_dequeueTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("Drop",
                            "A packet is dropped: the buffer is full",
                            MakeTraceSourceAccessor(&FabricPortDevice::m_dropTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("Trim",
                            "A data packet is trimmed (EnableTrimming): the packet as queued, "
                            "its IPv4 header and the payload bytes kept",
                            MakeTraceSourceAccessor(&FabricPortDevice::m_trimTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("Mark",
                            "A packet is CE-marked on arrival, and the rule that marked it",
                            MakeTraceSourceAccessor(&FabricPortDevice::m_markTrace),
                            "ns3::FabricPortDevice::MarkTracedCallback")
            .AddTraceSource("MacTxDrop",
                            "Send refused a packet that is not IPv4",
                            MakeTraceSourceAccessor(&FabricPortDevice::m_macTxDropTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("MacRx",
                            "A received frame is handed up",
                            MakeTraceSourceAccessor(&FabricPortDevice::m_macRxTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("PhyTxBegin",
                            "A frame starts on the wire",
                            MakeTraceSourceAccessor(&FabricPortDevice::m_phyTxBeginTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("PhyTxEnd",
                            "A frame and its gap are done (the frame may be in the peer's "
                            "hands already)",
                            MakeTraceSourceAccessor(&FabricPortDevice::m_phyTxEndTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("PhyRxEnd",
                            "A frame arrives whole from the link",
                            MakeTraceSourceAccessor(&FabricPortDevice::m_phyRxEndTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("PhyRxDrop",
                            "The receive error model lost a frame",
                            MakeTraceSourceAccessor(&FabricPortDevice::m_phyRxDropTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("PromiscSniffer",
                            "Every frame the port sends or receives (raw IPv4, for pcap)",
                            MakeTraceSourceAccessor(&FabricPortDevice::m_promiscSnifferTrace),
                            "ns3::Packet::TracedCallback");
    return tid;
}

FabricPortDevice::FabricPortDevice()
    : m_backlogBytes(0),
      m_admission(m_stats, {m_portBacklogTrace, m_dropTrace, m_markTrace}),
      m_queue(m_backlogBytes, m_stats),
      m_pauseControl(*this, FRAMING_BYTES, {m_pauseSentTrace, m_pauseReceivedTrace, m_resumeTrace})
{
}

void
FabricPortDevice::SetMaxSize(QueueSize maxSize)
{
    NS_ABORT_MSG_UNLESS(maxSize.GetUnit() == QueueSizeUnit::BYTES,
                        "a fabric port's MaxSize is in bytes, not " << maxSize);
    m_admission.SetBufferBytes(maxSize.GetValue());
}

QueueSize
FabricPortDevice::GetMaxSize() const
{
    return QueueSize(QueueSizeUnit::BYTES, m_admission.GetBufferBytes());
}

void
FabricPortDevice::Attach(Ptr<FabricChannel> channel)
{
    m_channel = channel;
    m_channel->Attach(this);
}

void
FabricPortDevice::SetDataRate(DataRate rate)
{
    m_rate = rate;
    m_txTimes = {};
    m_pauseControl.SetRate(rate);
}

Time
FabricPortDevice::TxTime(uint32_t bytes)
{
    // Frames come in a few sizes (data, ACK): remember the last two, as DataRate computes them.
    for (TxTimeEntry& entry : m_txTimes)
    {
        if (entry.bytes == bytes)
        {
            return entry.time;
        }
    }
    std::swap(m_txTimes[0], m_txTimes[1]);
    m_txTimes[0] = {bytes, m_rate.CalculateBytesTxTime(bytes)};
    return m_txTimes[0].time;
}

int64_t
FabricPortDevice::AssignStreams(int64_t stream)
{
    return m_redMarking ? m_admission.AssignStreams(stream) : 0;
}

PortAdmission::Verdict
FabricPortDevice::Admit(uint32_t ingress,
                        fabriclb::TrafficClass cls,
                        uint32_t ipBytes,
                        const Ptr<Packet>& packet)
{
    if (m_pauseControl.WatchdogDrops(cls))
    {
        if (m_admission.GetTrimming().enabled)
        {
            NS_LOG_LOGIC("PFC watchdog: trim");
            return m_admission.AdmitTrimmed(ingress,
                                            GetIfIndex(),
                                            ipBytes,
                                            FRAMING_BYTES,
                                            m_backlogBytes,
                                            packet);
        }
        NS_LOG_LOGIC("PFC watchdog: drop");
        ++m_stats.watchdogDrops;
        m_admission.CountDrop(ipBytes, packet);
        return PortAdmission::Verdict::DROPPED;
    }
    const PortAdmission::Verdict verdict =
        m_admission
            .Admit(ingress, GetIfIndex(), cls, ipBytes, FRAMING_BYTES, m_backlogBytes, packet);
    if (verdict != PortAdmission::Verdict::ADMITTED)
    {
        NS_LOG_LOGIC("port backlog " << m_backlogBytes << " B"
                                     << (verdict == PortAdmission::Verdict::TRIMMED
                                             ? ": trim"
                                             : ", the buffer is full: drop"));
    }
    return verdict;
}

bool
FabricPortDevice::SendFrame(const Ptr<Packet>& payload, Ipv4Header& header)
{
    return SendFrame(payload, header, BufferAdmission::NO_INGRESS);
}

bool
FabricPortDevice::SendFrame(const Ptr<Packet>& payload, Ipv4Header& header, uint32_t ingress)
{
    const fabriclb::TrafficClass cls = fabriclb::ClassOfDscp(header.GetDscp());
    const uint32_t ipBytes = payload->GetSize() + header.GetSerializedSize();
    switch (Admit(ingress, cls, ipBytes, payload))
    {
    case PortAdmission::Verdict::DROPPED:
        return false;
    case PortAdmission::Verdict::TRIMMED:
        QueueTrimmed(payload, header, ingress);
        return true;
    case PortAdmission::Verdict::ADMITTED:
        break;
    }
    const char* reason = m_admission.MarkReason(Marking(), m_backlogBytes, header);
    if (reason)
    {
        header.SetEcn(Ipv4Header::ECN_CE);
    }
    payload->AddHeader(header);
    if (reason)
    {
        m_admission.CountMark(payload, reason);
    }
    Queue(cls, payload, ingress);
    return true;
}

bool
FabricPortDevice::Send(Ptr<Packet> packet, const Address& /* dest */, uint16_t protocol)
{
    NS_LOG_FUNCTION(this << packet << protocol);
    if (protocol != Ipv4L3Protocol::PROT_NUMBER)
    {
        NS_LOG_LOGIC("a fabric port carries IPv4 only: drop");
        Fire(m_macTxDropTrace, packet);
        return false;
    }
    Ipv4Header header;
    packet->PeekHeader(header);
    const fabriclb::TrafficClass cls = fabriclb::ClassOfDscp(header.GetDscp());
    switch (Admit(BufferAdmission::NO_INGRESS, cls, packet->GetSize(), packet))
    {
    case PortAdmission::Verdict::DROPPED:
        return false;
    case PortAdmission::Verdict::TRIMMED:
        packet->RemoveHeader(header);
        QueueTrimmed(packet, header, BufferAdmission::NO_INGRESS);
        return true;
    case PortAdmission::Verdict::ADMITTED:
        break;
    }
    if (const char* reason = m_admission.MarkReason(Marking(), m_backlogBytes, header))
    {
        packet->RemoveHeader(header);
        header.SetEcn(Ipv4Header::ECN_CE);
        packet->AddHeader(header);
        m_admission.CountMark(packet, reason);
    }
    Queue(cls, packet, BufferAdmission::NO_INGRESS);
    return true;
}

void
FabricPortDevice::QueueTrimmed(const Ptr<Packet>& payload, Ipv4Header& header, uint32_t ingress)
{
    ++m_stats.packetsTrimmed;
    m_stats.bytesTrimmed += m_admission.GetTrimming().Trim(*payload, header);
    payload->AddHeader(header);
    Fire(m_trimTrace, payload);
    Queue(fabriclb::TrafficClass::CONTROL, payload, ingress);
}

void
FabricPortDevice::Queue(fabriclb::TrafficClass cls, const Ptr<Packet>& frame, uint32_t ingress)
{
    ++m_stats.packetsAdmitted;
    m_stats.bytesAdmitted += frame->GetSize() + FRAMING_BYTES;
    Fire(m_enqueueTrace, frame);
    m_queue.Push(cls, frame, ingress);
    if (!m_transmitting)
    {
        StartNext();
    }
}

void
FabricPortDevice::StartNext()
{
    Ptr<Packet> pause;
    if (m_queue.PopPause(pause))
    {
        // MAC control goes ahead of every class, paused or not.
        ++m_stats.pauseFramesSent;
        m_transmitting = true;
        const Time txTime = m_rate.CalculateBytesTxTime(PfcPauseHeader::WIRE_BYTES);
        Simulator::Schedule(txTime + m_gap, &FabricPortDevice::TransmitComplete, this);
        m_channel->TransmitStart(pause, this, txTime);
        return;
    }
    fabriclb::TrafficClass cls;
    PortEgressQueue::QueuedFrame queued;
    uint32_t framed;
    if (!m_queue.Pop(cls, queued, framed))
    {
        return;
    }
    m_admission.Release(queued.ingress, GetIfIndex(), cls, framed);
    Fire(m_dequeueTrace, queued.frame);
    Fire(m_promiscSnifferTrace, queued.frame);
    if (m_int.IsEnabled())
    {
        m_int.Stamp(queued.frame, framed, m_backlogBytes, static_cast<double>(m_rate.GetBitRate()));
    }
    TransmitStart(queued.frame);
}

void
FabricPortDevice::TransmitStart(const Ptr<Packet>& frame)
{
    m_transmitting = true;
    m_onWire = frame;
    ++m_stats.framesSent;
    Fire(m_phyTxBeginTrace, frame);
    const Time txTime = TxTime(frame->GetSize() + FRAMING_BYTES);
    Simulator::Schedule(txTime + m_gap, &FabricPortDevice::TransmitComplete, this);
    m_channel->TransmitStart(frame, this, txTime);
}

void
FabricPortDevice::TransmitComplete()
{
    m_transmitting = false;
    if (m_onWire)
    {
        Fire(m_phyTxEndTrace, m_onWire);
        m_onWire = nullptr;
    }
    StartNext();
}

void
FabricPortDevice::SendPauseFrame(const Ptr<Packet>& pause)
{
    m_queue.PushPause(pause);
    if (!m_transmitting)
    {
        StartNext();
    }
}

void
FabricPortDevice::HoldClass(fabriclb::TrafficClass cls, bool held)
{
    m_queue.SetPaused(cls, held);
    if (!held && !m_transmitting)
    {
        StartNext();
    }
    if (!m_pauseCallback.IsNull())
    {
        m_pauseCallback();
    }
}

void
FabricPortDevice::DropWaiting(fabriclb::TrafficClass cls)
{
    m_queue.Drain(cls, [this, cls](const PortEgressQueue::QueuedFrame& queued, uint32_t framed) {
        m_admission.Release(queued.ingress, GetIfIndex(), cls, framed);
        ++m_stats.watchdogDrops;
        m_admission.CountDrop(queued.frame->GetSize(), queued.frame);
    });
}

void
FabricPortDevice::Receive(Ptr<Packet> frame)
{
    if (m_pfc && PfcPauseHeader::IsPause(frame, FRAMING_BYTES))
    {
        m_pauseControl.Receive(frame);
        return;
    }
    ++m_stats.framesReceived;
    if (m_receiveErrors && m_receiveErrors->IsCorrupt(frame))
    {
        ++m_stats.framesLost;
        Fire(m_phyRxDropTrace, frame);
        return;
    }
    Fire(m_promiscSnifferTrace, frame);
    Fire(m_phyRxEndTrace, frame);
    Fire(m_macRxTrace, frame);
    if (!m_frameCallback.IsNull())
    {
        m_frameCallback(this, frame);
        return;
    }
    ForwardUp(frame);
}

Ptr<Channel>
FabricPortDevice::GetChannel() const
{
    return m_channel;
}

bool
FabricPortDevice::IsLinkUp() const
{
    return bool(m_channel);
}

void
FabricPortDevice::DoDispose()
{
    m_channel = nullptr;
    m_receiveErrors = nullptr;
    m_onWire = nullptr;
    m_frameCallback = FrameCallback();
    m_pauseCallback = Callback<void>();
    m_admission.Dispose();
    m_pauseControl.Cancel();
    m_queue.Clear();
    FabricChannelEnd::DoDispose();
}

} // namespace ns3
