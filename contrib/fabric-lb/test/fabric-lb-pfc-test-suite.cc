/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Priority flow control on fabric ports: a PAUSE's timing on one link, the headroom
 * formula's worst case, a deadlock on a ring of switches, the PFC watchdog.
 */

#include "fabric-lb-test-util.h"

#include "ns3/boolean.h"
#include "ns3/buffer-accounting.h"
#include "ns3/fabric-channel.h"
#include "ns3/fabric-port-helper.h"
#include "ns3/ipv4-header.h"
#include "ns3/node.h"
#include "ns3/pause-cycle-detector.h"
#include "ns3/pfc-pause-header.h"
#include "ns3/simulator.h"
#include "ns3/switch-buffer.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// Payload bytes of a small test packet: 1000 B of IPv4, 1002 B framed.
constexpr uint32_t PAYLOAD_BYTES = 980;
/// The largest frame's payload: 9000 B of IPv4 (the MTU), 9002 B framed.
constexpr uint32_t LARGEST_PAYLOAD_BYTES = 8980;
/// Every link's rate: 8 Gb/s, a nanosecond a byte.
const char* const RATE = "8Gb/s";
/// Every link's delay.
constexpr uint32_t DELAY_NS = 500;
/// Every link's gap after a frame.
constexpr uint32_t GAP_NS = 20;

/// \return a helper for the test links: 1 ns a byte, 20 ns gap, 500 ns delay, 9000 B MTU
FabricPortHelper
TestLinks()
{
    fabriclbtest::UsePicoseconds();
    FabricPortHelper helper;
    helper.SetDeviceAttribute("DataRate", DataRateValue(DataRate(RATE)));
    helper.SetDeviceAttribute("InterframeGap", TimeValue(NanoSeconds(GAP_NS)));
    helper.SetDeviceAttribute("Mtu", UintegerValue(9000));
    helper.SetChannelAttribute("Delay", TimeValue(NanoSeconds(DELAY_NS)));
    return helper;
}

/**
 * \brief Hands \p port a data (or control) packet on the fast path.
 * \param port the port
 * \param id its IPv4 identification
 * \param payload its payload bytes
 * \param dscp its DSCP
 * \param ingress the port it came in on, for a switch's buffer
 * \return whether the port took it
 */
bool
SendPacket(Ptr<FabricPortDevice> port,
           uint16_t id,
           uint32_t payload = PAYLOAD_BYTES,
           uint8_t dscp = fabriclb::DSCP_DATA,
           uint32_t ingress = SwitchBuffer::NO_INGRESS)
{
    Ipv4Header header;
    header.SetPayloadSize(payload);
    header.SetIdentification(id);
    header.SetDscp(static_cast<Ipv4Header::DscpType>(dscp));
    return port->SendFrame(Create<Packet>(payload), header, ingress);
}

/// Records the frames a port receives: their ids and times.
struct Arrivals
{
    std::vector<uint16_t> ids; //!< in order
    std::vector<Time> times;   //!< when

    /// A port's frame callback.
    void Received(Ptr<FabricPortDevice>, Ptr<Packet> frame)
    {
        Ipv4Header header;
        frame->PeekHeader(header);
        ids.push_back(header.GetIdentification());
        times.push_back(Simulator::Now());
    }
};

/**
 * \ingroup fabric-lb-tests
 * \brief A PAUSE goes on the wire ahead of waiting data (64 B), reaches the peer its
 * transmission and the delay later, stops the data class there after the frame on the
 * wire, lets control frames through, and the class resumes when its quanta run out or
 * on a zero-quanta resume; both ends count the frames alike.
 */
class PauseTimingTest : public TestCase
{
  public:
    PauseTimingTest()
        : TestCase("a PAUSE arrives after 64 B and the delay, holds data after the frame on "
                   "the wire, not control, until its quanta run out or a resume")
    {
    }

