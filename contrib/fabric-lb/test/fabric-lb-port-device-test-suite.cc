/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * FabricPortDevice on one link: the wire's timing, drop-tail and marking on the
 * backlog a packet arrives to, the classes' service, the link's loss and pcap.
 */

#include "fabric-lb-test-util.h"

#include "ns3/boolean.h"
#include "ns3/error-model.h"
#include "ns3/fabric-lb-compat.h"
#include "ns3/fabric-port-helper.h"
#include "ns3/int-telemetry-tag.h"
#include "ns3/ipv4-header.h"
#include "ns3/node.h"
#include "ns3/pcap-file.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// Payload bytes of every test packet: 1000 B of IPv4, 1002 B framed.
constexpr uint32_t PAYLOAD_BYTES = 980;
/// A test packet's framed bytes.
constexpr uint32_t FRAMED_BYTES = PAYLOAD_BYTES + 20 + FabricPortDevice::FRAMING_BYTES;

/// \return \p ids as "1 2 3", to compare and print
std::string
Joined(const std::vector<uint16_t>& ids)
{
    std::string text;
    for (const uint16_t id : ids)
    {
        text += (text.empty() ? "" : " ") + std::to_string(id);
    }
    return text;
}

/**
 * \ingroup fabric-lb-tests
 * \brief One link of two fabric ports, a sender and a receiver that records what arrives.
 */
class PortLink
{
  public:
    /// \param portAttributes set on both ports
    explicit PortLink(
        const std::vector<std::pair<std::string, const AttributeValue*>>& portAttributes = {})
    {
        fabriclbtest::UsePicoseconds();
        FabricPortHelper helper;
        helper.SetDeviceAttribute("DataRate", DataRateValue(DataRate("8Gb/s"))); // 1 ns a byte
        helper.SetDeviceAttribute("InterframeGap", TimeValue(NanoSeconds(20)));
        helper.SetDeviceAttribute("Mtu", UintegerValue(9000));
        for (const auto& [name, value] : portAttributes)
        {
            helper.SetDeviceAttribute(name, *value);
        }
        helper.SetChannelAttribute("Delay", TimeValue(NanoSeconds(500)));
        devices = helper.Install(CreateObject<Node>(), CreateObject<Node>());
        sender = DynamicCast<FabricPortDevice>(devices.Get(0));
        receiver = DynamicCast<FabricPortDevice>(devices.Get(1));
        receiver->SetFrameCallback(MakeCallback(&PortLink::Received, this));
        sender->TraceConnectWithoutContext("PortBacklog", MakeCallback(&PortLink::Arrived, this));
    }

    /**
     * \brief Hands a packet of PAYLOAD_BYTES to the sender's fast path now.
     * \param id its IPv4 identification, to recognise it
     * \param dscp its DSCP
     * \param ecn its ECN field
     * \return whether the buffer took it
     */
    bool Send(uint16_t id,
              uint8_t dscp = fabriclb::DSCP_DATA,
              Ipv4Header::EcnType ecn = Ipv4Header::ECN_ECT0)
    {
        Ipv4Header header;
        header.SetPayloadSize(PAYLOAD_BYTES);
        header.SetIdentification(id);
        header.SetDscp(static_cast<Ipv4Header::DscpType>(dscp));
        header.SetEcn(ecn);
        return sender->SendFrame(Create<Packet>(PAYLOAD_BYTES), header);
    }

    /// The receiver's frame callback.
    void Received(Ptr<FabricPortDevice>, Ptr<Packet> frame)
    {
        Ipv4Header header;
        frame->RemoveHeader(header);
        ids.push_back(header.GetIdentification());
        ecns.push_back(header.GetEcn());
        times.push_back(Simulator::Now());
        NS_ABORT_MSG_UNLESS(frame->GetSize() == PAYLOAD_BYTES, "the payload arrives whole");
    }

    /// The sender's PortBacklog trace.
    void Arrived(Ptr<const Packet>, uint32_t backlog)
    {
        backlogs.push_back(backlog);
    }

    NetDeviceContainer devices;            //!< sender's, receiver's
    Ptr<FabricPortDevice> sender;          //!< the sending port
    Ptr<FabricPortDevice> receiver;        //!< the receiving port
    std::vector<uint16_t> ids;             //!< received, in order
    std::vector<Ipv4Header::EcnType> ecns; //!< their ECN fields
    std::vector<Time> times;               //!< when they arrived
    std::vector<uint32_t> backlogs;        //!< what each arrival at the sender found
};

