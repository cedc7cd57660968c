/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FABRIC_QUEUE_DISC_H
#define FABRIC_LB_FABRIC_QUEUE_DISC_H

#include "ecn-marking.h"
#include "egress-port.h"
#include "int-telemetry-tag.h"
#include "packet-trimming.h"

#include "ns3/data-rate.h"
#include "ns3/ipv4-queue-disc-item.h"
#include "ns3/packet.h"
#include "ns3/queue-disc.h"
#include "ns3/queue.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traced-callback.h"

#include <deque>
#include <utility>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief A port's egress buffer: drop-tail in bytes, with optional ECN
 * marking above a fixed occupancy (the study's marking rule) or RED-style
 * (DCQCN's).
 *
 * The port's backlog is what waits in this queue disc plus what waits in the
 * device's transmit queue (SetDeviceQueue). A packet that would push the
 * backlog past MaxSize is dropped. Marking has two rules on one ECN bit: a
 * packet that arrives to a backlog of at least MarkThreshold bytes (a load
 * balancer's threshold: REPS, PLB) is CE-marked (if its sender is
 * ECN-capable); otherwise, with RedMarking (a congestion control's: DCQCN), a
 * packet arriving to a backlog q is marked with probability 0 below
 * RedMinBytes (Kmin), RedMaxProbability (Pmax) times (q - Kmin) / (Kmax - Kmin)
 * from Kmin to RedMaxBytes (Kmax), and 1 above Kmax, on the instantaneous
 * backlog as DCQCN's switches do; the draw comes from a stream AssignStreams
 * sets. The Mark trace's reason says which rule marked. FabricHelper
 * gives the device a byte queue that never fills, so packets pass straight
 * through to it and the device never has to wake the queue disc.
 *
 * A queue disc that trims (EnableTrimming, a switch port's) hands its device, in place of a
 * data packet it would drop or one arriving above the trimming threshold, a new item: the
 * packet cut to its IPv4 header and the first bytes of its payload, its DSCP DSCP_TRIMMED, a
 * control-class packet. The packet is queued whole and leaves trimmed, so that QueueDisc's
 * books (received, enqueued, dequeued) hold what arrived. The device's queue should then
 * serve control first (ControlFirstQueue, which FabricLinkHelper installs), so that the
 * header passes the data waiting.
 */
class FabricQueueDisc : public QueueDisc, public EgressPort
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    FabricQueueDisc();

    /**
     * \param queue the transmit queue of the device this queue disc feeds; its
     * bytes count towards the backlog that drops and marks are decided on
     */
    void SetDeviceQueue(Ptr<Queue<Packet>> queue);

    /**
     * \brief Makes the queue disc stamp in-band telemetry (IntTelemetryTag) into the data
     * packets it hands its device: the port's backlog, bytes handed on, time and rate (the
     * fabric port, FabricPortDevice::EnableIntTelemetry, stamps as a frame starts on the wire).
     * \param rate the device's rate
     * \param portId an id of this port, unique in the fabric
     */
    void EnableIntTelemetry(DataRate rate, uint64_t portId);

    /**
     * \brief Makes the queue disc trim the data packets it would drop, and those arriving above
     * the threshold (a switch port's: NDP, EQDS, UET).
     * \param trimming what a trimmed packet keeps, and the threshold
     */
    void EnableTrimming(const fabriclb::PacketTrimming& trimming)
    {
        m_trimming = trimming;
    }

    /// \return data packets trimmed
    uint64_t GetPacketsTrimmed() const
    {
        return m_packetsTrimmed;
    }

    /// \return the payload bytes trimming cut off them
    uint64_t GetBytesTrimmed() const
    {
        return m_bytesTrimmed;
    }

    /// \return bytes waiting at the port: this queue disc's and the device queue's
    uint32_t GetPortBacklogBytes() const override;

    /// \return the port's buffer, MaxSize in bytes
    uint32_t GetBufferBytes() const override;

    /**
     * \param stream first stream index
     * \return the number of streams used: 1 with RedMarking (its draws), else 0
     */
    int64_t AssignStreams(int64_t stream);

    /**
     * TracedCallback signature of a packet's arrival at the port.
     * \param item the packet
     * \param backlogBytes the bytes waiting at the port before it
     */
    typedef void (*PortBacklogTracedCallback)(Ptr<const QueueDiscItem> item, uint32_t backlogBytes);

    /// Reason string of the drops this queue disc makes when full.
    static constexpr const char* LIMIT_EXCEEDED_DROP = "Buffer full";
    /// Reason string of the marks this queue disc makes.
    static constexpr const char* THRESHOLD_MARK = fabriclb::EcnMarking::THRESHOLD_REASON;
    /// Reason string of the marks this queue disc makes with RedMarking.
    static constexpr const char* RED_MARK = fabriclb::EcnMarking::RED_REASON;

  private:
    bool DoEnqueue(Ptr<QueueDiscItem> item) override;
    Ptr<QueueDiscItem> DoDequeue() override;
    bool CheckConfig() override;
    void InitializeParams() override;

    void DoDispose() override;

    /// \return why a packet arriving to \p backlog bytes is marked (a reason string), or null
    const char* MarkReason(uint32_t backlog);

    /**
     * \brief Queues \p item to leave trimmed, if its trimmed header fits, else drops it.
     * \param item a data packet that is to be trimmed
     * \param backlog the port's bytes waiting before it
     * \return whether it is queued
     */
    bool EnqueueTrimmed(const Ptr<Ipv4QueueDiscItem>& item, uint32_t backlog);

    TracedCallback<Ptr<const QueueDiscItem>, uint32_t> m_portBacklogTrace; //!< every arrival
    TracedCallback<Ptr<const QueueDiscItem>> m_trimTrace; //!< a trim: the item that leaves
    uint32_t m_markThresholdBytes{};                      //!< marking threshold; 0 disables marking
    bool m_redMarking{};                                  //!< mark RED-style instead
    uint32_t m_redMinBytes{};                             //!< Kmin
    uint32_t m_redMaxBytes{};                             //!< Kmax
    double m_redMaxProbability{};                         //!< Pmax
    Ptr<UniformRandomVariable> m_rng;                     //!< RED draws, with RedMarking
    Ptr<Queue<Packet>> m_deviceQueue;                     //!< the device's transmit queue, if set
    IntPortStamper m_int;                                 //!< INT stamping, if enabled
    double m_intRateBps{0};                               //!< the device's rate, for the telemetry
    fabriclb::PacketTrimming m_trimming;                  //!< the port's trimming, if it trims
    /// packets queued whole that leave trimmed, in order: each and its trimmed item
    std::deque<std::pair<Ptr<QueueDiscItem>, Ptr<QueueDiscItem>>> m_pendingTrims;
    uint64_t m_packetsTrimmed{0}; //!< data packets trimmed
    uint64_t m_bytesTrimmed{0};   //!< payload bytes trimming cut off
};

} // namespace ns3

#endif /* FABRIC_LB_FABRIC_QUEUE_DISC_H */
