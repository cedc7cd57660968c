/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "roce-nic.h"

#include "ns3/boolean.h"
#include "ns3/data-rate.h"
#include "ns3/ipv4-end-point.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/udp-l4-protocol.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RoceNic");

NS_OBJECT_ENSURE_REGISTERED(RoceNic);

namespace
{
/// IPv4 TOS byte of an ECN-capable (ECT(0)) packet.
constexpr uint8_t TOS_ECT0 = 0x02;
} // namespace

TypeId
RoceNic::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RoceNic")
            .SetParent<Object>()
            .SetGroupName("FabricLb")
            .AddConstructor<RoceNic>()
            .AddAttribute("InitialRtt",
                          "RTT estimate before the first ACK (sets the first loss timeouts)",
                          TimeValue(MicroSeconds(10)),
                          MakeTimeAccessor(&RoceNic::m_initialRtt),
                          MakeTimeChecker(Time(1)))
            .AddAttribute("EcnCapable",
                          "Send data packets as ECT(0), so that queues can CE-mark them",
                          BooleanValue(true),
                          MakeBooleanAccessor(&RoceNic::m_ecnCapable),
                          MakeBooleanChecker())
            .AddTraceSource("MessageAcked",
                            "The sender holds the ACKs of a whole message",
                            MakeTraceSourceAccessor(&RoceNic::m_messageAckedTrace),
                            "ns3::RoceNic::MessageTracedCallback")
            .AddTraceSource("MessageReceived",
                            "The receiver holds enough packets to decode a message",
                            MakeTraceSourceAccessor(&RoceNic::m_messageReceivedTrace),
                            "ns3::RoceNic::MessageTracedCallback");
    return tid;
}

RoceNic::RoceNic()
    : m_ecnCapable(true),
      m_rng(CreateObject<UniformRandomVariable>())
{
}

void
RoceNic::Setup(Ptr<Node> node,
               uint32_t hostIndex,
               Ptr<Ipv4Route> route,
               Ptr<NetDevice> device,
               Ptr<HostPathPolicy> policy,
               const fabriclb::WireModel& wire)
{
    NS_ABORT_MSG_IF(wire.dataWireBytes < STACK_OVERHEAD_BYTES ||
                        wire.ackWireBytes < STACK_OVERHEAD_BYTES,
                    "RoceNic needs data packets and ACKs of at least " << STACK_OVERHEAD_BYTES
                                                                       << " B on the wire");
    m_wire = wire;
    m_route = route;
    m_address = route->GetSource();
    m_policy = policy;
    m_udp = node->GetObject<UdpL4Protocol>();
    NS_ABORT_MSG_UNLESS(m_udp, "RoceNic needs the Internet stack on its node");

    DataRateValue rate;
    device->GetAttribute("DataRate", rate);
    TimeValue gap;
    device->GetAttribute("InterframeGap", gap);
    m_dataTxTime = rate.Get().CalculateBytesTxTime(wire.dataWireBytes);
    m_ackTxTime = rate.Get().CalculateBytesTxTime(wire.ackWireBytes);
    m_gap = gap.Get();
    SetFlowsPerHost(1);
    m_srtt = m_initialRtt;
    m_rttvar = m_initialRtt / 2;

    m_endPoint = m_udp->Allocate(nullptr, ROCE_UDP_PORT);
    NS_ABORT_MSG_UNLESS(m_endPoint, "UDP port 4791 is already taken on host " << hostIndex);
    m_endPoint->SetRxCallback(MakeCallback(&RoceNic::Receive, this));
}

void
RoceNic::SetFlowsPerHost(double flowsPerHost)
{
    NS_ABORT_MSG_UNLESS(flowsPerHost > 0, "a host paces at least one flow");
    m_pacingGapPs = m_wire.PacingGapPs(flowsPerHost);
    // A flow's packet interval: its pacing gap or, unpaced at line rate, its share of
    // the line for one data packet and one ACK, each followed by its gap.
    const double lineSharePs =
        flowsPerHost * static_cast<double>(m_wire.DataPs() + m_wire.AckPs() + 2 * m_wire.GapPs());
    m_policy->SetPacingGap(
        PicoSeconds(m_pacingGapPs > 0 ? m_pacingGapPs : static_cast<uint64_t>(lineSharePs)));
}

