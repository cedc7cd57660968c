/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "roce-nic.h"

#include "roce-erasure-recovery.h"
#include "roce-fixed-rate.h"
#include "roce-receive-queue.h"

#include "ns3/boolean.h"
#include "ns3/class-queues.h"
#include "ns3/data-rate.h"
#include "ns3/int-telemetry-tag.h"
#include "ns3/ipv4-end-point.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/lower-bound.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/type-id.h"
#include "ns3/udp-header.h"
#include "ns3/udp-l4-protocol.h"
#include "ns3/uinteger.h"
#include "ns3/value-limits.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RoceNic");

NS_OBJECT_ENSURE_REGISTERED(RoceNic);

namespace
{
/// The ECN field of an ECN-capable (ECT(0)) packet.
constexpr uint8_t ECN_ECT0 = 0x02;
/// The TOS byte of a control packet (ACK, NACK, CNP): its class's DSCP, not ECN-capable.
constexpr uint8_t CONTROL_TOS = fabriclb::DSCP_CONTROL << 2;
} // namespace

TypeId
RoceNic::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RoceNic")
            .SetParent<Object>()
            .SetGroupName("FabricLb")
            .AddConstructor<RoceNic>()
            .AddAttribute(
                "InitialRtt",
                "RTT estimate before the first ACK (sets the first loss timeouts)",
                TimeValue(MicroSeconds(10)),
                MakeTimeAccessor(&RoceNic::m_initialRtt),
                MakeTimeChecker(Time(1), PicoSeconds(fabriclb::ValueLimits::MAX_DELAY_PS)))
            .AddAttribute("Recovery",
                          "Loss recovery of every queue pair (a RoceRecoveryOps): "
                          "ns3::RoceErasureRecovery is the ideal one",
                          TypeIdValue(RoceErasureRecovery::GetTypeId()),
                          MakeTypeIdAccessor(&RoceNic::m_recoveryType),
                          MakeTypeIdChecker())
            .AddAttribute("CongestionControl",
                          "Congestion control of every queue pair (a RoceCongestionOps): "
                          "ns3::RoceFixedRate is the ideal one",
                          TypeIdValue(RoceFixedRate::GetTypeId()),
                          MakeTypeIdAccessor(&RoceNic::m_congestionType),
                          MakeTypeIdChecker())
            .AddAttribute("PathPolicy",
                          "The host's path policy (its label choice), set by Setup: a path "
                          "for Config to its traces",
                          TypeId::ATTR_GET,
                          PointerValue(),
                          MakePointerAccessor(&RoceNic::m_policy),
                          MakePointerChecker<HostPathPolicy>())
            .AddAttribute("EcnCapable",
                          "Send data packets as ECT(0), so that queues can CE-mark them",
                          BooleanValue(true),
                          MakeBooleanAccessor(&RoceNic::m_ecnCapable),
                          MakeBooleanChecker())
            .AddAttribute("ReceiverCredit",
                          "Receiver credit control (UET's RCCC, ns3::RoceReceiverCredit): "
                          "senders send only on the credit their receivers grant",
                          BooleanValue(false),
                          MakeBooleanAccessor(&RoceNic::m_receiverCreditOn),
                          MakeBooleanChecker())
            .AddTraceSource("MessageStarted",
                            "A message is handed to the NIC to send",
                            MakeTraceSourceAccessor(&RoceNic::m_messageStartedTrace),
                            "ns3::RoceNic::MessageTracedCallback")
            .AddTraceSource("MessageAcked",
                            "The sender holds the ACKs of a whole message",
                            MakeTraceSourceAccessor(&RoceNic::m_messageAckedTrace),
                            "ns3::RoceNic::MessageTracedCallback")
            .AddTraceSource("MessageReceived",
                            "The receiver holds enough packets to decode a message",
                            MakeTraceSourceAccessor(&RoceNic::m_messageReceivedTrace),
                            "ns3::RoceNic::MessageTracedCallback")
            .AddTraceSource("PacketDelivered",
                            "The receiver hands one packet's payload of a message to the "
                            "application (each of the message's m exactly once)",
                            MakeTraceSourceAccessor(&RoceNic::m_packetDeliveredTrace),
                            "ns3::RoceNic::DeliveryTracedCallback")
            .AddTraceSource("RttSample",
                            "An ACK gave a queue pair a round-trip sample (from its data "
                            "packet's last sending)",
                            MakeTraceSourceAccessor(&RoceNic::m_rttSampleTrace),
                            "ns3::RoceNic::RttSampleTracedCallback")
            .AddTraceSource("CongestionState",
                            "A queue pair's congestion control changed its rate or window "
                            "(after an ACK, a CNP, a loss or its timer)",
                            MakeTraceSourceAccessor(&RoceNic::m_congestionStateTrace),
                            "ns3::RoceNic::CongestionStateTracedCallback")
            .AddTraceSource("PacketLost",
                            "A queue pair's loss recovery declared a data packet lost",
                            MakeTraceSourceAccessor(&RoceNic::m_packetLostTrace),
                            "ns3::RoceNic::PacketTracedCallback")
            .AddTraceSource("Retransmission",
                            "A queue pair sent a data packet with a PSN it had sent before",
                            MakeTraceSourceAccessor(&RoceNic::m_retransmissionTrace),
                            "ns3::RoceNic::PacketTracedCallback")
            .AddTraceSource("RetransmitTimeout",
                            "A queue pair's retransmission timer fired and declared packets "
                            "lost (the count)",
                            MakeTraceSourceAccessor(&RoceNic::m_timeoutTrace),
                            "ns3::RoceNic::MessageTracedCallback");
    return tid;
}

