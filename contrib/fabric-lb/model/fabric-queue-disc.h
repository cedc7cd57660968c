/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FABRIC_QUEUE_DISC_H
#define FABRIC_LB_FABRIC_QUEUE_DISC_H

#include "ns3/packet.h"
#include "ns3/queue-disc.h"
#include "ns3/queue.h"

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief A port's egress buffer: drop-tail in bytes, with optional ECN
 * marking above a fixed occupancy (the study's marking rule).
 *
 * The port's backlog is what waits in this queue disc plus what waits in the
 * device's transmit queue (SetDeviceQueue). A packet that arrives to a backlog
 * of at least MarkThreshold bytes is CE-marked (if its sender is ECN-capable);
 * a packet that would push the backlog past MaxSize is dropped. FatTreeHelper
 * gives the device a byte queue that never fills, so packets pass straight
 * through to it and the device never has to wake the queue disc.
 */
class FabricQueueDisc : public QueueDisc
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

    /// \return bytes waiting at the port: this queue disc's and the device queue's
    uint32_t GetPortBacklogBytes() const;

    /// Reason string of the drops this queue disc makes when full.
    static constexpr const char* LIMIT_EXCEEDED_DROP = "Buffer full";
    /// Reason string of the marks this queue disc makes.
    static constexpr const char* THRESHOLD_MARK = "Above marking threshold";

  private:
    bool DoEnqueue(Ptr<QueueDiscItem> item) override;
    Ptr<QueueDiscItem> DoDequeue() override;
    bool CheckConfig() override;
    void InitializeParams() override;

    void DoDispose() override;

    uint32_t m_markThresholdBytes;    //!< marking threshold; 0 disables marking
    Ptr<Queue<Packet>> m_deviceQueue; //!< the device's transmit queue, if set
};

} // namespace ns3

#endif /* FABRIC_LB_FABRIC_QUEUE_DISC_H */