int64_t
RoceNic::AssignStreams(int64_t stream)
{
    m_rng->SetStream(stream);
    return 1;
}

uint32_t
RoceNic::PacketsFor(uint64_t bytes) const
{
    return static_cast<uint32_t>((bytes + m_wire.payloadBytes - 1) / m_wire.payloadBytes);
}

uint32_t
RoceNic::SendMessage(Ipv4Address destination,
                     uint32_t destinationHost,
                     uint64_t bytes,
                     uint32_t messageId)
{
    NS_ABORT_MSG_IF(bytes == 0, "a message needs at least one byte");
    NS_ABORT_MSG_UNLESS(m_udp, "RoceNic::Setup was not called");
    const uint32_t qp = m_senders.size();
    SenderQp sender;
    sender.destination = destination;
    sender.messageId = messageId;
    sender.packets = PacketsFor(bytes);
    sender.credits = sender.packets;
    sender.ackedPsn.reserve(sender.packets);
    sender.sentAt.reserve(sender.packets);
    sender.labelOf.reserve(sender.packets);
    m_senders.push_back(std::move(sender));
    m_policy->AddQueuePair(qp, destinationHost);
    if (m_pacingGapPs > 0)
    {
        m_senders[qp].pacer =
            Simulator::Schedule(PicoSeconds(m_rng->GetInteger(0, m_pacingGapPs - 1)),
                                &RoceNic::Release,
                                this,
                                qp);
        return qp;
    }
    m_senders[qp].queued = true;
    m_dataRing.push_back(qp);
    Kick();
    return qp;
}

void
RoceNic::Release(uint32_t qp)
{
    SenderQp& sender = m_senders[qp];
    if (sender.Done())
    {
        return;
    }
    if (sender.credits > 0)
    {
        --sender.credits;
        ++sender.released;
        if (!sender.queued)
        {
            sender.queued = true;
            m_pacedRing.push_back({qp, nullptr});
            Kick();
        }
    }
    const auto jitterBound = static_cast<uint64_t>(m_pacingGapPs * m_wire.paceJitter);
    const uint64_t jitter = jitterBound > 0 ? m_rng->GetInteger(0, jitterBound - 1) : 0;
    sender.pacer =
        Simulator::Schedule(PicoSeconds(m_pacingGapPs + jitter), &RoceNic::Release, this, qp);
}

void
RoceNic::Kick()
{
    if (!m_busy)
    {
        TransmitNext();
    }
}

void
RoceNic::TransmitNext()
{
    const Time txTime = m_pacingGapPs > 0 ? SendNextPaced() : SendNextAlternating();
    if (txTime.IsZero())
    {
        m_busy = false;
        return;
    }
    // The packet starts when the link is free and its bits are out txTime later;
    // then the NIC commits the next one, which waits out the gap in the device.
    const Time now = Simulator::Now();
    const Time start = std::max(now, m_linkFreeAt);
    m_linkFreeAt = start + txTime + m_gap;
    m_busy = true;
    Simulator::Schedule(start + txTime - now, &RoceNic::TransmitNext, this);
}

Time
RoceNic::SendNextAlternating()
{
    // Skip queue pairs that finished while waiting for their turn.
    while (!m_dataRing.empty() && m_senders[m_dataRing.front()].Done())
    {
        m_senders[m_dataRing.front()].queued = false;
        m_dataRing.pop_front();
    }
    const bool ackWaiting = !m_pendingAcks.empty();
    const bool dataWaiting = !m_dataRing.empty();
    if (ackWaiting && (m_ackTurn || !dataWaiting))
    {
        const PendingAck ack = m_pendingAcks.front();
        m_pendingAcks.pop_front();
        m_ackTurn = false;
        return SendAck(ack);
    }
    if (!dataWaiting)
    {
        return Time(0);
    }
    const uint32_t qp = m_dataRing.front();
    m_dataRing.pop_front();
    SenderQp& sender = m_senders[qp];
    --sender.credits;
    const Time txTime = SendData(qp);
    if (sender.credits > 0)
    {
        m_dataRing.push_back(qp);
    }
    else
    {
        sender.queued = false;
        ScheduleLossCheck(qp);
    }
    m_ackTurn = true;
    return txTime;
}