/**
 * \ingroup fabric-lb-tests
 * \brief Frames leave back to back, each its framed bytes at the rate plus the gap apart,
 * and arrive a transmission time plus the delay after they start; the backlog a packet
 * arrives to counts the frames waiting, not the one on the wire.
 */
class WireTimingTest : public TestCase
{
  public:
    WireTimingTest()
        : TestCase("frames leave at the rate with the gap, arrive after the delay, in order")
    {
    }

  private:
    void DoRun() override
    {
        PortLink link;
        for (uint16_t id = 1; id <= 3; ++id)
        {
            NS_TEST_ASSERT_MSG_EQ(link.Send(id), true, "the buffer takes packet " << id);
        }
        Simulator::Run();
        const Time tx = NanoSeconds(FRAMED_BYTES); // 1 ns a byte
        const Time spacing = tx + NanoSeconds(20);
        NS_TEST_ASSERT_MSG_EQ(link.ids.size(), 3U, "every frame arrives");
        for (uint32_t i = 0; i < 3; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(link.ids[i], i + 1, "in order");
            NS_TEST_EXPECT_MSG_EQ(link.times[i],
                                  spacing * i + tx + NanoSeconds(500),
                                  "frame " << i + 1 << " arrives on time");
        }
        NS_TEST_EXPECT_MSG_EQ(link.backlogs[0], 0U, "the first finds the port empty");
        NS_TEST_EXPECT_MSG_EQ(link.backlogs[1], 0U, "the second: the first is on the wire");
        NS_TEST_EXPECT_MSG_EQ(link.backlogs[2], FRAMED_BYTES, "the third: the second waits");
        NS_TEST_EXPECT_MSG_EQ(link.sender->GetPortBacklogBytes(), 0U, "nothing waits after");
        Simulator::Destroy();
    }
};

/**
 * \ingroup fabric-lb-tests
 * \brief A stamping port appends one hop to a data packet's telemetry as the frame starts
 * on the wire: the backlog it leaves, the framed bytes sent with it, the time, the rate and
 * its id; an ACK's echo passes unstamped, and a packet without a tag gains none.
 */
class IntTelemetryTest : public TestCase
{
  public:
    IntTelemetryTest()
        : TestCase("a stamping port appends its backlog, bytes sent, time, rate and id; echoes "
                   "and untagged packets pass unchanged")
    {
    }

  private:
    void DoRun() override
    {
        PortLink link;
        link.sender->EnableIntTelemetry(77);
        std::vector<std::optional<IntTelemetryTag>> tags;
        link.receiver->SetFrameCallback(Callback<void, Ptr<FabricPortDevice>, Ptr<Packet>>(
            [&tags](Ptr<FabricPortDevice>, Ptr<Packet> frame) {
                IntTelemetryTag tag;
                tags.push_back(frame->PeekPacketTag(tag) ? std::optional(tag) : std::nullopt);
            }));
        const std::vector<fabriclb::HopTelemetry> echoed{{1, 2, 3, 4, 5}};
        for (uint32_t i = 0; i < 4; ++i)
        {
            Ipv4Header header;
            header.SetPayloadSize(PAYLOAD_BYTES);
            Ptr<Packet> packet = Create<Packet>(PAYLOAD_BYTES);
            if (i < 2)
            {
                packet->AddPacketTag(IntTelemetryTag());
            }
            else if (i == 2)
            {
                packet->AddPacketTag(IntTelemetryTag::Echo(echoed));
            }
            link.sender->SendFrame(packet, header);
        }
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(tags.size(), 4U, "every frame arrives");
        const int64_t spacingPs = (FRAMED_BYTES + 20) * 1000; // 1 ns a byte, and the gap
        for (uint32_t i = 0; i < 2; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(tags[i].has_value(), true, "data " << i << " keeps its tag");
            NS_TEST_ASSERT_MSG_EQ(tags[i]->Hops().size(), 1U, "one hop");
            const fabriclb::HopTelemetry& hop = tags[i]->Hops()[0];
            // Frame 1 leaves at once, before the others arrive; frame 2 one spacing later,
            // with two behind it.
            NS_TEST_EXPECT_MSG_EQ(hop.queueBytes, i * 2 * FRAMED_BYTES, "backlog");
            NS_TEST_EXPECT_MSG_EQ(hop.txBytes, (i + 1) * FRAMED_BYTES, "framed bytes sent");
            NS_TEST_EXPECT_MSG_EQ(hop.timestampPs, i * spacingPs, "when it started");
            NS_TEST_EXPECT_MSG_EQ(hop.rateBps, 8e9, "the rate");
            NS_TEST_EXPECT_MSG_EQ(hop.portId, 77U, "the port");
            NS_TEST_EXPECT_MSG_EQ(tags[i]->IsEcho(), false, "data, not an echo");
        }
        NS_TEST_ASSERT_MSG_EQ(tags[2].has_value(), true, "the echo arrives");
        NS_TEST_EXPECT_MSG_EQ(tags[2]->IsEcho(), true, "still an echo");
        NS_TEST_EXPECT_MSG_EQ(tags[2]->Hops().size(), 1U, "unstamped");
        NS_TEST_EXPECT_MSG_EQ(tags[2]->Hops()[0].portId, 5U, "its hop as it was");
        NS_TEST_EXPECT_MSG_EQ(tags[3].has_value(), false, "no tag is added");
        Simulator::Destroy();
    }
};

