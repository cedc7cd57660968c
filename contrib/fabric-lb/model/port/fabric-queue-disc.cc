/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fabric-queue-disc.h"

#include "class-queues.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/drop-tail-queue.h"
#include "ns3/log.h"
#include "ns3/object-factory.h"
#include "ns3/uinteger.h"
#include "ns3/value-limits.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("FabricQueueDisc");

NS_OBJECT_ENSURE_REGISTERED(FabricQueueDisc);

TypeId
FabricQueueDisc::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::FabricQueueDisc")
            .SetParent<QueueDisc>()
            .SetGroupName("FabricLb")
            .AddConstructor<FabricQueueDisc>()
            .AddAttribute("MaxSize",
                          "The port's buffer (the study: 800 KB per port)",
                          QueueSizeValue(QueueSize("800000B")),
                          MakeQueueSizeAccessor(&QueueDisc::SetMaxSize, &QueueDisc::GetMaxSize),
                          MakeQueueSizeChecker())
            .AddAttribute("MarkThreshold",
                          "CE-mark packets arriving to at least this many queued bytes (0: never)",
                          UintegerValue(0),
                          MakeUintegerAccessor(&FabricQueueDisc::m_markThresholdBytes),
                          MakeUintegerChecker<uint32_t>(0, fabriclb::ValueLimits::MAX_PORT_BYTES))
            .AddAttribute("RedMarking",
                          "Also mark RED-style between RedMinBytes and RedMaxBytes (DCQCN): a "
                          "packet is marked if MarkThreshold marks it, and otherwise with "
                          "RED's probability",
                          BooleanValue(false),
                          MakeBooleanAccessor(&FabricQueueDisc::m_redMarking),
                          MakeBooleanChecker())
            .AddAttribute(
                "RedMinBytes",
                "Kmin: no RED marks below this backlog (1/8 of the study's 800 KB buffer)",
                UintegerValue(100000),
                MakeUintegerAccessor(&FabricQueueDisc::m_redMinBytes),
                MakeUintegerChecker<uint32_t>(0, fabriclb::ValueLimits::MAX_PORT_BYTES))
            .AddAttribute("RedMaxBytes",
                          "Kmax: every packet is marked above this backlog (1/2 of the study's "
                          "800 KB buffer)",
                          UintegerValue(400000),
                          MakeUintegerAccessor(&FabricQueueDisc::m_redMaxBytes),
                          MakeUintegerChecker<uint32_t>(0, fabriclb::ValueLimits::MAX_PORT_BYTES))
            .AddTraceSource("Trim",
                            "A data packet is trimmed (EnableTrimming): the trimmed item, its "
                            "IPv4 header apart",
                            MakeTraceSourceAccessor(&FabricQueueDisc::m_trimTrace),
                            "ns3::QueueDiscItem::TracedCallback")
            .AddTraceSource("PortBacklog",
                            "A packet arrives at the port: the bytes waiting there (this queue "
                            "disc's and the device's) before it; the Drop and Mark trace sources "
                            "of QueueDisc tell what became of it",
                            MakeTraceSourceAccessor(&FabricQueueDisc::m_portBacklogTrace),
                            "ns3::FabricQueueDisc::PortBacklogTracedCallback")
            .AddAttribute("RedMaxProbability",
                          "Pmax: the marking probability at Kmax",
                          DoubleValue(0.2),
                          MakeDoubleAccessor(&FabricQueueDisc::m_redMaxProbability),
                          MakeDoubleChecker<double>(0, 1));
    return tid;
}

FabricQueueDisc::FabricQueueDisc()
    : QueueDisc(QueueDiscSizePolicy::SINGLE_INTERNAL_QUEUE)
{
}

int64_t
FabricQueueDisc::AssignStreams(int64_t stream)
{
    if (!m_redMarking)
    {
        return 0;
    }
    if (!m_rng)
    {
        m_rng = CreateObject<UniformRandomVariable>();
    }
    m_rng->SetStream(stream);
    return 1;
}

const char*
FabricQueueDisc::MarkReason(uint32_t backlog)
{
    return fabriclb::EcnMarking{m_markThresholdBytes,
                                m_redMarking,
                                m_redMinBytes,
                                m_redMaxBytes,
                                m_redMaxProbability}
        .Reason(backlog, [this]() { return m_rng->GetValue(); });
}

void
FabricQueueDisc::SetDeviceQueue(Ptr<Queue<Packet>> queue)
{
    m_deviceQueue = queue;
}

uint32_t
FabricQueueDisc::GetPortBacklogBytes() const
{
    return GetNBytes() + (m_deviceQueue ? m_deviceQueue->GetNBytes() : 0);
}

uint32_t
FabricQueueDisc::GetBufferBytes() const
{
    return GetMaxSize().GetValue();
}

