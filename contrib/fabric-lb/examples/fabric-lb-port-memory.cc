/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * What a port and a queued frame cost in memory: the resident memory before and after
 * making links, and before and after filling one port with RoCE data frames that its wire
 * cannot send yet (whatever the allocator: tcmalloc or glibc's), for a FabricPortDevice and for
 * ns-3's PointToPointNetDevice with its transmit queue (where the queue-disc path's packets wait).
 *
 *   ./ns3 run "fabric-lb-port-memory --port=fabric"
 *   ./ns3 run "fabric-lb-port-memory --port=point-to-point"
 */

#include "ns3/class-queues.h"
#include "ns3/core-module.h"
#include "ns3/fabric-port-helper.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/roce-header.h"
#include "ns3/udp-header.h"

#include <fstream>
#include <iomanip>
#include <iostream>
#include <string>
#include <unistd.h>

using namespace ns3;

namespace
{

/// \return the process's resident bytes (Linux's /proc/self/statm)
double
ResidentBytes()
{
    std::ifstream statm("/proc/self/statm");
    double pages = 0;
    double resident = 0;
    statm >> pages >> resident;
    return resident * static_cast<double>(sysconf(_SC_PAGESIZE));
}

/// A data packet as a RoceNic builds it: 4096 B payload (not stored), its headers.
Ptr<Packet>
DataPacket(Ipv4Header& header)
{
    Ptr<Packet> packet = Create<Packet>(4096 + RoceHeader::SIZE);
    UdpHeader udp;
    udp.SetSourcePort(49152);
    udp.SetDestinationPort(4791);
    packet->AddHeader(udp);
    header.SetPayloadSize(packet->GetSize());
    header.SetDscp(static_cast<Ipv4Header::DscpType>(fabriclb::DSCP_DATA));
    return packet;
}

/// \return a link of two ports, fabric or point-to-point, with a wire of 1 bit/s
NetDeviceContainer
Link(bool fabric, Ptr<Node> a, Ptr<Node> b)
{
    const DataRate slow("1bps"); // the first frame holds the wire for ever
    if (fabric)
    {
        FabricPortHelper helper;
        helper.SetDeviceAttribute("DataRate", DataRateValue(slow));
        helper.SetDeviceAttribute("MaxSize", QueueSizeValue(QueueSize("4000000000B")));
        return helper.Install(a, b);
    }
    PointToPointHelper helper;
    helper.SetDeviceAttribute("DataRate", DataRateValue(slow));
    helper.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize", StringValue("10000000p"));
    return helper.Install(a, b);
}

/**
 * \param fabric FabricPortDevices, else point-to-point devices
 * \param frames frames to queue at one port
 * \return resident bytes per queued frame
 */
double
PerFrame(bool fabric, uint32_t frames)
{
    NodeContainer nodes;
    nodes.Create(2);
    const Ptr<NetDevice> sender = Link(fabric, nodes.Get(0), nodes.Get(1)).Get(0);
    const double before = ResidentBytes();
    for (uint32_t i = 0; i < frames; ++i)
    {
        Ipv4Header header;
        Ptr<Packet> packet = DataPacket(header);
        if (fabric)
        {
            StaticCast<FabricPortDevice>(sender)->SendFrame(packet, header);
        }
        else
        {
            packet->AddHeader(header);
            sender->Send(packet, sender->GetBroadcast(), 0x0800);
        }
    }
    return (ResidentBytes() - before) / frames;
}

/**
 * \param fabric FabricPortDevices, else point-to-point devices
 * \param links links to make
 * \return resident bytes per port
 */
double
PerPort(bool fabric, uint32_t links)
{
    NodeContainer nodes;
    nodes.Create(2);
    const double before = ResidentBytes();
    for (uint32_t i = 0; i < links; ++i)
    {
        Link(fabric, nodes.Get(0), nodes.Get(1));
    }
    return (ResidentBytes() - before) / (2.0 * links);
}

} // namespace

int
main(int argc, char* argv[])
{
    std::string port = "fabric";
    uint32_t links = 20000;
    uint32_t frames = 500000;
    CommandLine cmd(__FILE__);
    cmd.AddValue("port", "fabric or point-to-point", port);
    cmd.AddValue("links", "links to make (two ports each)", links);
    cmd.AddValue("frames", "frames to queue at one port", frames);
    cmd.Parse(argc, argv);
    if (port != "fabric" && port != "point-to-point")
    {
        std::cerr << "fabric-lb-port-memory: error: --port is fabric or point-to-point, not '"
                  << port << "'\n";
        return 2;
    }
    Time::SetResolution(Time::PS);
    // Frames first, while the process is fresh, then ports.
    const double perFrame = PerFrame(port == "fabric", frames);
    const double perPort = PerPort(port == "fabric", links);
    std::cout << std::fixed << std::setprecision(0) << port << ": " << perPort << " B a port, "
              << perFrame << " B a queued RoCE data frame\n";
    Simulator::Destroy();
    return 0;
}