Time
RoceNic::SendNextPaced()
{
    while (!m_pacedRing.empty())
    {
        const PacedQueue queue = m_pacedRing.front();
        m_pacedRing.pop_front();
        if (queue.receiver)
        {
            const PendingAck ack = queue.receiver->acks.front();
            queue.receiver->acks.pop_front();
            if (queue.receiver->acks.empty())
            {
                queue.receiver->queued = false;
            }
            else
            {
                m_pacedRing.push_back(queue);
            }
            return SendAck(ack);
        }
        SenderQp& sender = m_senders[queue.queuePair];
        if (sender.Done())
        {
            sender.released = 0;
            sender.queued = false;
            continue;
        }
        --sender.released;
        const Time txTime = SendData(queue.queuePair);
        if (sender.released > 0)
        {
            m_pacedRing.push_back(queue);
        }
        else
        {
            sender.queued = false;
            if (sender.credits == 0)
            {
                ScheduleLossCheck(queue.queuePair);
            }
        }
        return txTime;
    }
    return Time(0);
}

Time
RoceNic::SendData(uint32_t qp)
{
    SenderQp& sender = m_senders[qp];
    RoceHeader header;
    header.opcode = RoceHeader::DATA;
    header.queuePair = qp;
    header.psn = sender.nextPsn++;
    header.messageId = sender.messageId;
    header.messagePackets = sender.packets;

    Ptr<Packet> packet = Create<Packet>(m_wire.dataWireBytes - STACK_OVERHEAD_BYTES);
    packet->AddHeader(header);
    if (m_ecnCapable)
    {
        SocketIpTosTag tos;
        tos.SetTos(TOS_ECT0);
        packet->AddPacketTag(tos);
    }
    const uint16_t label = m_policy->SelectLabel(qp);
    sender.ackedPsn.push_back(false);
    sender.sentAt.push_back(Simulator::Now());
    sender.labelOf.push_back(label);
    ++m_dataSent;
    m_udp->Send(packet, m_address, sender.destination, label, ROCE_UDP_PORT, m_route);
    return m_dataTxTime;
}

Time
RoceNic::SendAck(const PendingAck& ack)
{
    Ptr<Packet> packet = Create<Packet>(m_wire.ackWireBytes - STACK_OVERHEAD_BYTES);
    packet->AddHeader(ack.header);
    ++m_acksSent;
    m_udp->Send(packet, m_address, ack.destination, ack.label, ROCE_UDP_PORT, m_route);
    return m_ackTxTime;
}

void
RoceNic::Receive(Ptr<Packet> packet,
                 Ipv4Header header,
                 uint16_t sourcePort,
                 Ptr<Ipv4Interface> /* incomingInterface */)
{
    RoceHeader roce;
    packet->RemoveHeader(roce);
    if (roce.opcode == RoceHeader::ACK)
    {
        ++m_acksReceived;
        ReceiveAck(roce);
        return;
    }

    ++m_dataReceived;
    const uint64_t key = (static_cast<uint64_t>(header.GetSource().Get()) << 32) | roce.queuePair;
    ReceiverQp& receiver = m_receivers[key];
    if (roce.psn >= receiver.seen.size())
    {
        receiver.seen.resize(std::max<size_t>(roce.psn + 1, roce.messagePackets), false);
    }
    if (!receiver.seen[roce.psn])
    {
        receiver.seen[roce.psn] = true;
        if (++receiver.distinct == roce.messagePackets)
        {
            m_messageReceivedTrace(roce.messageId, roce.queuePair);
        }
    }

    PendingAck ack{header.GetSource(),
                   m_policy->SelectAckLabel(header.GetSource(), sourcePort),
                   roce};
    ack.header.opcode = RoceHeader::ACK;
    ack.header.label = sourcePort;
    ack.header.ecnEcho = header.GetEcn() == Ipv4Header::ECN_CE;
    if (m_pacingGapPs > 0)
    {
        receiver.acks.push_back(ack);
        if (!receiver.queued)
        {
            receiver.queued = true;
            m_pacedRing.push_back({0, &receiver});
        }
    }
    else
    {
        m_pendingAcks.push_back(ack);
    }
    Kick();
}