  private:
    /**
     * \param quanta the PAUSE's time
     * \param resumeAtNs when the receiver sends a resume (0: never)
     * \param[out] arrivals what the receiver got
     * \return the sender's counts after the run
     */
    PfcPauseControl::Stats RunOnce(uint16_t quanta, uint32_t resumeAtNs, Arrivals& arrivals)
    {
        FabricPortHelper helper = TestLinks();
        NetDeviceContainer devices = helper.Install(CreateObject<Node>(), CreateObject<Node>());
        const auto sender = DynamicCast<FabricPortDevice>(devices.Get(0));
        const auto receiver = DynamicCast<FabricPortDevice>(devices.Get(1));
        sender->EnablePfc(true);
        receiver->EnablePfc(true);
        receiver->SetFrameCallback(MakeCallback(&Arrivals::Received, &arrivals));
        for (uint16_t id = 1; id <= 3; ++id)
        {
            SendPacket(sender, id);
        }
        Simulator::Schedule(NanoSeconds(100),
                            &FabricPortDevice::SendPause,
                            receiver,
                            fabriclb::TrafficClass::DATA,
                            quanta);
        Simulator::Schedule(NanoSeconds(2000), [sender]() {
            SendPacket(sender, 9, PAYLOAD_BYTES, fabriclb::DSCP_CONTROL);
        });
        if (resumeAtNs > 0)
        {
            Simulator::Schedule(NanoSeconds(resumeAtNs),
                                &FabricPortDevice::SendPause,
                                receiver,
                                fabriclb::TrafficClass::DATA,
                                0);
        }
        Simulator::Run();
        const PfcPauseControl::Stats stats = sender->GetPauseStats();
        NS_TEST_EXPECT_MSG_EQ(receiver->GetStats().pauseFramesSent,
                              stats.pauseFramesReceived,
                              "both ends count the PAUSE frames alike");
        NS_TEST_EXPECT_MSG_EQ(sender->GetStats().framesSent,
                              receiver->GetStats().framesReceived,
                              "PAUSE frames are not data frames at either end");
        Simulator::Destroy();
        return stats;
    }

    void DoRun() override
    {
        const uint32_t tx = PAYLOAD_BYTES + 20 + FabricPortDevice::FRAMING_BYTES; // ns
        // The PAUSE leaves at 100 ns and is in at 100 + 64 + 500: frame 1 is on the wire.
        const uint32_t pausedAt = 100 + PfcPauseHeader::WIRE_BYTES + DELAY_NS;
        {
            // 100 quanta of 512 bit times at 8 Gb/s: 6400 ns.
            Arrivals arrivals;
            const PfcPauseControl::Stats stats = RunOnce(100, 0, arrivals);
            NS_TEST_ASSERT_MSG_EQ(arrivals.ids.size(), 4U, "every frame arrives");
            NS_TEST_EXPECT_MSG_EQ(arrivals.ids[0], 1, "frame 1 was on the wire: it goes on");
            NS_TEST_EXPECT_MSG_EQ(arrivals.times[0], NanoSeconds(tx + DELAY_NS), "on time");
            NS_TEST_EXPECT_MSG_EQ(arrivals.ids[1], 9, "control passes the paused data");
            NS_TEST_EXPECT_MSG_EQ(arrivals.times[1],
                                  NanoSeconds(2000 + tx + DELAY_NS),
                                  "control starts when it comes");
            NS_TEST_EXPECT_MSG_EQ(arrivals.ids[2], 2, "then data, in order");
            NS_TEST_EXPECT_MSG_EQ(arrivals.times[2],
                                  NanoSeconds(pausedAt + 6400 + tx + DELAY_NS),
                                  "frame 2 starts when the quanta run out");
            NS_TEST_EXPECT_MSG_EQ(stats.pauses, 1U, "paused once");
            NS_TEST_EXPECT_MSG_EQ(stats.pausedPs, int64_t(6400000), "for the quanta's time");
            NS_TEST_EXPECT_MSG_EQ(stats.pauseFramesReceived, 1U, "one PAUSE frame");
        }
        {
            // The longest pause, lifted by a resume sent at 3000 ns.
            Arrivals arrivals;
            const PfcPauseControl::Stats stats =
                RunOnce(PfcPauseHeader::MAX_QUANTA, 3000, arrivals);
            const uint32_t resumedAt = 3000 + PfcPauseHeader::WIRE_BYTES + DELAY_NS;
            NS_TEST_ASSERT_MSG_EQ(arrivals.ids.size(), 4U, "every frame arrives");
            NS_TEST_EXPECT_MSG_EQ(arrivals.ids[2], 2, "frame 2 after the resume");
            NS_TEST_EXPECT_MSG_EQ(arrivals.times[2],
                                  NanoSeconds(resumedAt + tx + DELAY_NS),
                                  "frame 2 starts when the resume is in");
            NS_TEST_EXPECT_MSG_EQ(arrivals.times[3],
                                  NanoSeconds(resumedAt + 2 * tx + GAP_NS + DELAY_NS),
                                  "frame 3 right after");
            NS_TEST_EXPECT_MSG_EQ(stats.pausedPs,
                                  int64_t(resumedAt - pausedAt) * 1000,
                                  "paused from the PAUSE to the resume");
            NS_TEST_EXPECT_MSG_EQ(stats.longestPausePs, stats.pausedPs, "one pause");
            NS_TEST_EXPECT_MSG_EQ(stats.pauseFramesReceived, 2U, "the PAUSE and the resume");
        }
    }
};

