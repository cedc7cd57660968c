/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FABRIC_CHANNEL_H
#define FABRIC_LB_FABRIC_CHANNEL_H

#include "ns3/channel.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"

#include <array>

namespace ns3
{

class FabricChannelEnd;

/**
 * \ingroup fabric-lb
 * \brief A full-duplex link between two FabricChannelEnds (FabricPortDevices): what one end starts
 * to send reaches the other a transmission time and the link's Delay later, as
 * on ns-3's PointToPointChannel.
 */
class FabricChannel : public Channel
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// \param device one of the link's two ends, in order
    void Attach(Ptr<FabricChannelEnd> device);

    /**
     * \brief Puts \p frame on the link: the peer of \p source receives it
     * \p txTime plus the link's delay from now.
     * \param frame the frame, handed over to the peer
     * \param source the sending end
     * \param txTime the frame's transmission time
     */
    virtual void TransmitStart(const Ptr<Packet>& frame,
                               const FabricChannelEnd* source,
                               Time txTime);

    /// \return the link's propagation delay
    Time GetDelay() const
    {
        return m_delay;
    }

    std::size_t GetNDevices() const override;
    Ptr<NetDevice> GetDevice(std::size_t i) const override;

  protected:
    /// \param source one end \return the other
    FabricChannelEnd* PeerOf(const FabricChannelEnd* source) const;

    /// \param source one end \return the other's node id, the context of its receptions
    uint32_t PeerContextOf(const FabricChannelEnd* source) const;

    void DoDispose() override;

  private:
    Time m_delay;                                //!< propagation delay
    std::array<Ptr<FabricChannelEnd>, 2> m_ends; //!< the two devices
    std::array<uint32_t, 2> m_contexts{};        //!< their nodes' ids
    std::size_t m_attached{0};                   //!< how many are attached
};

#ifdef NS3_MPI
/**
 * \ingroup fabric-lb
 * \brief A FabricChannel whose ends live on two MPI ranks: the frame travels as
 * an MPI message, received at the peer by the MpiReceiver aggregated to it.
 */
class FabricRemoteChannel : public FabricChannel
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    void TransmitStart(const Ptr<Packet>& frame,
                       const FabricChannelEnd* source,
                       Time txTime) override;
};
#endif

} // namespace ns3

#endif /* FABRIC_LB_FABRIC_CHANNEL_H */
