/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Packet trimming at a switch's egress port, on both port paths (FabricPortDevice, and
 * FabricQueueDisc before a point-to-point device), each built as the fabric builds it
 * (FabricLinkHelper): what overflows leaves as its header, control first, counted exactly;
 * nothing is trimmed with trimming off; a threshold trims above it; control is never
 * trimmed; the switch's shared buffer and the PFC watchdog trim too; FabricHelper's Trim
 * reaches switch ports only.
 */

#include "fabric-lb-test-util.h"

#include "ns3/boolean.h"
#include "ns3/control-first-queue.h"
#include "ns3/fabric-link-helper.h"
#include "ns3/fat-tree-topology.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-queue-disc-item.h"
#include "ns3/node.h"
#include "ns3/pfc-pause-header.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/ppp-header.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/switch-buffer.h"
#include "ns3/test.h"
#include "ns3/traffic-control-layer.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

using namespace ns3;

namespace
{

/// Payload bytes of every test packet: 1000 B of IPv4.
constexpr uint32_t PAYLOAD_BYTES = 980;
/// IPv4 bytes of a test packet.
constexpr uint32_t IP_BYTES = PAYLOAD_BYTES + fabriclb::PacketTrimming::IPV4_HEADER_BYTES;
/// A test packet's bytes on the wire.
constexpr uint32_t FRAMED_BYTES = IP_BYTES + FabricPortDevice::FRAMING_BYTES;
/// IPv4 payload bytes a trimmed packet keeps: UDP 8 and RoceHeader 32, the default.
constexpr uint32_t KEEP_BYTES = 40;
/// IPv4 bytes of a trimmed packet.
constexpr uint32_t TRIMMED_IP_BYTES = fabriclb::PacketTrimming::IPV4_HEADER_BYTES + KEEP_BYTES;
/// A trimmed packet's bytes on the wire.
constexpr uint32_t TRIMMED_FRAMED_BYTES = TRIMMED_IP_BYTES + FabricPortDevice::FRAMING_BYTES;
/// The small buffer: one frame on the wire, four waiting (4008 B), then room for 992 B.
constexpr uint32_t SMALL_BUFFER_BYTES = 5000;
/// A buffer the test packets never fill.
constexpr uint32_t LARGE_BUFFER_BYTES = 800000;
/// The link: 1 ns a byte, this gap after every frame, this delay.
constexpr uint32_t GAP_NS = 20;
/// The link's delay.
constexpr uint32_t DELAY_NS = 500;

/// Trimming on, keeping KEEP_BYTES, above \p thresholdBytes too (0: no threshold), with
/// \p headerRoom buffers of room for control packets beyond the buffer.
fabriclb::PacketTrimming
Trimming(uint32_t thresholdBytes = 0, double headerRoom = 0)
{
    return {true, KEEP_BYTES, thresholdBytes, headerRoom};
}

/// How the packets reach the port under test.
enum class PortPath
{
    FABRIC,       //!< FabricPortDevice::SendFrame (a forwarder's or NIC's fast path)
    FABRIC_STACK, //!< FabricPortDevice::Send (an IPv4 stack's, the header in the packet)
    QUEUE_DISC    //!< FabricQueueDisc before a PointToPointNetDevice
};

/// \return \p path's name
std::string
NameOf(PortPath path)
{
    return path == PortPath::FABRIC         ? "fabric port"
           : path == PortPath::FABRIC_STACK ? "fabric port from an IPv4 stack"
                                            : "queue disc";
}

/// A packet as it arrives at the far end.
struct Arrival
{
    uint16_t id;             //!< its IPv4 identification
    uint8_t dscp;            //!< its DSCP
    Ipv4Header::EcnType ecn; //!< its ECN field
    uint32_t ipBytes;        //!< its IPv4 bytes
    Time time;               //!< when it arrived
};

/**
 * \ingroup fabric-lb-tests
 * \brief One link, built by FabricLinkHelper: its lower port, a switch's egress (EDGE_UP), is
 * the port under test; what reaches the upper one is recorded.
 */
class TrimLink
{
  public:
    /**
     * \param path the port's kind and how packets reach it
     * \param bufferBytes its buffer
     * \param trimming its trimming
     * \param attributes set on the port besides
     */
    TrimLink(PortPath path,
             uint32_t bufferBytes,
             fabriclb::PacketTrimming trimming,
             std::vector<std::pair<std::string, Ptr<AttributeValue>>> attributes = {})
        : m_path(path)
    {
        fabriclbtest::UsePicoseconds();
        lower = CreateObject<Node>();
        upper = CreateObject<Node>();
        FabricLinkHelper::PortSettings settings;
        settings.kind =
            path == PortPath::QUEUE_DISC ? FabricLinkHelper::QUEUE_DISC : FabricLinkHelper::FABRIC;
        settings.bufferBytes = bufferBytes;
        settings.trimming = trimming;
        settings.attributes = std::move(attributes);
        for (const Ptr<Node>& node : {lower, upper})
        {
            if (path == PortPath::QUEUE_DISC)
            {
                node->AggregateObject(CreateObject<TrafficControlLayer>());
            }
        }
        link = FabricLinkHelper(settings).Install(lower,
                                                  upper,
                                                  DataRate("8Gb/s"),
                                                  NanoSeconds(GAP_NS),
                                                  NanoSeconds(DELAY_NS),
                                                  FabricStage::EDGE_UP,
                                                  FabricStage::EDGE_DOWN);
        link.devices.Get(1)->TraceConnectWithoutContext("MacRx",
                                                        MakeCallback(&TrimLink::Received, this));
        if (path == PortPath::QUEUE_DISC)
        {
            lower->Initialize(); // the traffic-control layer connects its queue disc
            disc = DynamicCast<FabricQueueDisc>(
                lower->GetObject<TrafficControlLayer>()->GetRootQueueDiscOnDevice(
                    link.devices.Get(0)));
            disc->TraceConnectWithoutContext("Trim", MakeCallback(&TrimLink::DiscTrimmed, this));
        }
        else
        {
            port = DynamicCast<FabricPortDevice>(link.devices.Get(0));
            port->TraceConnectWithoutContext("Trim", MakeCallback(&TrimLink::PortTrimmed, this));
        }
    }

