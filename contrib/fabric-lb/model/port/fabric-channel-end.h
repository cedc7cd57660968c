/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FABRIC_CHANNEL_END_H
#define FABRIC_LB_FABRIC_CHANNEL_END_H

#include "ns3/mac48-address.h"
#include "ns3/net-device.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/traced-callback.h"

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief A NetDevice at one end of a FabricChannel: what the channel delivers
 * frames to, and the plumbing every such device has (its node, index, MAC
 * address, MTU, the peer's address and the node's receive callbacks).
 *
 * The channel knows its ends by this class only, so that it needs nothing of
 * the port that implements it (FabricPortDevice).
 */
class FabricChannelEnd : public NetDevice
{
  public:
    /// \param frame a frame the channel delivers, handed over
    virtual void Receive(Ptr<Packet> frame) = 0;

    /// \param remote the peer's address, given with every frame handed to the node
    void SetRemote(Address remote);

    // NetDevice
    void SetIfIndex(const uint32_t index) override;

    uint32_t GetIfIndex() const override
    {
        return m_ifIndex;
    }

    void SetAddress(Address address) override;
    Address GetAddress() const override;
    bool SetMtu(const uint16_t mtu) override;
    uint16_t GetMtu() const override;
    void AddLinkChangeCallback(Callback<void> callback) override;
    bool IsBroadcast() const override;
    Address GetBroadcast() const override;
    bool IsMulticast() const override;
    Address GetMulticast(Ipv4Address group) const override;
    Address GetMulticast(Ipv6Address address) const override;
    bool IsPointToPoint() const override;
    bool IsBridge() const override;
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
    /// \param frame a received IPv4 frame, handed to the node's callbacks
    void ForwardUp(const Ptr<Packet>& frame);

    void DoDispose() override;

  private:
    Ptr<Node> m_node;                        //!< the device's node
    uint32_t m_ifIndex{0};                   //!< the device's index on its node
    Mac48Address m_address;                  //!< a MAC address, for the NetDevice API
    Address m_remote;                        //!< the peer's address, reported with received frames
    uint16_t m_mtu{1500};                    //!< MTU
    NetDevice::ReceiveCallback m_rxCallback; //!< the node
    NetDevice::PromiscReceiveCallback m_promiscCallback; //!< the node, promiscuous
    TracedCallback<> m_linkChangeCallbacks;              //!< never fired: the link is always up
};

} // namespace ns3

#endif /* FABRIC_LB_FABRIC_CHANNEL_END_H */