/**
 * \ingroup fabric-lb-tests
 * \brief An upstream port sends the largest frames at line rate into a switch whose
 * egress is paused for good, while the switch's own port back upstream is busy with
 * the largest frames too: whatever the phase between the two, what arrives after XOFF
 * fits the headroom the formula gives (2 R d + 3 F + P), and a headroom a frame short
 * of it overflows at some phase.
 */
class HeadroomWorstCaseTest : public TestCase
{
  public:
    HeadroomWorstCaseTest()
        : TestCase("the headroom formula holds line-rate senders of the largest frames, "
                   "at every phase; one frame less does not")
    {
    }

  private:
    /// The switch's ingress port's frame callback: on to the egress, charged to the ingress.
    struct Forwarder
    {
        Ptr<FabricPortDevice> egress; //!< where frames go

        /// \param ingress the port \param frame a frame that came in on it
        void Forward(Ptr<FabricPortDevice> ingress, Ptr<Packet> frame)
        {
            Ipv4Header header;
            frame->RemoveHeader(header);
            egress->SendFrame(frame, header, ingress->GetIfIndex());
        }
    };

    /**
     * \param phaseNs when the switch starts its own frames back upstream
     * \param headroomBytes the headroom (0: the formula's)
     * \return the switch buffer's stats after the run
     */
    fabriclb::BufferAccounting::Stats RunOnce(uint32_t phaseNs, uint32_t headroomBytes)
    {
        FabricPortHelper helper = TestLinks();
        const Ptr<Node> upstream = CreateObject<Node>();
        const Ptr<Node> sw = CreateObject<Node>();
        const Ptr<Node> sink = CreateObject<Node>();
        NetDeviceContainer in = helper.Install(upstream, sw);
        NetDeviceContainer out = helper.Install(sw, sink);
        const auto sender = DynamicCast<FabricPortDevice>(in.Get(0));
        const auto ingress = DynamicCast<FabricPortDevice>(in.Get(1));
        const auto egress = DynamicCast<FabricPortDevice>(out.Get(0));
        const auto sinkPort = DynamicCast<FabricPortDevice>(out.Get(1));
        const Ptr<SwitchBuffer> buffer = CreateObject<SwitchBuffer>();
        buffer->SetAttribute("Pfc", BooleanValue(true));
        buffer->SetAttribute("XoffBytes", UintegerValue(20000));
        buffer->SetAttribute("HeadroomBytes", UintegerValue(headroomBytes));
        buffer->Install(sw);
        for (const Ptr<FabricPortDevice>& port : {sender, ingress, egress})
        {
            port->EnablePfc(true);
        }
        Forwarder forwarder{egress};
        ingress->SetFrameCallback(MakeCallback(&Forwarder::Forward, &forwarder));
        Arrivals upstreamArrivals;
        sender->SetFrameCallback(MakeCallback(&Arrivals::Received, &upstreamArrivals));
        // The sink pauses the egress for good before anything comes.
        sinkPort->SendPause(fabriclb::TrafficClass::DATA, PfcPauseHeader::MAX_QUANTA);
        for (uint16_t id = 1; id <= 40; ++id)
        {
            SendPacket(sender, id, LARGEST_PAYLOAD_BYTES);
        }
        Simulator::Schedule(NanoSeconds(phaseNs), [ingress]() {
            for (uint16_t id = 1; id <= 10; ++id)
            {
                SendPacket(ingress, 100 + id, LARGEST_PAYLOAD_BYTES);
            }
        });
        Simulator::Stop(MicroSeconds(100));
        Simulator::Run();
        const fabriclb::BufferAccounting::Stats stats = buffer->GetAccounting().GetStats();
        Simulator::Destroy();
        return stats;
    }