RoceNic::RoceNic()
    : m_rng(CreateObject<UniformRandomVariable>()),
      m_send(RoceSendTraces{m_messageStartedTrace,
                            m_messageAckedTrace,
                            m_rttSampleTrace,
                            m_congestionStateTrace,
                            m_packetLostTrace,
                            m_retransmissionTrace,
                            m_timeoutTrace})
{
}

void
RoceNic::Setup(Ptr<Node> node,
               uint32_t hostIndex,
               const std::vector<Ptr<Ipv4Route>>& ports,
               const std::vector<const EgressPort*>& portQueues,
               Ptr<HostPathPolicy> policy,
               const fabriclb::WireModel& wire)
{
    NS_ABORT_MSG_IF(wire.dataWireBytes < STACK_OVERHEAD_BYTES ||
                        wire.ackWireBytes < STACK_OVERHEAD_BYTES,
                    "RoceNic needs data packets and ACKs of at least " << STACK_OVERHEAD_BYTES
                                                                       << " B on the wire");
    NS_ABORT_MSG_IF(ports.empty() || ports.size() != portQueues.size(),
                    "RoceNic needs a port and one queue disc per port");
    m_wire = wire;
    m_address = ports.front()->GetSource();
    m_policy = policy;
    m_udp = node->GetObject<UdpL4Protocol>();
    m_ipv4 = node->GetObject<Ipv4L3Protocol>();
    NS_ABORT_MSG_UNLESS(m_udp && m_ipv4, "RoceNic needs the Internet stack on its node");
    UintegerValue ttl;
    m_ipv4->GetAttribute("DefaultTtl", ttl);
    m_sendTtl = ttl.Get();

    ObjectFactory factory;
    factory.SetTypeId(m_recoveryType);
    m_recovery = factory.Create<RoceRecoveryOps>();
    NS_ABORT_MSG_UNLESS(m_recovery, m_recoveryType.GetName() << " is not a RoceRecoveryOps");
    factory.SetTypeId(m_congestionType);
    m_congestion = factory.Create<RoceCongestionOps>();
    NS_ABORT_MSG_UNLESS(m_congestion, m_congestionType.GetName() << " is not a RoceCongestionOps");
    m_dataTos = (fabriclb::DSCP_DATA << 2) | (m_ecnCapable ? ECN_ECT0 : 0);
    if (m_receiverCreditOn)
    {
        m_receiverCredit = CreateObject<RoceReceiverCredit>();
        m_receiverCredit->SetGrantSender(wire.DataPs() + wire.GapPs(),
                                         MakeCallback(&RoceNic::SendGrant, this));
    }
    m_send.Configure(m_policy,
                     m_recovery,
                     m_congestion,
                     wire.dataWireBytes,
                     wire.dataWireBytes - STACK_OVERHEAD_BYTES,
                     m_dataTos,
                     m_initialRtt,
                     m_receiverCredit);

    m_telemetry = m_congestion->ReadsTelemetry();
    const std::optional<Time> cnpInterval = m_congestion->GetCnpInterval();
    if (cnpInterval)
    {
        m_cnpIntervalPs = cnpInterval->GetPicoSeconds();
    }
    m_port = std::make_unique<RoceNicPort>(m_udp,
                                           m_address,
                                           ports,
                                           portQueues,
                                           wire.dataWireBytes,
                                           wire.ackWireBytes);
    m_send.SetPorts(m_port.get(), nullptr);
    m_lineRateBps = m_port->RateBps();
    SetFlowsPerHost(1);

    m_endPoint = m_udp->Allocate(nullptr, ROCE_UDP_PORT);
    NS_ABORT_MSG_UNLESS(m_endPoint, "UDP port 4791 is already taken on host " << hostIndex);
    m_endPoint->SetRxCallback(MakeCallback(&RoceNic::Receive, this));
}

