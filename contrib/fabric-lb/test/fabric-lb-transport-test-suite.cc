/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Realistic loss recovery in a simulation: with short buffers that drop
 * packets, or with 1% random loss on every link (--lossRate), go-back-N and
 * selective repeat complete an all-to-all with every packet's payload
 * delivered to the application exactly once, and under host spraying
 * selective repeat retransmits far fewer packets than go-back-N. The study's
 * erasure sender sends extra coded packets when spraying reorders, and hardly
 * any when Ofan does not; after ECMP's drops it completes every message unless
 * Lossless (the study's -lossless), which never replaces a lost tail. Congestion control: two DCQCN
 * senders into one receiver converge to fair shares; Swift under host spraying keeps an incast's
 * queue near its target delay without giving up throughput.
 */

#include "fabric-lb-test-util.h"

#include "ns3/boolean.h"
#include "ns3/config.h"
#include "ns3/double.h"
#include "ns3/fabric-experiment.h"
#include "ns3/fabric-lb-compat.h"
#include "ns3/lower-bound.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

namespace
{

/// A buffer of 20 physical data packets: ECMP's collisions at k=4 overflow it.
constexpr uint32_t SHORT_BUFFER_BYTES = 83160;
/// Bytes per message of the all-to-all (64 packets).
constexpr uint64_t MESSAGE_BYTES = 262144;

/// What one lossy all-to-all did.
struct LossyRun
{
    ExperimentResult result;                                  //!< its measurements
    std::map<std::pair<uint32_t, uint32_t>, uint32_t> copies; //!< deliveries per (message, packet)
};

/// Records one delivery in \p copies.
void
CountDelivery(std::map<std::pair<uint32_t, uint32_t>, uint32_t>* copies,
              uint32_t messageId,
              uint32_t index)
{
    ++(*copies)[{messageId, index}];
}

/**
 * Runs a k=4 all-to-all under \p lb and \p recovery, with short buffers, or
 * with the study's buffers and \p lossRate random loss on every link if positive.
 */
LossyRun
RunLossy(const std::string& lb, const std::string& recovery, double lossRate = 0)
{
    fabriclbtest::UsePicoseconds();
    Config::SetDefault("ns3::FatTreeHelper::K", UintegerValue(4));
    Config::SetDefault("ns3::FatTreeHelper::LossRate", DoubleValue(lossRate));
    if (lossRate == 0)
    {
        Config::SetDefault("ns3::FatTreeHelper::BufferBytes", UintegerValue(SHORT_BUFFER_BYTES));
    }
    ExperimentConfig config;
    config.lb = lb;
    config.workload = "all-to-all";
    config.messageBytes = MESSAGE_BYTES;
    config.recovery = recovery;
    LossyRun run;
    FabricExperiment experiment(config);
    experiment.Configure();
    experiment.Install();
    Config::ConnectWithoutContext("/NodeList/*/$ns3::RoceNic/PacketDelivered",
                                  MakeBoundCallback(&CountDelivery, &run.copies));
    experiment.Run();
    run.result = experiment.Collect();
    Config::SetDefault("ns3::FatTreeHelper::K", UintegerValue(8));
    Config::SetDefault("ns3::FatTreeHelper::BufferBytes", UintegerValue(800000));
    Config::SetDefault("ns3::FatTreeHelper::LossRate", DoubleValue(0));
    return run;
}

/// When an incast's bottleneck queue is watched from: after the first round trips' burst.
constexpr int64_t STEADY_FROM_PS = 40000000;

/// The time-averaged queues of one switch's ports from STEADY_FROM_PS on.
struct SteadyQueues
{
    std::map<std::string, double> byteTime; //!< by port (trace context): integral, byte*ps
    std::map<std::string, std::pair<int64_t, uint32_t>> last; //!< by port: last change, bytes

    /// The device queue of \p port holds \p bytes from now on.
    void Change(std::string port, uint32_t /* oldBytes */, uint32_t bytes)
    {
        const int64_t now = std::max(Simulator::Now().GetPicoSeconds(), STEADY_FROM_PS);
        auto& [since, held] = last[port];
        byteTime[port] += static_cast<double>(std::max<int64_t>(0, now - since)) * held;
        last[port] = {now, bytes};
    }

    /// \return the largest time-averaged queue of any port from STEADY_FROM_PS to \p endPs
    double MaxMeanBytes(int64_t endPs)
    {
        double largest = 0;
        for (auto& [port, state] : last)
        {
            Change(port, 0, state.second); // bring the integral up to the end
            largest = std::max(largest, byteTime[port] / (endPs - STEADY_FROM_PS));
        }
        return largest;
    }
};

/// What an incast did.
struct IncastRun
{
    ExperimentResult result;                         //!< its measurements
    std::vector<std::vector<int64_t>> deliveredAtPs; //!< by message: when each packet arrived
    double steadyQueueBytes{0}; //!< the receiver's edge switch: largest port queue after the burst
};

/// Records when a packet of \p messageId reached the application.
void
RecordDelivery(std::vector<std::vector<int64_t>>* deliveredAtPs, uint32_t messageId, uint32_t)
{
    (*deliveredAtPs)[messageId].push_back(Simulator::Now().GetPicoSeconds());
}

/**
 * Runs an incast on k=4: \p senders hosts in other pods (4, 6, 8, ...) each
 * send \p bytes to host 0, the first at time 0 and each next one \p staggerPs
 * later, under \p cc, \p lb and \p recovery.
 */
IncastRun
RunIncast(const std::string& cc,
          const std::string& lb,
          const std::string& recovery,
          uint32_t senders,
          uint64_t bytes,
          uint64_t staggerPs = 0)
{
    fabriclbtest::UsePicoseconds();
    Config::SetDefault("ns3::FatTreeHelper::K", UintegerValue(4));
    const fabriclbtest::IncastMatrixFile matrix(senders, bytes, staggerPs);
    ExperimentConfig config;
    config.lb = lb;
    config.workload = "matrix";
    config.matrixFile = matrix.Path();
    config.recovery = recovery;
    config.cc = cc;
    IncastRun run;
    SteadyQueues queues;
    run.deliveredAtPs.resize(senders);
    FabricExperiment experiment(config);
    experiment.Configure();
    experiment.Install();
    Config::ConnectWithoutContext("/NodeList/*/$ns3::RoceNic/PacketDelivered",
                                  MakeBoundCallback(&RecordDelivery, &run.deliveredAtPs));
    // Node 16 is host 0's edge switch (hosts are nodes 0 to 15).
    Config::Connect("/NodeList/16/DeviceList/*/$ns3::FabricPortDevice/BacklogBytes",
                    MakeCallback(&SteadyQueues::Change, &queues));
    experiment.Run();
    const int64_t endPs = Simulator::Now().GetPicoSeconds();
    run.steadyQueueBytes = queues.MaxMeanBytes(endPs);
    run.result = experiment.Collect();
    Config::SetDefault("ns3::FatTreeHelper::K", UintegerValue(8));
    return run;
}

} // namespace

/// Under drops, every message completes and every packet reaches the application once.
class ExactlyOnceUnderLossTest : public TestCase
{
  public:
    /**
     * \param recovery the recovery to run
     * \param lossRate random loss on every link, or 0 for short buffers instead
     */
    ExactlyOnceUnderLossTest(const std::string& recovery, double lossRate)
        : TestCase(recovery + ": ECMP with " +
                   (lossRate > 0 ? "1% random loss on every link" : "short buffers") +
                   " drops, yet every packet of every message reaches the application "
                   "exactly once"),
          m_recovery(recovery),
          m_lossRate(lossRate)
    {
    }

  private:
    void DoRun() override
    {
        const LossyRun run = RunLossy("ecmp", m_recovery, m_lossRate);
        const ExperimentResult& r = run.result;
        NS_TEST_ASSERT_MSG_GT(r.packetsDropped + r.linkDrops, 0, "packets must be lost");
        NS_TEST_ASSERT_MSG_EQ((r.linkDrops > 0), (m_lossRate > 0), "links lose packets at random");
        NS_TEST_ASSERT_MSG_EQ(r.messagesCompleted, r.messages, "every message completes");
        NS_TEST_ASSERT_MSG_EQ(r.PacketBooksBalance(), true, "packet books");
        NS_TEST_ASSERT_MSG_GT(r.retransmissions, 0, "drops are recovered by retransmission");
        NS_TEST_ASSERT_MSG_EQ(run.copies.size(),
                              r.messages * r.messagePackets,
                              "every packet of every message delivered");
        for (const auto& [packet, copies] : run.copies)
        {
            NS_TEST_ASSERT_MSG_EQ(copies,
                                  1,
                                  "message " << packet.first << " packet " << packet.second);
        }
        if (m_recovery == "gbn")
        {
            NS_TEST_ASSERT_MSG_GT(r.nacks, 0, "gaps draw NACKs");
        }
        else
        {
            NS_TEST_ASSERT_MSG_EQ(r.nacks, 0, "without trimming, sack and rud never NACK");
        }
    }

    std::string m_recovery; //!< gbn, sack or rud
    double m_lossRate;      //!< random loss on every link
};

/// Spraying reorders: go-back-N resends whole windows, selective repeat only the lost packets.
class SprayRetransmissionsTest : public TestCase
{
  public:
    /// \param lossRate random loss on every link, or 0 for short buffers instead
    explicit SprayRetransmissionsTest(double lossRate)
        : TestCase(std::string("host-spray with ") +
                   (lossRate > 0 ? "1% random loss on every link" : "short buffers") +
                   ": sack retransmits far fewer packets than gbn"),
          m_lossRate(lossRate)
    {
    }

  private:
    void DoRun() override
    {
        const LossyRun gbn = RunLossy("host-spray", "gbn", m_lossRate);
        const LossyRun sack = RunLossy("host-spray", "sack", m_lossRate);
        for (const LossyRun* run : {&gbn, &sack})
        {
            NS_TEST_ASSERT_MSG_EQ(run->result.messagesCompleted,
                                  run->result.messages,
                                  "every message completes");
        }
        NS_TEST_ASSERT_MSG_GT(gbn.result.retransmissions,
                              10 * (sack.result.retransmissions + 1),
                              "gbn " << gbn.result.retransmissions << ", sack "
                                     << sack.result.retransmissions);
    }

    double m_lossRate; //!< random loss on every link
};

/// Two DCQCN senders into one receiver share its link fairly.
class DcqcnFairnessTest : public TestCase
{
  public:
    DcqcnFairnessTest()
        : TestCase("dcqcn: two senders of 32 MB into one receiver, the second 100 us later, "
                   "converge to within 10% of fair shares, with CNPs and RED marks")
    {
    }

  private:
    void DoRun() override
    {
        const IncastRun run = RunIncast("dcqcn", "ecmp", "sack", 2, 32 * 1048576, 100000000);
        const ExperimentResult& r = run.result;
        NS_TEST_ASSERT_MSG_EQ(r.messagesCompleted, 2, "both complete");
        NS_TEST_ASSERT_MSG_EQ(r.PacketBooksBalance(), true, "packet books");
        NS_TEST_ASSERT_MSG_GT(r.cnps, 0, "the receiver sends CNPs");
        NS_TEST_ASSERT_MSG_GT(r.packetsMarked, 0, "the queues mark");
        // Shares of what arrived from 300 us on, until the first message completes.
        const int64_t fromPs = 300000000;
        const int64_t untilPs = std::min(run.deliveredAtPs[0].back(), run.deliveredAtPs[1].back());
        uint64_t counts[2] = {0, 0};
        for (uint32_t m = 0; m < 2; ++m)
        {
            for (int64_t t : run.deliveredAtPs[m])
            {
                counts[m] += t >= fromPs && t <= untilPs;
            }
        }
        const double total = counts[0] + counts[1];
        NS_TEST_ASSERT_MSG_GT(total, 0, "packets arrive in the window");
        for (uint32_t m = 0; m < 2; ++m)
        {
            NS_TEST_ASSERT_MSG_EQ_TOL(counts[m] / total,
                                      0.5,
                                      0.05,
                                      "sender " << m << ": " << counts[m] << " of " << total);
        }
        // The bottleneck stays busy: DCQCN's default recovery (300 us timer, 10 MB byte
        // counter) is slow at 800 Gb/s; 73% of the line measured.
        const double packetPs = (4158 + 20) * 8 / 800e9 * 1e12;
        NS_TEST_ASSERT_MSG_GT(total * packetPs, 0.65 * (untilPs - fromPs), "throughput");
    }
};

/// Swift under host spraying: an incast's queue stays near the target, the link stays busy.
class SwiftQueueTest : public TestCase
{
  public:
    SwiftQueueTest()
        : TestCase("swift under host-spray: after the first burst, a 4-to-1 incast of 4 MB "
                   "keeps the bottleneck queue near the target delay and the link busy; "
                   "fixed rate keeps the buffer full")
    {
    }

  private:
    void DoRun() override
    {
        // Ideal loss recovery, so that only the congestion control differs.
        const IncastRun swift = RunIncast("swift", "host-spray", "erasure", 4, 4 * 1048576);
        const IncastRun fixed = RunIncast("fixed", "host-spray", "erasure", 4, 4 * 1048576);
        for (const IncastRun* run : {&swift, &fixed})
        {
            NS_TEST_ASSERT_MSG_EQ(run->result.messagesCompleted, 4, "every message completes");
            NS_TEST_ASSERT_MSG_EQ(run->result.PacketBooksBalance(), true, "packet books");
        }
        // The target (8.2 us) less the 6-hop base round trip (about 6.3 us) leaves about
        // 1.9 us of queueing: 190 KB at 800 Gb/s.
        NS_TEST_ASSERT_MSG_LT(swift.steadyQueueBytes, 250000, "swift's bottleneck queue");
        NS_TEST_ASSERT_MSG_GT(fixed.steadyQueueBytes,
                              2 * swift.steadyQueueBytes,
                              "fixed rate queues far more");
        // 16 MB through one 800 Gb/s link take about 171 us: swift stays within 15%.
        const double linePs = 4 * 1024 * (4158 + 20) * 8 / 800e9 * 1e12;
        NS_TEST_ASSERT_MSG_LT(swift.result.cctPs, 1.15 * linePs, "swift's completion");
    }
};

/// HPCC under host spraying: an incast's queue stays near zero, the link near its target.
class HpccQueueTest : public TestCase
{
  public:
    HpccQueueTest()
        : TestCase("hpcc under host-spray: after the first burst, a 4-to-1 incast of 4 MB "
                   "keeps the bottleneck queue near zero and the link near 95% busy")
    {
    }

  private:
    void DoRun() override
    {
        // Ideal loss recovery, so that only the congestion control differs.
        const IncastRun hpcc = RunIncast("hpcc", "host-spray", "erasure", 4, 4 * 1048576);
        const IncastRun swift = RunIncast("swift", "host-spray", "erasure", 4, 4 * 1048576);
        NS_TEST_ASSERT_MSG_EQ(hpcc.result.messagesCompleted, 4, "every message completes");
        NS_TEST_ASSERT_MSG_EQ(hpcc.result.PacketBooksBalance(), true, "packet books");
        // HPCC aims below the link's capacity (eta = 95%): no standing queue, a few packets
        // at most, where Swift holds its target delay's worth.
        NS_TEST_ASSERT_MSG_LT(hpcc.steadyQueueBytes, 4 * 4178, "hpcc's bottleneck queue");
        NS_TEST_ASSERT_MSG_GT(swift.steadyQueueBytes,
                              10 * hpcc.steadyQueueBytes,
                              "swift queues far more");
        // 16 MB through one 800 Gb/s link take about 171 us; at 95% about 180 us, and the
        // first round trip's line-rate burst overflows the buffer (190 us measured).
        const double linePs = 4 * 1024 * (4158 + 20) * 8 / 800e9 * 1e12;
        NS_TEST_ASSERT_MSG_LT(hpcc.result.cctPs, 1.15 * linePs, "hpcc's completion");
    }
};

/// study-erasure counts reordering as loss: extra packets under host spraying, few under Ofan.
class StudyErasureTest : public TestCase
{
  public:
    /// \param wire the wire model to run on
    explicit StudyErasureTest(const std::string& wire)
        : TestCase("study-erasure on the " + wire +
                   " wire, k=4 permutation of 256 packets: host-spray sends more than m "
                   "packets a message, ofan nearly exactly m, every message completes"),
          m_wire(wire)
    {
    }

  private:
    void DoRun() override
    {
        fabriclbtest::UsePicoseconds();
        Config::SetDefault("ns3::FatTreeHelper::K", UintegerValue(4));
        Config::SetDefault("ns3::FatTreeHelper::Wire", StringValue(m_wire));
        for (const std::string lb : {"host-spray", "ofan"})
        {
            ExperimentConfig config;
            config.lb = lb;
            config.messageBytes = 1048576;
            config.recovery = "study-erasure";
            const ExperimentResult r = RunFabricExperiment(config);
            const uint64_t needed = uint64_t{r.messages} * r.messagePackets;
            NS_TEST_ASSERT_MSG_EQ(r.recovery, "study-erasure", "the strategy ran");
            NS_TEST_ASSERT_MSG_EQ(r.messagePackets, 256, "m");
            NS_TEST_ASSERT_MSG_EQ(r.messagesCompleted, r.messages, lb << ": every message");
            NS_TEST_ASSERT_MSG_EQ(r.PacketBooksBalance(), true, lb << ": packet books");
            NS_TEST_ASSERT_MSG_EQ(r.retransmissions, 0, lb << ": every packet a fresh one");
            NS_TEST_ASSERT_MSG_GT_OR_EQ(r.packetsSent, needed, lb);
            if (lb == "host-spray")
            {
                NS_TEST_ASSERT_MSG_GT(r.packetsSent, needed + r.messages, "spraying reorders");
            }
            else
            {
                NS_TEST_ASSERT_MSG_LT_OR_EQ(r.packetsSent, needed + needed / 100, "ofan");
            }
        }
        Config::SetDefault("ns3::FatTreeHelper::K", UintegerValue(8));
        Config::SetDefault("ns3::FatTreeHelper::Wire", StringValue("physical"));
    }

    std::string m_wire; //!< physical or study
};

/**
 * study-erasure after drops: on the study's wire, the k=4 permutation of 1 MiB (run 2) under ECMP
 * drops packets. Without Lossless (the study's simulator without -lossless) the final phase sends
 * one packet a pacing tick once the smoothed RTT has passed, so a lost tail is replaced and every
 * message completes, with fresh packets only. With Lossless (the default, the study's -lossless)
 * only losses below the highest acknowledged PSN are replaced: a message whose last packets are
 * lost never completes and the run ends at its time limit, as the study's simulator's -lossless
 * runs do on the same matrix (15 of 16 at its seeds 3 and 4).
 */
class StudyErasureEcmpDropsTest : public TestCase
{
  public:
    StudyErasureEcmpDropsTest()
        : TestCase("study-erasure, study wire, k=4 permutation of 1 MiB under ecmp with drops: "
                   "every message completes without Lossless; a lost tail stays lost with it")
    {
    }

  private:
    /// \param lossless the sender's Lossless \return the run's result
    static ExperimentResult Run(bool lossless)
    {
        fabriclbtest::UsePicoseconds();
        Config::SetDefault("ns3::FatTreeHelper::K", UintegerValue(4));
        Config::SetDefault("ns3::FatTreeHelper::Wire", StringValue("study"));
        Config::SetDefault("ns3::RoceStudyErasureRecovery::Lossless", BooleanValue(lossless));
        RngSeedManager::SetRun(2);
        ExperimentConfig config;
        config.lb = "ecmp";
        config.messageBytes = 1048576;
        config.recovery = "study-erasure";
        const ExperimentResult r = RunFabricExperiment(config);
        RngSeedManager::SetRun(1);
        Config::SetDefault("ns3::RoceStudyErasureRecovery::Lossless", BooleanValue(true));
        Config::SetDefault("ns3::FatTreeHelper::Wire", StringValue("physical"));
        Config::SetDefault("ns3::FatTreeHelper::K", UintegerValue(8));
        return r;
    }

    void DoRun() override
    {
        const ExperimentResult lossy = Run(false);
        const uint64_t needed = lossy.messages * lossy.messagePackets;
        NS_TEST_ASSERT_MSG_EQ(lossy.messages, 16, "a permutation of 16 hosts");
        NS_TEST_ASSERT_MSG_GT(lossy.packetsDropped, 0, "ecmp's collisions drop packets");
        NS_TEST_ASSERT_MSG_EQ(lossy.messagesCompleted, lossy.messages, "every message completes");
        NS_TEST_ASSERT_MSG_EQ(lossy.timeLimitReached, false, "before the time limit");
        NS_TEST_ASSERT_MSG_EQ(lossy.PacketBooksBalance(), true, "packet books");
        NS_TEST_ASSERT_MSG_EQ(lossy.retransmissions, 0, "every packet a fresh one");
        NS_TEST_ASSERT_MSG_GT(lossy.packetsSent,
                              needed + lossy.packetsDropped,
                              "the drops replaced");
        NS_TEST_ASSERT_MSG_LT(lossy.packetsSent, 2 * needed, "not the message again");

        const ExperimentResult lossless = Run(true);
        NS_TEST_ASSERT_MSG_GT(lossless.packetsDropped, 0, "ecmp's collisions drop packets");
        NS_TEST_ASSERT_MSG_LT(lossless.messagesCompleted, lossless.messages, "a lost tail");
        NS_TEST_ASSERT_MSG_EQ(lossless.timeLimitReached, true, "the run ends at its time limit");
        NS_TEST_ASSERT_MSG_EQ(lossless.PacketBooksBalance(), true, "packet books");
    }
};

/// The transport suite.
/**
 * \ingroup fabric-lb-tests
 * \brief RoceNic::LimitFlowRate (rho_max under failures): a NIC limited to a share of its link
 * sends each queue pair's packets a pacing slot (a data packet and an ACK with their gaps) per
 * share of line time apart, the first at a random offset within one gap. A lone 16-packet
 * message across pods then completes within a gap after its paced bound, 15 gaps and a lone
 * packet's round trip, instead of at its line-rate bound; a looser limit after a tighter one
 * leaves the tighter (the same completion, the offset drawn alike); another host's NIC is not
 * limited.
 */
class LimitFlowRateTest : public TestCase
{
  public:
    LimitFlowRateTest()
        : TestCase("a limited NIC paces at its share: near the paced bound, the tighter limit "
                   "kept")
    {
    }

  private:
    /// Packets of the message.
    static constexpr uint32_t PACKETS = 16;

    /**
     * \param shares the limits host 0's NIC gets, in turn
     * \param source the message's sender, to host 15 (6 hops)
     * \return when the message completes (-1: never)
     */
    static Time Completion(const std::vector<double>& shares, uint32_t source)
    {
        Ptr<FabricHelper> fabric = fabriclbtest::BuildFabric(4);
        for (const double share : shares)
        {
            fabric->GetNic(0)->LimitFlowRate(share);
        }
        fabriclbtest::Completions completions;
        fabriclbtest::InstallMessages(fabric, {{source, 15, PACKETS * 4096}}, completions);
        Simulator::Run();
        const Time completion = completions.done == 1 ? completions.last : Time(-1);
        fabric->Dispose();
        Simulator::Destroy();
        return completion;
    }

    void DoRun() override
    {
        const fabriclb::WireModel wire = fabriclbtest::BuildFabric(4)->GetWireModel();
        Simulator::Destroy();
        const uint64_t quarterGapPs = wire.PacingGapPsAtShare(0.25);
        const Time paced =
            PicoSeconds(fabriclb::ComputePacedMessageBound(wire, PACKETS, 6, quarterGapPs));
        const Time lineRate = PicoSeconds(fabriclb::ComputeLoneMessageBound(wire, PACKETS, 6));
        NS_TEST_ASSERT_MSG_GT(paced, lineRate, "the limit is slower than line rate");
        NS_TEST_EXPECT_MSG_EQ(Completion({}, 0), lineRate, "unlimited: line rate");
        const Time quarter = Completion({0.25}, 0);
        NS_TEST_EXPECT_MSG_GT_OR_EQ(quarter, paced, "a quarter: no sooner than the paced bound");
        NS_TEST_EXPECT_MSG_LT(quarter,
                              paced + PicoSeconds(quarterGapPs),
                              "a quarter: within the first packet's offset of the paced bound");
        NS_TEST_EXPECT_MSG_EQ(Completion({0.25, 0.5}, 0), quarter, "a looser limit after it");
        NS_TEST_EXPECT_MSG_EQ(Completion({0.5, 0.25}, 0), quarter, "a tighter limit after it");
        NS_TEST_EXPECT_MSG_EQ(Completion({0.25}, 1), lineRate, "host 1's NIC is not limited");
    }
};

class FabricLbTransportSuite : public TestSuite
{
  public:
    FabricLbTransportSuite()
        : TestSuite("fabric-lb-transport", FABRIC_LB_SUITE_SYSTEM)
    {
        AddTestCase(new ExactlyOnceUnderLossTest("gbn", 0), FABRIC_LB_TEST_QUICK);
        AddTestCase(new ExactlyOnceUnderLossTest("sack", 0), FABRIC_LB_TEST_QUICK);
        AddTestCase(new ExactlyOnceUnderLossTest("gbn", 0.01), FABRIC_LB_TEST_QUICK);
        AddTestCase(new ExactlyOnceUnderLossTest("sack", 0.01), FABRIC_LB_TEST_QUICK);
        AddTestCase(new ExactlyOnceUnderLossTest("rud", 0), FABRIC_LB_TEST_QUICK);
        AddTestCase(new ExactlyOnceUnderLossTest("rud", 0.01), FABRIC_LB_TEST_QUICK);
        AddTestCase(new SprayRetransmissionsTest(0), FABRIC_LB_TEST_QUICK);
        AddTestCase(new SprayRetransmissionsTest(0.01), FABRIC_LB_TEST_QUICK);
        AddTestCase(new DcqcnFairnessTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new SwiftQueueTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new HpccQueueTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new StudyErasureTest("physical"), FABRIC_LB_TEST_QUICK);
        AddTestCase(new StudyErasureTest("study"), FABRIC_LB_TEST_QUICK);
        AddTestCase(new StudyErasureEcmpDropsTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new LimitFlowRateTest, FABRIC_LB_TEST_QUICK);
    }
};

/// Registers the suite.
static FabricLbTransportSuite g_fabricLbTransportSuite;

} // namespace ns3
