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

bool
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
    const bool full = m_switchBuffer
                          ? m_switchBuffer->Admit(ingress, egress, cls, ipBytes + framingBytes) >=
                                fabriclb::BufferAccounting::Verdict::DROPPED
                          : backlog + ipBytes > m_bufferBytes;
    if (full)
    {
        CountDrop(ipBytes, packet);
        return false;
    }
    return true;
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