void
RoceNic::SetLongestPathHops(uint32_t hops)
{
    m_longestPathHops = hops;
    if (m_receiverCredit)
    {
        m_receiverCredit->SizeSpeculativeCredit(MakeCongestionContext(false));
    }
}

void
RoceNic::SetFlowsPerHost(double flowsPerHost)
{
    NS_ABORT_MSG_UNLESS(flowsPerHost > 0, "a host paces at least one flow");
    UsePacingGap(m_wire.PacingGapPs(flowsPerHost));
    // A flow's packet interval: its pacing gap or, unpaced at line rate, its share of
    // the line for one data packet and one ACK, each followed by its gap.
    const double lineSharePs =
        flowsPerHost * static_cast<double>(m_wire.DataPs() + m_wire.AckPs() + 2 * m_wire.GapPs());
    m_policy->SetPacingGap(
        PicoSeconds(m_pacingGapPs > 0 ? m_pacingGapPs : static_cast<uint64_t>(lineSharePs)));
}

void
RoceNic::LimitFlowRate(double share)
{
    NS_ABORT_MSG_UNLESS(share > 0 && share <= 1, "a flow's share of the link lies in (0, 1]");
    const uint64_t gapPs = m_wire.PacingGapPsAtShare(share);
    if (gapPs > m_pacingGapPs)
    {
        UsePacingGap(gapPs);
        m_policy->SetPacingGap(PicoSeconds(gapPs));
    }
}

void
RoceNic::UsePacingGap(uint64_t gapPs)
{
    if (m_port->HasScheduler() && gapPs == m_pacingGapPs)
    {
        return;
    }
    NS_ABORT_MSG_UNLESS(m_send.Empty() && m_receivers.empty(),
                        "a NIC's pacing is set before it sends or receives");
    m_pacingGapPs = gapPs;
    RoceLinkOwner& owner = *this;
    if (gapPs > 0)
    {
        m_port->SetScheduler(std::make_unique<RocePacedScheduler>(owner,
                                                                  m_port->Gap(),
                                                                  gapPs,
                                                                  m_wire.paceJitter,
                                                                  m_rng));
    }
    else
    {
        m_port->SetScheduler(std::make_unique<RoceAlternatingScheduler>(owner, m_port->Gap()));
    }
}

int64_t
RoceNic::AssignStreams(int64_t stream)
{
    m_rng->SetStream(stream);
    return 1;
}

void
RoceNic::SetServerLink(std::shared_ptr<const fabriclb::FabricTopology> topology,
                       uint32_t host,
                       Ptr<Ipv4Route> route)
{
    NS_ABORT_MSG_UNLESS(m_udp, "RoceNic::SetServerLink comes after Setup");
    NS_ABORT_MSG_UNLESS(m_send.Empty() && m_receivers.empty(),
                        "a NIC's server link is set before it sends or receives");
    m_topology = std::move(topology);
    m_host = host;
    m_serverPort = std::make_unique<RoceNicPort>(m_udp,
                                                 m_address,
                                                 std::vector<Ptr<Ipv4Route>>{route},
                                                 std::vector<const EgressPort*>{},
                                                 m_wire.dataWireBytes,
                                                 m_wire.ackWireBytes);
    // Unpaced at the server link's own rate, whatever the fabric's pacing.
    RoceLinkOwner& owner = *this;
    m_serverPort->SetScheduler(
        std::make_unique<RoceAlternatingScheduler>(owner, m_serverPort->Gap()));
    m_send.SetPorts(m_port.get(), m_serverPort.get());
}

