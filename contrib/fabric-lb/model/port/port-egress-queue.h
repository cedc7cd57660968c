/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_PORT_EGRESS_QUEUE_H
#define FABRIC_LB_PORT_EGRESS_QUEUE_H

#include "class-queues.h"
#include "fabric-port-stats.h"

#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/traced-value.h"

#include <deque>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief A fabric port's waiting frames: PFC PAUSE frames ahead of everything,
 * then one FIFO per traffic class (fabriclb::ClassQueues, a paused class held),
 * and their backlog in framed bytes with its time integral.
 */
class PortEgressQueue
{
  public:
    /// Framing bytes a frame carries on the wire besides its IPv4 packet (PPP's header).
    static constexpr uint32_t FRAMING_BYTES = 2;

    /// A waiting frame and the port it came in on (for the switch's buffer).
    struct QueuedFrame
    {
        Ptr<Packet> frame; //!< the frame
        uint32_t ingress;  //!< its ingress device index, or BufferAdmission::NO_INGRESS
    };

    /**
     * \param backlogBytes the port's backlog, framed bytes (its trace source), which outlives it
     * \param stats the port's counters, which outlive it
     */
    PortEgressQueue(TracedValue<uint32_t>& backlogBytes, FabricPortStats& stats);

    /// \param controlFirst serve control frames before data (else in arrival order)
    void SetControlFirst(bool controlFirst);

    /// \return whether control frames go before data
    bool IsControlFirst() const
    {
        return m_controlFirst;
    }

    /**
     * \param cls the frame's class
     * \param frame an admitted frame, queued at the tail of \p cls
     * \param ingress the port it came in on
     */
    void Push(fabriclb::TrafficClass cls, const Ptr<Packet>& frame, uint32_t ingress);

    /// \param pause a PAUSE frame, queued ahead of every class
    void PushPause(const Ptr<Packet>& pause)
    {
        m_pauseFrames.push_back(pause);
    }

    /**
     * \param[out] pause the first PAUSE frame waiting
     * \return whether one waited
     */
    bool PopPause(Ptr<Packet>& pause);

    /**
     * \brief Takes the next frame of a class that is not paused, as the classes are served.
     * \param[out] cls its class
     * \param[out] queued the frame
     * \param[out] framedBytes its bytes on the wire
     * \return whether one waited
     */
    bool Pop(fabriclb::TrafficClass& cls, QueuedFrame& queued, uint32_t& framedBytes);

    /**
     * \brief Takes every frame of \p cls out, in order (the PFC watchdog's drop).
     * \param cls a class
     * \param each called with each frame and its framed bytes, once they are out
     */
    template <class Each>
    void Drain(fabriclb::TrafficClass cls, Each&& each)
    {
        m_queues.Drain(cls, [this, &each](QueuedFrame& queued) {
            const uint32_t framed = queued.frame->GetSize() + FRAMING_BYTES;
            BacklogChanged();
            m_backlogBytes -= framed;
            each(queued, framed);
        });
    }

    /**
     * \param cls a class
     * \param paused whether \p cls is held (PFC) or served
     */
    void SetPaused(fabriclb::TrafficClass cls, bool paused)
    {
        m_queues.SetPaused(cls, paused);
    }

    /// \param cls a class \return whether it is held
    bool IsPaused(fabriclb::TrafficClass cls) const
    {
        return m_queues.IsPaused(cls);
    }

    /// \return frames waiting in every class (not PAUSE frames)
    std::size_t Count() const
    {
        return m_queues.Count();
    }

    /**
     * \param end the end of the time averaged over, from 0
     * \return the framed bytes waiting, averaged over [0, end]
     */
    double GetMeanBacklogBytes(Time end) const;

    /// Lets go of every waiting frame (the port is disposed).
    void Clear();

  private:
    /// Brings the backlog's time integral up to now, just before the backlog changes.
    void BacklogChanged();

    fabriclb::ClassQueues<QueuedFrame> m_queues; //!< waiting frames by class
    std::deque<Ptr<Packet>> m_pauseFrames;       //!< PAUSE frames to send, ahead of data
    bool m_controlFirst{false};                  //!< ControlFirst
    TracedValue<uint32_t>& m_backlogBytes;       //!< the port's: framed bytes waiting
    FabricPortStats& m_stats;                    //!< the port's
    double m_backlogByteTime{0};                 //!< integral of the backlog, byte * time step
    int64_t m_lastBacklogChange{0};              //!< when it was last brought up to date
    uint32_t m_lastBacklogBytes{0};              //!< the backlog since then
};

} // namespace ns3

#endif /* FABRIC_LB_PORT_EGRESS_QUEUE_H */
