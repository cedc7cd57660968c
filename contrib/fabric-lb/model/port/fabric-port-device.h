/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FABRIC_PORT_DEVICE_H
#define FABRIC_LB_FABRIC_PORT_DEVICE_H

#include "buffer-admission.h"
#include "class-queues.h"
#include "ecn-marking.h"
#include "egress-port.h"
#include "fabric-channel-end.h"
#include "fabric-port-stats.h"
#include "int-telemetry-tag.h"
#include "pfc-pause-control.h"
#include "port-admission.h"
#include "port-egress-queue.h"

#include "ns3/data-rate.h"
#include "ns3/error-model.h"
#include "ns3/ipv4-header.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/queue-size.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <array>

namespace ns3
{

class FabricChannel;

/**
 * \ingroup fabric-lb
 * \brief One end of a fabric link, a switch port or a host NIC's port: its
 * egress buffer, one FIFO per traffic class that the device serves itself, and
 * the wire.
 *
 * The buffer is drop-tail in bytes with the marking rules of FabricQueueDisc
 * (MarkThreshold, then RED), on the backlog a packet arrives to: every frame
 * waiting (not the one on the wire), each counted with its 2-byte PPP header as
 * PointToPointNetDevice's transmit queue counts it, while the packet itself is
 * admitted if its IPv4 bytes fit, as FabricQueueDisc admits it. Frames go on
 * the wire as on PointToPointNetDevice: DataRate times the frame with its PPP
 * header, then InterframeGap, with the same events, so the two ports give the
 * same results to the bit. A frame is an IPv4 packet (the PPP header is counted,
 * not built); pcap traces are raw IPv4 (FabricPortHelper).
 *
 * Packets reach it two ways: NetDevice::Send (a host's or switch's IPv4 stack,
 * the packet with its IPv4 header) or SendFrame (a forwarder or a NIC that
 * bypasses the stack, the IPv4 header apart, written once the marking is
 * decided). Received frames go to the frame callback if one is set (a
 * forwarder or a NIC), else to the node as NetDevice's receive callback.
 *
 * Classes come from the IPv4 DSCP (ClassOfDscp); with ClassService
 * "arrival-order" (the default, and the queue disc's behaviour) they are served
 * as one FIFO, with "control-first" control frames go before data.
 *
 * Packet trimming (EnableTrimming, a switch port's): a data packet the buffer would drop,
 * or one arriving above the trimming threshold, is cut to its IPv4 header and the first
 * bytes of its payload and queued in the control class with DSCP_TRIMMED; the port then
 * serves control first, so the header passes the data waiting.
 *
 * Priority flow control: SendPause puts a PAUSE frame ahead of every waiting
 * frame; with EnablePfc the port obeys the PAUSE frames it receives
 * (PfcPauseControl holds the paused class after the frame on the wire). On a
 * switch, its SwitchBuffer admits what the port queues and is told what leaves.
 *
 * The device puts frames on the wire and takes them off; its parts do the rest:
 * PortAdmission (the buffer and ECN), PortEgressQueue (the classes' queues and
 * the backlog), PfcPauseControl (PFC and its watchdog), IntPortStamper (INT).
 */
class FabricPortDevice final : public FabricChannelEnd, public EgressPort, private PfcPausedPort
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    FabricPortDevice();

    /// Framing bytes a frame carries on the wire besides its IPv4 packet (PPP's header).
    static constexpr uint32_t FRAMING_BYTES = PortEgressQueue::FRAMING_BYTES;

    /// What the port has done since it was made.
    using Stats = FabricPortStats;

    /// \param channel the link this port sends on and receives from
    void Attach(Ptr<FabricChannel> channel);

    /**
     * \brief The fast path: queues \p payload (a transport packet) under \p header,
     * which the port writes after its marking decision.
     * \param payload the IPv4 payload, handed over
     * \param header its IPv4 header, CE-marked here if the port marks it
     * \return whether the buffer took it
     */
    bool SendFrame(const Ptr<Packet>& payload, Ipv4Header& header);