    /**
     * \brief Hands the port a packet of PAYLOAD_BYTES now, ECN-capable.
     * \param id its IPv4 identification
     * \param dscp its DSCP
     * \return whether the port took it (whole or trimmed)
     */
    bool Send(uint16_t id, uint8_t dscp = fabriclb::DSCP_DATA)
    {
        Ipv4Header header;
        header.SetPayloadSize(PAYLOAD_BYTES);
        header.SetIdentification(id);
        header.SetDscp(static_cast<Ipv4Header::DscpType>(dscp));
        header.SetEcn(Ipv4Header::ECN_ECT0);
        const Ptr<Packet> payload = Create<Packet>(PAYLOAD_BYTES);
        switch (m_path)
        {
        case PortPath::FABRIC:
            return port->SendFrame(payload, header);
        case PortPath::FABRIC_STACK:
            payload->AddHeader(header);
            return port->Send(payload, Address(), fabriclb::IPV4_ETHERTYPE);
        case PortPath::QUEUE_DISC:
            break;
        }
        const bool taken = disc->Enqueue(
            Create<Ipv4QueueDiscItem>(payload, Address(), fabriclb::IPV4_ETHERTYPE, header));
        disc->Run();
        return taken;
    }

    /// \param count packets to send now, ids 1 to \p count \return how many the port took
    uint32_t Burst(uint16_t count)
    {
        uint32_t taken = 0;
        for (uint16_t id = 1; id <= count; ++id)
        {
            taken += Send(id) ? 1 : 0;
        }
        return taken;
    }

    /// \return the ids that arrived, in order, as "1 6 7"
    std::string Order() const
    {
        std::string text;
        for (const Arrival& arrival : arrivals)
        {
            text += (text.empty() ? "" : " ") + std::to_string(arrival.id);
        }
        return text;
    }

    /// \return the port's monitor, as the fabric's results read it
    const PortMonitor& Monitor() const
    {
        return *link.monitors[0];
    }

