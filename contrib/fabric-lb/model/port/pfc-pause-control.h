/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_PFC_PAUSE_CONTROL_H
#define FABRIC_LB_PFC_PAUSE_CONTROL_H

#include "class-queues.h"
#include "pfc-pause-header.h"

#include "ns3/data-rate.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/traced-callback.h"

#include <array>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief What a PfcPauseControl does to the port it serves.
 */
class PfcPausedPort
{
  public:
    virtual ~PfcPausedPort() = default;

    /**
     * \param cls a traffic class
     * \param held hold its frames back (paused), or serve them again
     */
    virtual void HoldClass(fabriclb::TrafficClass cls, bool held) = 0;

    /// \param cls a traffic class whose waiting frames the PFC watchdog drops
    virtual void DropWaiting(fabriclb::TrafficClass cls) = 0;

    /// \param pause a PAUSE frame to send ahead of every waiting frame
    virtual void SendPauseFrame(const Ptr<Packet>& pause) = 0;
};

/**
 * \ingroup fabric-lb
 * \brief Priority flow control at one port. Receiving: which classes its peer
 * has paused and until when (PAUSE quanta at the link's rate, or a zero-quanta
 * resume), how long they stayed paused, and the switch-side PFC watchdog (a data
 * class paused for the watchdog's time stops honouring pauses, its frames
 * dropped, until no PAUSE has come for as long again). Sending: the PAUSE frames
 * the port sends its peer, refreshed while a class stays paused (PausePeer).
 */
class PfcPauseControl
{
  public:
    /// What it has counted.
    struct Stats
    {
        uint64_t pauseFramesReceived{0}; //!< PAUSE frames received (resumes included)
        uint64_t pauses{0};              //!< times the data class was paused
        int64_t pausedPs{0};             //!< time the data class was paused, summed
        int64_t longestPausePs{0};       //!< the longest time it stayed paused
        uint64_t watchdogTrips{0};       //!< times the watchdog stopped honouring pauses
    };

    /// The port's traces that it fires: the PFC trace sources of FabricPortDevice.
    struct Traces
    {
        const TracedCallback<uint8_t, uint16_t>& sent;     //!< a PAUSE is sent: priority, quanta
        const TracedCallback<uint8_t, uint16_t>& received; //!< for every class a PAUSE names
        const TracedCallback<uint8_t, Time>& resumed;      //!< a paused class is served again
    };

    /**
     * \param port the port it serves, which outlives it
     * \param framingBytes the framing a frame carries on the port's wire besides its packet
     * \param traces the port's traces, which outlive it
     */
    PfcPauseControl(PfcPausedPort& port, uint32_t framingBytes, Traces traces);

    PfcPauseControl(const PfcPauseControl&) = delete;
    PfcPauseControl& operator=(const PfcPauseControl&) = delete;

    /// \param rate the link's rate, which a quantum's time follows
    void SetRate(DataRate rate)
    {
        m_rate = rate;
    }

    /// \param watchdog the PFC watchdog's time (0: off)
    void SetWatchdog(Time watchdog)
    {
        m_watchdogTime = watchdog;
    }

    /// \return the PFC watchdog's time
    Time GetWatchdog() const
    {
        return m_watchdogTime;
    }

    /// \param frame a PAUSE frame received: pauses or resumes the classes it names
    void Receive(const Ptr<Packet>& frame);

    /**
     * \brief Sends a PAUSE frame for \p cls ahead of every waiting frame (after
     * the one on the wire).
     * \param cls the class the peer is to pause or resume
     * \param quanta the pause time, quanta of 512 bit times (0: resume)
     */
    void SendPause(fabriclb::TrafficClass cls, uint16_t quanta);

    /**
     * \brief Keeps the peer's \p cls paused: a PAUSE of \p quanta now, and again at
     * half its time until ResumePeer.
     * \param cls the class
     * \param quanta the pause time each PAUSE asks for (positive)
     */
    void PausePeer(fabriclb::TrafficClass cls, uint16_t quanta);

    /// \param cls a class PausePeer paused: a resume (zero quanta) now, and no more PAUSEs
    void ResumePeer(fabriclb::TrafficClass cls);

    /// \param cls a class \return whether the watchdog drops its frames now
    bool WatchdogDrops(fabriclb::TrafficClass cls) const
    {
        return m_watchdogTripped && cls == fabriclb::TrafficClass::DATA;
    }

    /// \return what it has counted
    const Stats& GetStats() const
    {
        return m_stats;
    }

    /// Cancels its pending events (the port is disposed).
    void Cancel();

  private:
    /**
     * \param cls a class
     * \param paused pause it (the peer's PAUSE) or resume it (a resume, or its time ran out)
     */
    void SetPaused(fabriclb::TrafficClass cls, bool paused);

    /// The data class has stayed paused for the watchdog's time: it trips.
    void WatchdogCheck();

    /// No PAUSE came for the watchdog's time: pauses are honoured again.
    void WatchdogRestore();

    PfcPausedPort& m_port;                                          //!< the port served
    uint32_t m_framingBytes;                                        //!< the port's framing
    Traces m_traces;                                                //!< the port's
    DataRate m_rate;                                                //!< the link's rate
    std::array<bool, fabriclb::TRAFFIC_CLASS_COUNT> m_paused{};     //!< by class
    std::array<EventId, fabriclb::TRAFFIC_CLASS_COUNT> m_expiry;    //!< by class
    std::array<int64_t, fabriclb::TRAFFIC_CLASS_COUNT> m_sincePs{}; //!< by class
    Time m_watchdogTime;                                            //!< 0: off
    EventId m_watchdogCheck;       //!< pending while the data class is paused
    EventId m_watchdogRestore;     //!< pending while the watchdog has tripped
    bool m_watchdogTripped{false}; //!< pauses of the data class ignored
    std::array<EventId, fabriclb::TRAFFIC_CLASS_COUNT> m_peerPauseRefresh; //!< by class
    Stats m_stats;                                                         //!< counters
};

} // namespace ns3

#endif /* FABRIC_LB_PFC_PAUSE_CONTROL_H */
