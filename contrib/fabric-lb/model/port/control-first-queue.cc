/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "control-first-queue.h"

#include "class-queues.h"
#include "port-egress-queue.h"

#include "ns3/queue-size.h"

#include <iterator>

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(ControlFirstQueue);

TypeId
ControlFirstQueue::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ControlFirstQueue")
            .SetParent<Queue<Packet>>()
            .SetGroupName("FabricLb")
            .AddConstructor<ControlFirstQueue>()
            .AddAttribute("MaxSize",
                          "The queue's size: a frame that would take it past this is dropped",
                          QueueSizeValue(QueueSize("100p")),
                          MakeQueueSizeAccessor(&QueueBase::SetMaxSize, &QueueBase::GetMaxSize),
                          MakeQueueSizeChecker());
    return tid;
}

bool
ControlFirstQueue::IsControl(const Ptr<Packet>& frame)
{
    // The PPP header, then the IPv4 header's version and IHL byte, then DSCP and ECN.
    constexpr uint32_t TOS_OFFSET = PortEgressQueue::FRAMING_BYTES + 1;
    uint8_t bytes[TOS_OFFSET + 1];
    if (frame->CopyData(bytes, TOS_OFFSET + 1) <= TOS_OFFSET)
    {
        return false;
    }
    return fabriclb::ClassOfDscp(bytes[TOS_OFFSET] >> 2) == fabriclb::TrafficClass::CONTROL;
}

bool
ControlFirstQueue::Enqueue(Ptr<Packet> item)
{
    if (!IsControl(item))
    {
        return DoEnqueue(GetContainer().end(), item);
    }
    if (!DoEnqueue(std::next(GetContainer().begin(), m_controlFrames), item))
    {
        return false;
    }
    ++m_controlFrames;
    return true;
}

Ptr<Packet>
ControlFirstQueue::HeadLeft(Ptr<Packet> head)
{
    if (head && m_controlFrames > 0)
    {
        --m_controlFrames;
    }
    return head;
}

Ptr<Packet>
ControlFirstQueue::Dequeue()
{
    return HeadLeft(DoDequeue(GetContainer().begin()));
}

Ptr<Packet>
ControlFirstQueue::Remove()
{
    return HeadLeft(DoRemove(GetContainer().begin()));
}

Ptr<const Packet>
ControlFirstQueue::Peek() const
{
    return DoPeek(GetContainer().begin());
}

} // namespace ns3
