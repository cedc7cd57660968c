/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "experiment-checks.h"

#include "command-line-values.h"
#include "fabric-helper.h"
#include "fabric-link-helper.h"

#include "ns3/data-rate.h"
#include "ns3/enum.h"
#include "ns3/ppp-header.h"
#include "ns3/roce-receive-queue.h"
#include "ns3/uinteger.h"

#include <stdexcept>
#include <string>

namespace ns3
{

void
CheckPortPaths(const FabricHelper& fabric, const ExperimentConfig& config)
{
    EnumValue hostPath;
    fabric.GetAttribute("HostPath", hostPath);
    if (hostPath.Get() != FabricHelper::BYPASS)
    {
        if (RoceReceiveQueue::Wanted())
        {
            throw std::invalid_argument("ns3::RoceReceiveQueue::Rate slows the NIC's own receive "
                                        "side, which --hostPath=ipv4 leaves to ns-3's stack: "
                                        "use --hostPath=bypass");
        }
        return;
    }
    EnumValue switchPort;
    fabric.GetAttribute("SwitchPort", switchPort);
    if (switchPort.Get() != FabricLinkHelper::FABRIC)
    {
        throw std::invalid_argument("--hostPath=bypass hands frames to fabric ports: with "
                                    "--switchPort=queue-disc use --hostPath=ipv4");
    }
    if (!config.flowMonitorFile.empty())
    {
        throw std::invalid_argument("--flowmon watches the hosts' IPv4 stack, which "
                                    "--hostPath=bypass skips: add --hostPath=ipv4");
    }
}

void
CheckBuffer(const FabricHelper& fabric, const fabriclb::WireModel& wire, fabriclb::WireKind kind)
{
    UintegerValue requested;
    fabric.GetAttribute("BufferBytes", requested);
    if (fabric.GetPortBufferBytes() >= wire.dataWireBytes)
    {
        return;
    }
    // Nothing would ever fit into the port: every data packet dropped, for ever.
    const std::string bytes = std::to_string(requested.Get());
    if (kind == fabriclb::WireKind::STUDY)
    {
        throw std::invalid_argument("--bufferBytes=" + bytes +
                                    " holds no data packet: the study wire's buffers are whole "
                                    "slots of " +
                                    std::to_string(wire.bufferSlotBytes) + " B");
    }
    throw std::invalid_argument("--bufferBytes=" + bytes + " holds no data packet: one is " +
                                std::to_string(wire.dataWireBytes) + " B on the physical wire");
}

void
CheckLinkRates(const FabricHelper& fabric, const ExperimentConfig& config)
{
    const uint64_t linkBps = fabric.GetLinkRate().GetBitRate();
    fabriclb::WireModel::CheckLinkRate(linkBps, "a link rate");
    DataRateValue serverRate;
    fabric.GetAttribute("ServerLinkRate", serverRate);
    fabriclb::WireModel::CheckLinkRate(serverRate.Get().GetBitRate(), "a server link's rate");
    if (config.failures.FailsLinks() &&
        AttributeDefault("ns3::LinkFailureManager::Mode") == "degrade")
    {
        const std::string shareText = AttributeDefault("ns3::LinkFailureManager::DegradedRate");
        const double share = std::stod(shareText);
        fabriclb::WireModel::CheckLinkRate(static_cast<uint64_t>(share * linkBps),
                                           "a degraded link's rate (--failRate=" + shareText +
                                               " of its link's)");
    }
}

void
CheckMtu(const FabricHelper& fabric, const fabriclb::WireModel& wire)
{
    UintegerValue mtu;
    fabric.GetAttribute("Mtu", mtu);
    // The IP packet: the data frame the NIC builds (its size is the wire model's) but PPP.
    const uint64_t ipBytes = wire.dataWireBytes - PppHeader().GetSerializedSize();
    if (ipBytes > mtu.Get())
    {
        throw std::invalid_argument(
            "ns3::FatTreeHelper::PayloadBytes=" + std::to_string(wire.payloadBytes) +
            " makes IP packets of " + std::to_string(ipBytes) +
            " B, above the devices' ns3::FatTreeHelper::Mtu of " + std::to_string(mtu.Get()) +
            " B: raise the MTU (at most 65535) or lower the payload");
    }
}

void
CheckMessageSizes(const fabriclb::ConnectionMatrix& traffic, const fabriclb::WireModel& wire)
{
    constexpr uint64_t maxPackets = UINT32_MAX;
    for (const fabriclb::MatrixFlow& flow : traffic.flows)
    {
        if ((flow.bytes - 1) / wire.payloadBytes + 1 > maxPackets)
        {
            throw std::invalid_argument("--msgBytes: a message of " + std::to_string(flow.bytes) +
                                        " B needs more than 2^32 - 1 packets of " +
                                        std::to_string(wire.payloadBytes) + " B");
        }
    }
}

} // namespace ns3