    /**
     * \brief A switch's forwarding: as SendFrame, the frame charged to the ingress
     * port it came in on in the switch's buffer, if the port has one (SwitchBuffer).
     * \param payload the IPv4 payload, handed over
     * \param header its IPv4 header
     * \param ingress the device index of the port it came in on
     * \return whether the buffer took it
     */
    bool SendFrame(const Ptr<Packet>& payload, Ipv4Header& header, uint32_t ingress);

    /**
     * \brief Puts the switch's shared buffer in charge of this port's admissions
     * (its MaxSize is then the buffer's business).
     * \param buffer the switch's buffer, which outlives the port's traffic
     */
    void SetSwitchBuffer(BufferAdmission* buffer)
    {
        m_admission.SetSwitchBuffer(buffer);
    }

    /// \param pfc whether the port obeys the PAUSE frames it receives
    void EnablePfc(bool pfc)
    {
        m_pfc = pfc;
    }

    /**
     * \brief Makes the port stamp in-band telemetry (IntTelemetryTag) into the data packets
     * it sends: its backlog, bytes sent, time and rate, as a switch's egress does for HPCC.
     * \param portId an id of this port, unique in the fabric
     */
    void EnableIntTelemetry(uint64_t portId)
    {
        m_int.Enable(portId);
    }

    /**
     * \brief Makes the port trim the data packets it would drop, and those arriving above the
     * threshold, and serve control first (a switch port's: NDP, EQDS, UET).
     * \param trimming what a trimmed packet keeps, and the threshold
     */
    void EnableTrimming(const fabriclb::PacketTrimming& trimming)
    {
        m_admission.SetTrimming(trimming);
        m_queue.SetControlFirst(true);
    }

    /// \return whether the port obeys PAUSE frames
    bool IsPfcEnabled() const
    {
        return m_pfc;
    }

    /**
     * \brief Sends a PFC PAUSE frame for \p cls ahead of every waiting frame (after
     * the one on the wire).
     * \param cls the class the peer is to pause or resume
     * \param quanta the pause time, quanta of 512 bit times (0: resume)
     */
    void SendPause(fabriclb::TrafficClass cls, uint16_t quanta)
    {
        m_pauseControl.SendPause(cls, quanta);
    }

    /**
     * \brief Keeps the peer's \p cls paused: a PAUSE of \p quanta now, and again at
     * half its time until ResumePeer.
     * \param cls the class
     * \param quanta the pause time each PAUSE asks for (positive)
     */
    void PausePeer(fabriclb::TrafficClass cls, uint16_t quanta)
    {
        m_pauseControl.PausePeer(cls, quanta);
    }

    /// \param cls a class PausePeer paused: a resume (zero quanta) now, and no more PAUSEs
    void ResumePeer(fabriclb::TrafficClass cls)
    {
        m_pauseControl.ResumePeer(cls);
    }

    /// \param cls a class \return whether the peer has paused it here
    bool IsPaused(fabriclb::TrafficClass cls) const
    {
        return m_queue.IsPaused(cls);
    }

    /// \param callback called whenever a class is paused or resumed here (a NIC's)
    void SetPauseCallback(Callback<void> callback)
    {
        m_pauseCallback = callback;
    }

    /**
     * TracedCallback signature of a PAUSE frame.
     * \param priority the 802.1p priority paused or resumed
     * \param quanta the pause time, quanta (0: resume)
     */
    typedef void (*PauseTracedCallback)(uint8_t priority, uint16_t quanta);

    /**
     * TracedCallback signature of a resume.
     * \param priority the 802.1p priority resumed
     * \param paused how long it was paused
     */
    typedef void (*ResumeTracedCallback)(uint8_t priority, Time paused);

    /// \param frame a frame the channel delivers, handed over
    void Receive(Ptr<Packet> frame) override;

    /// What receives frames instead of the node: the port and the frame (an IPv4 packet).
    using FrameCallback = Callback<void, Ptr<FabricPortDevice>, Ptr<Packet>>;

    /// \param callback what receives this port's frames from now on
    void SetFrameCallback(FrameCallback callback)
    {
        m_frameCallback = callback;
    }

    /// \param rate the wire's rate
    void SetDataRate(DataRate rate);

    /// \return the wire's rate
    DataRate GetDataRate() const
    {
        return m_rate;
    }

