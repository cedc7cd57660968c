/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "roce-send-side.h"

#include "ns3/abort.h"
#include "ns3/int-telemetry-tag.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

RoceSendSide::RoceSendSide(const RoceSendTraces& traces)
    : NS_LOG_TEMPLATE_DEFINE("RoceNic"),
      m_traces(traces)
{
}

void
RoceSendSide::Configure(Ptr<HostPathPolicy> policy,
                        Ptr<RoceRecoveryOps> recovery,
                        Ptr<RoceCongestionOps> congestion,
                        uint32_t dataWireBytes,
                        uint32_t dataPayloadBytes,
                        uint8_t dataTos,
                        Time initialRtt,
                        Ptr<const RoceReceiverCredit> credit)
{
    m_credit = credit;
    m_policy = policy;
    m_recovery = recovery;
    m_congestion = congestion;
    m_sharedRtt = recovery->SharesRttEstimate();
    m_telemetry = congestion->ReadsTelemetry();
    m_dataWireBytes = dataWireBytes;
    m_dataPayloadBytes = dataPayloadBytes;
    m_dataTos = dataTos;
    m_initialRttPs = initialRtt.GetPicoSeconds();
    m_rtt = fabriclb::RttEstimator(m_initialRttPs);
}

void
RoceSendSide::SetPorts(RoceNicPort* fabric, RoceNicPort* server)
{
    m_port = fabric;
    m_serverPort = server;
}

uint32_t
RoceSendSide::Start(Ipv4Address destination,
                    uint32_t destinationHost,
                    uint32_t packets,
                    uint32_t messageId,
                    const fabriclb::CongestionContext& context,
                    bool serverLink)
{
    const uint32_t qp = m_senders.size();
    m_senders.emplace_back(destination,
                           messageId,
                           m_recovery->CreateSender(packets, context),
                           m_congestion->CreateController(context),
                           m_initialRttPs);
    m_senders.back().serverLink = serverLink;
    if (m_credit)
    {
        m_senders.back().credit.emplace(m_credit->MaxCreditPackets(context));
    }
    ++m_activeQueuePairs;
    m_policy->AddQueuePair(qp, destinationHost);
    m_traces.messageStarted(messageId, qp);
    PortOf(serverLink).Scheduler().Start(qp);
    return qp;
}

Time
RoceSendSide::SendData(uint32_t qp)
{
    RoceRequester& sender = m_senders[qp];
    const int64_t nowPs = Simulator::Now().GetPicoSeconds();
    const fabriclb::SentPacket sent = sender.recovery->Send(nowPs);
    RoceHeader header;
    header.opcode = RoceHeader::DATA;
    header.queuePair = qp;
    header.psn = sent.psn;
    header.messageId = sender.messageId;
    header.messagePackets = sender.recovery->Packets();
    if (sender.credit)
    {
        sender.credit->OnSent();
        const std::optional<double> window = sender.congestion->WindowPackets();
        header.cumulativePsn = sender.credit->PullTarget(sender.recovery->Sendable(),
                                                         window ? &*window : nullptr,
                                                         m_activeQueuePairs);
    }

    Ptr<Packet> packet = Create<Packet>(m_dataPayloadBytes);
    packet->AddHeader(header);
    if (m_telemetry)
    {
        packet->AddPacketTag(IntTelemetryTag());
    }
    const uint16_t label = m_policy->SelectLabel(qp);
    NS_LOG_LOGIC("queue pair " << qp << " sends psn " << sent.psn
                               << (sent.retransmission ? " (retransmission)" : ""));
    if (sent.psn < sender.labelOf.size())
    {
        sender.labelOf[sent.psn] = label;
    }
    else
    {
        sender.labelOf.push_back(label);
    }
    sender.lastSendPs = nowPs;
    sender.congestion->OnSent(nowPs, m_dataWireBytes);
    ++m_dataSent;
    m_retransmissions += sent.retransmission;
    if (sent.retransmission)
    {
        m_traces.retransmission(qp, sent.psn, label);
    }
    return PortOf(sender.serverLink).Send(packet, sender.destination, label, true, m_dataTos);
}

