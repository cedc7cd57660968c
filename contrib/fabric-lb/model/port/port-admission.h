/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_PORT_ADMISSION_H
#define FABRIC_LB_PORT_ADMISSION_H

#include "buffer-admission.h"
#include "class-queues.h"
#include "ecn-marking.h"
#include "fabric-port-stats.h"
#include "packet-trimming.h"

#include "ns3/ipv4-header.h"
#include "ns3/packet.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traced-callback.h"

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief A fabric port's admission and ECN marking: what a packet arriving at
 * the port meets before it is queued. The port's drop-tail in bytes, or its
 * switch's shared buffer if one is in charge; then the marking rule
 * (fabriclb::EcnMarking) on the backlog the packet arrives to. A port that trims
 * (fabriclb::PacketTrimming) admits a data packet it would drop, or one arriving above its
 * trimming threshold, as its trimmed header in the control class, if that has room.
 */
class PortAdmission
{
  public:
    /// What becomes of an arriving packet.
    enum class Verdict : uint8_t
    {
        ADMITTED, //!< queued in its class
        TRIMMED,  //!< its trimmed header is queued in the control class
        DROPPED   //!< dropped, and counted
    };

    /// The port's traces that it fires: FabricPortDevice's trace sources of the same names.
    struct Traces
    {
        const TracedCallback<Ptr<const Packet>, uint32_t>& portBacklog; //!< PortBacklog
        const TracedCallback<Ptr<const Packet>>& drop;                  //!< Drop
        const TracedCallback<Ptr<const Packet>, const char*>& mark;     //!< Mark
    };

    /**
     * \param stats the port's counters, which outlive it
     * \param traces the port's traces, which outlive it
     */
    PortAdmission(FabricPortStats& stats, Traces traces);

    /// \param bytes the port's own buffer (drop-tail), bytes
    void SetBufferBytes(uint32_t bytes)
    {
        m_bufferBytes = bytes;
    }

    /// \return the port's own buffer, bytes
    uint32_t GetBufferBytes() const
    {
        return m_bufferBytes;
    }

    /// \param buffer the switch's buffer, which then admits instead of the port's drop-tail
    void SetSwitchBuffer(BufferAdmission* buffer)
    {
        m_switchBuffer = buffer;
    }

    /// \param trimming the port's packet trimming (a switch port's)
    void SetTrimming(const fabriclb::PacketTrimming& trimming)
    {
        m_trimming = trimming;
    }

    /// \return the port's packet trimming
    const fabriclb::PacketTrimming& GetTrimming() const
    {
        return m_trimming;
    }

    /**
     * \brief Admits an arriving packet, trims it, or drops and counts it: the switch's
     * buffer if it is in charge, else the port's drop-tail.
     * \param ingress the port it came in on, or BufferAdmission::NO_INGRESS
     * \param egress this port's device index
     * \param cls its class
     * \param ipBytes its IPv4 bytes
     * \param framingBytes the framing it carries on the wire besides
     * \param backlog the port's framed bytes waiting
     * \param packet the packet, for the traces
     * \return what becomes of it
     */
    Verdict Admit(uint32_t ingress,
                  uint32_t egress,
                  fabriclb::TrafficClass cls,
                  uint32_t ipBytes,
                  uint32_t framingBytes,
                  uint32_t backlog,
                  const Ptr<Packet>& packet);

    /**
     * \brief Admits the trimmed header of an arriving data packet to the control class, or
     * drops and counts the packet (a data packet the port does not take: trimmed, not dropped).
     * \param ingress as Admit's
     * \param egress as Admit's
     * \param ipBytes the packet's IPv4 bytes, whole
     * \param framingBytes as Admit's
     * \param backlog as Admit's
     * \param packet as Admit's
     * \return TRIMMED or DROPPED
     */
    Verdict AdmitTrimmed(uint32_t ingress,
                         uint32_t egress,
                         uint32_t ipBytes,
                         uint32_t framingBytes,
                         uint32_t backlog,
                         const Ptr<Packet>& packet);