bool
FabricQueueDisc::DoEnqueue(Ptr<QueueDiscItem> item)
{
    NS_LOG_FUNCTION(this << item);
    const uint32_t backlog = GetPortBacklogBytes();
    m_portBacklogTrace(item, backlog);
    bool fits = backlog + item->GetSize() <= GetMaxSize().GetValue();
    if (m_trimming.enabled)
    {
        const Ptr<Ipv4QueueDiscItem> packet = DynamicCast<Ipv4QueueDiscItem>(item);
        const bool data = !packet || fabriclb::ClassOfDscp(packet->GetHeader().GetDscp()) ==
                                         fabriclb::TrafficClass::DATA;
        if (packet && data && (!fits || m_trimming.TrimsAt(backlog)))
        {
            return EnqueueTrimmed(packet, backlog);
        }
        if (!data)
        {
            // Control packets (trimmed headers, ACKs, NACKs) have the header room too.
            fits =
                backlog + item->GetSize() <= m_trimming.HeaderLimitBytes(GetMaxSize().GetValue());
        }
    }
    if (!fits)
    {
        NS_LOG_LOGIC("port backlog " << backlog << " B is full: drop");
        DropBeforeEnqueue(item, LIMIT_EXCEEDED_DROP);
        return false;
    }
    if (const char* reason = MarkReason(backlog))
    {
        NS_LOG_LOGIC("port backlog " << backlog << " B: CE-mark (" << reason << ")");
        Mark(item, reason);
    }
    return GetInternalQueue(0)->Enqueue(item);
}

bool
FabricQueueDisc::EnqueueTrimmed(const Ptr<Ipv4QueueDiscItem>& item, uint32_t backlog)
{
    if (backlog + m_trimming.TrimmedBytes(item->GetSize()) >
        m_trimming.HeaderLimitBytes(GetMaxSize().GetValue()))
    {
        NS_LOG_LOGIC("port backlog " << backlog << " B is full, even for a trimmed header: drop");
        DropBeforeEnqueue(item, LIMIT_EXCEEDED_DROP);
        return false;
    }
    NS_LOG_LOGIC("port backlog " << backlog << " B: trim");
    if (!GetInternalQueue(0)->Enqueue(item))
    {
        return false;
    }
    Ipv4Header header = item->GetHeader();
    const Ptr<Packet> packet = item->GetPacket()->Copy();
    const uint32_t cut = m_trimming.Trim(*packet, header);
    const Ptr<Ipv4QueueDiscItem> trimmed =
        Create<Ipv4QueueDiscItem>(packet, item->GetAddress(), item->GetProtocol(), header);
    trimmed->SetTxQueueIndex(item->GetTxQueueIndex());
    m_pendingTrims.emplace_back(item, trimmed);
    ++m_packetsTrimmed;
    m_bytesTrimmed += cut;
    m_trimTrace(trimmed);
    return true;
}

Ptr<QueueDiscItem>
FabricQueueDisc::DoDequeue()
{
    NS_LOG_FUNCTION(this);
    Ptr<QueueDiscItem> item = GetInternalQueue(0)->Dequeue();
    if (!m_pendingTrims.empty() && item == m_pendingTrims.front().first)
    {
        item = m_pendingTrims.front().second;
        m_pendingTrims.pop_front();
    }
    if (item && m_int.IsEnabled())
    {
        m_int.Stamp(item->GetPacket(), item->GetSize(), GetPortBacklogBytes(), m_intRateBps);
    }
    return item;
}

void
FabricQueueDisc::EnableIntTelemetry(DataRate rate, uint64_t portId)
{
    m_intRateBps = static_cast<double>(rate.GetBitRate());
    m_int.Enable(portId);
}

bool
FabricQueueDisc::CheckConfig()
{
    if (GetNQueueDiscClasses() > 0 || GetNPacketFilters() > 0)
    {
        NS_LOG_ERROR("FabricQueueDisc takes no classes and no filters");
        return false;
    }
    if (GetMaxSize().GetUnit() != QueueSizeUnit::BYTES)
    {
        NS_LOG_ERROR("FabricQueueDisc's MaxSize must be in bytes");
        return false;
    }
    if (m_redMarking && m_redMinBytes > m_redMaxBytes)
    {
        NS_LOG_ERROR("FabricQueueDisc's RedMinBytes exceeds RedMaxBytes");
        return false;
    }
    if (m_redMarking && !m_rng)
    {
        m_rng = CreateObject<UniformRandomVariable>();
    }
    if (GetNInternalQueues() == 0)
    {
        AddInternalQueue(
            CreateObjectWithAttributes<DropTailQueue<QueueDiscItem>>("MaxSize",
                                                                     QueueSizeValue(GetMaxSize())));
    }
    return GetNInternalQueues() == 1;
}

void
FabricQueueDisc::InitializeParams()
{
}

void
FabricQueueDisc::DoDispose()
{
    m_deviceQueue = nullptr;
    m_rng = nullptr;
    m_pendingTrims.clear();
    QueueDisc::DoDispose();
}

} // namespace ns3
