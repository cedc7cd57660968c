/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_ROCE_RECEIVE_QUEUE_H
#define FABRIC_LB_ROCE_RECEIVE_QUEUE_H

#include "ns3/data-rate.h"
#include "ns3/fabric-port-device.h"
#include "ns3/object.h"
#include "ns3/packet.h"

#include <deque>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief A NIC's receive side when it is slower than its link (PCIe, host
 * memory): frames wait here and are taken at Rate. With Pause (and PFC) the NIC
 * pauses its switch's data class once XoffBytes wait and resumes it at XonBytes,
 * as a RoCE NIC's receive buffer does; without it the queue is unbounded.
 *
 * A NIC has one only when Rate is set (RoceNic::BypassStack): by default it takes
 * frames at line rate and never pauses its switch.
 */
class RoceReceiveQueue : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// \return whether the attributes' defaults ask for a receive queue (Rate set)
    static bool Wanted();

    /// \param deliver what takes each frame once the NIC has taken it in
    void SetDeliver(FabricPortDevice::FrameCallback deliver);

    /**
     * \brief A frame arrives from the link.
     * \param port the host's port
     * \param frame the frame
     */
    void Receive(Ptr<FabricPortDevice> port, Ptr<Packet> frame);

    /// \return frames waiting to be taken in
    uint32_t GetFramesWaiting() const
    {
        return static_cast<uint32_t>(m_frames.size());
    }

  protected:
    void DoDispose() override;

  private:
    /// Takes the head frame in once its time at Rate has passed.
    void TakeNext();

    /// A waiting frame.
    struct Waiting
    {
        Ptr<FabricPortDevice> port; //!< the port it came in on
        Ptr<Packet> frame;          //!< the frame
    };

    DataRate m_rate;                           //!< Rate
    bool m_pause{false};                       //!< Pause
    uint32_t m_xoffBytes{0};                   //!< XoffBytes
    uint32_t m_xonBytes{0};                    //!< XonBytes
    FabricPortDevice::FrameCallback m_deliver; //!< the NIC
    std::deque<Waiting> m_frames;              //!< waiting, in order
    uint64_t m_bytes{0};                       //!< their bytes
    bool m_busy{false};                        //!< a frame is being taken in
    bool m_xoff{false};                        //!< the switch is paused
    Ptr<FabricPortDevice> m_pausedPort;        //!< the port the PAUSE went out of
};

} // namespace ns3

#endif /* FABRIC_LB_ROCE_RECEIVE_QUEUE_H */
