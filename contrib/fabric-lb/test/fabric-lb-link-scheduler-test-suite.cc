/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The host link's schedulers (RoceAlternatingScheduler, RocePacedScheduler)
// against a NIC that records what they put on the link: the order of ACKs and
// data, the gap after every packet, the pacing of every queue pair, the round
// robin over the flows' ACK queues, and the loss timer of a queue pair that
// has sent all it may.

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

/// Serialisation times and the gap of the recording NIC's link.
const Time DATA_TX = NanoSeconds(41);
const Time ACK_TX = NanoSeconds(2);
const Time LINK_GAP = NanoSeconds(1);

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
     */
    RecordingNic(uint32_t queuePairs, uint32_t packets, uint64_t congestionGapPs)
    {
        fabriclb::CongestionContext context;
        context.lineRateBps = 800e9;
        context.fairGapPs = congestionGapPs;
        for (uint32_t qp = 0; qp < queuePairs; ++qp)
        {
            m_requesters.emplace_back(Ipv4Address("10.0.0.1"),
                                      qp,
                                      std::make_unique<fabriclb::ErasureSender>(packets),
                                      std::make_unique<fabriclb::FixedRateController>(context),
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
        return DATA_TX;
    }

    Time SendAck(const RocePendingAck& ack) override
    {
        sent.push_back({Simulator::Now(), "a" + std::to_string(ack.header.queuePair)});
        return ACK_TX;
    }

    void ArmTimer(uint32_t qp) override
    {
        ++timersArmed.at(qp);
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
    return packet.what[0] == 'd' ? DATA_TX : ACK_TX;
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
        RecordingNic nic(2, 3, 0);
        RoceAlternatingScheduler scheduler(nic, LINK_GAP);
        RoceResponder responder;
        Simulator::Schedule(Seconds(0), [&]() {
            for (uint32_t i = 0; i < 3; ++i)
            {
                scheduler.QueueAck(responder, MakeAck(7));
            }
            scheduler.Start(0);
            scheduler.Start(1);
        });
        Simulator::Run();
        Simulator::Destroy();

        NS_TEST_ASSERT_MSG_EQ(nic.Order(),
                              "a7 d0 a7 d1 a7 d0 d1 d0 d1",
                              "ACKs and data take turns; data round-robins its queue pairs");
        NS_TEST_ASSERT_MSG_EQ(nic.sent.front().at, Seconds(0), "an idle link sends at once");
        NS_TEST_ASSERT_MSG_EQ(nic.sent[1].at - nic.sent[0].at,
                              ACK_TX,
                              "the next packet is committed when the bits of the first have left");
        for (size_t i = 2; i < nic.sent.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(nic.sent[i].at - nic.sent[i - 1].at,
                                  LINK_GAP + TxTimeOf(nic.sent[i - 1]),
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
        const uint64_t gapPs = 500000;
        RecordingNic nic(1, 4, gapPs);
        RoceAlternatingScheduler scheduler(nic, LINK_GAP);
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
        const uint64_t pacingGapPs = 1000000;
        const uint32_t packets = 4;
        RecordingNic nic(2, packets, 0);
        auto rng = CreateObject<UniformRandomVariable>();
        rng->SetStream(11);
        RocePacedScheduler scheduler(nic, LINK_GAP, pacingGapPs, 0, rng);
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
            std::vector<Time> sends;
            for (const RecordingNic::Sent& packet : nic.sent)
            {
                if (packet.what == "d" + std::to_string(qp))
                {
                    sends.push_back(packet.at);
                }
            }
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

/// The host link's schedulers.
class FabricLbLinkSchedulerTestSuite : public TestSuite
{
  public:
    FabricLbLinkSchedulerTestSuite()
        : TestSuite("fabric-lb-link-scheduler", FABRIC_LB_SUITE_UNIT)
    {
        AddTestCase(new AlternatingOrderTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new AlternatingCongestionGapTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new PacedReleaseTest, FABRIC_LB_TEST_QUICK);
    }
};

/// Registers the suite.
FabricLbLinkSchedulerTestSuite g_fabricLbLinkSchedulerTestSuite;

} // namespace
} // namespace ns3
