/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fabric-port-device.h"

#include "fabric-channel.h"
#include "int-telemetry-tag.h"
#include "pfc-pause-header.h"
#include "switch-buffer.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

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
            .AddAttribute("InterframeGap",
                          "The idle time after every frame",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&FabricPortDevice::m_gap),
                          MakeTimeChecker())
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
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("RedMarking",
                          "Also mark RED-style between RedMinBytes and RedMaxBytes (DCQCN)",
                          BooleanValue(false),
                          MakeBooleanAccessor(&FabricPortDevice::m_redMarking),
                          MakeBooleanChecker())
            .AddAttribute("RedMinBytes",
                          "Kmin: no RED marks below this backlog",
                          UintegerValue(100000),
                          MakeUintegerAccessor(&FabricPortDevice::m_redMinBytes),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("RedMaxBytes",
                          "Kmax: every packet is marked above this backlog",
                          UintegerValue(400000),
                          MakeUintegerAccessor(&FabricPortDevice::m_redMaxBytes),
                          MakeUintegerChecker<uint32_t>())
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
            .AddAttribute("PfcWatchdog",
                          "The PFC watchdog: a data class paused this long stops honouring "
                          "pauses and drops its frames, queued and arriving, until no PAUSE "
                          "has come for as long again (0: off)",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&FabricPortDevice::SetPfcWatchdog,
                                           &FabricPortDevice::GetPfcWatchdog),
                          MakeTimeChecker(Seconds(0)))
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
      m_pauseControl(*this, m_pauseReceivedTrace, m_resumeTrace)
{
}

void
FabricPortDevice::SetControlFirst(bool controlFirst)
{
    m_controlFirst = controlFirst;
    m_queues.SetService(controlFirst ? fabriclb::ClassService::CONTROL_FIRST
                                     : fabriclb::ClassService::ARRIVAL_ORDER);
}

bool
FabricPortDevice::IsControlFirst() const
{
    return m_controlFirst;
}

void
FabricPortDevice::SetMaxSize(QueueSize maxSize)
{
    NS_ABORT_MSG_UNLESS(maxSize.GetUnit() == QueueSizeUnit::BYTES,
                        "a fabric port's MaxSize is in bytes, not " << maxSize);
    m_bufferBytes = maxSize.GetValue();
}