void
RoceNic::ReceiveAck(const RoceHeader& ack)
{
    NS_ABORT_MSG_UNLESS(ack.queuePair < m_senders.size(), "ACK for an unknown queue pair");
    SenderQp& sender = m_senders[ack.queuePair];
    m_policy->NotifyAck(ack.queuePair, ack.label, ack.ecnEcho);
    if (sender.Done() || sender.ackedPsn[ack.psn])
    {
        return;
    }
    sender.ackedPsn[ack.psn] = true;
    // RTT sample from the packet's send time, RFC 6298 smoothing.
    const Time sample = Simulator::Now() - sender.sentAt[ack.psn];
    const Time error = sample > m_srtt ? sample - m_srtt : m_srtt - sample;
    m_rttvar = (3 * m_rttvar + error) / 4;
    m_srtt = (7 * m_srtt + sample) / 8;
    if (++sender.acked == sender.packets)
    {
        sender.credits = 0;
        sender.lossCheck.Cancel();
        sender.pacer.Cancel();
        m_messageAckedTrace(sender.messageId, ack.queuePair);
    }
}

Time
RoceNic::LossTimeout() const
{
    return m_srtt + std::max(m_srtt, 4 * m_rttvar);
}

void
RoceNic::ScheduleLossCheck(uint32_t qp)
{
    SenderQp& sender = m_senders[qp];
    while (sender.unresolved < sender.nextPsn && sender.ackedPsn[sender.unresolved])
    {
        ++sender.unresolved;
    }
    if (sender.Done() || sender.unresolved == sender.nextPsn || !sender.lossCheck.IsExpired())
    {
        return;
    }
    const Time due = sender.sentAt[sender.unresolved] + LossTimeout();
    sender.lossCheck = Simulator::Schedule(std::max(Time(0), due - Simulator::Now()),
                                           &RoceNic::CheckLosses,
                                           this,
                                           qp);
}

void
RoceNic::CheckLosses(uint32_t qp)
{
    SenderQp& sender = m_senders[qp];
    const Time now = Simulator::Now();
    const Time timeout = LossTimeout();
    for (; sender.unresolved < sender.nextPsn; ++sender.unresolved)
    {
        const uint32_t psn = sender.unresolved;
        if (sender.ackedPsn[psn])
        {
            continue;
        }
        if (sender.sentAt[psn] + timeout > now)
        {
            break;
        }
        ++sender.credits;
        ++m_lossesDetected;
        m_policy->NotifyLoss(qp, sender.labelOf[psn]);
    }
    if (m_pacingGapPs == 0 && sender.credits > 0 && !sender.queued)
    {
        sender.queued = true;
        m_dataRing.push_back(qp);
        Kick();
    }
    ScheduleLossCheck(qp);
}

void
RoceNic::DoDispose()
{
    // The node's UdpL4Protocol frees the end point when it is disposed itself.
    m_endPoint = nullptr;
    m_udp = nullptr;
    m_route = nullptr;
    m_policy = nullptr;
    for (SenderQp& sender : m_senders)
    {
        sender.lossCheck.Cancel();
        sender.pacer.Cancel();
    }
    m_pacedRing.clear();
    m_rng = nullptr;
    m_senders.clear();
    Object::DoDispose();
}

} // namespace ns3
