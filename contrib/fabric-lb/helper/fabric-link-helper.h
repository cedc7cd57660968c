/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FABRIC_LINK_HELPER_H
#define FABRIC_LB_FABRIC_LINK_HELPER_H

#include "ns3/data-rate.h"
#include "ns3/egress-port.h"
#include "ns3/error-model.h"
#include "ns3/net-device-container.h"
#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/packet-trimming.h"
#include "ns3/port-monitor.h"

#include <array>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief Builds one fabric link with its two ports, of either kind: ns-3's
 * point-to-point devices behind a FabricQueueDisc each, or FabricPortDevices
 * (FabricPortHelper), with the same buffer, marking and loss, and a PortMonitor
 * on each port.
 */
class FabricLinkHelper
{
  public:
    /// The kind of port (the SwitchPort attribute of FabricHelper; unscoped, as an enum
    /// attribute's type).
    enum PortKind
    {
        QUEUE_DISC, //!< PointToPointNetDevice with a FabricQueueDisc as its root queue disc
        FABRIC      //!< FabricPortDevice, its buffer its own
    };

    /// What every port gets.
    struct PortSettings
    {
        PortKind kind{FABRIC};             //!< the port's kind
        uint16_t mtu{9000};                //!< every device's MTU
        uint32_t bufferBytes{0};           //!< the buffer
        uint32_t markThresholdBytes{0};    //!< ECN marking threshold (0: none)
        double lossRate{0};                //!< the receive error model's rate (0: none)
        bool intTelemetry{false};          //!< switch ports stamp in-band telemetry (HPCC)
        fabriclb::PacketTrimming trimming; //!< switch ports' trimming (off: none)
        std::vector<std::pair<std::string, Ptr<AttributeValue>>>
            attributes; //!< set on every port's buffer (queue disc or device) besides
    };

    /// One link as built.
    struct Link
    {
        NetDeviceContainer devices;                //!< the lower end's device, the upper's
        std::array<const EgressPort*, 2> egress{}; //!< their buffers, in the same order
        std::array<Ptr<PortMonitor>, 2> monitors;  //!< their monitors
        std::vector<Ptr<RateErrorModel>> errors;   //!< their error models, if lossy
    };

    /// \param settings what every port gets
    explicit FabricLinkHelper(PortSettings settings);

    /**
     * \brief Links \p lower and \p upper.
     * \param lower the lower node
     * \param upper the upper node
     * \param rate the link's rate
     * \param gap the inter-frame gap at that rate
     * \param delay the propagation delay
     * \param upStage the stage of the lower node's port
     * \param downStage the stage of the upper node's port
     * \return the link
     */
    Link Install(Ptr<Node> lower,
                 Ptr<Node> upper,
                 DataRate rate,
                 Time gap,
                 Time delay,
                 FabricStage upStage,
                 FabricStage downStage) const;

  private:
    /// \return whether a port of \p stage is a switch's (not a host's own)
    static bool IsSwitchPort(FabricStage stage);
    /// \return whether a port of \p stage stamps telemetry (a switch's, when asked for)
    bool StampsTelemetry(FabricStage stage) const;
    /// \return whether a port of \p stage trims (a switch's, when asked for)
    bool Trims(FabricStage stage) const;
    /**
     * \brief Gives a point-to-point device a transmit queue that serves control first
     * (ControlFirstQueue), of its queue's size, for the trimmed headers to pass the data.
     * \param device the device, its queue disc not yet installed
     */
    static void ServeControlFirst(Ptr<NetDevice> device);
    /// \return a fabric-wide id of \p device: its node's id and its index there
    static uint64_t PortId(Ptr<NetDevice> device);
    /// Install with point-to-point devices and queue discs (\p stages: the ports', in order).
    Link InstallQueueDiscs(Ptr<Node> lower,
                           Ptr<Node> upper,
                           DataRate rate,
                           Time gap,
                           Time delay,
                           const std::array<FabricStage, 2>& stages) const;
    /// Install with fabric ports (\p stages: the ports', in order).
    Link InstallFabricPorts(Ptr<Node> lower,
                            Ptr<Node> upper,
                            DataRate rate,
                            Time gap,
                            Time delay,
                            const std::array<FabricStage, 2>& stages) const;
    /// \return a new receive error model of the loss rate
    Ptr<RateErrorModel> MakeErrorModel() const;

    PortSettings m_settings; //!< what every port gets
};

} // namespace ns3

#endif /* FABRIC_LB_FABRIC_LINK_HELPER_H */
