/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FABRIC_PORT_DEVICE_H
#define FABRIC_LB_FABRIC_PORT_DEVICE_H

#include "class-queues.h"
#include "ecn-marking.h"
#include "egress-port.h"
#include "pfc-pause-control.h"

#include "ns3/data-rate.h"
#include "ns3/error-model.h"
#include "ns3/event-id.h"
#include "ns3/ipv4-header.h"
#include "ns3/mac48-address.h"
#include "ns3/net-device.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/queue-size.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <array>
#include <deque>
#include <optional>

namespace ns3
{

class FabricChannel;
class SwitchBuffer;

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
 * Priority flow control: SendPause puts a PAUSE frame ahead of every waiting
 * frame; with EnablePfc the port obeys the PAUSE frames it receives
 * (PfcPauseControl holds the paused class after the frame on the wire). On a
 * switch, its SwitchBuffer admits what the port queues and is told what leaves.
 */
class FabricPortDevice : public NetDevice, public EgressPort, private PfcPausedPort
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    FabricPortDevice();

    /// Framing bytes a frame carries on the wire besides its IPv4 packet (PPP's header).
    static constexpr uint32_t FRAMING_BYTES = 2;

    /// What the port has done since it was made.
    struct Stats
    {
        uint64_t packetsAdmitted{0}; //!< packets taken into the buffer
        uint64_t bytesAdmitted{0};   //!< their framed bytes
        uint64_t packetsDropped{0};  //!< packets the full buffer dropped
        uint64_t bytesDropped{0};    //!< their IPv4 bytes
        uint64_t packetsMarked{0};   //!< packets CE-marked on arrival
        uint64_t framesSent{0};      //!< frames put on the wire
        uint64_t framesReceived{0};  //!< frames taken off the wire, whole or lost
        uint64_t framesLost{0};      //!< of those, what the receive error model lost
        uint32_t maxBacklogBytes{0}; //!< the most framed bytes waiting at any instant
        uint64_t pauseFramesSent{0}; //!< PFC PAUSE frames sent (resumes included)
        uint64_t watchdogDrops{0};   //!< data frames the PFC watchdog dropped
    };

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
    void SetSwitchBuffer(SwitchBuffer* buffer);

    /// \param pfc whether the port obeys the PAUSE frames it receives
    void EnablePfc(bool pfc);

    /**
     * \brief Makes the port stamp in-band telemetry (IntTelemetryTag) into the data packets
     * it sends: its backlog, bytes sent, time and rate, as a switch's egress does for HPCC.
     * \param portId an id of this port, unique in the fabric
     */
    void EnableIntTelemetry(uint64_t portId);

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

    /// \param cls a class \return whether the peer has paused it here
    bool IsPaused(fabriclb::TrafficClass cls) const
    {
        return m_queues.IsPaused(cls);
    }

    /// \param callback called whenever a class is paused or resumed here (a NIC's)
    void SetPauseCallback(Callback<void> callback);

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
    void Receive(Ptr<Packet> frame);

    /// What receives frames instead of the node: the port and the frame (an IPv4 packet).
    using FrameCallback = Callback<void, Ptr<FabricPortDevice>, Ptr<Packet>>;

    /// \param callback what receives this port's frames from now on
    void SetFrameCallback(FrameCallback callback);

    /// \param rate the wire's rate
    void SetDataRate(DataRate rate);

    /// \return the wire's rate
    DataRate GetDataRate() const
    {
        return m_rate;
    }

    /// \param gap the idle time after every frame
    void SetInterframeGap(Time gap);

    /// \param errors what decides that a received frame is lost
    void SetReceiveErrorModel(Ptr<ErrorModel> errors);

    /// \param remote the peer's address, given with every frame handed to the node
    void SetRemote(Address remote);

    /// \param maxSize the buffer, in bytes
    void SetMaxSize(QueueSize maxSize);

    /// \return the buffer
    QueueSize GetMaxSize() const;

    /// \param controlFirst serve control frames before data (else in arrival order)
    void SetControlFirst(bool controlFirst);

    /// \return whether control frames go before data
    bool IsControlFirst() const;