fabriclb::RttEstimator&
RoceSendSide::RttOf(RoceRequester& requester)
{
    return m_sharedRtt ? m_rtt : requester.rtt;
}

void
RoceSendSide::ReceiveAck(const RoceHeader& ack,
                         const std::vector<fabriclb::HopTelemetry>* telemetry)
{
    NS_ABORT_MSG_UNLESS(ack.queuePair < m_senders.size(), "ACK for an unknown queue pair");
    RoceRequester& sender = m_senders[ack.queuePair];
    const int64_t nowPs = Simulator::Now().GetPicoSeconds();
    PathFeedback feedback;
    feedback.queuePair = ack.queuePair;
    if (ack.opcode == RoceHeader::CNP)
    {
        feedback.kind = PathFeedback::CNP;
        m_policy->NotifyFeedback(feedback);
        if (!sender.recovery->Done())
        {
            sender.congestion->OnCnp(nowPs);
            ReportCongestionState(ack.queuePair);
            ArmCongestionTimer(ack.queuePair);
        }
        return;
    }
    if (ack.opcode == RoceHeader::CREDIT)
    {
        if (sender.credit && !sender.recovery->Done())
        {
            sender.credit->OnGrant(ack.cumulativePsn);
            PortOf(sender.serverLink).Scheduler().Requeue(ack.queuePair);
        }
        return;
    }
    if (sender.credit)
    {
        sender.credit->StopSpeculating(); // the receiver has answered
    }
    feedback.kind = ack.opcode == RoceHeader::NACK ? PathFeedback::NACK : PathFeedback::ACK;
    feedback.label = ack.label;
    feedback.ecnMarked = ack.ecnEcho;
    feedback.hops = ack.hops;
    if (sender.recovery->Done())
    {
        m_policy->NotifyFeedback(feedback);
        return;
    }
    fabriclb::AckInfo info;
    info.nack = ack.opcode == RoceHeader::NACK;
    info.psn = ack.psn;
    info.cumulativePsn = ack.cumulativePsn;
    info.sackBitmap = ack.sackBitmap;
    m_lost.clear();
    sender.recovery->OnAck(info, nowPs, RttOf(sender), m_lost);
    if (!info.nack && ack.psn < sender.labelOf.size())
    {
        feedback.rttPs = nowPs - sender.recovery->LastSentPs(ack.psn);
    }
    m_policy->NotifyFeedback(feedback);
    if (feedback.rttPs >= 0)
    {
        m_traces.rttSample(ack.queuePair, PicoSeconds(feedback.rttPs));
        fabriclb::AckFeedback ackFeedback;
        ackFeedback.nowPs = nowPs;
        ackFeedback.delayPs = feedback.rttPs;
        ackFeedback.ecnMarked = ack.ecnEcho;
        ackFeedback.hops = ack.hops;
        ackFeedback.telemetry = telemetry;
        ackFeedback.ackedPsn = ack.psn;
        ackFeedback.nextPsn = static_cast<uint32_t>(sender.labelOf.size());
        sender.congestion->OnAck(ackFeedback);
        ReportCongestionState(ack.queuePair);
    }
    if (sender.recovery->Done())
    {
        sender.timer.Cancel();
        sender.pacer.Cancel();
        sender.congestionTimer.Cancel();
        --m_activeQueuePairs;
        NS_LOG_LOGIC("message " << sender.messageId << " acknowledged whole");
        m_traces.messageAcked(sender.messageId, ack.queuePair);
        return;
    }
    ReportLosses(ack.queuePair, info.nack);
    PortOf(m_senders[ack.queuePair].serverLink).Scheduler().Requeue(ack.queuePair);
    ArmTimer(ack.queuePair); // the RTT sample may bring the deadline forward
}

void
RoceSendSide::ReportLosses(uint32_t qp, bool nacked)
{
    for (uint32_t psn : m_lost)
    {
        ++m_lossesDetected;
        const uint16_t label = m_senders[qp].labelOf[psn];
        NS_LOG_LOGIC("queue pair " << qp << " lost psn " << psn << " (label " << label << ")");
        m_traces.packetLost(qp, psn, label);
        PathFeedback loss;
        loss.kind = PathFeedback::LOSS;
        loss.queuePair = qp;
        loss.label = label;
        m_policy->NotifyFeedback(loss);
    }
    if (!m_lost.empty())
    {
        const int64_t nowPs = Simulator::Now().GetPicoSeconds();
        if (nacked)
        {
            m_senders[qp].congestion->OnNack(nowPs);
        }
        else
        {
            m_senders[qp].congestion->OnLoss(nowPs);
        }
        ReportCongestionState(qp);
    }
}

