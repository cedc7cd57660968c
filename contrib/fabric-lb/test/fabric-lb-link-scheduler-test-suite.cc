/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The host link's schedulers (RoceAlternatingScheduler, RocePacedScheduler)
// against a NIC that records what they put on the link: the order of ACKs and
// data, the gap after every packet, the pacing of every queue pair, the round
// robin over the flows' ACK queues, a congestion window that holds a queue
// pair back until an ACK, and the loss timer of a queue pair that has sent all
// it may.

#include "fabric-lb-test-util.h"

#include "ns3/erasure-logic.h"
#include "ns3/fabric-lb-compat.h"
#include "ns3/roce-link-scheduler.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

#include <memory>
#include <string>
#include <vector>

namespace ns3
{
namespace
{

/// \return a data packet's serialisation time on the recording NIC's link
Time
DataTx()
{
    return NanoSeconds(41);
}

/// \return an ACK's serialisation time on the recording NIC's link
Time
AckTx()
{
    return NanoSeconds(2);
}

/// \return the gap after every packet on the recording NIC's link
Time
LinkGap()
{
    return NanoSeconds(1);
}

/// A fixed rate whose window of packets in flight the test sets.
class WindowController : public fabriclb::FixedRateController
{
  public:
    /**
     * \param context the NIC and wire
     * \param window packets in flight it allows
     */
    WindowController(const fabriclb::CongestionContext& context, uint32_t window)
        : FixedRateController(context),
          m_window(window)
    {
    }

    bool WindowOpen(uint32_t inFlight) const override
    {
        return inFlight < m_window;
    }

  private:
    uint32_t m_window; //!< packets in flight it allows
};

/// A NIC whose queue pairs each send a message of a few packets under ideal
/// erasure coding and a fixed rate, and which records every packet it is told
/// to put on its link.
class RecordingNic : public RoceLinkOwner
{
  public:
    /// One packet put on the link.
    struct Sent
    {
        Time at;          //!< when the scheduler committed it
        std::string what; //!< "d" and the queue pair, or "a" and the ACK's queue pair
    };

    /**
     * \param queuePairs queue pairs 0 .. queuePairs-1
     * \param packets each one's message, in packets
     * \param congestionGapPs each one's congestion-control pacing gap (0: none)
     * \param window each one's congestion window in packets (0: none)
     */
    RecordingNic(uint32_t queuePairs,
                 uint32_t packets,
                 uint64_t congestionGapPs,
                 uint32_t window = 0)
    {
        fabriclb::CongestionContext context;
        context.lineRateBps = 800e9;
        context.fairGapPs = congestionGapPs;
        for (uint32_t qp = 0; qp < queuePairs; ++qp)
        {
            m_requesters.emplace_back(
                Ipv4Address("10.0.0.1"),
                qp,
                std::make_unique<fabriclb::ErasureSender>(packets),
                window > 0 ? std::make_unique<WindowController>(context, window)
                           : std::make_unique<fabriclb::FixedRateController>(context),
                0);
        }
        timersArmed.assign(queuePairs, 0);
    }

    RoceRequester& GetRequester(uint32_t qp) override
    {
        return m_requesters.at(qp);
    }

    Time SendData(uint32_t qp) override
    {
        RoceRequester& sender = m_requesters.at(qp);
        const int64_t nowPs = Simulator::Now().GetPicoSeconds();
        sender.recovery->Send(nowPs);
        sender.lastSendPs = nowPs;
        sent.push_back({Simulator::Now(), "d" + std::to_string(qp)});
        return DataTx();
    }

    Time SendAck(const RocePendingAck& ack) override
    {
        sent.push_back({Simulator::Now(), "a" + std::to_string(ack.header.queuePair)});
        return AckTx();
    }

    void ArmTimer(uint32_t qp) override
    {
        ++timersArmed.at(qp);
    }