    /**
     * TracedCallback signature of a mark.
     * \param packet the packet, its header already marked
     * \param reason the rule that marked it (EcnMarking's THRESHOLD_REASON or RED_REASON)
     */
    typedef void (*MarkTracedCallback)(Ptr<const Packet> packet, const char* reason);

    uint32_t GetPortBacklogBytes() const override;
    uint32_t GetBufferBytes() const override;

    /// \return frames waiting (not the one on the wire)
    uint32_t GetPacketsWaiting() const
    {
        return static_cast<uint32_t>(m_queues.Count());
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
    void SetPfcWatchdog(Time watchdog);

    /// \return the PFC watchdog's time
    Time GetPfcWatchdog() const;

    /**
     * \param end the end of the time averaged over, from 0
     * \return the framed bytes waiting, averaged over [0, end]
     */
    double GetMeanBacklogBytes(Time end) const;

    /**
     * \param stream first stream index
     * \return the number of streams used (RED's draws, with RedMarking)
     */
    int64_t AssignStreams(int64_t stream);

    // NetDevice
    void SetIfIndex(const uint32_t index) override;
    uint32_t GetIfIndex() const override;
    Ptr<Channel> GetChannel() const override;
    void SetAddress(Address address) override;
    Address GetAddress() const override;
    bool SetMtu(const uint16_t mtu) override;
    uint16_t GetMtu() const override;
    bool IsLinkUp() const override;
    void AddLinkChangeCallback(Callback<void> callback) override;
    bool IsBroadcast() const override;
    Address GetBroadcast() const override;
    bool IsMulticast() const override;
    Address GetMulticast(Ipv4Address group) const override;
    Address GetMulticast(Ipv6Address address) const override;
    bool IsPointToPoint() const override;
    bool IsBridge() const override;
    bool Send(Ptr<Packet> packet, const Address& dest, uint16_t protocol) override;
    bool SendFrom(Ptr<Packet> packet,
                  const Address& source,
                  const Address& dest,
                  uint16_t protocol) override;
    Ptr<Node> GetNode() const override;
    void SetNode(Ptr<Node> node) override;
    bool NeedsArp() const override;
    void SetReceiveCallback(NetDevice::ReceiveCallback cb) override;
    void SetPromiscReceiveCallback(NetDevice::PromiscReceiveCallback cb) override;
    bool SupportsSendFrom() const override;

  protected:
    void DoDispose() override;

  private:
    /**
     * \brief Admits an arriving packet, or drops and counts it: the PFC watchdog's
     * drop, then the switch's buffer if it is in charge, else the port's drop-tail.
     * \param ingress the port it came in on, or SwitchBuffer::NO_INGRESS
     * \param cls its class
     * \param ipBytes its IPv4 bytes
     * \param packet the packet, for the traces
     * \return whether it is admitted
     */
    bool Admit(uint32_t ingress,
               fabriclb::TrafficClass cls,
               uint32_t ipBytes,
               const Ptr<Packet>& packet);

    /**
     * \brief Counts a dropped packet and fires the Drop trace.
     * \param ipBytes its IPv4 bytes
     * \param packet the packet
     */
    void CountDrop(uint32_t ipBytes, const Ptr<Packet>& packet);

    /// \param frame a PAUSE frame received
    void ReceivePause(const Ptr<Packet>& frame);

    // PfcPausedPort
    void HoldClass(fabriclb::TrafficClass cls, bool held) override;
    void DropWaiting(fabriclb::TrafficClass cls) override;

    /// \return RED's random variable
    UniformRandomVariable& Rng();

    /// \return whether a packet arriving now is to be CE-marked (RED may draw)
    const char* MarkReason();

    /**
     * \brief Queues an admitted frame, and starts it if the wire is idle.
     * \param cls its class
     * \param frame the frame
     */
    void Queue(fabriclb::TrafficClass cls, const Ptr<Packet>& frame, uint32_t ingress);

    /// Starts the next frame, if one waits and its class is not paused.
    void StartNext();

    /// \param frame the frame to put on the wire now
    void TransmitStart(const Ptr<Packet>& frame);

    /// The wire is free again (after the frame and its gap).
    void TransmitComplete();

    /// Brings the backlog's time integral up to now, just before m_backlogBytes changes.
    void BacklogChanged();

    /// \param bytes a frame's bytes on the wire \return its time at DataRate
    Time TxTime(uint32_t bytes);

    /// A frame size and its time at DataRate.
    struct TxTimeEntry
    {
        uint32_t bytes{0}; //!< frame bytes (0: empty)
        Time time;         //!< their time at DataRate
    };

    Ptr<Node> m_node;                        //!< the port's node
    Ptr<FabricChannel> m_channel;            //!< the link
    uint32_t m_ifIndex{0};                   //!< the device's index on its node
    Mac48Address m_address;                  //!< a MAC address, for the NetDevice API
    Address m_remote;                        //!< the peer's address, reported with received frames
    uint16_t m_mtu{1500};                    //!< MTU
    DataRate m_rate;                         //!< wire rate
    std::array<TxTimeEntry, 2> m_txTimes;    //!< the last two frame sizes' times at m_rate
    Time m_gap;                              //!< inter-frame gap
    Ptr<ErrorModel> m_receiveErrors;         //!< random loss of received frames
    bool m_transmitting{false};              //!< a frame (or its gap) occupies the wire
    Ptr<Packet> m_onWire;                    //!< the frame on the wire
    NetDevice::ReceiveCallback m_rxCallback; //!< the node
    NetDevice::PromiscReceiveCallback m_promiscCallback; //!< the node, promiscuous
    FrameCallback m_frameCallback;                       //!< the forwarder or NIC, if set
    TracedCallback<> m_linkChangeCallbacks;              //!< never fired: the link is always up

    /// A waiting frame and the port it came in on (for the switch's buffer).
    struct QueuedFrame
    {
        Ptr<Packet> frame; //!< the frame
        uint32_t ingress;  //!< its ingress device index, or SwitchBuffer::NO_INGRESS
    };

    fabriclb::ClassQueues<QueuedFrame> m_queues; //!< waiting frames by class
    TracedValue<uint32_t> m_backlogBytes;        //!< framed bytes waiting
    uint32_t m_bufferBytes{0};                   //!< MaxSize, bytes
    bool m_controlFirst{false};                  //!< ControlFirst
    uint32_t m_markThresholdBytes{0};            //!< fixed marking threshold; 0 disables
    bool m_redMarking{false};                    //!< RED marking besides
    uint32_t m_redMinBytes{0};                   //!< Kmin
    uint32_t m_redMaxBytes{0};                   //!< Kmax
    double m_redMaxProbability{0};               //!< Pmax
    Ptr<UniformRandomVariable> m_rng;            //!< RED's draws, made when first needed
    Stats m_stats;                               //!< counters
    double m_backlogByteTime{0};                 //!< integral of the backlog, byte * time step
    int64_t m_lastBacklogChange{0};              //!< when it was last brought up to date
    uint32_t m_lastBacklogBytes{0};              //!< the backlog since then
    SwitchBuffer* m_switchBuffer{nullptr};       //!< the switch's buffer, if it admits
    bool m_pfc{false};                           //!< PAUSE frames obeyed
    std::optional<uint64_t> m_intPortId;         //!< stamps telemetry as this port, if set
    uint64_t m_bytesSent{0};                     //!< framed bytes sent, for the telemetry
    std::deque<Ptr<Packet>> m_pauseFrames;       //!< PAUSE frames to send, ahead of data
    Callback<void> m_pauseCallback;              //!< the NIC's
    std::array<EventId, fabriclb::TRAFFIC_CLASS_COUNT>
        m_peerPauseRefresh; //!< by class, PausePeer's

    TracedCallback<Ptr<const Packet>, uint32_t> m_portBacklogTrace; //!< arrival, backlog before
    TracedCallback<Ptr<const Packet>> m_enqueueTrace;               //!< taken into the buffer
    TracedCallback<Ptr<const Packet>> m_dequeueTrace;               //!< taken to the wire
    TracedCallback<Ptr<const Packet>> m_dropTrace;                  //!< dropped, buffer full
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
    PfcPauseControl m_pauseControl; //!< the pauses the peer asks for (after the traces it fires)
};

} // namespace ns3

#endif /* FABRIC_LB_FABRIC_PORT_DEVICE_H */