void
RoceSendSide::ReportCongestionState(uint32_t qp)
{
    if (m_traces.congestionState.IsEmpty())
    {
        return; // no sink: not even the rate is read
    }
    const fabriclb::CongestionController& congestion = *m_senders[qp].congestion;
    m_traces.congestionState(qp, congestion.RateBps(), congestion.WindowPackets().value_or(0));
}

void
RoceSendSide::ArmCongestionTimer(uint32_t qp)
{
    RoceRequester& sender = m_senders[qp];
    const std::optional<int64_t> duePs = sender.congestion->NextTimerPs();
    if (!duePs || (!sender.congestionTimer.IsExpired() && sender.congestionTimerPs <= *duePs))
    {
        return;
    }
    sender.congestionTimer.Cancel();
    sender.congestionTimerPs = *duePs;
    sender.congestionTimer = Simulator::Schedule(
        PicoSeconds(std::max<int64_t>(0, *duePs - Simulator::Now().GetPicoSeconds())),
        &RoceSendSide::CongestionTimeout,
        this,
        qp);
}

void
RoceSendSide::CongestionTimeout(uint32_t qp)
{
    RoceRequester& sender = m_senders[qp];
    if (sender.recovery->Done())
    {
        return;
    }
    sender.congestion->OnTimer(Simulator::Now().GetPicoSeconds());
    ReportCongestionState(qp);
    ArmCongestionTimer(qp);
    PortOf(m_senders[qp].serverLink).Scheduler().Requeue(qp);
}

void
RoceSendSide::ArmTimer(uint32_t qp)
{
    RoceRequester& sender = m_senders[qp];
    if (sender.recovery->Done())
    {
        return;
    }
    const std::optional<int64_t> deadlinePs = sender.recovery->Deadline(RttOf(sender));
    if (!deadlinePs)
    {
        return;
    }
    if (!sender.timer.IsExpired())
    {
        // Keep a timer that fires no later than the deadline; move one that would.
        const int64_t firesPs =
            (Simulator::Now() + Simulator::GetDelayLeft(sender.timer)).GetPicoSeconds();
        if (firesPs <= *deadlinePs)
        {
            return;
        }
        sender.timer.Cancel();
    }
    sender.timer = Simulator::Schedule(
        PicoSeconds(std::max<int64_t>(0, *deadlinePs - Simulator::Now().GetPicoSeconds())),
        &RoceSendSide::Timeout,
        this,
        qp);
}

void
RoceSendSide::Timeout(uint32_t qp)
{
    NS_LOG_FUNCTION(this << qp);
    RoceRequester& sender = m_senders[qp];
    m_lost.clear();
    const bool fired =
        sender.recovery->OnTimer(Simulator::Now().GetPicoSeconds(), RttOf(sender), m_lost);
    m_timeouts += fired;
    if (fired)
    {
        m_traces.timeout(qp, m_lost.size());
        if (sender.credit)
        {
            sender.credit->OnTimeout();
        }
        PathFeedback timeout;
        timeout.kind = PathFeedback::TIMEOUT;
        timeout.queuePair = qp;
        m_policy->NotifyFeedback(timeout);
    }
    ReportLosses(qp, false);
    PortOf(m_senders[qp].serverLink).Scheduler().Requeue(qp);
    ArmTimer(qp);
}

void
RoceSendSide::Dispose()
{
    m_policy = nullptr;
    m_recovery = nullptr;
    m_congestion = nullptr;
    m_credit = nullptr;
    for (RoceRequester& sender : m_senders)
    {
        sender.timer.Cancel();
        sender.pacer.Cancel();
        sender.congestionTimer.Cancel();
    }
    m_port = nullptr;
    m_serverPort = nullptr;
    m_senders.clear();
}

} // namespace ns3
