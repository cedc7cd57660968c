/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fabric-queue-disc.h"

#include "ns3/drop-tail-queue.h"
#include "ns3/log.h"
#include "ns3/object-factory.h"
#include "ns3/uinteger.h"

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
                          MakeUintegerChecker<uint32_t>());
    return tid;
}

FabricQueueDisc::FabricQueueDisc()
    : QueueDisc(QueueDiscSizePolicy::SINGLE_INTERNAL_QUEUE),
      m_markThresholdBytes(0)
{
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

bool
FabricQueueDisc::DoEnqueue(Ptr<QueueDiscItem> item)
{
    const uint32_t backlog = GetPortBacklogBytes();
    if (backlog + item->GetSize() > GetMaxSize().GetValue())
    {
        DropBeforeEnqueue(item, LIMIT_EXCEEDED_DROP);
        return false;
    }
    if (m_markThresholdBytes > 0 && backlog >= m_markThresholdBytes)
    {
        Mark(item, THRESHOLD_MARK);
    }
    return GetInternalQueue(0)->Enqueue(item);
}

Ptr<QueueDiscItem>
FabricQueueDisc::DoDequeue()
{
    return GetInternalQueue(0)->Dequeue();
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
    QueueDisc::DoDispose();
}

} // namespace ns3