    Ptr<Node> lower;                    //!< the switch whose port is tested
    Ptr<Node> upper;                    //!< the far end
    FabricLinkHelper::Link link;        //!< as built
    Ptr<FabricPortDevice> port;         //!< the port, on the fabric path
    Ptr<FabricQueueDisc> disc;          //!< or its queue disc
    std::vector<Arrival> arrivals;      //!< what reached the far end
    std::vector<uint32_t> trimmedBytes; //!< the Trim trace: each trimmed packet's IPv4 bytes

  private:
    /// The far end's MacRx: a point-to-point device's frame carries its PPP header.
    void Received(Ptr<const Packet> frame)
    {
        const Ptr<Packet> packet = frame->Copy();
        if (m_path == PortPath::QUEUE_DISC)
        {
            PppHeader ppp;
            packet->RemoveHeader(ppp);
        }
        Ipv4Header header;
        packet->PeekHeader(header);
        arrivals.push_back({header.GetIdentification(),
                            header.GetDscp(),
                            header.GetEcn(),
                            packet->GetSize(),
                            Simulator::Now()});
    }

    /// The fabric port's Trim trace.
    void PortTrimmed(Ptr<const Packet> packet)
    {
        trimmedBytes.push_back(packet->GetSize());
    }

    /// The queue disc's Trim trace.
    void DiscTrimmed(Ptr<const QueueDiscItem> item)
    {
        trimmedBytes.push_back(item->GetSize());
    }

    PortPath m_path; //!< the port's kind and how packets reach it
};

/// Every port path.
const std::vector<PortPath> ALL_PATHS{PortPath::FABRIC,
                                      PortPath::FABRIC_STACK,
                                      PortPath::QUEUE_DISC};

/**
 * \ingroup fabric-lb-tests
 * \brief A burst of eight into the small buffer: one goes on the wire, four wait, and the
 * last three, which drop-tail would drop, leave trimmed, ahead of the four: 62 B on the
 * wire each (IPv4 20, 40 B kept, framing 2), DSCP_TRIMMED, their ECN kept, back to back
 * after the first; then the four whole. Counted exactly, and every byte that arrived is
 * sent or cut.
 */
class OverflowLeavesTrimmedTest : public TestCase
{
  public:
    OverflowLeavesTrimmedTest()
        : TestCase("what a full buffer would drop leaves trimmed, ahead of the data waiting, "
                   "on every port path")
    {
    }