/**
 * \ingroup fabric-lb-tests
 * \brief A packet is dropped when its IPv4 bytes would take the backlog past the buffer:
 * with 5000 B and 1002-byte frames, one goes on the wire and four wait; of eight sent at
 * once exactly five arrive and three are dropped.
 */
class DropTailTest : public TestCase
{
  public:
    DropTailTest()
        : TestCase("drop-tail in bytes: exactly the packets that fit are taken and delivered")
    {
    }

  private:
    void DoRun() override
    {
        const QueueSizeValue buffer(QueueSize("5000B"));
        PortLink link({{"MaxSize", &buffer}});
        uint32_t taken = 0;
        for (uint16_t id = 1; id <= 8; ++id)
        {
            taken += link.Send(id) ? 1 : 0;
        }
        NS_TEST_ASSERT_MSG_EQ(taken, 5U, "five fit: one on the wire, four in 5000 B");
        NS_TEST_ASSERT_MSG_EQ(link.sender->GetPortBacklogBytes(), 4 * FRAMED_BYTES, "four wait");
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(Joined(link.ids), "1 2 3 4 5", "the first five");
        const FabricPortDevice::Stats& stats = link.sender->GetStats();
        NS_TEST_EXPECT_MSG_EQ(stats.packetsAdmitted, 5U, "five admitted");
        NS_TEST_EXPECT_MSG_EQ(stats.bytesAdmitted, 5U * FRAMED_BYTES, "framed bytes admitted");
        NS_TEST_EXPECT_MSG_EQ(stats.packetsDropped, 3U, "three dropped");
        NS_TEST_EXPECT_MSG_EQ(stats.bytesDropped, 3U * (PAYLOAD_BYTES + 20), "their IPv4 bytes");
        Simulator::Destroy();
    }
};

/**
 * \ingroup fabric-lb-tests
 * \brief A packet arriving to at least MarkThreshold bytes is CE-marked if it is ECN-capable;
 * a control packet (not ECN-capable) is not.
 */
class ThresholdMarkingTest : public TestCase
{
  public:
    ThresholdMarkingTest()
        : TestCase("packets arriving to the marking threshold are CE-marked, if ECN-capable")
    {
    }

  private:
    void DoRun() override
    {
        const UintegerValue threshold(2 * FRAMED_BYTES);
        PortLink link({{"MarkThreshold", &threshold}});
        for (uint16_t id = 1; id <= 5; ++id)
        {
            link.Send(id);
        }
        link.Send(6, fabriclb::DSCP_CONTROL, Ipv4Header::ECN_NotECT);
        Simulator::Run();
        // Backlogs found: 0, 0, 1, 2, 3 and 4 frames; marked from 2 frames on.
        const std::vector<Ipv4Header::EcnType> expected{Ipv4Header::ECN_ECT0,
                                                        Ipv4Header::ECN_ECT0,
                                                        Ipv4Header::ECN_ECT0,
                                                        Ipv4Header::ECN_CE,
                                                        Ipv4Header::ECN_CE,
                                                        Ipv4Header::ECN_NotECT};
        NS_TEST_ASSERT_MSG_EQ(link.ecns.size(), expected.size(), "every packet arrives");
        for (size_t i = 0; i < expected.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(link.ecns[i], expected[i], "the ECN field of packet " << i + 1);
        }
        NS_TEST_EXPECT_MSG_EQ(link.sender->GetStats().packetsMarked, 2U, "two marks counted");
        Simulator::Destroy();
    }
};

