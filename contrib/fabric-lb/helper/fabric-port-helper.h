/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FABRIC_PORT_HELPER_H
#define FABRIC_LB_FABRIC_PORT_HELPER_H

#include "ns3/fabric-port-device.h"
#include "ns3/net-device-container.h"
#include "ns3/node.h"
#include "ns3/object-factory.h"
#include "ns3/trace-helper.h"

#include <string>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief Builds fabric links, two FabricPortDevices on a FabricChannel (a
 * FabricRemoteChannel between MPI ranks), as PointToPointHelper builds
 * point-to-point links, and gives their pcap (raw IPv4) and ascii traces.
 */
class FabricPortHelper : public PcapHelperForDevice, public AsciiTraceHelperForDevice
{
  public:
    FabricPortHelper();

    /**
     * \param name an attribute of FabricPortDevice
     * \param value its value on every device made from now on
     */
    void SetDeviceAttribute(const std::string& name, const AttributeValue& value);

    /**
     * \param name an attribute of FabricChannel
     * \param value its value on every link made from now on
     */
    void SetChannelAttribute(const std::string& name, const AttributeValue& value);

    /**
     * \brief Links \p a and \p b: a device on each, their channel.
     * \param a one node
     * \param b the other
     * \return the devices, a's then b's
     */
    NetDeviceContainer Install(Ptr<Node> a, Ptr<Node> b);

  private:
    void EnablePcapInternal(std::string prefix,
                            Ptr<NetDevice> nd,
                            bool promiscuous,
                            bool explicitFilename) override;
    void EnableAsciiInternal(Ptr<OutputStreamWrapper> stream,
                             std::string prefix,
                             Ptr<NetDevice> nd,
                             bool explicitFilename) override;

    ObjectFactory m_deviceFactory;  //!< FabricPortDevice
    ObjectFactory m_channelFactory; //!< FabricChannel
};

} // namespace ns3

#endif /* FABRIC_LB_FABRIC_PORT_HELPER_H */