  private:
    void DoRun() override
    {
        for (const PortPath path : ALL_PATHS)
        {
            const std::string name = NameOf(path);
            TrimLink link(path, SMALL_BUFFER_BYTES, Trimming());
            NS_TEST_EXPECT_MSG_EQ(link.Burst(8), 8U, "the port takes all eight: " << name);
            Simulator::Run();
            NS_TEST_ASSERT_MSG_EQ(link.Order(), "1 6 7 8 2 3 4 5", "trimmed first: " << name);
            Time start;
            for (const Arrival& arrival : link.arrivals)
            {
                const bool trimmed = arrival.id >= 6;
                const uint32_t framed = trimmed ? TRIMMED_FRAMED_BYTES : FRAMED_BYTES;
                NS_TEST_EXPECT_MSG_EQ(arrival.ipBytes,
                                      (trimmed ? TRIMMED_IP_BYTES : IP_BYTES),
                                      "the size of " << arrival.id << ": " << name);
                NS_TEST_EXPECT_MSG_EQ(
                    static_cast<uint32_t>(arrival.dscp),
                    static_cast<uint32_t>(trimmed ? fabriclb::DSCP_TRIMMED : fabriclb::DSCP_DATA),
                    "the DSCP of " << arrival.id << ": " << name);
                NS_TEST_EXPECT_MSG_EQ(arrival.ecn,
                                      Ipv4Header::ECN_ECT0,
                                      "the ECN of " << arrival.id << ", kept: " << name);
                // Back to back at 1 ns a byte: each frame's bytes and the gap.
                NS_TEST_EXPECT_MSG_EQ(arrival.time,
                                      start + NanoSeconds(framed + DELAY_NS),
                                      "the arrival of " << arrival.id << ": " << name);
                start += NanoSeconds(framed + GAP_NS);
            }
            NS_TEST_EXPECT_MSG_EQ(link.Monitor().GetTrims(), 3U, "three trimmed: " << name);
            NS_TEST_EXPECT_MSG_EQ(link.Monitor().GetDrops(), 0U, "none dropped: " << name);
            NS_TEST_EXPECT_MSG_EQ(link.Monitor().GetBytesArrived(),
                                  8U * FRAMED_BYTES,
                                  "every byte sent or cut: " << name);
            NS_TEST_EXPECT_MSG_EQ(link.trimmedBytes.size(), 3U, "three traced: " << name);
            for (const uint32_t bytes : link.trimmedBytes)
            {
                NS_TEST_EXPECT_MSG_EQ(bytes, TRIMMED_IP_BYTES, "traced as it leaves: " << name);
            }
            if (link.port)
            {
                NS_TEST_EXPECT_MSG_EQ(link.port->GetStats().bytesTrimmed,
                                      3U * (PAYLOAD_BYTES - KEEP_BYTES),
                                      "the payload bytes cut");
            }
            else
            {
                NS_TEST_EXPECT_MSG_EQ(link.disc->GetBytesTrimmed(),
                                      3U * (PAYLOAD_BYTES - KEEP_BYTES),
                                      "the payload bytes cut");
                // What ns-3's QueueDisc asserts in a debug build: its books balance.
                const QueueDisc::Stats& books = link.disc->GetStats();
                NS_TEST_EXPECT_MSG_EQ(books.nTotalReceivedBytes,
                                      books.nTotalDroppedBytesBeforeEnqueue +
                                          books.nTotalEnqueuedBytes,
                                      "received, dropped or enqueued");
                NS_TEST_EXPECT_MSG_EQ(books.nTotalEnqueuedBytes,
                                      books.nTotalDequeuedBytes,
                                      "and all dequeued");
            }
            Simulator::Destroy();
        }
    }
};

/**
 * \ingroup fabric-lb-tests
 * \brief A burst of 40 into the small buffer: one on the wire, four waiting, 35 to trim.
 * Without header room a header joins only a backlog that leaves it room in the buffer (992 B:
 * 16 headers of 62 B framed on the fabric port), and the rest drop; with one buffer of
 * header room, as uet-htsim's header queue, all 35 leave trimmed and none drops.
 */
class HeaderRoomTest : public TestCase
{
  public:
    HeaderRoomTest()
        : TestCase("trimmed headers fill the header room beyond the buffer, on every port path")
    {
    }

  private:
    void DoRun() override
    {
        for (const PortPath path : ALL_PATHS)
        {
            const std::string name = NameOf(path);
            for (const double room : {0.0, 1.0})
            {
                TrimLink link(path, SMALL_BUFFER_BYTES, Trimming(0, room));
                link.Burst(40);
                Simulator::Run();
                const uint32_t trims = room > 0 ? 35 : 16;
                NS_TEST_EXPECT_MSG_EQ(link.Monitor().GetTrims(),
                                      trims,
                                      "trimmed, header room " << room << ": " << name);
                NS_TEST_EXPECT_MSG_EQ(link.Monitor().GetDrops(),
                                      35 - trims,
                                      "dropped, header room " << room << ": " << name);
                NS_TEST_EXPECT_MSG_EQ(link.arrivals.size(),
                                      5 + trims,
                                      "arrived, header room " << room << ": " << name);
                Simulator::Destroy();
            }
        }
    }
};

/**
 * \ingroup fabric-lb-tests
 * \brief Without trimming the same burst loses its last three: the first five arrive whole,
 * in order, and nothing is trimmed.
 */
class NothingTrimmedWhenOffTest : public TestCase
{
  public:
    NothingTrimmedWhenOffTest()
        : TestCase("with trimming off the overflow is dropped and nothing is trimmed")
    {
    }