    /// \param gap the idle time after every frame
    void SetInterframeGap(Time gap)
    {
        m_gap = gap;
    }

    /// \param errors what decides that a received frame is lost
    void SetReceiveErrorModel(Ptr<ErrorModel> errors)
    {
        m_receiveErrors = errors;
    }

    /// \param maxSize the buffer, in bytes
    void SetMaxSize(QueueSize maxSize);

    /// \return the buffer
    QueueSize GetMaxSize() const;

    /// \param controlFirst serve control frames before data (else in arrival order)
    void SetControlFirst(bool controlFirst)
    {
        m_queue.SetControlFirst(controlFirst);
    }

    /// \return whether control frames go before data
    bool IsControlFirst() const
    {
        return m_queue.IsControlFirst();
    }

    /**
     * TracedCallback signature of a mark.
     * \param packet the packet, its header already marked
     * \param reason the rule that marked it (EcnMarking's THRESHOLD_REASON or RED_REASON)
     */
    typedef void (*MarkTracedCallback)(Ptr<const Packet> packet, const char* reason);

    uint32_t GetPortBacklogBytes() const override
    {
        return m_backlogBytes;
    }

    uint32_t GetBufferBytes() const override
    {
        return m_admission.GetBufferBytes();
    }

    /// \return frames waiting (not the one on the wire)
    uint32_t GetPacketsWaiting() const
    {
        return static_cast<uint32_t>(m_queue.Count());
    }

    /// \return what the port has done
    const Stats& GetStats() const
    {
        return m_stats;
    }

    /// \return the pauses its peer asked for, and the PFC watchdog's trips
    const PfcPauseControl::Stats& GetPauseStats() const
    {
        return m_pauseControl.GetStats();
    }

    /// \param watchdog the PFC watchdog's time (0: off)
    void SetPfcWatchdog(Time watchdog)
    {
        m_pauseControl.SetWatchdog(watchdog);
    }

    /// \return the PFC watchdog's time
    Time GetPfcWatchdog() const
    {
        return m_pauseControl.GetWatchdog();
    }

    /**
     * \param end the end of the time averaged over, from 0
     * \return the framed bytes waiting, averaged over [0, end]
     */
    double GetMeanBacklogBytes(Time end) const
    {
        return m_queue.GetMeanBacklogBytes(end);
    }

    /**
     * \param stream first stream index
     * \return the number of streams used (RED's draws, with RedMarking)
     */
    int64_t AssignStreams(int64_t stream);

    // NetDevice
    Ptr<Channel> GetChannel() const override;
    bool IsLinkUp() const override;
    bool Send(Ptr<Packet> packet, const Address& dest, uint16_t protocol) override;

  protected:
    void DoDispose() override;

  private:
    /**
     * \brief Admits an arriving packet, trims it, or drops and counts it: the PFC watchdog's
     * drop (or trim), then PortAdmission's.
     * \param ingress the port it came in on, or BufferAdmission::NO_INGRESS
     * \param cls its class
     * \param ipBytes its IPv4 bytes
     * \param packet the packet, for the traces
     * \return what becomes of it
     */
    PortAdmission::Verdict Admit(uint32_t ingress,
                                 fabriclb::TrafficClass cls,
                                 uint32_t ipBytes,
                                 const Ptr<Packet>& packet);

    /**
     * \brief Trims a packet Admit trimmed, counts it and queues it in the control class.
     * \param payload its IPv4 payload, cut here
     * \param header its IPv4 header, rewritten here
     * \param ingress the port it came in on
     */
    void QueueTrimmed(const Ptr<Packet>& payload, Ipv4Header& header, uint32_t ingress);

    /// \return the marking rule of the port's attributes
    fabriclb::EcnMarking Marking() const
    {
        return {m_markThresholdBytes,
                m_redMarking,
                m_redMinBytes,
                m_redMaxBytes,
                m_redMaxProbability};
    }

    // PfcPausedPort
    void HoldClass(fabriclb::TrafficClass cls, bool held) override;
    void DropWaiting(fabriclb::TrafficClass cls) override;
    void SendPauseFrame(const Ptr<Packet>& pause) override;

