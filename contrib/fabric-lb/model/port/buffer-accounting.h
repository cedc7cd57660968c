/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_BUFFER_ACCOUNTING_H
#define FABRIC_LB_BUFFER_ACCOUNTING_H

#include "class-queues.h"

#include <cstdint>
#include <vector>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * How a switch's buffer is divided among its ports.
 */
enum class BufferSharing : uint8_t
{
    STATIC, //!< every port its own bytes (portBytes), as a per-port drop-tail buffer
    DYNAMIC //!< one buffer of the switch's, each queue up to alpha times what is free
};

/**
 * \ingroup fabric-lb
 * \brief The bytes of PFC headroom an ingress port needs so that nothing the
 * upstream sends after the pause decision is lost: the frame that crosses the
 * threshold, the frame the port's own egress may be serialising when the PAUSE
 * is queued, the PAUSE itself, the link's delay out and back at its rate, and the
 * frame the upstream is serialising when the PAUSE arrives:
 * 2 R d + 3 F + P, rounded up.
 * \param rateBps the link's rate, bit/s
 * \param delayPs its propagation delay, ps
 * \param largestFrameBytes the largest frame it carries, framing included (F)
 * \param pauseFrameBytes a PAUSE frame's bytes on the wire (P)
 * \return the headroom, bytes
 */
uint64_t HeadroomBytes(uint64_t rateBps,
                       uint64_t delayPs,
                       uint32_t largestFrameBytes,
                       uint32_t pauseFrameBytes);

/**
 * \ingroup fabric-lb
 * \brief A switch buffer's settings (SwitchBuffer's attributes, resolved).
 */
struct BufferSettings
{
    BufferSharing sharing{BufferSharing::STATIC}; //!< how the buffer is divided
    uint64_t bufferBytes{0};                      //!< DYNAMIC: the switch's buffer
    uint32_t portBytes{0};                        //!< STATIC: each port's buffer
    double alpha{0.125};                          //!< DYNAMIC: a queue's share of the free buffer
    bool lossless{false};                         //!< PFC on the data class
    uint32_t xoffBytes{0};         //!< PFC: pause above this; 0: the sharing's limit less headroom
    uint32_t xonBytes{0};          //!< PFC: resume at or below this; 0: XOFF less two frames
    uint32_t largestFrameBytes{0}; //!< the largest frame, framing included
    std::vector<uint32_t> headroomBytes; //!< PFC: by port (0 for a port that is not a link)

    /**
     * \brief Refuses settings that cannot work.
     * \throws std::invalid_argument naming the problem: alpha not positive, headroom
     * below one frame, XON not below XOFF, a buffer smaller than its ports' headroom
     */
    void Validate() const;
};

/**
 * \ingroup fabric-lb
 * \brief A switch's buffer accounting: what each ingress port holds (PFC's view,
 * with its headroom and XOFF state) and what each egress queue holds (the lossy
 * classes' view), under static or dynamic sharing.
 *
 * The data class is lossless when PFC is on: its bytes are admitted by the
 * ingress port they came in on, first into the shared part up to the XOFF
 * threshold, then into that port's headroom, which a pause has been asked for
 * by then; only a headroom overflow drops (a setting that allows it). The
 * control class, and every class without PFC, is admitted by its egress queue:
 * the port's bytes under static sharing, alpha times the free buffer under
 * dynamic sharing (Choudhury and Hahne's dynamic threshold).
 *
 * A released frame gives back headroom first, then shared bytes; an ingress port
 * in XOFF resumes once its headroom is empty and its shared bytes are at or
 * below XON. Bytes are a frame's on the wire (framing included).
 *
 * A port that trims (PacketTrimming) offers a data frame with its trimmed size: refused,
 * the frame's trimmed header takes its place in the control class's egress queue, lossy.
 */
class BufferAccounting
{
  public:
    /// What became of an arriving frame.
    enum class Verdict : uint8_t
    {
        ADMITTED, //!< taken into the shared part (or the egress queue)
        HEADROOM, //!< taken into its ingress port's headroom
        TRIMMED,  //!< refused, its trimmed header taken into the control class's egress queue
        DROPPED,  //!< dropped: a lossy class's queue is full
        OVERFLOW  //!< dropped: a lossless class's headroom is full
    };

    /// An admission's result.
    struct Admission
    {
        Verdict verdict{Verdict::ADMITTED}; //!< what became of the frame
        bool pause{false}; //!< the ingress port has just gone into XOFF: send a PAUSE
    };

    /// What the buffer has done since it was made.
    struct Stats
    {
        uint64_t maxSharedBytes{0};   //!< the most bytes held outside headroom at any instant
        uint32_t maxHeadroomBytes{0}; //!< the most headroom any ingress port used
        uint64_t overflows{0};        //!< frames a full headroom dropped
        uint64_t drops{0};            //!< frames a full lossy queue dropped
        uint64_t xoffs{0};            //!< times an ingress port went into XOFF
    };

    /**
     * \param ports the switch's port indices are 0 .. ports-1
     * \param settings the buffer, validated
     */
    BufferAccounting(uint32_t ports, BufferSettings settings);