  private:
    void DoRun() override
    {
        for (const PortPath path : ALL_PATHS)
        {
            const std::string name = NameOf(path);
            TrimLink link(path, SMALL_BUFFER_BYTES, fabriclb::PacketTrimming{});
            NS_TEST_EXPECT_MSG_EQ(link.Burst(8), 5U, "five taken: " << name);
            Simulator::Run();
            NS_TEST_EXPECT_MSG_EQ(link.Order(), "1 2 3 4 5", "the first five: " << name);
            for (const Arrival& arrival : link.arrivals)
            {
                NS_TEST_EXPECT_MSG_EQ(arrival.ipBytes, IP_BYTES, "whole: " << name);
            }
            NS_TEST_EXPECT_MSG_EQ(link.Monitor().GetTrims(), 0U, "none trimmed: " << name);
            NS_TEST_EXPECT_MSG_EQ(link.Monitor().GetDrops(), 3U, "three dropped: " << name);
            NS_TEST_EXPECT_MSG_EQ(link.trimmedBytes.size(), 0U, "no Trim trace: " << name);
            Simulator::Destroy();
        }
    }
};

/**
 * \ingroup fabric-lb-tests
 * \brief With a threshold of two frames and room to spare, a data packet arriving to more
 * than two frames waiting is trimmed: the fifth (three waiting) and after; the fourth
 * arrives to exactly two and is taken whole.
 */
class ThresholdTrimsAboveItTest : public TestCase
{
  public:
    ThresholdTrimsAboveItTest()
        : TestCase("a trimming threshold trims the data arriving above it, with room to spare")
    {
    }

  private:
    void DoRun() override
    {
        for (const PortPath path : ALL_PATHS)
        {
            const std::string name = NameOf(path);
            TrimLink link(path, LARGE_BUFFER_BYTES, Trimming(2 * FRAMED_BYTES));
            NS_TEST_EXPECT_MSG_EQ(link.Burst(8), 8U, "all taken: " << name);
            Simulator::Run();
            NS_TEST_EXPECT_MSG_EQ(link.Order(), "1 5 6 7 8 2 3 4", "trimmed first: " << name);
            for (const Arrival& arrival : link.arrivals)
            {
                NS_TEST_EXPECT_MSG_EQ(arrival.ipBytes,
                                      (arrival.id >= 5 ? TRIMMED_IP_BYTES : IP_BYTES),
                                      "the size of " << arrival.id << ": " << name);
            }
            NS_TEST_EXPECT_MSG_EQ(link.Monitor().GetTrims(), 4U, "four trimmed: " << name);
            NS_TEST_EXPECT_MSG_EQ(link.Monitor().GetDrops(), 0U, "none dropped: " << name);
            Simulator::Destroy();
        }
    }
};

/**
 * \ingroup fabric-lb-tests
 * \brief A control packet is never trimmed: into the full buffer it is dropped, above the
 * threshold it is taken whole (and passes the data waiting).
 */
class ControlNeverTrimmedTest : public TestCase
{
  public:
    ControlNeverTrimmedTest()
        : TestCase("a control packet is dropped by a full buffer and taken whole above the "
                   "threshold, never trimmed")
    {
    }

  private:
    void DoRun() override
    {
        for (const PortPath path : ALL_PATHS)
        {
            const std::string name = NameOf(path);
            TrimLink full(path, SMALL_BUFFER_BYTES, Trimming());
            full.Burst(5);
            NS_TEST_EXPECT_MSG_EQ(full.Send(9, fabriclb::DSCP_CONTROL),
                                  false,
                                  "the full buffer drops it: " << name);
            Simulator::Run();
            NS_TEST_EXPECT_MSG_EQ(full.Order(), "1 2 3 4 5", "the data alone: " << name);
            NS_TEST_EXPECT_MSG_EQ(full.Monitor().GetTrims(), 0U, "none trimmed: " << name);
            NS_TEST_EXPECT_MSG_EQ(full.Monitor().GetDrops(), 1U, "one dropped: " << name);
            Simulator::Destroy();

            TrimLink above(path, LARGE_BUFFER_BYTES, Trimming(2 * FRAMED_BYTES));
            above.Burst(4);
            NS_TEST_EXPECT_MSG_EQ(above.Send(9, fabriclb::DSCP_CONTROL),
                                  true,
                                  "taken above the threshold: " << name);
            Simulator::Run();
            NS_TEST_ASSERT_MSG_EQ(above.Order(), "1 9 2 3 4", "control first: " << name);
            NS_TEST_EXPECT_MSG_EQ(above.arrivals[1].ipBytes, IP_BYTES, "whole: " << name);
            NS_TEST_EXPECT_MSG_EQ(static_cast<uint32_t>(above.arrivals[1].dscp),
                                  static_cast<uint32_t>(fabriclb::DSCP_CONTROL),
                                  "its DSCP: " << name);
            NS_TEST_EXPECT_MSG_EQ(above.Monitor().GetTrims(), 0U, "none trimmed: " << name);
            Simulator::Destroy();
        }
    }
};

/**
 * \ingroup fabric-lb-tests
 * \brief Under the switch's shared buffer (static sharing, the port's 5000 B to each class)
 * the data queue refuses the sixth frame (4008 + 1002 B): the buffer takes its header into
 * the control queue instead and counts no drop. Without trimming it drops three. Either way
 * the buffer's books are empty at the end.
 */
class SharedBufferTrimsTest : public TestCase
{
  public:
    SharedBufferTrimsTest()
        : TestCase("under the switch's shared buffer the refused data leaves trimmed, no drop "
                   "counted")
    {
    }

