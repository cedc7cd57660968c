/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fabric-link-helper.h"

#include "fabric-port-helper.h"

#include "ns3/control-first-queue.h"
#include "ns3/fabric-queue-disc.h"
#include "ns3/net-device-queue-interface.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/pointer.h"
#include "ns3/queue-size.h"
#include "ns3/traffic-control-helper.h"
#include "ns3/uinteger.h"

namespace ns3
{

FabricLinkHelper::FabricLinkHelper(PortSettings settings)
    : m_settings(std::move(settings))
{
}

Ptr<RateErrorModel>
FabricLinkHelper::MakeErrorModel() const
{
    Ptr<RateErrorModel> errors = CreateObject<RateErrorModel>();
    errors->SetUnit(RateErrorModel::ERROR_UNIT_PACKET);
    errors->SetRate(m_settings.lossRate);
    return errors;
}

FabricLinkHelper::Link
FabricLinkHelper::Install(Ptr<Node> lower,
                          Ptr<Node> upper,
                          DataRate rate,
                          Time gap,
                          Time delay,
                          FabricStage upStage,
                          FabricStage downStage) const
{
    const std::array<FabricStage, 2> stages{upStage, downStage};
    Link link = m_settings.kind == FABRIC
                    ? InstallFabricPorts(lower, upper, rate, gap, delay, stages)
                    : InstallQueueDiscs(lower, upper, rate, gap, delay, stages);
    for (uint32_t side = 0; side < 2; ++side)
    {
        if (m_settings.lossRate > 0)
        {
            const Ptr<RateErrorModel> errors = MakeErrorModel();
            link.devices.Get(side)->SetAttribute("ReceiveErrorModel", PointerValue(errors));
            link.errors.push_back(errors);
        }
    }
    return link;
}

FabricLinkHelper::Link
FabricLinkHelper::InstallQueueDiscs(Ptr<Node> lower,
                                    Ptr<Node> upper,
                                    DataRate rate,
                                    Time gap,
                                    Time delay,
                                    const std::array<FabricStage, 2>& stages) const
{
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", DataRateValue(rate));
    p2p.SetDeviceAttribute("InterframeGap", TimeValue(gap));
    p2p.SetDeviceAttribute("Mtu", UintegerValue(m_settings.mtu));
    p2p.SetChannelAttribute("Delay", TimeValue(delay));
    // The queue disc enforces the port's buffer over its own and the device's
    // backlog; the device queue has room for more, so it never stops the disc.
    p2p.SetQueue("ns3::DropTailQueue<Packet>",
                 "MaxSize",
                 QueueSizeValue(
                     QueueSize(QueueSizeUnit::BYTES, m_settings.bufferBytes + 2 * m_settings.mtu)));
    Link link;
    link.devices = p2p.Install(lower, upper);
    for (uint32_t side = 0; side < 2; ++side)
    {
        if (Trims(stages[side]))
        {
            ServeControlFirst(link.devices.Get(side));
        }
    }

    TrafficControlHelper tc;
    tc.SetRootQueueDisc("ns3::FabricQueueDisc",
                        "MaxSize",
                        QueueSizeValue(QueueSize(QueueSizeUnit::BYTES, m_settings.bufferBytes)),
                        "MarkThreshold",
                        UintegerValue(m_settings.markThresholdBytes));
    QueueDiscContainer queueDiscs = tc.Install(link.devices);
    for (uint32_t side = 0; side < 2; ++side)
    {
        for (const auto& [name, value] : m_settings.attributes)
        {
            queueDiscs.Get(side)->SetAttribute(name, *value);
        }
        PointerValue txQueue;
        link.devices.Get(side)->GetAttribute("TxQueue", txQueue);
        const Ptr<FabricQueueDisc> queueDisc = DynamicCast<FabricQueueDisc>(queueDiscs.Get(side));
        queueDisc->SetDeviceQueue(txQueue.Get<Queue<Packet>>());
        if (StampsTelemetry(stages[side]))
        {
            queueDisc->EnableIntTelemetry(rate, PortId(link.devices.Get(side)));
        }
        if (Trims(stages[side]))
        {
            queueDisc->EnableTrimming(m_settings.trimming);
        }
        link.egress[side] = PeekPointer(queueDisc);
        link.monitors[side] = CreateObject<PortMonitor>();
        link.monitors[side]->Attach(stages[side],
                                    queueDisc,
                                    txQueue.Get<Queue<Packet>>(),
                                    link.devices.Get(side),
                                    link.devices.Get(1 - side));
    }
    return link;
}

bool
FabricLinkHelper::IsSwitchPort(FabricStage stage)
{
    return stage != FabricStage::HOST_UP && stage != FabricStage::SERVER_UP;
}

bool
FabricLinkHelper::StampsTelemetry(FabricStage stage) const
{
    return m_settings.intTelemetry && IsSwitchPort(stage);
}

bool
FabricLinkHelper::Trims(FabricStage stage) const
{
    return m_settings.trimming.enabled && IsSwitchPort(stage);
}

void
FabricLinkHelper::ServeControlFirst(Ptr<NetDevice> device)
{
    const Ptr<PointToPointNetDevice> p2p = StaticCast<PointToPointNetDevice>(device);
    const Ptr<ControlFirstQueue> queue = CreateObject<ControlFirstQueue>();
    queue->SetMaxSize(p2p->GetQueue()->GetMaxSize());
    p2p->SetQueue(queue);
    // PointToPointHelper connected the old queue to the device's flow control: the new one too.
    p2p->GetObject<NetDeviceQueueInterface>()->GetTxQueue(0)->ConnectQueueTraces(queue);
}

uint64_t
FabricLinkHelper::PortId(Ptr<NetDevice> device)
{
    return (static_cast<uint64_t>(device->GetNode()->GetId()) << 32) | device->GetIfIndex();
}

FabricLinkHelper::Link
FabricLinkHelper::InstallFabricPorts(Ptr<Node> lower,
                                     Ptr<Node> upper,
                                     DataRate rate,
                                     Time gap,
                                     Time delay,
                                     const std::array<FabricStage, 2>& stages) const
{
    FabricPortHelper ports;
    ports.SetDeviceAttribute("DataRate", DataRateValue(rate));
    ports.SetDeviceAttribute("InterframeGap", TimeValue(gap));
    ports.SetDeviceAttribute("Mtu", UintegerValue(m_settings.mtu));
    ports.SetDeviceAttribute(
        "MaxSize",
        QueueSizeValue(QueueSize(QueueSizeUnit::BYTES, m_settings.bufferBytes)));
    ports.SetDeviceAttribute("MarkThreshold", UintegerValue(m_settings.markThresholdBytes));
    for (const auto& [name, value] : m_settings.attributes)
    {
        ports.SetDeviceAttribute(name, *value);
    }
    ports.SetChannelAttribute("Delay", TimeValue(delay));
    Link link;
    link.devices = ports.Install(lower, upper);
    for (uint32_t side = 0; side < 2; ++side)
    {
        const Ptr<FabricPortDevice> port = DynamicCast<FabricPortDevice>(link.devices.Get(side));
        if (StampsTelemetry(stages[side]))
        {
            port->EnableIntTelemetry(PortId(port));
        }
        if (Trims(stages[side]))
        {
            port->EnableTrimming(m_settings.trimming);
        }
        link.egress[side] = PeekPointer(port);
        link.monitors[side] = CreateObject<PortMonitor>();
        link.monitors[side]->Attach(stages[side],
                                    port,
                                    DynamicCast<FabricPortDevice>(link.devices.Get(1 - side)));
    }
    return link;
}

} // namespace ns3