void
RoceNic::BypassStack()
{
    NS_ABORT_MSG_UNLESS(m_udp, "RoceNic::BypassStack comes after Setup");
    m_checksums = Node::ChecksumEnabled();
    for (RoceNicPort* port : {m_port.get(), m_serverPort.get()})
    {
        if (port)
        {
            port->BypassStack(m_ipv4->GetRoutingProtocol(), m_sendTtl);
        }
    }
    // A receive side slower than the link, if the attributes ask for one.
    if (RoceReceiveQueue::Wanted())
    {
        m_receiveQueue = CreateObject<RoceReceiveQueue>();
        m_receiveQueue->SetDeliver(MakeCallback(&RoceNic::ReceiveFrame, this));
    }
    const Ptr<Node> node = m_ipv4->GetObject<Node>();
    for (uint32_t i = 0; i < node->GetNDevices(); ++i)
    {
        if (const Ptr<FabricPortDevice> device = DynamicCast<FabricPortDevice>(node->GetDevice(i)))
        {
            device->SetFrameCallback(m_receiveQueue
                                         ? MakeCallback(&RoceReceiveQueue::Receive, m_receiveQueue)
                                         : MakeCallback(&RoceNic::ReceiveFrame, this));
        }
    }
}

void
RoceNic::ObeyPauses()
{
    NS_ABORT_MSG_UNLESS(m_udp, "RoceNic::ObeyPauses comes after Setup");
    for (RoceNicPort* port : {m_port.get(), m_serverPort.get()})
    {
        if (port)
        {
            port->ObeyPauses();
        }
    }
}

uint32_t
RoceNic::GetReceiveQueueFrames() const
{
    return m_receiveQueue ? m_receiveQueue->GetFramesWaiting() : 0;
}

void
RoceNic::ReceiveFrame(Ptr<FabricPortDevice> port, Ptr<Packet> frame)
{
    // What Ipv4L3Protocol::Receive, its local delivery and UdpL4Protocol::Receive do.
    Ipv4Header ip;
    if (m_checksums)
    {
        ip.EnableChecksum();
    }
    frame->RemoveHeader(ip);
    if (!ip.IsChecksumOk())
    {
        NS_LOG_LOGIC("a frame with a bad IPv4 checksum: drop");
        return;
    }
    if (ip.GetDestination() != m_address || ip.GetProtocol() != UdpL4Protocol::PROT_NUMBER)
    {
        // In transit through this host (PXN), or not RoCE (ICMP): the host's IPv4 takes it.
        frame->AddHeader(ip);
        m_ipv4->Receive(port,
                        frame,
                        Ipv4L3Protocol::PROT_NUMBER,
                        port->GetAddress(),
                        port->GetAddress(),
                        NetDevice::PACKET_HOST);
        return;
    }
    if (ip.GetPayloadSize() < frame->GetSize())
    {
        frame->RemoveAtEnd(frame->GetSize() - ip.GetPayloadSize()); // frame padding
    }
    UdpHeader udp;
    if (m_checksums)
    {
        udp.EnableChecksums();
        udp.InitializeChecksum(ip.GetSource(), ip.GetDestination(), UdpL4Protocol::PROT_NUMBER);
    }
    frame->RemoveHeader(udp);
    if (!udp.IsChecksumOk() || udp.GetDestinationPort() != ROCE_UDP_PORT)
    {
        NS_LOG_LOGIC("a frame with a bad UDP checksum or for another port: drop");
        return;
    }
    Receive(frame, ip, udp.GetSourcePort(), nullptr);
}

