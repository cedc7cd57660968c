/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "switch-buffer.h"

#include "fabric-channel.h"
#include "fabric-port-device.h"
#include "pfc-pause-header.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/fabric-lb-compat.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"
#include "ns3/value-limits.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SwitchBuffer");

NS_OBJECT_ENSURE_REGISTERED(SwitchBuffer);

namespace
{
/// The largest Alpha: a queue may hold 64 times the free buffer (switches' dynamic thresholds
/// take 1/128 to 8; HPCC's simulator's default is 1/8).
constexpr double MAX_ALPHA = 64;
} // namespace

TypeId
SwitchBuffer::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SwitchBuffer")
            .SetParent<Object>()
            .SetGroupName("FabricLb")
            .AddConstructor<SwitchBuffer>()
            .AddAttribute("Pfc",
                          "Priority flow control: the data class is lossless, paused hop by "
                          "hop instead of dropped",
                          BooleanValue(false),
                          MakeBooleanAccessor(&SwitchBuffer::m_pfc),
                          MakeBooleanChecker())
            .AddAttribute("Sharing",
                          "static (every port its own MaxSize) or dynamic (the switch's "
                          "BufferBytes shared, a queue up to Alpha times what is free)",
                          EnumValue(STATIC),
                          fabriclb::MakeEnumAttributeAccessor<Sharing>(&SwitchBuffer::m_sharing),
                          MakeEnumChecker(STATIC, "static", DYNAMIC, "dynamic"))
            .AddAttribute("BufferBytes",
                          "The switch's buffer under dynamic sharing (0: its ports' MaxSize "
                          "summed, the memory of static sharing)",
                          UintegerValue(0),
                          MakeUintegerAccessor(&SwitchBuffer::m_bufferBytes),
                          MakeUintegerChecker<uint64_t>(0, fabriclb::ValueLimits::MAX_SWITCH_BYTES))
            .AddAttribute("Alpha",
                          "Dynamic sharing: a queue (a lossy egress queue, or a lossless "
                          "ingress port's XOFF threshold) may hold this fraction of the free "
                          "buffer (1/8: HPCC's ns-3 simulator's default)",
                          DoubleValue(0.125),
                          MakeDoubleAccessor(&SwitchBuffer::m_alpha),
                          MakeDoubleChecker<double>(0, MAX_ALPHA))
            .AddAttribute("XoffBytes",
                          "PFC: an ingress port pauses its upstream above this many data "
                          "bytes held outside headroom (0: its MaxSize less headroom under "
                          "static sharing, Alpha times the free buffer under dynamic)",
                          UintegerValue(0),
                          MakeUintegerAccessor(&SwitchBuffer::m_xoffBytes),
                          MakeUintegerChecker<uint32_t>(0, fabriclb::ValueLimits::MAX_PORT_BYTES))
            .AddAttribute("XonBytes",
                          "PFC: a paused ingress port resumes once its headroom is empty and "
                          "it holds at most this many bytes (0: XOFF less two largest frames)",
                          UintegerValue(0),
                          MakeUintegerAccessor(&SwitchBuffer::m_xonBytes),
                          MakeUintegerChecker<uint32_t>(0, fabriclb::ValueLimits::MAX_PORT_BYTES))
            .AddAttribute("HeadroomBytes",
                          "PFC headroom of every ingress port (0: 2 R d + 3 F + P of its "
                          "link, fabriclb::HeadroomBytes)",
                          UintegerValue(0),
                          MakeUintegerAccessor(&SwitchBuffer::m_headroomBytes),
                          MakeUintegerChecker<uint32_t>(0, fabriclb::ValueLimits::MAX_PORT_BYTES))
            .AddAttribute("PauseQuanta",
                          "PFC: the pause time a PAUSE asks for, in quanta of 512 bit times "
                          "(refreshed at half of it while the port stays in XOFF)",
                          UintegerValue(PfcPauseHeader::MAX_QUANTA),
                          MakeUintegerAccessor(&SwitchBuffer::m_pauseQuanta),
                          MakeUintegerChecker<uint16_t>(1))
            .AddTraceSource("Xoff",
                            "An ingress port goes into XOFF (its device index)",
                            MakeTraceSourceAccessor(&SwitchBuffer::m_xoffTrace),
                            "ns3::TracedValueCallback::Uint32")
            .AddTraceSource("Xon",
                            "An ingress port leaves XOFF (its device index)",
                            MakeTraceSourceAccessor(&SwitchBuffer::m_xonTrace),
                            "ns3::TracedValueCallback::Uint32");
    return tid;
}