    /**
     * \brief A frame that Admit took leaves the port (by the wire or the PFC watchdog).
     * \param ingress as admitted
     * \param egress as admitted
     * \param cls as admitted
     * \param framedBytes its bytes on the wire
     */
    void Release(uint32_t ingress,
                 uint32_t egress,
                 fabriclb::TrafficClass cls,
                 uint32_t framedBytes)
    {
        if (m_switchBuffer)
        {
            m_switchBuffer->Release(ingress, egress, cls, framedBytes);
        }
    }

    /**
     * \brief Counts a dropped packet and fires the Drop trace.
     * \param ipBytes its IPv4 bytes
     * \param packet the packet
     */
    void CountDrop(uint32_t ipBytes, const Ptr<Packet>& packet);

    /**
     * \brief Decides whether an admitted packet is CE-marked (RED may draw).
     * \param rule the port's marking rule
     * \param backlog the port's framed bytes waiting
     * \param header the packet's IPv4 header: only an ECN-capable one is marked
     * \return why it is to be marked (EcnMarking's reasons), or null
     */
    const char* MarkReason(const fabriclb::EcnMarking& rule,
                           uint32_t backlog,
                           const Ipv4Header& header);

    /**
     * \brief Counts a CE-marked packet and fires the Mark trace.
     * \param packet the packet, its header marked
     * \param reason why
     */
    void CountMark(const Ptr<Packet>& packet, const char* reason);

    /**
     * \param stream first stream index
     * \return the number of streams used (RED's draws)
     */
    int64_t AssignStreams(int64_t stream);

    /// Lets go of the switch's buffer and the random variable (the port is disposed).
    void Dispose();

  private:
    /**
     * \param ingress as Admit's
     * \param egress as Admit's
     * \param cls as Admit's
     * \param ipBytes as Admit's
     * \param framingBytes as Admit's
     * \param backlog as Admit's
     * \return whether the switch's buffer or the drop-tail takes the frame (the buffer
     * counts its drop); at a drop-tail port that trims, control frames may fill the trimming's
     * header room beyond the buffer
     */
    bool Fits(uint32_t ingress,
              uint32_t egress,
              fabriclb::TrafficClass cls,
              uint32_t ipBytes,
              uint32_t framingBytes,
              uint32_t backlog)
    {
        if (!m_switchBuffer)
        {
            // At a port that trims, control packets (trimmed headers, ACKs, NACKs) also have
            // the header room beyond the buffer, as in uet-htsim's queue of their own.
            return backlog + ipBytes <=
                   (m_trimming.enabled && cls == fabriclb::TrafficClass::CONTROL
                        ? m_trimming.HeaderLimitBytes(m_bufferBytes)
                        : m_bufferBytes);
        }
        using BufferVerdict = fabriclb::BufferAccounting::Verdict;
        const BufferVerdict verdict =
            m_switchBuffer->Admit(ingress, egress, cls, ipBytes + framingBytes, 0);
        return verdict == BufferVerdict::ADMITTED || verdict == BufferVerdict::HEADROOM;
    }

    /**
     * \brief Admit of a data packet at a port that trims.
     * \param ingress as Admit's
     * \param egress as Admit's
     * \param ipBytes as Admit's
     * \param framingBytes as Admit's
     * \param backlog as Admit's
     * \param packet as Admit's
     * \return what becomes of it
     */
    Verdict AdmitOrTrim(uint32_t ingress,
                        uint32_t egress,
                        uint32_t ipBytes,
                        uint32_t framingBytes,
                        uint32_t backlog,
                        const Ptr<Packet>& packet);

    /// \return RED's random variable, made when first needed
    UniformRandomVariable& Rng();

    FabricPortStats& m_stats;                 //!< the port's
    Traces m_traces;                          //!< the port's
    uint32_t m_bufferBytes{0};                //!< the port's own buffer
    BufferAdmission* m_switchBuffer{nullptr}; //!< the switch's buffer, if it admits
    fabriclb::PacketTrimming m_trimming;      //!< the port's trimming, if it trims
    Ptr<UniformRandomVariable> m_rng;         //!< RED's draws
};

} // namespace ns3

#endif /* FABRIC_LB_PORT_ADMISSION_H */