  private:
    void DoRun() override
    {
        for (const bool trim : {true, false})
        {
            TrimLink link(PortPath::FABRIC,
                          SMALL_BUFFER_BYTES,
                          trim ? Trimming() : fabriclb::PacketTrimming{});
            const Ptr<SwitchBuffer> buffer = CreateObject<SwitchBuffer>();
            buffer->Install(link.lower);
            link.Burst(8);
            Simulator::Run();
            const fabriclb::BufferAccounting& books = buffer->GetAccounting();
            NS_TEST_EXPECT_MSG_EQ(link.Order(),
                                  (trim ? "1 6 7 8 2 3 4 5" : "1 2 3 4 5"),
                                  "trimming " << trim);
            NS_TEST_EXPECT_MSG_EQ(link.Monitor().GetTrims(), (trim ? 3U : 0U), "trimming " << trim);
            NS_TEST_EXPECT_MSG_EQ(link.Monitor().GetDrops(), (trim ? 0U : 3U), "trimming " << trim);
            NS_TEST_EXPECT_MSG_EQ(books.GetStats().drops, (trim ? 0U : 3U), "trimming " << trim);
            NS_TEST_EXPECT_MSG_EQ(books.TotalBytes(), 0U, "the books empty, trimming " << trim);
            Simulator::Destroy();
        }
    }
};

/**
 * \ingroup fabric-lb-tests
 * \brief A pause storm trips the PFC watchdog (as the PFC suite's watchdog case): the five
 * frames queued when it trips are dropped, but a data packet arriving during the storm is
 * trimmed instead, and its header, of the control class the peer does not pause, arrives
 * at once; after the storm data flows whole.
 */
class WatchdogTrimsTest : public TestCase
{
  public:
    WatchdogTrimsTest()
        : TestCase("the PFC watchdog trims the data arriving in a storm; its header arrives")
    {
    }

  private:
    void DoRun() override
    {
        TrimLink link(PortPath::FABRIC,
                      LARGE_BUFFER_BYTES,
                      Trimming(),
                      {{"PfcWatchdog", Create<TimeValue>(MicroSeconds(10))}});
        link.port->EnablePfc(true);
        const Ptr<FabricPortDevice> peer = DynamicCast<FabricPortDevice>(link.link.devices.Get(1));
        for (uint32_t us : {0, 11, 15})
        {
            Simulator::Schedule(MicroSeconds(us),
                                &FabricPortDevice::SendPause,
                                peer,
                                fabriclb::TrafficClass::DATA,
                                PfcPauseHeader::MAX_QUANTA);
        }
        Simulator::Schedule(MicroSeconds(1), [&link]() { link.Burst(5); });
        Simulator::Schedule(MicroSeconds(12), [&link]() { link.Send(6); });
        Simulator::Schedule(MicroSeconds(30), [&link]() { link.Send(7); });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(link.Order(), "6 7", "the header in the storm, then data");
        NS_TEST_EXPECT_MSG_EQ(link.arrivals[0].ipBytes, TRIMMED_IP_BYTES, "6 trimmed");
        NS_TEST_EXPECT_MSG_EQ(link.arrivals[0].time,
                              MicroSeconds(12) + NanoSeconds(TRIMMED_FRAMED_BYTES + DELAY_NS),
                              "at once");
        NS_TEST_EXPECT_MSG_EQ(link.arrivals[1].ipBytes, IP_BYTES, "7 whole");
        NS_TEST_EXPECT_MSG_EQ(link.port->GetStats().watchdogDrops, 5U, "the five queued");
        NS_TEST_EXPECT_MSG_EQ(link.Monitor().GetDrops(), 5U, "counted as drops");
        NS_TEST_EXPECT_MSG_EQ(link.Monitor().GetTrims(), 1U, "one trimmed");
        Simulator::Destroy();
    }
};

/**
 * \ingroup fabric-lb-tests
 * \brief FabricHelper's Trim reaches every switch port and no host's, on both port paths: a
 * trimming fabric port serves control first, a trimming queue-disc port's device has a
 * ControlFirstQueue.
 */
class SwitchPortsOnlyTest : public TestCase
{
  public:
    SwitchPortsOnlyTest()
        : TestCase("Trim makes every switch port trim and no host's, on both port paths")
    {
    }