    /**
     * \brief Acknowledges \p psn of \p qp, as an ACK arriving would.
     * \param qp the queue pair
     * \param psn the data packet acknowledged
     */
    void Acknowledge(uint32_t qp, uint32_t psn)
    {
        fabriclb::AckInfo ack;
        ack.psn = psn;
        fabriclb::RttEstimator rtt(0);
        std::vector<uint32_t> lost;
        m_requesters.at(qp).recovery->OnAck(ack, Simulator::Now().GetPicoSeconds(), rtt, lost);
    }

    /**
     * \param qp a queue pair
     * \return when its data packets were sent
     */
    std::vector<Time> DataTimes(uint32_t qp) const
    {
        std::vector<Time> times;
        for (const Sent& packet : sent)
        {
            if (packet.what == "d" + std::to_string(qp))
            {
                times.push_back(packet.at);
            }
        }
        return times;
    }

    /// \return the order of what was sent, e.g. "a0 d0 d1"
    std::string Order() const
    {
        std::string order;
        for (const Sent& packet : sent)
        {
            order += (order.empty() ? "" : " ") + packet.what;
        }
        return order;
    }

    std::vector<Sent> sent;            //!< what went on the link, in order
    std::vector<uint32_t> timersArmed; //!< ArmTimer calls by queue pair

  private:
    std::vector<RoceRequester> m_requesters; //!< by queue pair
};

/// \return an ACK of queue pair \p qp
RocePendingAck
MakeAck(uint32_t qp)
{
    RocePendingAck ack;
    ack.destination = Ipv4Address("10.0.0.2");
    ack.label = 0;
    ack.header.opcode = RoceHeader::ACK;
    ack.header.queuePair = qp;
    return ack;
}

/// \return the serialisation time of \p packet
Time
TxTimeOf(const RecordingNic::Sent& packet)
{
    return packet.what[0] == 'd' ? DataTx() : AckTx();
}

/**
 * At line rate ACKs and data take turns and the queue pairs take turns within
 * data; each packet is committed when the one before has left, and starts
 * after the gap; a queue pair that has sent its message arms its loss timer.
 */
class AlternatingOrderTest : public TestCase
{
  public:
    AlternatingOrderTest()
        : TestCase("line rate: ACKs and data alternate, queue pairs round-robin, gaps kept")
    {
    }

  private:
    void DoRun() override
    {
        fabriclbtest::UsePicoseconds();
        RecordingNic nic(2, 3, 0);
        RoceAlternatingScheduler scheduler(nic, LinkGap());
        RoceResponder responder;
        Simulator::Schedule(Seconds(0), [&]() {
            for (uint32_t i = 0; i < 3; ++i)
            {
                scheduler.QueueAck(responder, MakeAck(7));
            }
            scheduler.Start(0);
            scheduler.Requeue(0); // already in the round robin: no second place
            scheduler.Start(1);
        });
        Simulator::Run();
        Simulator::Destroy();

        NS_TEST_ASSERT_MSG_EQ(nic.Order(),
                              "a7 d0 a7 d1 a7 d0 d1 d0 d1",
                              "ACKs and data take turns; data round-robins its queue pairs");
        NS_TEST_ASSERT_MSG_EQ(nic.sent.front().at, Seconds(0), "an idle link sends at once");
        NS_TEST_ASSERT_MSG_EQ(nic.sent[1].at - nic.sent[0].at,
                              AckTx(),
                              "the next packet is committed when the bits of the first have left");
        for (size_t i = 2; i < nic.sent.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(nic.sent[i].at - nic.sent[i - 1].at,
                                  LinkGap() + TxTimeOf(nic.sent[i - 1]),
                                  "back to back: one packet and its gap apart");
        }
        NS_TEST_ASSERT_MSG_EQ(nic.timersArmed[0], 1, "queue pair 0 arms its timer once done");
        NS_TEST_ASSERT_MSG_EQ(nic.timersArmed[1], 1, "queue pair 1 arms its timer once done");
    }
};

/**
 * At line rate a queue pair whose congestion control paces sends one packet
 * per pacing gap, however idle the link.
 */
class AlternatingCongestionGapTest : public TestCase
{
  public:
    AlternatingCongestionGapTest()
        : TestCase("line rate: a congestion control's pacing gap spaces its queue pair")
    {
    }