    void DoRun() override
    {
        const uint32_t largest = 9000 + FabricPortDevice::FRAMING_BYTES;
        const uint64_t formula = 2 * DELAY_NS + 3 * largest + PfcPauseHeader::WIRE_BYTES;
        NS_TEST_ASSERT_MSG_EQ(fabriclb::HeadroomBytes(8000000000ULL,
                                                      DELAY_NS * 1000ULL,
                                                      largest,
                                                      PfcPauseHeader::WIRE_BYTES),
                              formula,
                              "2 R d + 3 F + P at 1 B/ns");
        uint32_t mostUsed = 0;
        bool shortOverflows = false;
        for (uint32_t phase = 0; phase < largest + GAP_NS; phase += 500)
        {
            const auto stats = RunOnce(phase, 0);
            NS_TEST_EXPECT_MSG_EQ(stats.overflows, 0U, "no overflow at phase " << phase);
            NS_TEST_EXPECT_MSG_EQ(stats.xoffs, 1U, "one XOFF at phase " << phase);
            mostUsed = std::max(mostUsed, stats.maxHeadroomBytes);
            shortOverflows = shortOverflows || RunOnce(phase, formula - largest).overflows > 0;
        }
        NS_TEST_EXPECT_MSG_LT_OR_EQ(mostUsed, formula, "the formula holds");
        NS_TEST_EXPECT_MSG_GT(mostUsed + largest, formula, "and is no frame too generous");
        NS_TEST_EXPECT_MSG_EQ(shortOverflows, true, "a frame less overflows at some phase");
    }
};

/**
 * \ingroup fabric-lb-tests
 * \brief Three switches in a ring, each forwarding what comes in from the one before to
 * the one after: filled at once, each pauses the one before, and the cycle holds. The
 * detector names its three ports and stops the run after DeadlockTime.
 */
class DeadlockRingTest : public TestCase
{
  public:
    DeadlockRingTest()
        : TestCase("a ring of switches each paused by the next is found, named, and stops the run")
    {
    }

  private:
    void DoRun() override
    {
        FabricPortHelper helper = TestLinks();
        std::vector<Ptr<Node>> switches{CreateObject<Node>(),
                                        CreateObject<Node>(),
                                        CreateObject<Node>()};
        // Switch i: a port to the next switch and one from the one before.
        std::vector<Ptr<FabricPortDevice>> next(3);
        std::vector<Ptr<FabricPortDevice>> previous(3);
        for (uint32_t i = 0; i < 3; ++i)
        {
            NetDeviceContainer link = helper.Install(switches[i], switches[(i + 1) % 3]);
            next[i] = DynamicCast<FabricPortDevice>(link.Get(0));
            previous[(i + 1) % 3] = DynamicCast<FabricPortDevice>(link.Get(1));
        }

        struct RingForwarder
        {
            Ptr<FabricPortDevice> next; //!< where frames go on

            void Forward(Ptr<FabricPortDevice> in, Ptr<Packet> frame)
            {
                Ipv4Header header;
                frame->RemoveHeader(header);
                next->SendFrame(frame, header, in->GetIfIndex());
            }
        };

        std::vector<RingForwarder> forwarders(3);
        std::vector<Ptr<SwitchBuffer>> buffers;
        for (uint32_t i = 0; i < 3; ++i)
        {
            const Ptr<SwitchBuffer> buffer = CreateObject<SwitchBuffer>();
            buffer->SetAttribute("Pfc", BooleanValue(true));
            buffer->SetAttribute("XoffBytes", UintegerValue(20000));
            buffer->Install(switches[i]);
            buffers.push_back(buffer);
            next[i]->EnablePfc(true);
            previous[i]->EnablePfc(true);
            forwarders[i].next = next[i];
            previous[i]->SetFrameCallback(MakeCallback(&RingForwarder::Forward, &forwarders[i]));
        }
        const Ptr<PauseCycleDetector> detector = CreateObject<PauseCycleDetector>();
        detector->SetAttribute("DeadlockTime", TimeValue(MicroSeconds(50)));
        std::vector<std::string> names;
        for (uint32_t i = 0; i < 3; ++i)
        {
            names.resize(std::max<size_t>(names.size(), switches[i]->GetId() + 1));
            names[switches[i]->GetId()] = std::string("switch ") + char('A' + i);
        }
        detector->Watch(buffers, names);
        for (uint32_t i = 0; i < 3; ++i)
        {
            for (uint16_t id = 1; id <= 30; ++id)
            {
                SendPacket(next[i],
                           id,
                           PAYLOAD_BYTES,
                           fabriclb::DSCP_DATA,
                           previous[i]->GetIfIndex());
            }
        }
        Simulator::Stop(MilliSeconds(1));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(detector->Found(), true, "the deadlock is found");
        NS_TEST_EXPECT_MSG_LT(Simulator::Now(), MicroSeconds(100), "and ends the run soon after");
        const std::vector<std::string>& cycle = detector->GetCycle();
        NS_TEST_ASSERT_MSG_EQ(cycle.size(), 3U, "three ports");
        for (uint32_t i = 0; i < 3; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(cycle[i],
                                  names[switches[i]->GetId()] + " port " +
                                      std::to_string(next[i]->GetIfIndex()) + " (to " +
                                      names[switches[(i + 1) % 3]->GetId()] + ")",
                                  "each switch's port to the next, in cycle order");
        }
        Simulator::Destroy();
    }
};