  private:
    /// \param device a port \return whether it serves control first, as a trimming port does
    static bool ServesControlFirst(Ptr<NetDevice> device)
    {
        if (const Ptr<FabricPortDevice> port = DynamicCast<FabricPortDevice>(device))
        {
            return port->IsControlFirst();
        }
        const Ptr<PointToPointNetDevice> p2p = DynamicCast<PointToPointNetDevice>(device);
        return p2p && DynamicCast<ControlFirstQueue>(p2p->GetQueue());
    }

    /// \param node a node \return its ports that serve control first, of its ports
    static std::pair<uint32_t, uint32_t> Count(Ptr<Node> node)
    {
        uint32_t first = 0;
        uint32_t ports = 0;
        for (uint32_t i = 0; i < node->GetNDevices(); ++i)
        {
            const Ptr<NetDevice> device = node->GetDevice(i);
            if (DynamicCast<FabricPortDevice>(device) || DynamicCast<PointToPointNetDevice>(device))
            {
                ++ports;
                first += ServesControlFirst(device) ? 1 : 0;
            }
        }
        return {first, ports};
    }

    void DoRun() override
    {
        for (const std::string kind : {"fabric", "queue-disc"})
        {
            fabriclbtest::UsePicoseconds();
            Ptr<FabricHelper> fabric = CreateObject<FabricHelper>();
            fabric->SetTopology(std::make_shared<const fabriclb::FatTreeTopology>(4));
            fabric->SetAttribute("Trim", BooleanValue(true));
            fabric->SetAttribute("SwitchPort", StringValue(kind));
            fabric->SetAttribute("HostPath", StringValue(kind == "fabric" ? "bypass" : "ipv4"));
            fabric->Build();
            for (uint32_t h = 0; h < fabric->GetHosts().GetN(); ++h)
            {
                const auto [first, ports] = Count(fabric->GetHosts().Get(h));
                NS_TEST_EXPECT_MSG_EQ(ports, 1U, kind << ": host " << h << " has its port");
                NS_TEST_EXPECT_MSG_EQ(first, 0U, kind << ": host " << h << " does not trim");
            }
            for (uint32_t tier = 0; tier < 3; ++tier)
            {
                const NodeContainer& switches = fabric->GetSwitches(tier);
                for (uint32_t i = 0; i < switches.GetN(); ++i)
                {
                    const auto [first, ports] = Count(switches.Get(i));
                    NS_TEST_EXPECT_MSG_EQ(ports, 4U, kind << ": a switch's 4 ports");
                    NS_TEST_EXPECT_MSG_EQ(first, ports, kind << ": every switch port trims");
                }
            }
            Simulator::Destroy();
        }
    }
};

} // namespace

/// \ingroup fabric-lb-tests Packet trimming at a switch port, on both port paths.
class FabricLbTrimmingSuite : public TestSuite
{
  public:
    FabricLbTrimmingSuite()
        : TestSuite("fabric-lb-trimming", FABRIC_LB_SUITE_UNIT)
    {
        AddTestCase(new OverflowLeavesTrimmedTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new NothingTrimmedWhenOffTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new HeaderRoomTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new ThresholdTrimsAboveItTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new ControlNeverTrimmedTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new SharedBufferTrimsTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new WatchdogTrimsTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new SwitchPortsOnlyTest, FABRIC_LB_TEST_QUICK);
    }
};

static FabricLbTrimmingSuite g_fabricLbTrimmingSuite; //!< registers the suite
