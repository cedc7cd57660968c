/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fabric-port-helper.h"

#include "ns3/config.h"
#include "ns3/fabric-channel.h"
#include "ns3/log.h"
#include "ns3/mac48-address.h"

#ifdef NS3_MPI
#include "ns3/mpi-interface.h"
#include "ns3/mpi-receiver.h"
#endif

#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("FabricPortHelper");

FabricPortHelper::FabricPortHelper()
{
    m_deviceFactory.SetTypeId(FabricPortDevice::GetTypeId());
    m_channelFactory.SetTypeId(FabricChannel::GetTypeId());
}

void
FabricPortHelper::SetDeviceAttribute(const std::string& name, const AttributeValue& value)
{
    m_deviceFactory.Set(name, value);
}

void
FabricPortHelper::SetChannelAttribute(const std::string& name, const AttributeValue& value)
{
    m_channelFactory.Set(name, value);
}

NetDeviceContainer
FabricPortHelper::Install(Ptr<Node> a, Ptr<Node> b)
{
    const Ptr<FabricPortDevice> devices[] = {m_deviceFactory.Create<FabricPortDevice>(),
                                             m_deviceFactory.Create<FabricPortDevice>()};
    devices[0]->SetAddress(Mac48Address::Allocate());
    a->AddDevice(devices[0]);
    devices[1]->SetAddress(Mac48Address::Allocate());
    b->AddDevice(devices[1]);
#ifdef NS3_MPI
    // A link between ranks, or between two nodes of another rank, is a remote channel
    // (as PointToPointHelper decides): the peer receives through its MpiReceiver.
    if (MpiInterface::IsEnabled() && (a->GetSystemId() != MpiInterface::GetSystemId() ||
                                      b->GetSystemId() != MpiInterface::GetSystemId()))
    {
        m_channelFactory.SetTypeId(FabricRemoteChannel::GetTypeId());
        for (const Ptr<FabricPortDevice>& device : devices)
        {
            Ptr<MpiReceiver> receiver = CreateObject<MpiReceiver>();
            receiver->SetReceiveCallback(MakeCallback(&FabricPortDevice::Receive, device));
            device->AggregateObject(receiver);
        }
    }
    else
    {
        m_channelFactory.SetTypeId(FabricChannel::GetTypeId());
    }
#endif
    const Ptr<FabricChannel> channel = m_channelFactory.Create<FabricChannel>();
    for (const Ptr<FabricPortDevice>& device : devices)
    {
        device->Attach(channel);
    }
    devices[0]->SetRemote(devices[1]->GetAddress());
    devices[1]->SetRemote(devices[0]->GetAddress());
    NetDeviceContainer container;
    container.Add(devices[0]);
    container.Add(devices[1]);
    return container;
}

void
FabricPortHelper::EnablePcapInternal(std::string prefix,
                                     Ptr<NetDevice> nd,
                                     bool /* promiscuous */,
                                     bool explicitFilename)
{
    const Ptr<FabricPortDevice> device = nd->GetObject<FabricPortDevice>();
    if (!device)
    {
        NS_LOG_INFO("device " << nd << " is not a FabricPortDevice: no pcap");
        return;
    }
    PcapHelper pcapHelper;
    const std::string filename =
        explicitFilename ? prefix : pcapHelper.GetFilenameFromDevice(prefix, device);
    Ptr<PcapFileWrapper> file = pcapHelper.CreateFile(filename, std::ios::out, PcapHelper::DLT_RAW);
    pcapHelper.HookDefaultSink<FabricPortDevice>(device, "PromiscSniffer", file);
}

void
FabricPortHelper::EnableAsciiInternal(Ptr<OutputStreamWrapper> stream,
                                      std::string prefix,
                                      Ptr<NetDevice> nd,
                                      bool explicitFilename)
{
    const Ptr<FabricPortDevice> device = nd->GetObject<FabricPortDevice>();
    if (!device)
    {
        NS_LOG_INFO("device " << nd << " is not a FabricPortDevice: no ascii trace");
        return;
    }
    Packet::EnablePrinting();
    if (!stream)
    {
        // A file of the device's own: its events need no context.
        AsciiTraceHelper ascii;
        const std::string filename =
            explicitFilename ? prefix : ascii.GetFilenameFromDevice(prefix, device);
        const Ptr<OutputStreamWrapper> file = ascii.CreateFileStream(filename);
        ascii.HookDefaultReceiveSinkWithoutContext<FabricPortDevice>(device, "MacRx", file);
        ascii.HookDefaultEnqueueSinkWithoutContext<FabricPortDevice>(device, "Enqueue", file);
        ascii.HookDefaultDequeueSinkWithoutContext<FabricPortDevice>(device, "Dequeue", file);
        ascii.HookDefaultDropSinkWithoutContext<FabricPortDevice>(device, "Drop", file);
        ascii.HookDefaultDropSinkWithoutContext<FabricPortDevice>(device, "PhyRxDrop", file);
        return;
    }
    std::ostringstream path;
    path << "/NodeList/" << nd->GetNode()->GetId() << "/DeviceList/" << nd->GetIfIndex()
         << "/$ns3::FabricPortDevice/";
    const std::string base = path.str();
    Config::Connect(base + "MacRx",
                    MakeBoundCallback(&AsciiTraceHelper::DefaultReceiveSinkWithContext, stream));
    Config::Connect(base + "Enqueue",
                    MakeBoundCallback(&AsciiTraceHelper::DefaultEnqueueSinkWithContext, stream));
    Config::Connect(base + "Dequeue",
                    MakeBoundCallback(&AsciiTraceHelper::DefaultDequeueSinkWithContext, stream));
    for (const char* drop : {"Drop", "PhyRxDrop"})
    {
        Config::Connect(base + drop,
                        MakeBoundCallback(&AsciiTraceHelper::DefaultDropSinkWithContext, stream));
    }
}

} // namespace ns3