/**
 * \ingroup fabric-lb-tests
 * \brief A pause storm: the peer pauses the data class and keeps pausing it. After
 * PfcWatchdog the port stops honouring pauses and drops its data, queued and arriving,
 * until no PAUSE has come for PfcWatchdog; then data flows again.
 */
class WatchdogTest : public TestCase
{
  public:
    WatchdogTest()
        : TestCase("the PFC watchdog drops a stormed class's data and restores it after the storm")
    {
    }

  private:
    void DoRun() override
    {
        FabricPortHelper helper = TestLinks();
        helper.SetDeviceAttribute("PfcWatchdog", TimeValue(MicroSeconds(10)));
        NetDeviceContainer devices = helper.Install(CreateObject<Node>(), CreateObject<Node>());
        const auto sender = DynamicCast<FabricPortDevice>(devices.Get(0));
        const auto receiver = DynamicCast<FabricPortDevice>(devices.Get(1));
        sender->EnablePfc(true);
        Arrivals arrivals;
        receiver->SetFrameCallback(MakeCallback(&Arrivals::Received, &arrivals));
        // The storm: a PAUSE at 0, 11 and 15 us; it is in at 564 ns and the watchdog
        // trips at 10.564 us; the last PAUSE is in at 15.564 us, so pauses are honoured
        // again from 25.564 us.
        for (uint32_t us : {0, 11, 15})
        {
            Simulator::Schedule(MicroSeconds(us),
                                &FabricPortDevice::SendPause,
                                receiver,
                                fabriclb::TrafficClass::DATA,
                                PfcPauseHeader::MAX_QUANTA);
        }
        Simulator::Schedule(MicroSeconds(1), [sender]() {
            for (uint16_t id = 1; id <= 5; ++id)
            {
                SendPacket(sender, id);
            }
        });
        Simulator::Schedule(MicroSeconds(12), [sender]() { SendPacket(sender, 6); });
        Simulator::Schedule(MicroSeconds(30), [sender]() { SendPacket(sender, 7); });
        Simulator::Run();
        const FabricPortDevice::Stats& stats = sender->GetStats();
        NS_TEST_EXPECT_MSG_EQ(sender->GetPauseStats().watchdogTrips, 1U, "it trips once");
        NS_TEST_EXPECT_MSG_EQ(stats.watchdogDrops, 6U, "five queued, one arriving in the storm");
        NS_TEST_EXPECT_MSG_EQ(stats.packetsDropped, 6U, "counted as drops");
        NS_TEST_ASSERT_MSG_EQ(arrivals.ids.size(), 1U, "after the storm data flows");
        NS_TEST_EXPECT_MSG_EQ(arrivals.ids[0], 7, "the frame sent after it");
        NS_TEST_EXPECT_MSG_EQ(sender->GetPauseStats().longestPausePs,
                              int64_t(10000000),
                              "paused from 0.564 us until the watchdog, 10 us");
        Simulator::Destroy();
    }
};

/**
 * \ingroup fabric-lb-tests
 * \brief Priority flow control on fabric ports.
 */
class FabricLbPfcSuite : public TestSuite
{
  public:
    FabricLbPfcSuite()
        : TestSuite("fabric-lb-pfc", FABRIC_LB_SUITE_UNIT)
    {
        AddTestCase(new PauseTimingTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new HeadroomWorstCaseTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new DeadlockRingTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new WatchdogTest, FABRIC_LB_TEST_QUICK);
    }
};

} // namespace

static FabricLbPfcSuite g_fabricLbPfcSuite; //!< registers the suite