    /**
     * \brief Queues an admitted frame, and starts it if the wire is idle.
     * \param cls its class
     * \param frame the frame
     * \param ingress the port it came in on
     */
    void Queue(fabriclb::TrafficClass cls, const Ptr<Packet>& frame, uint32_t ingress);

    /// Starts the next frame, if one waits and its class is not paused.
    void StartNext();

    /// \param frame the frame to put on the wire now
    void TransmitStart(const Ptr<Packet>& frame);

    /// The wire is free again (after the frame and its gap).
    void TransmitComplete();

    /// \param bytes a frame's bytes on the wire \return its time at DataRate
    Time TxTime(uint32_t bytes);

    /// A frame size and its time at DataRate.
    struct TxTimeEntry
    {
        uint32_t bytes{0}; //!< frame bytes (0: empty)
        Time time;         //!< their time at DataRate
    };

    Ptr<FabricChannel> m_channel;         //!< the link
    DataRate m_rate;                      //!< wire rate
    std::array<TxTimeEntry, 2> m_txTimes; //!< the last two frame sizes' times at m_rate
    Time m_gap;                           //!< inter-frame gap
    Ptr<ErrorModel> m_receiveErrors;      //!< random loss of received frames
    bool m_transmitting{false};           //!< a frame (or its gap) occupies the wire
    Ptr<Packet> m_onWire;                 //!< the frame on the wire
    FrameCallback m_frameCallback;        //!< the forwarder or NIC, if set
    TracedValue<uint32_t> m_backlogBytes; //!< framed bytes waiting
    uint32_t m_markThresholdBytes{0};     //!< fixed marking threshold; 0 disables
    bool m_redMarking{false};             //!< RED marking besides
    uint32_t m_redMinBytes{0};            //!< Kmin
    uint32_t m_redMaxBytes{0};            //!< Kmax
    double m_redMaxProbability{0};        //!< Pmax
    Stats m_stats;                        //!< counters
    bool m_pfc{false};                    //!< PAUSE frames obeyed
    IntPortStamper m_int;                 //!< INT stamping, if enabled
    Callback<void> m_pauseCallback;       //!< the NIC's

    TracedCallback<Ptr<const Packet>, uint32_t> m_portBacklogTrace; //!< arrival, backlog before
    TracedCallback<Ptr<const Packet>> m_enqueueTrace;               //!< taken into the buffer
    TracedCallback<Ptr<const Packet>> m_dequeueTrace;               //!< taken to the wire
    TracedCallback<Ptr<const Packet>> m_dropTrace;                  //!< dropped, buffer full
    TracedCallback<Ptr<const Packet>> m_trimTrace;                  //!< trimmed, as queued
    TracedCallback<Ptr<const Packet>, const char*> m_markTrace;     //!< CE-marked, and why
    TracedCallback<Ptr<const Packet>> m_macTxDropTrace;             //!< refused by Send
    TracedCallback<Ptr<const Packet>> m_macRxTrace;                 //!< handed up
    TracedCallback<Ptr<const Packet>> m_phyTxBeginTrace;            //!< frame starts
    TracedCallback<Ptr<const Packet>> m_phyTxEndTrace;              //!< frame and gap done
    TracedCallback<Ptr<const Packet>> m_phyRxEndTrace;              //!< frame received whole
    TracedCallback<Ptr<const Packet>> m_phyRxDropTrace;             //!< frame lost on the link
    TracedCallback<Ptr<const Packet>> m_promiscSnifferTrace;        //!< every frame, both ways
    TracedCallback<uint8_t, uint16_t> m_pauseSentTrace;             //!< PAUSE sent
    TracedCallback<uint8_t, uint16_t> m_pauseReceivedTrace;         //!< PAUSE received
    TracedCallback<uint8_t, Time> m_resumeTrace;                    //!< a paused class resumes
    PortAdmission m_admission;      //!< the buffer and ECN (after the traces it fires)
    PortEgressQueue m_queue;        //!< the waiting frames by class
    PfcPauseControl m_pauseControl; //!< PFC both ways (after the traces it fires)
};

} // namespace ns3

#endif /* FABRIC_LB_FABRIC_PORT_DEVICE_H */