  private:
    void DoRun() override
    {
        fabriclbtest::UsePicoseconds();
        const uint64_t gapPs = 500000;
        RecordingNic nic(1, 4, gapPs);
        RoceAlternatingScheduler scheduler(nic, LinkGap());
        Simulator::Schedule(Seconds(0), [&]() { scheduler.Start(0); });
        Simulator::Run();
        Simulator::Destroy();

        NS_TEST_ASSERT_MSG_EQ(nic.Order(), "d0 d0 d0 d0", "the whole message, nothing else");
        for (size_t i = 1; i < nic.sent.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(nic.sent[i].at - nic.sent[i - 1].at,
                                  PicoSeconds(gapPs),
                                  "one packet per pacing gap");
        }
    }
};

/**
 * Paced, every queue pair releases one packet per pacing gap, its first within
 * one gap of its start; the flows' ACK queues are served in round robin.
 */
class PacedReleaseTest : public TestCase
{
  public:
    PacedReleaseTest()
        : TestCase("paced: one packet per gap per queue pair, ACK queues round-robin")
    {
    }

  private:
    void DoRun() override
    {
        fabriclbtest::UsePicoseconds();
        const uint64_t pacingGapPs = 1000000;
        const uint32_t packets = 4;
        RecordingNic nic(2, packets, 0);
        auto rng = CreateObject<UniformRandomVariable>();
        rng->SetStream(11);
        RocePacedScheduler scheduler(nic, LinkGap(), pacingGapPs, 0, rng);
        RoceResponder first;
        RoceResponder second;
        Simulator::Schedule(Seconds(0), [&]() {
            scheduler.QueueAck(second, MakeAck(2)); // goes at once; the rest wait
            scheduler.QueueAck(first, MakeAck(1));
            scheduler.QueueAck(first, MakeAck(1));
            scheduler.QueueAck(second, MakeAck(2));
            scheduler.Start(0);
            scheduler.Start(1);
        });
        // Its releases go on until the message is acknowledged, which never comes here.
        Simulator::Stop(PicoSeconds(pacingGapPs * (packets + 2)));
        Simulator::Run();
        Simulator::Destroy();

        std::string ackOrder;
        for (const RecordingNic::Sent& packet : nic.sent)
        {
            if (packet.what[0] == 'a')
            {
                ackOrder += packet.what + " ";
            }
        }
        NS_TEST_ASSERT_MSG_EQ(ackOrder,
                              "a2 a1 a2 a1 ",
                              "the flows' ACK queues take turns (first come would be a2 a1 a1 a2)");
        for (uint32_t qp = 0; qp < 2; ++qp)
        {
            const std::vector<Time> sends = nic.DataTimes(qp);
            NS_TEST_ASSERT_MSG_EQ(sends.size(),
                                  size_t{packets},
                                  "every packet of the message, once");
            NS_TEST_ASSERT_MSG_LT(sends.front(),
                                  PicoSeconds(pacingGapPs),
                                  "the first release within one gap");
            for (size_t i = 1; i < sends.size(); ++i)
            {
                NS_TEST_ASSERT_MSG_EQ(sends[i] - sends[i - 1],
                                      PicoSeconds(pacingGapPs),
                                      "one release per pacing gap, no jitter asked");
            }
            NS_TEST_ASSERT_MSG_EQ(nic.timersArmed[qp], 1, "a queue pair done arms its timer");
        }
    }
};

/**
 * A queue pair whose congestion window is full leaves the line-rate round
 * robin and arms its loss timer; an ACK and Requeue bring it back at once.
 */
class AlternatingWindowTest : public TestCase
{
  public:
    AlternatingWindowTest()
        : TestCase("line rate: a full window holds a queue pair back until an ACK")
    {
    }