bool
RoceNic::ViaServerLink(uint32_t destinationHost) const
{
    return m_serverPort && (m_topology->SameServer(m_host, destinationHost) ||
                            m_topology->FabricEntryOf(m_host, destinationHost) != m_host);
}

bool
RoceNic::ViaServerLink(Ipv4Address destination) const
{
    return m_serverPort && ViaServerLink(m_topology->HostFromAddress(destination.Get()));
}

RoceNicPort&
RoceNic::PortOf(bool serverLink)
{
    return serverLink ? *m_serverPort : *m_port;
}

fabriclb::CongestionContext
RoceNic::MakeCongestionContext(bool serverLink) const
{
    fabriclb::CongestionContext context;
    context.lineRateBps = serverLink ? m_serverPort->RateBps() : m_lineRateBps;
    context.slotBytes = m_wire.dataWireBytes + m_wire.gapBytes;
    context.fairGapPs = serverLink ? 0 : m_pacingGapPs;
    context.longestPathHops = m_longestPathHops;
    // One packet's round trip over the longest path, alone.
    context.baseRttPs = fabriclb::ComputeLoneMessageBound(m_wire, 1, m_longestPathHops);
    context.pathBufferPs = m_pathBufferPs;
    return context;
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
    NS_LOG_FUNCTION(this << destination << destinationHost << bytes << messageId);
    NS_ABORT_MSG_IF(bytes == 0, "a message needs at least one byte");
    NS_ABORT_MSG_UNLESS(m_udp, "RoceNic::Setup was not called");
    const bool serverLink = ViaServerLink(destinationHost);
    return m_send.Start(destination,
                        destinationHost,
                        PacketsFor(bytes),
                        messageId,
                        MakeCongestionContext(serverLink),
                        serverLink);
}

RoceRequester&
RoceNic::GetRequester(uint32_t qp)
{
    return m_send.Requester(qp);
}

Time
RoceNic::SendData(uint32_t qp)
{
    return m_send.SendData(qp);
}

void
RoceNic::ArmTimer(uint32_t qp)
{
    m_send.ArmTimer(qp);
}

Time
RoceNic::SendAck(const RocePendingAck& ack)
{
    Ptr<Packet> packet = Create<Packet>(m_wire.ackWireBytes - STACK_OVERHEAD_BYTES);
    packet->AddHeader(ack.header);
    if (!ack.telemetry.empty())
    {
        packet->AddPacketTag(IntTelemetryTag::Echo(ack.telemetry));
    }
    ++m_acksSent;
    return PortOf(ViaServerLink(ack.destination))
        .Send(packet, ack.destination, ack.label, false, CONTROL_TOS);
}

void
RoceNic::Receive(Ptr<Packet> packet,
                 Ipv4Header header,
                 uint16_t sourcePort,
                 Ptr<Ipv4Interface> /* incomingInterface */)
{
    NS_LOG_FUNCTION(this << packet << header.GetSource() << sourcePort);
    RoceHeader roce;
    packet->RemoveHeader(roce);
    IntTelemetryTag telemetry;
    const bool stamped = m_telemetry && packet->PeekPacketTag(telemetry);
    if (roce.opcode == RoceHeader::DATA)
    {
        const bool trimmed = header.GetDscp() == fabriclb::DSCP_TRIMMED;
        ++(trimmed ? m_trimmedReceived : m_dataReceived);
        ReceiveData(roce, header, sourcePort, stamped ? &telemetry.Hops() : nullptr, trimmed);
        return;
    }
    ++m_acksReceived;
    m_send.ReceiveAck(roce, stamped ? &telemetry.Hops() : nullptr);
}

