/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_HOST_PATH_POLICY_H
#define FABRIC_LB_HOST_PATH_POLICY_H

#include "ns3/object.h"
#include "ns3/random-variable-stream.h"

#include <vector>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief Load balancing at a host: the path label (UDP source port) of each
 * data packet a queue pair sends.
 *
 * The transport tells the policy about queue pairs, ACKs and losses, and asks
 * it for a label per data packet; it knows nothing else of the transport.
 */
class HostPathPolicy : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * \brief A queue pair starts.
     * \param queuePair its number, dense from 0 on this host
     * \param destinationHost the host it sends to
     */
    virtual void AddQueuePair(uint32_t queuePair, uint32_t destinationHost) = 0;

    /**
     * \param queuePair the sending queue pair
     * \return the label for its next data packet
     */
    virtual uint16_t SelectLabel(uint32_t queuePair) = 0;

    /**
     * \brief An ACK came back.
     * \param queuePair the queue pair it acknowledges
     * \param label the label the acknowledged packet used
     * \param ecnMarked whether that packet was CE-marked
     */
    virtual void NotifyAck(uint32_t queuePair, uint16_t label, bool ecnMarked);

    /**
     * \brief A packet was declared lost.
     * \param queuePair its queue pair
     * \param label the label it used
     */
    virtual void NotifyLoss(uint32_t queuePair, uint16_t label);

    /**
     * \param stream first stream index to use
     * \return the number of streams used
     */
    virtual int64_t AssignStreams(int64_t stream);

    /// Smallest label a policy draws (below are well-known ports).
    static constexpr uint16_t MIN_LABEL = 1024;
};

/**
 * \ingroup fabric-lb
 * \brief One random label per queue pair, kept for its whole life (the host
 * side of ECMP, and of every switch-side scheme).
 */
class FixedLabelPathPolicy : public HostPathPolicy
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    FixedLabelPathPolicy();

    void AddQueuePair(uint32_t queuePair, uint32_t destinationHost) override;
    uint16_t SelectLabel(uint32_t queuePair) override;
    int64_t AssignStreams(int64_t stream) override;

  private:
    Ptr<UniformRandomVariable> m_labelSource; //!< draws labels
    std::vector<uint16_t> m_labels;           //!< label of each queue pair
};

} // namespace ns3

#endif /* FABRIC_LB_HOST_PATH_POLICY_H */