  private:
    void DoRun() override
    {
        fabriclbtest::UsePicoseconds();
        RecordingNic nic(1, 5, 0, 2);
        RoceAlternatingScheduler scheduler(nic, LinkGap());
        Simulator::Schedule(Seconds(0), [&]() { scheduler.Start(0); });
        Simulator::Schedule(MicroSeconds(1), [&]() {
            nic.Acknowledge(0, 0);
            scheduler.Requeue(0);
        });
        Simulator::Run();
        Simulator::Destroy();

        const std::vector<Time> sends = nic.DataTimes(0);
        NS_TEST_ASSERT_MSG_EQ(sends.size(), 3, "two in the window, one more after the ACK");
        NS_TEST_ASSERT_MSG_EQ(sends[1] - sends[0],
                              DataTx(),
                              "the second committed when the first's bits have left");
        NS_TEST_ASSERT_MSG_EQ(sends[2], MicroSeconds(1), "back in the round robin at the ACK");
        NS_TEST_ASSERT_MSG_EQ(nic.timersArmed[0], 2, "held back twice, its timer armed each time");
    }
};

/**
 * Paced, a queue pair is released at its congestion control's gap when that
 * is longer than the NIC's, and not at all while its window is full.
 */
class PacedCongestionTest : public TestCase
{
  public:
    PacedCongestionTest()
        : TestCase("paced: the longer congestion gap wins; a full window releases nothing")
    {
    }

  private:
    void DoRun() override
    {
        fabriclbtest::UsePicoseconds();
        const uint64_t pacingGapPs = 1000000;
        auto rng = CreateObject<UniformRandomVariable>();
        rng->SetStream(11);

        RecordingNic slower(1, 3, 2 * pacingGapPs);
        RocePacedScheduler slowerLink(slower, LinkGap(), pacingGapPs, 0, rng);
        RecordingNic windowed(1, 3, 0, 1);
        RocePacedScheduler windowedLink(windowed, LinkGap(), pacingGapPs, 0, rng);
        Simulator::Schedule(Seconds(0), [&]() {
            slowerLink.Start(0);
            windowedLink.Start(0);
        });
        Simulator::Schedule(PicoSeconds(4 * pacingGapPs + pacingGapPs / 2),
                            [&]() { windowed.Acknowledge(0, 0); });
        Simulator::Stop(PicoSeconds(8 * pacingGapPs));
        Simulator::Run();
        Simulator::Destroy();

        const std::vector<Time> slow = slower.DataTimes(0);
        NS_TEST_ASSERT_MSG_EQ(slow.size(), 3, "the whole message");
        NS_TEST_ASSERT_MSG_EQ(slow[1] - slow[0],
                              PicoSeconds(2 * pacingGapPs),
                              "released at the congestion control's longer gap");
        const std::vector<Time> held = windowed.DataTimes(0);
        NS_TEST_ASSERT_MSG_EQ(held.size(), 2, "one in the window, one more after the ACK");
        NS_TEST_ASSERT_MSG_GT(held[1],
                              PicoSeconds(4 * pacingGapPs + pacingGapPs / 2),
                              "nothing released while the window is full");
        NS_TEST_ASSERT_MSG_EQ((held[1] - held[0]).GetPicoSeconds() % pacingGapPs,
                              0,
                              "on the queue pair's own release schedule");
        NS_TEST_ASSERT_MSG_LT(held[1] - PicoSeconds(4 * pacingGapPs + pacingGapPs / 2),
                              PicoSeconds(pacingGapPs),
                              "at the first release after the ACK");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(windowed.timersArmed[0], 4, "each held release arms the timer");
    }
};

/// The host link's schedulers.
class FabricLbLinkSchedulerTestSuite : public TestSuite
{
  public:
    FabricLbLinkSchedulerTestSuite()
        : TestSuite("fabric-lb-link-scheduler", FABRIC_LB_SUITE_UNIT)
    {
        AddTestCase(new AlternatingOrderTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new AlternatingCongestionGapTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new AlternatingWindowTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new PacedCongestionTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new PacedReleaseTest, FABRIC_LB_TEST_QUICK);
    }
};

/// Registers the suite.
FabricLbLinkSchedulerTestSuite g_fabricLbLinkSchedulerTestSuite;

} // namespace
} // namespace ns3