void
RoceNic::ReceiveData(const RoceHeader& data,
                     const Ipv4Header& header,
                     uint16_t sourcePort,
                     const std::vector<fabriclb::HopTelemetry>* telemetry,
                     bool trimmed)
{
    const uint64_t key = (static_cast<uint64_t>(header.GetSource().Get()) << 32) | data.queuePair;
    RoceResponder& receiver = m_receivers[key];
    if (!receiver.recovery)
    {
        receiver.recovery = m_recovery->CreateReceiver(data.messagePackets);
    }
    if (m_receiverCredit)
    {
        if (!receiver.credit)
        {
            receiver.sender = header.GetSource();
            receiver.queuePair = data.queuePair;
            receiver.messageId = data.messageId;
        }
        receiver.senderPort = sourcePort; // its grants answer on the latest label's ACK path
        m_receiverCredit->OnPullTarget(receiver, data.cumulativePsn);
    }
    fabriclb::ReceiveOutcome outcome;
    if (trimmed)
    {
        outcome.reply = receiver.recovery->OnTrimmed(data.psn);
    }
    else
    {
        outcome = receiver.recovery->OnData(data.psn);
    }
    if (outcome.delivered)
    {
        m_packetDeliveredTrace(data.messageId, *outcome.delivered);
    }
    if (outcome.complete)
    {
        receiver.complete = true;
        NS_LOG_LOGIC("message " << data.messageId << " from " << header.GetSource()
                                << " received whole");
        m_messageReceivedTrace(data.messageId, data.queuePair);
    }
    const int64_t nowPs = Simulator::Now().GetPicoSeconds();
    if (m_cnpIntervalPs && header.GetEcn() == Ipv4Header::ECN_CE &&
        (!receiver.lastCnpPs || nowPs - *receiver.lastCnpPs >= *m_cnpIntervalPs))
    {
        receiver.lastCnpPs = nowPs;
        RocePendingAck cnp{header.GetSource(),
                           m_policy->SelectAckLabel(header.GetSource(), sourcePort),
                           RoceHeader(),
                           {}};
        cnp.header.opcode = RoceHeader::CNP;
        cnp.header.queuePair = data.queuePair;
        cnp.header.messageId = data.messageId;
        ++m_cnpsSent;
        QueueAck(receiver, cnp);
    }
    if (outcome.reply.kind == fabriclb::RecoveryReply::NONE)
    {
        return;
    }

    RocePendingAck ack{header.GetSource(),
                       m_policy->SelectAckLabel(header.GetSource(), sourcePort),
                       data,
                       telemetry ? *telemetry : std::vector<fabriclb::HopTelemetry>{}};
    ack.header.opcode = RoceHeader::ACK;
    if (outcome.reply.kind == fabriclb::RecoveryReply::NACK)
    {
        ack.header.opcode = RoceHeader::NACK;
        ++m_nacksSent;
    }
    ack.header.label = sourcePort;
    ack.header.ecnEcho = header.GetEcn() == Ipv4Header::ECN_CE;
    ack.header.hops = std::min<uint32_t>(m_sendTtl - header.GetTtl(), RoceHeader::MAX_HOPS);
    ack.header.cumulativePsn = outcome.reply.cumulativePsn;
    ack.header.sackBitmap = outcome.reply.sackBitmap;
    QueueAck(receiver, ack);
}

void
RoceNic::QueueAck(RoceResponder& receiver, const RocePendingAck& ack)
{
    PortOf(ViaServerLink(ack.destination)).Scheduler().QueueAck(receiver, ack);
}

void
RoceNic::SendGrant(RoceResponder& receiver)
{
    RocePendingAck grant{receiver.sender,
                         m_policy->SelectAckLabel(receiver.sender, receiver.senderPort),
                         RoceHeader(),
                         {}};
    grant.header.opcode = RoceHeader::CREDIT;
    grant.header.queuePair = receiver.queuePair;
    grant.header.messageId = receiver.messageId;
    grant.header.cumulativePsn = receiver.credit->Granted();
    QueueAck(receiver, grant);
}

void
RoceNic::DoDispose()
{
    // The node's UdpL4Protocol frees the end point when it is disposed itself.
    m_endPoint = nullptr;
    m_udp = nullptr;
    if (m_receiveQueue)
    {
        m_receiveQueue->Dispose();
        m_receiveQueue = nullptr;
    }
    m_ipv4 = nullptr;
    m_policy = nullptr;
    m_recovery = nullptr;
    m_congestion = nullptr;
    if (m_receiverCredit)
    {
        m_receiverCredit->Dispose();
        m_receiverCredit = nullptr;
    }
    m_send.Dispose();
    m_port.reset();
    m_serverPort.reset();
    m_rng = nullptr;
    Object::DoDispose();
}

} // namespace ns3