    /**
     * \param ingress the port the frame came in on (ports: none, the switch's own)
     * \param egress the port it leaves by
     * \param cls its class
     * \param bytes its bytes
     * \param trimmedBytes if positive, the bytes of the frame trimmed (a port that trims,
     * PacketTrimming): refused, it is admitted so to the control class if that has room
     * (TRIMMED, no drop counted), else dropped
     * \return what became of it
     */
    Admission Admit(uint32_t ingress,
                    uint32_t egress,
                    TrafficClass cls,
                    uint32_t bytes,
                    uint32_t trimmedBytes = 0);

    /**
     * \brief A frame Admit took leaves the buffer.
     * \param ingress as admitted
     * \param egress as admitted
     * \param cls as admitted
     * \param bytes as admitted
     * \return whether \p ingress has just left XOFF: send a resume
     */
    bool Release(uint32_t ingress, uint32_t egress, TrafficClass cls, uint32_t bytes);

    /// \param port an ingress port \return whether it is in XOFF
    bool IsXoff(uint32_t port) const
    {
        return m_ingress[port].xoff;
    }

    /// \param port an ingress port \return its XOFF threshold now, bytes in the shared part
    uint64_t XoffThreshold(uint32_t port) const;

    /// \param port an ingress port \return its XON threshold now
    uint64_t XonThreshold(uint32_t port) const;

    /// \param port an ingress port \return lossless bytes it holds outside headroom
    uint64_t SharedBytes(uint32_t port) const
    {
        return m_ingress[port].sharedBytes;
    }

    /// \param port an ingress port \return headroom bytes it holds
    uint32_t HeadroomUsed(uint32_t port) const
    {
        return m_ingress[port].headroomBytes;
    }

    /**
     * \param ingress an ingress port
     * \param egress an egress port
     * \return lossless bytes that came in on \p ingress and wait at \p egress
     */
    uint64_t HeldBytes(uint32_t ingress, uint32_t egress) const
    {
        return m_held[ingress * m_ports + egress];
    }

    /// \return the switch's buffer, bytes: its ports' under static sharing, headroom within
    uint64_t BufferBytes() const
    {
        return m_settings.bufferBytes;
    }

    /// \return bytes held in every queue and headroom
    uint64_t TotalBytes() const
    {
        return m_usedBytes + m_headroomTotal;
    }

    /// \return what the buffer has done
    const Stats& GetStats() const
    {
        return m_stats;
    }

  private:
    /// An ingress port's lossless bytes.
    struct Ingress
    {
        uint64_t sharedBytes{0};   //!< outside headroom
        uint32_t headroomBytes{0}; //!< in headroom
        bool xoff{false};          //!< paused its upstream
    };

    /// \return bytes free for queues to share (DYNAMIC)
    uint64_t FreeBytes() const;

    /**
     * \param egress the queue's port
     * \param cls its class
     * \param bytes an arriving frame
     * \return whether the queue takes it (lossy admission)
     */
    bool EgressFits(uint32_t egress, TrafficClass cls, uint32_t bytes) const;

    /**
     * \brief Charges a frame to an egress queue (lossy admission).
     * \param egress the queue's port
     * \param cls its class
     * \param bytes the frame's
     */
    void TakeEgress(uint32_t egress, TrafficClass cls, uint32_t bytes);

    /**
     * \brief A frame is refused: its trimmed header is taken into \p egress's control queue
     * if it has room, else the refusal is counted.
     * \param egress the frame's port
     * \param refusal DROPPED or OVERFLOW
     * \param trimmedBytes the trimmed header's bytes (0: the frame is not trimmed)
     * \return TRIMMED, or \p refusal
     */
    Verdict Refuse(uint32_t egress, Verdict refusal, uint32_t trimmedBytes);

    /// \param port a port \param cls a class \return the egress queue's index
    uint32_t QueueIndex(uint32_t port, TrafficClass cls) const
    {
        return port * TRAFFIC_CLASS_COUNT + static_cast<uint32_t>(cls);
    }

    uint32_t m_ports;                    //!< port count
    BufferSettings m_settings;           //!< settings
    uint64_t m_poolBytes{0};             //!< DYNAMIC: the buffer less every port's headroom
    std::vector<Ingress> m_ingress;      //!< by ingress port
    std::vector<uint64_t> m_egressBytes; //!< lossy admission: by egress queue (QueueIndex)
    std::vector<uint64_t> m_held;        //!< lossless bytes by (ingress, egress)
    uint64_t m_usedBytes{0};             //!< bytes held outside headroom
    uint64_t m_headroomTotal{0};         //!< bytes held in headroom
    Stats m_stats;                       //!< counters
};

/**
 * \ingroup fabric-lb
 * \brief Finds a cycle in a directed graph: a deadlock of ports each paused by
 * the next.
 * \param successors by vertex, the vertices it points at
 * \return a cycle's vertices in order, starting at its smallest vertex; empty if none
 */
std::vector<uint32_t> FindCycle(const std::vector<std::vector<uint32_t>>& successors);

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_BUFFER_ACCOUNTING_H */
