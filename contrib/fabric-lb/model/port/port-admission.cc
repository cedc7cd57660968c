/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "port-admission.h"

namespace ns3
{

PortAdmission::PortAdmission(FabricPortStats& stats, Traces traces)
    : m_stats(stats),
      m_traces(traces)
{
}

PortAdmission::Verdict
PortAdmission::Admit(uint32_t ingress,
                     uint32_t egress,
                     fabriclb::TrafficClass cls,
                     uint32_t ipBytes,
                     uint32_t framingBytes,
                     uint32_t backlog,
                     const Ptr<Packet>& packet)
{
    if (!m_traces.portBacklog.IsEmpty())
    {
        m_traces.portBacklog(packet, backlog);
    }
    if (m_trimming.enabled && cls == fabriclb::TrafficClass::DATA)
    {
        return AdmitOrTrim(ingress, egress, ipBytes, framingBytes, backlog, packet);
    }
    if (Fits(ingress, egress, cls, ipBytes, framingBytes, backlog))
    {
        return Verdict::ADMITTED;
    }
    CountDrop(ipBytes, packet);
    return Verdict::DROPPED;
}

PortAdmission::Verdict
PortAdmission::AdmitOrTrim(uint32_t ingress,
                           uint32_t egress,
                           uint32_t ipBytes,
                           uint32_t framingBytes,
                           uint32_t backlog,
                           const Ptr<Packet>& packet)
{
    if (m_trimming.TrimsAt(backlog))
    {
        return AdmitTrimmed(ingress, egress, ipBytes, framingBytes, backlog, packet);
    }
    if (!m_switchBuffer)
    {
        return Fits(ingress, egress, fabriclb::TrafficClass::DATA, ipBytes, framingBytes, backlog)
                   ? Verdict::ADMITTED
                   : AdmitTrimmed(ingress, egress, ipBytes, framingBytes, backlog, packet);
    }
    // The buffer takes the packet, or else its trimmed header, and counts a drop of neither.
    using BufferVerdict = fabriclb::BufferAccounting::Verdict;
    switch (m_switchBuffer->Admit(ingress,
                                  egress,
                                  fabriclb::TrafficClass::DATA,
                                  ipBytes + framingBytes,
                                  m_trimming.TrimmedBytes(ipBytes) + framingBytes))
    {
    case BufferVerdict::ADMITTED:
    case BufferVerdict::HEADROOM:
        return Verdict::ADMITTED;
    case BufferVerdict::TRIMMED:
        return Verdict::TRIMMED;
    default:
        CountDrop(ipBytes, packet);
        return Verdict::DROPPED;
    }
}

PortAdmission::Verdict
PortAdmission::AdmitTrimmed(uint32_t ingress,
                            uint32_t egress,
                            uint32_t ipBytes,
                            uint32_t framingBytes,
                            uint32_t backlog,
                            const Ptr<Packet>& packet)
{
    if (Fits(ingress,
             egress,
             fabriclb::TrafficClass::CONTROL,
             m_trimming.TrimmedBytes(ipBytes),
             framingBytes,
             backlog))
    {
        return Verdict::TRIMMED;
    }
    CountDrop(ipBytes, packet);
    return Verdict::DROPPED;
}

void
PortAdmission::CountDrop(uint32_t ipBytes, const Ptr<Packet>& packet)
{
    ++m_stats.packetsDropped;
    m_stats.bytesDropped += ipBytes;
    if (!m_traces.drop.IsEmpty())
    {
        m_traces.drop(packet);
    }
}

const char*
PortAdmission::MarkReason(const fabriclb::EcnMarking& rule,
                          uint32_t backlog,
                          const Ipv4Header& header)
{
    const char* reason = rule.Reason(backlog, [this]() { return Rng().GetValue(); });
    return reason && header.GetEcn() != Ipv4Header::ECN_NotECT ? reason : nullptr;
}

void
PortAdmission::CountMark(const Ptr<Packet>& packet, const char* reason)
{
    ++m_stats.packetsMarked;
    if (!m_traces.mark.IsEmpty())
    {
        m_traces.mark(packet, reason);
    }
}

UniformRandomVariable&
PortAdmission::Rng()
{
    // Made when first needed, so that a port without RED takes no stream.
    if (!m_rng)
    {
        m_rng = CreateObject<UniformRandomVariable>();
    }
    return *m_rng;
}

int64_t
PortAdmission::AssignStreams(int64_t stream)
{
    Rng().SetStream(stream);
    return 1;
}

void
PortAdmission::Dispose()
{
    m_switchBuffer = nullptr;
    m_rng = nullptr;
}

} // namespace ns3
