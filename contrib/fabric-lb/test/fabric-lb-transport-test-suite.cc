/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Realistic loss recovery in a simulation: with short buffers that drop
 * packets, go-back-N and selective repeat complete an all-to-all with every
 * packet's payload delivered to the application exactly once, and under host
 * spraying selective repeat retransmits far fewer packets than go-back-N. The
 * study's erasure sender sends extra coded packets when spraying reorders, and
 * hardly any when Ofan does not.
 */

#include "fabric-lb-test-util.h"

#include "ns3/config.h"
#include "ns3/fabric-experiment.h"
#include "ns3/fabric-lb-compat.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <map>
#include <string>
#include <utility>

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

/// Runs a k=4 all-to-all with short buffers under \p lb and \p recovery.
LossyRun
RunLossy(const std::string& lb, const std::string& recovery)
{
    fabriclbtest::UsePicoseconds();
    Config::SetDefault("ns3::FatTreeHelper::K", UintegerValue(4));
    Config::SetDefault("ns3::FatTreeHelper::BufferBytes", UintegerValue(SHORT_BUFFER_BYTES));
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
    return run;
}

} // namespace

/// Under drops, every message completes and every packet reaches the application once.
class ExactlyOnceUnderLossTest : public TestCase
{
  public:
    /// \param recovery the recovery to run
    explicit ExactlyOnceUnderLossTest(const std::string& recovery)
        : TestCase(recovery + ": ECMP with short buffers drops, yet every packet of every "
                              "message reaches the application exactly once"),
          m_recovery(recovery)
    {
    }

  private:
    void DoRun() override
    {
        const LossyRun run = RunLossy("ecmp", m_recovery);
        const ExperimentResult& r = run.result;
        NS_TEST_ASSERT_MSG_GT(r.packetsDropped, 0, "the short buffers must drop");
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
            NS_TEST_ASSERT_MSG_EQ(r.nacks, 0, "selective repeat never NACKs");
        }
    }

    std::string m_recovery; //!< gbn or sack
};

/// Spraying reorders: go-back-N resends whole windows, selective repeat only the lost packets.
class SprayRetransmissionsTest : public TestCase
{
  public:
    SprayRetransmissionsTest()
        : TestCase("host-spray with short buffers: sack retransmits far fewer packets than gbn")
    {
    }

  private:
    void DoRun() override
    {
        const LossyRun gbn = RunLossy("host-spray", "gbn");
        const LossyRun sack = RunLossy("host-spray", "sack");
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

/// The transport suite.
class FabricLbTransportSuite : public TestSuite
{
  public:
    FabricLbTransportSuite()
        : TestSuite("fabric-lb-transport", FABRIC_LB_SUITE_SYSTEM)
    {
        AddTestCase(new ExactlyOnceUnderLossTest("gbn"), FABRIC_LB_TEST_QUICK);
        AddTestCase(new ExactlyOnceUnderLossTest("sack"), FABRIC_LB_TEST_QUICK);
        AddTestCase(new SprayRetransmissionsTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new StudyErasureTest("physical"), FABRIC_LB_TEST_QUICK);
        AddTestCase(new StudyErasureTest("study"), FABRIC_LB_TEST_QUICK);
    }
};

/// Registers the suite.
static FabricLbTransportSuite g_fabricLbTransportSuite;

} // namespace ns3
