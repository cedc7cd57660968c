/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_HOST_PATH_POLICY_H
#define FABRIC_LB_HOST_PATH_POLICY_H

#include "ns3/fabric-topology.h"
#include "ns3/ipv4-address.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traced-callback.h"
#include "ns3/uniform-index.h"

#include <memory>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief One event a host's transport reports to its path policy.
 */
struct PathFeedback
{
    /// What happened.
    enum Kind : uint8_t
    {
        ACK,    //!< an ACK of a data packet arrived
        NACK,   //!< a NACK arrived: a gap before the data packet that drew it (go-back-N),
                //!< or that packet's trimmed header (rud)
        CNP,    //!< a congestion notification packet arrived (DCQCN)
        LOSS,   //!< the recovery declared a data packet lost
        TIMEOUT //!< a retransmission timeout fired (its losses follow as LOSS)
    };

    Kind kind{ACK};        //!< the event
    uint32_t queuePair{0}; //!< the queue pair it concerns
    /// ACK, NACK, LOSS: the label of the data packet concerned (a NACK's: the packet
    /// that drew it, which arrived whole under go-back-N, trimmed under rud); CNP, TIMEOUT: 0
    uint16_t label{0};
    bool ecnMarked{false}; //!< ACK, NACK: that data packet arrived CE-marked
    int64_t rttPs{-1};     //!< ACK: the round trip from its last sending (-1: none)
    uint32_t hops{0};      //!< ACK, NACK: switches the data packet crossed
};

/**
 * \ingroup fabric-lb
 * \brief Load balancing at a host: the path label (UDP source port) of each
 * packet a queue pair sends.
 *
 * The transport tells the policy about queue pairs and, one PathFeedback
 * record per event, ACKs, NACKs, CNPs, losses and timeouts, and asks it for a
 * label per data packet (and per ACK); it knows nothing else of the transport. Every random draw
 * comes from the policy's own ns-3 stream.
 */
class HostPathPolicy : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    HostPathPolicy();

    /**
     * \brief Called once, when the fabric is wired.
     * \param topology the fabric's coordinates
     * \param host this host's index
     */
    virtual void Setup(std::shared_ptr<const fabriclb::FabricTopology> topology, uint32_t host);

    /**
     * \brief A queue pair starts.
     * \param queuePair its number, dense from 0 on this host
     * \param destinationHost the host it sends to
     */
    virtual void AddQueuePair(uint32_t queuePair, uint32_t destinationHost) = 0;

    /**
     * \brief Choose the path of a queue pair's next data packet (fires PathChosen).
     * \param queuePair the sending queue pair
     * \return the label for its next data packet
     */
    uint16_t SelectLabel(uint32_t queuePair);

    /**
     * \param dataSender the host whose data packet is being acknowledged
     * \param dataLabel the label that data packet used
     * \return the label of the ACK (by default the data packet's label)
     */
    virtual uint16_t SelectAckLabel(Ipv4Address dataSender, uint16_t dataLabel);

    /**
     * \brief The transport reports an event (default: ignored).
     * \param feedback what happened, to which queue pair and label
     */
    virtual void NotifyFeedback(const PathFeedback& feedback);

    /**
     * \brief The interval at which each of the host's flows sends a packet: its
     * pacing gap, or its share of the line when the NIC does not pace.
     * \param gap the interval
     */
    virtual void SetPacingGap(Time gap);

    /**
     * \brief The links the fabric has converged on as down; policies that name
     * paths (host DR) stop using paths through them. Default: ignored.
     * \param down by link id, true if down
     */
    virtual void SetKnownFailures(std::shared_ptr<const fabriclb::LinkStates> down);

    /**
     * \param stream first stream index to use
     * \return the number of streams used
     */
    int64_t AssignStreams(int64_t stream);

    /// Smallest label a policy draws (below are well-known ports).
    static constexpr uint16_t MIN_LABEL = 1024;

    /**
     * TracedCallback signature of a host's path choice.
     * \param queuePair the sending queue pair
     * \param label the label (UDP source port) its data packet carries
     */
    typedef void (*PathChosenTracedCallback)(uint32_t queuePair, uint16_t label);

  protected:
    void DoDispose() override;

    /**
     * \brief The policy's choice of SelectLabel.
     * \param queuePair the sending queue pair
     * \return the label for its next data packet
     */
    virtual uint16_t DoSelectLabel(uint32_t queuePair) = 0;

    /**
     * \brief Aborts unless queue pairs are added in order.
     * \param queuePair the queue pair being added
     * \param added how many the policy has so far
     */
    static void ExpectNextQueuePair(uint32_t queuePair, size_t added);

    /// \return a uniformly random label in [MIN_LABEL, 65535]
    uint16_t RandomLabel();

    std::shared_ptr<const fabriclb::FabricTopology> m_topology; //!< fabric coordinates
    Ptr<UniformRandomVariable> m_rng;                           //!< this host's stream
    fabriclb::UniformIndex m_draw;                              //!< uniform integers from m_rng

  private:
    TracedCallback<uint32_t, uint16_t> m_pathChosenTrace; //!< each data packet's label
};

} // namespace ns3

#endif /* FABRIC_LB_HOST_PATH_POLICY_H */