/**
 * \ingroup fabric-lb-tests
 * \brief With ControlFirst a control packet passes the data waiting before it; without, the
 * classes are one FIFO (the queue disc's order).
 */
class ControlFirstTest : public TestCase
{
  public:
    ControlFirstTest()
        : TestCase("control first: an ACK passes waiting data; otherwise one FIFO")
    {
    }

  private:
    void DoRun() override
    {
        for (const bool controlFirst : {false, true})
        {
            const BooleanValue value(controlFirst);
            PortLink link({{"ControlFirst", &value}});
            link.Send(1);
            link.Send(2);
            link.Send(3);
            link.Send(4, fabriclb::DSCP_CONTROL, Ipv4Header::ECN_NotECT);
            Simulator::Run();
            const std::string expected = controlFirst ? "1 4 2 3" : "1 2 3 4";
            NS_TEST_EXPECT_MSG_EQ(Joined(link.ids),
                                  expected,
                                  "order with ControlFirst " << controlFirst);
            Simulator::Destroy();
        }
    }
};

/**
 * \ingroup fabric-lb-tests
 * \brief The receive error model loses frames (PhyRxDrop) before anything sees them, and
 * pcap records every frame a port sends or receives as raw IPv4.
 */
class LossAndPcapTest : public TestCase
{
  public:
    LossAndPcapTest()
        : TestCase("a lossy link loses frames before the receiver; pcap records raw IPv4")
    {
    }

  private:
    void DoRun() override
    {
        const std::string file = CreateTempDirFilename("fabric-port.pcap");
        {
            // The link's devices hold the pcap file; it is closed when they go.
            PortLink link;
            Ptr<RateErrorModel> errors = CreateObject<RateErrorModel>();
            errors->SetUnit(RateErrorModel::ERROR_UNIT_PACKET);
            errors->SetRate(1);
            link.receiver->SetAttribute("ReceiveErrorModel", PointerValue(errors));
            uint32_t lost = 0;
            link.receiver->TraceConnectWithoutContext(
                "PhyRxDrop",
                MakeBoundCallback(
                    +[](uint32_t* count, Ptr<const Packet>) { ++*count; },
                    &lost));
            FabricPortHelper().EnablePcap(file, link.sender, false, true);
            for (uint16_t id = 1; id <= 4; ++id)
            {
                link.Send(id);
            }
            Simulator::Run();
            Simulator::Destroy();
            NS_TEST_EXPECT_MSG_EQ(link.ids.size(), 0U, "nothing reaches the receiver");
            NS_TEST_EXPECT_MSG_EQ(lost, 4U, "every frame lost on the link");
        }

        PcapFile pcap;
        pcap.Open(file, std::ios::in);
        NS_TEST_ASSERT_MSG_EQ(pcap.Fail(), false, "the pcap file opens");
        NS_TEST_EXPECT_MSG_EQ(pcap.GetDataLinkType(), 101U, "raw IPv4");
        uint32_t records = 0;
        uint8_t data[9000];
        uint32_t seconds;
        uint32_t microseconds;
        uint32_t included;
        uint32_t original;
        uint32_t read;
        for (;;)
        {
            pcap.Read(data, sizeof(data), seconds, microseconds, included, original, read);
            if (pcap.Eof() || pcap.Fail())
            {
                break;
            }
            NS_TEST_EXPECT_MSG_EQ(original, PAYLOAD_BYTES + 20, "an IPv4 packet a record");
            ++records;
        }
        pcap.Close();
        std::remove(file.c_str());
        NS_TEST_EXPECT_MSG_EQ(records, 4U, "the sender's four frames");
    }
};

} // namespace

/// \ingroup fabric-lb-tests FabricPortDevice on one link.
class FabricLbPortDeviceSuite : public TestSuite
{
  public:
    FabricLbPortDeviceSuite()
        : TestSuite("fabric-lb-port-device", FABRIC_LB_SUITE_UNIT)
    {
        AddTestCase(new WireTimingTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new IntTelemetryTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new DropTailTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new ThresholdMarkingTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new ControlFirstTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new LossAndPcapTest, FABRIC_LB_TEST_QUICK);
    }
};

static FabricLbPortDeviceSuite g_fabricLbPortDeviceSuite; //!< registers the suite