void
SwitchBuffer::Install(Ptr<Node> node)
{
    const uint32_t devices = node->GetNDevices();
    m_ports.assign(devices, nullptr);
    m_headroom.assign(devices, 0);
    fabriclb::BufferSettings settings;
    settings.sharing =
        m_sharing == DYNAMIC ? fabriclb::BufferSharing::DYNAMIC : fabriclb::BufferSharing::STATIC;
    settings.alpha = m_alpha;
    settings.lossless = m_pfc;
    settings.xoffBytes = m_xoffBytes;
    settings.xonBytes = m_xonBytes;
    uint64_t portsBytes = 0;
    for (uint32_t i = 0; i < devices; ++i)
    {
        const Ptr<FabricPortDevice> port = DynamicCast<FabricPortDevice>(node->GetDevice(i));
        if (!port)
        {
            continue;
        }
        m_ports[i] = port;
        const uint32_t frame = port->GetMtu() + FabricPortDevice::FRAMING_BYTES;
        settings.largestFrameBytes = std::max(settings.largestFrameBytes, frame);
        settings.portBytes = settings.portBytes == 0
                                 ? port->GetBufferBytes()
                                 : std::min(settings.portBytes, port->GetBufferBytes());
        portsBytes += port->GetBufferBytes();
    }
    for (uint32_t i = 0; i < devices; ++i)
    {
        if (m_ports[i] && m_pfc)
        {
            const auto channel = StaticCast<FabricChannel>(m_ports[i]->GetChannel());
            m_headroom[i] = m_headroomBytes > 0 ? m_headroomBytes
                                                : static_cast<uint32_t>(fabriclb::HeadroomBytes(
                                                      m_ports[i]->GetDataRate().GetBitRate(),
                                                      channel->GetDelay().GetPicoSeconds(),
                                                      settings.largestFrameBytes,
                                                      PfcPauseHeader::WIRE_BYTES));
        }
    }
    settings.bufferBytes = m_bufferBytes > 0 ? m_bufferBytes : portsBytes;
    settings.headroomBytes = m_headroom;
    settings.Validate();
    m_accounting.emplace(devices, std::move(settings));
    for (const Ptr<FabricPortDevice>& port : m_ports)
    {
        if (port)
        {
            port->SetSwitchBuffer(this);
        }
    }
    node->AggregateObject(this);
}

uint32_t
SwitchBuffer::GetHeadroomBytes(uint32_t port) const
{
    return m_headroom.at(port);
}

fabriclb::BufferAccounting::Verdict
SwitchBuffer::Admit(uint32_t ingress,
                    uint32_t egress,
                    fabriclb::TrafficClass cls,
                    uint32_t bytes,
                    uint32_t trimmedBytes)
{
    const fabriclb::BufferAccounting::Admission admission =
        m_accounting->Admit(ingress, egress, cls, bytes, trimmedBytes);
    if (admission.pause)
    {
        NS_LOG_LOGIC("ingress port " << ingress << " goes into XOFF");
        m_xoffTrace(ingress);
        m_ports[ingress]->PausePeer(fabriclb::TrafficClass::DATA, m_pauseQuanta);
    }
    return admission.verdict;
}

void
SwitchBuffer::Release(uint32_t ingress, uint32_t egress, fabriclb::TrafficClass cls, uint32_t bytes)
{
    if (m_accounting->Release(ingress, egress, cls, bytes))
    {
        NS_LOG_LOGIC("ingress port " << ingress << " leaves XOFF");
        m_xonTrace(ingress);
        m_ports[ingress]->ResumePeer(fabriclb::TrafficClass::DATA);
    }
}

void
SwitchBuffer::DoDispose()
{
    m_ports.clear();
    Object::DoDispose();
}

} // namespace ns3