QueueSize
FabricPortDevice::GetMaxSize() const
{
    return QueueSize(QueueSizeUnit::BYTES, m_bufferBytes);
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

void
FabricPortDevice::SetInterframeGap(Time gap)
{
    m_gap = gap;
}

void
FabricPortDevice::SetReceiveErrorModel(Ptr<ErrorModel> errors)
{
    m_receiveErrors = errors;
}

void
FabricPortDevice::SetFrameCallback(FrameCallback callback)
{
    m_frameCallback = callback;
}

int64_t
FabricPortDevice::AssignStreams(int64_t stream)
{
    if (!m_redMarking)
    {
        return 0;
    }
    Rng().SetStream(stream);
    return 1;
}

uint32_t
FabricPortDevice::GetPortBacklogBytes() const
{
    return m_backlogBytes;
}

uint32_t
FabricPortDevice::GetBufferBytes() const
{
    return m_bufferBytes;
}

bool
FabricPortDevice::Admit(uint32_t ingress,
                        fabriclb::TrafficClass cls,
                        uint32_t ipBytes,
                        const Ptr<Packet>& packet)
{
    if (m_pauseControl.WatchdogDrops(cls))
    {
        NS_LOG_LOGIC("PFC watchdog: drop");
        ++m_stats.watchdogDrops;
        CountDrop(ipBytes, packet);
        return false;
    }
    const uint32_t backlog = m_backlogBytes;
    Fire(m_portBacklogTrace, packet, backlog);
    const bool full =
        m_switchBuffer ? m_switchBuffer->Admit(ingress, m_ifIndex, cls, ipBytes + FRAMING_BYTES) >=
                             fabriclb::BufferAccounting::Verdict::DROPPED
                       : backlog + ipBytes > m_bufferBytes;
    if (full)
    {
        NS_LOG_LOGIC("port backlog " << backlog << " B, the buffer is full: drop");
        CountDrop(ipBytes, packet);
        return false;
    }
    return true;
}

void
FabricPortDevice::CountDrop(uint32_t ipBytes, const Ptr<Packet>& packet)
{
    ++m_stats.packetsDropped;
    m_stats.bytesDropped += ipBytes;
    Fire(m_dropTrace, packet);
}

UniformRandomVariable&
FabricPortDevice::Rng()
{
    // Made when first needed, so that a port without RED takes no stream.
    if (!m_rng)
    {
        m_rng = CreateObject<UniformRandomVariable>();
    }
    return *m_rng;
}

const char*
FabricPortDevice::MarkReason()
{
    return fabriclb::EcnMarking{m_markThresholdBytes,
                                m_redMarking,
                                m_redMinBytes,
                                m_redMaxBytes,
                                m_redMaxProbability}
        .Reason(m_backlogBytes, [this]() { return Rng().GetValue(); });
}

bool
FabricPortDevice::SendFrame(const Ptr<Packet>& payload, Ipv4Header& header)
{
    return SendFrame(payload, header, SwitchBuffer::NO_INGRESS);
}

bool
FabricPortDevice::SendFrame(const Ptr<Packet>& payload, Ipv4Header& header, uint32_t ingress)
{
    const fabriclb::TrafficClass cls = fabriclb::ClassOfDscp(header.GetDscp());
    const uint32_t ipBytes = payload->GetSize() + header.GetSerializedSize();
    if (!Admit(ingress, cls, ipBytes, payload))
    {
        return false;
    }
    const char* reason = MarkReason();
    const bool marked = reason && header.GetEcn() != Ipv4Header::ECN_NotECT;
    if (marked)
    {
        header.SetEcn(Ipv4Header::ECN_CE);
    }
    payload->AddHeader(header);
    if (marked)
    {
        ++m_stats.packetsMarked;
        Fire(m_markTrace, payload, reason);
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
    if (!Admit(SwitchBuffer::NO_INGRESS, cls, packet->GetSize(), packet))
    {
        return false;
    }
    if (const char* reason = MarkReason())
    {
        if (header.GetEcn() != Ipv4Header::ECN_NotECT)
        {
            packet->RemoveHeader(header);
            header.SetEcn(Ipv4Header::ECN_CE);
            packet->AddHeader(header);
            ++m_stats.packetsMarked;
            Fire(m_markTrace, packet, reason);
        }
    }
    Queue(cls, packet, SwitchBuffer::NO_INGRESS);
    return true;
}

void
FabricPortDevice::Queue(fabriclb::TrafficClass cls, const Ptr<Packet>& frame, uint32_t ingress)
{
    const uint32_t framed = frame->GetSize() + FRAMING_BYTES;
    ++m_stats.packetsAdmitted;
    m_stats.bytesAdmitted += framed;
    Fire(m_enqueueTrace, frame);
    m_queues.Push(cls, {frame, ingress});
    BacklogChanged();
    m_backlogBytes += framed;
    if (!m_transmitting)
    {
        StartNext();
    }
}

void
FabricPortDevice::BacklogChanged()
{
    // As PortMonitor integrates a device queue's BytesInQueue, to the same bits: it reads
    // the queue's bytes from the trace's callback, which fires before the new value is
    // stored, so it samples the backlog as it was before each change.
    const int64_t now = Simulator::Now().GetTimeStep();
    m_backlogByteTime +=
        static_cast<double>(now - m_lastBacklogChange) * static_cast<double>(m_lastBacklogBytes);
    m_lastBacklogChange = now;
    m_lastBacklogBytes = m_backlogBytes;
    m_stats.maxBacklogBytes = std::max(m_stats.maxBacklogBytes, m_lastBacklogBytes);
}

double
FabricPortDevice::GetMeanBacklogBytes(Time end) const
{
    if (!end.IsStrictlyPositive())
    {
        return 0;
    }
    const double tail = std::max<int64_t>(0, end.GetTimeStep() - m_lastBacklogChange) *
                        static_cast<double>(m_lastBacklogBytes);
    return (m_backlogByteTime + tail) / static_cast<double>(end.GetTimeStep());
}

void
FabricPortDevice::StartNext()
{
    if (!m_pauseFrames.empty())
    {
        // MAC control goes ahead of every class, paused or not.
        const Ptr<Packet> pause = m_pauseFrames.front();
        m_pauseFrames.pop_front();
        ++m_stats.pauseFramesSent;
        m_transmitting = true;
        const Time txTime = m_rate.CalculateBytesTxTime(PfcPauseHeader::WIRE_BYTES);
        Simulator::Schedule(txTime + m_gap, &FabricPortDevice::TransmitComplete, this);
        m_channel->TransmitStart(pause, this, txTime);
        return;
    }
    fabriclb::TrafficClass cls;
    QueuedFrame queued;
    if (!m_queues.Pop(cls, queued))
    {
        return;
    }
    const uint32_t framed = queued.frame->GetSize() + FRAMING_BYTES;
    BacklogChanged();
    m_backlogBytes -= framed;
    if (m_switchBuffer)
    {
        m_switchBuffer->Release(queued.ingress, m_ifIndex, cls, framed);
    }
    Fire(m_dequeueTrace, queued.frame);
    Fire(m_promiscSnifferTrace, queued.frame);
    if (m_intPortId)
    {
        m_bytesSent += framed;
        IntTelemetryTag::StampPacket(queued.frame,
                                     {m_backlogBytes,
                                      m_bytesSent,
                                      Simulator::Now().GetPicoSeconds(),
                                      static_cast<double>(m_rate.GetBitRate()),
                                      *m_intPortId});
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
FabricPortDevice::SetSwitchBuffer(SwitchBuffer* buffer)
{
    m_switchBuffer = buffer;
}

void
FabricPortDevice::EnableIntTelemetry(uint64_t portId)
{
    m_intPortId = portId;
}

void
FabricPortDevice::EnablePfc(bool pfc)
{
    m_pfc = pfc;
}

void
FabricPortDevice::SetPauseCallback(Callback<void> callback)
{
    m_pauseCallback = callback;
}

void
FabricPortDevice::SendPause(fabriclb::TrafficClass cls, uint16_t quanta)
{
    PfcPauseHeader header;
    header.SetFramingBytes(FRAMING_BYTES);
    header.Set(cls, quanta);
    const Ptr<Packet> pause = Create<Packet>();
    pause->AddHeader(header);
    Fire(m_pauseSentTrace, PfcPauseHeader::PriorityOf(cls), quanta);
    m_pauseFrames.push_back(pause);
    if (!m_transmitting)
    {
        StartNext();
    }
}

void
FabricPortDevice::PausePeer(fabriclb::TrafficClass cls, uint16_t quanta)
{
    SendPause(cls, quanta);
    m_peerPauseRefresh[static_cast<uint32_t>(cls)] =
        Simulator::Schedule(PfcPauseHeader::PauseTime(m_rate, quanta) / 2,
                            &FabricPortDevice::PausePeer,
                            this,
                            cls,
                            quanta);
}

void
FabricPortDevice::ResumePeer(fabriclb::TrafficClass cls)
{
    m_peerPauseRefresh[static_cast<uint32_t>(cls)].Cancel();
    SendPause(cls, 0);
}

void
FabricPortDevice::ReceivePause(const Ptr<Packet>& frame)
{
    PfcPauseHeader header;
    header.SetFramingBytes(FRAMING_BYTES);
    frame->PeekHeader(header);
    m_pauseControl.Receive(header);
}

void
FabricPortDevice::HoldClass(fabriclb::TrafficClass cls, bool held)
{
    m_queues.SetPaused(cls, held);
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
    m_queues.Drain(cls, [this, cls](QueuedFrame& queued) {
        const uint32_t framed = queued.frame->GetSize() + FRAMING_BYTES;
        BacklogChanged();
        m_backlogBytes -= framed;
        if (m_switchBuffer)
        {
            m_switchBuffer->Release(queued.ingress, m_ifIndex, cls, framed);
        }
        ++m_stats.watchdogDrops;
        CountDrop(queued.frame->GetSize(), queued.frame);
    });
}

void
FabricPortDevice::SetPfcWatchdog(Time watchdog)
{
    m_pauseControl.SetWatchdog(watchdog);
}

Time
FabricPortDevice::GetPfcWatchdog() const
{
    return m_pauseControl.GetWatchdog();
}

void
FabricPortDevice::Receive(Ptr<Packet> frame)
{
    if (m_pfc && PfcPauseHeader::IsPause(frame, FRAMING_BYTES))
    {
        ReceivePause(frame);
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
    if (!m_promiscCallback.IsNull())
    {
        m_promiscCallback(this,
                          frame,
                          Ipv4L3Protocol::PROT_NUMBER,
                          m_remote,
                          m_address,
                          NetDevice::PACKET_HOST);
    }
    m_rxCallback(this, frame, Ipv4L3Protocol::PROT_NUMBER, m_remote);
}

void
FabricPortDevice::SetIfIndex(const uint32_t index)
{
    m_ifIndex = index;
}

uint32_t
FabricPortDevice::GetIfIndex() const
{
    return m_ifIndex;
}

Ptr<Channel>
FabricPortDevice::GetChannel() const
{
    return m_channel;
}

void
FabricPortDevice::SetAddress(Address address)
{
    m_address = Mac48Address::ConvertFrom(address);
}

Address
FabricPortDevice::GetAddress() const
{
    return m_address;
}

void
FabricPortDevice::SetRemote(Address remote)
{
    m_remote = remote;
}

bool
FabricPortDevice::SetMtu(const uint16_t mtu)
{
    m_mtu = mtu;
    return true;
}

uint16_t
FabricPortDevice::GetMtu() const
{
    return m_mtu;
}

bool
FabricPortDevice::IsLinkUp() const
{
    return bool(m_channel);
}

void
FabricPortDevice::AddLinkChangeCallback(Callback<void> callback)
{
    m_linkChangeCallbacks.ConnectWithoutContext(callback);
}

bool
FabricPortDevice::IsBroadcast() const
{
    return true;
}

Address
FabricPortDevice::GetBroadcast() const
{
    return Mac48Address::GetBroadcast();
}

bool
FabricPortDevice::IsMulticast() const
{
    return false;
}

Address
FabricPortDevice::GetMulticast(Ipv4Address /* group */) const
{
    return Mac48Address("01:00:5e:00:00:00");
}

Address
FabricPortDevice::GetMulticast(Ipv6Address /* address */) const
{
    return Mac48Address("33:33:00:00:00:00");
}

bool
FabricPortDevice::IsPointToPoint() const
{
    return true;
}

bool
FabricPortDevice::IsBridge() const
{
    return false;
}

bool
FabricPortDevice::SendFrom(Ptr<Packet> /* packet */,
                           const Address& /* source */,
                           const Address& /* dest */,
                           uint16_t /* protocol */)
{
    return false;
}

Ptr<Node>
FabricPortDevice::GetNode() const
{
    return m_node;
}

void
FabricPortDevice::SetNode(Ptr<Node> node)
{
    m_node = node;
}

bool
FabricPortDevice::NeedsArp() const
{
    return false;
}

void
FabricPortDevice::SetReceiveCallback(NetDevice::ReceiveCallback cb)
{
    m_rxCallback = cb;
}

void
FabricPortDevice::SetPromiscReceiveCallback(NetDevice::PromiscReceiveCallback cb)
{
    m_promiscCallback = cb;
}

bool
FabricPortDevice::SupportsSendFrom() const
{
    return false;
}

void
FabricPortDevice::DoDispose()
{
    m_node = nullptr;
    m_channel = nullptr;
    m_receiveErrors = nullptr;
    m_onWire = nullptr;
    m_rng = nullptr;
    m_rxCallback = NetDevice::ReceiveCallback();
    m_promiscCallback = NetDevice::PromiscReceiveCallback();
    m_frameCallback = FrameCallback();
    m_pauseCallback = Callback<void>();
    m_switchBuffer = nullptr;
    m_pauseControl.Cancel();
    for (EventId& refresh : m_peerPauseRefresh)
    {
        refresh.Cancel();
    }
    m_pauseFrames.clear();
    m_queues = fabriclb::ClassQueues<QueuedFrame>();
    NetDevice::DoDispose();
}

} // namespace ns3
