/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_CONTROL_FIRST_QUEUE_H
#define FABRIC_LB_CONTROL_FIRST_QUEUE_H

#include "ns3/packet.h"
#include "ns3/queue.h"

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief A point-to-point device's transmit queue that serves control before data, as a
 * FabricPortDevice with ControlFirst does: each frame is an IPv4 packet behind its PPP header,
 * of the class its DSCP says (ClassOfDscp); control frames (ACKs, NACKs, CNPs, trimmed headers)
 * wait ahead of every data frame, each class first in first out; drop-tail on MaxSize. The
 * transmit queue of a queue-disc port that trims (FabricQueueDisc::EnableTrimming), so that a
 * trimmed header passes the data waiting.
 */
class ControlFirstQueue : public Queue<Packet>
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    bool Enqueue(Ptr<Packet> item) override;
    Ptr<Packet> Dequeue() override;
    Ptr<Packet> Remove() override;
    Ptr<const Packet> Peek() const override;

  private:
    /// \param frame a PPP frame of an IPv4 packet \return whether it is of the control class
    static bool IsControl(const Ptr<Packet>& frame);

    /// \param head what left the queue's head (null: nothing) \return \p head, one control
    /// frame fewer counted at the head if any were there
    Ptr<Packet> HeadLeft(Ptr<Packet> head);

    uint32_t m_controlFrames{0}; //!< control frames waiting, all ahead of the data frames
};

} // namespace ns3

#endif /* FABRIC_LB_CONTROL_FIRST_QUEUE_H */
