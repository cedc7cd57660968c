/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The trace sources a user debugging a run connects to, by their Config paths:
 * each fires as often as the run's counters say, with values that make sense.
 */

#include "fabric-lb-test-util.h"

#include "ns3/config.h"
#include "ns3/double.h"
#include "ns3/fabric-experiment.h"
#include "ns3/fabric-queue-disc.h"
#include "ns3/fixed-label-path-policy.h"
#include "ns3/queue-disc.h"
#include "ns3/roce-nic.h"
#include "ns3/switch-discipline.h"
#include "ns3/test.h"

#include <map>
#include <set>
#include <string>

using namespace ns3;

namespace
{

/// Runs \p config on a k=4 fabric with \p lossRate, calling \p connect between Install and Run.
ExperimentResult
RunTraced(const ExperimentConfig& config, double lossRate, const std::function<void()>& connect)
{
    fabriclbtest::UsePicoseconds();
    Config::SetDefault("ns3::FatTreeHelper::K", UintegerValue(4));
    Config::SetDefault("ns3::FatTreeHelper::LossRate", DoubleValue(lossRate));
    FabricExperiment experiment(config);
    experiment.Configure();
    experiment.Install();
    connect();
    experiment.Run();
    ExperimentResult result = experiment.Collect();
    Config::SetDefault("ns3::FatTreeHelper::K", UintegerValue(8));
    Config::SetDefault("ns3::FatTreeHelper::LossRate", DoubleValue(0));
    return result;
}

/**
 * \ingroup fabric-lb-tests
 * \brief Go-back-N under random loss: PacketLost, Retransmission and
 * RetransmitTimeout fire once per loss, retransmission and timeout the JSON
 * counts; every RTT sample lies above the fabric's base round trip.
 */
class RecoveryTracesTest : public TestCase
{
  public:
    RecoveryTracesTest()
        : TestCase("losses, retransmissions, timeouts and RTT samples, one trace each")
    {
    }

  private:
    void DoRun() override
    {
        ExperimentConfig config;
        config.lb = "host-spray";
        config.workload = "all-to-all";
        config.messageBytes = 65536;
        config.recovery = "gbn";
        uint64_t lost = 0;
        uint64_t retransmitted = 0;
        uint64_t timeouts = 0;
        uint64_t samples = 0;
        uint64_t belowBase = 0;
        std::set<uint16_t> lostLabels;
        const ExperimentResult result = RunTraced(config, 0.01, [&]() {
            Config::ConnectWithoutContext("/NodeList/*/$ns3::RoceNic/PacketLost",
                                          Callback<void, uint32_t, uint32_t, uint16_t>(
                                              [&](uint32_t, uint32_t, uint16_t label) {
                                                  ++lost;
                                                  lostLabels.insert(label);
                                              }));
            Config::ConnectWithoutContext(
                "/NodeList/*/$ns3::RoceNic/Retransmission",
                Callback<void, uint32_t, uint32_t, uint16_t>(
                    [&](uint32_t, uint32_t, uint16_t) { ++retransmitted; }));
            Config::ConnectWithoutContext(
                "/NodeList/*/$ns3::RoceNic/RetransmitTimeout",
                Callback<void, uint32_t, uint32_t>([&](uint32_t, uint32_t) { ++timeouts; }));
            Config::ConnectWithoutContext("/NodeList/*/$ns3::RoceNic/RttSample",
                                          Callback<void, uint32_t, Time>([&](uint32_t, Time rtt) {
                                              ++samples;
                                              belowBase += rtt < MicroSeconds(2);
                                          }));
        });
        NS_TEST_ASSERT_MSG_EQ(result.messagesCompleted, result.messages, "the run completes");
        NS_TEST_ASSERT_MSG_GT(result.lossesDetected, 0U, "1% loss loses packets");
        NS_TEST_ASSERT_MSG_EQ(lost, result.lossesDetected, "one PacketLost per loss");
        NS_TEST_ASSERT_MSG_EQ(retransmitted,
                              result.retransmissions,
                              "one Retransmission per retransmission");
        NS_TEST_ASSERT_MSG_EQ(timeouts, result.timeouts, "one RetransmitTimeout per timeout");
        NS_TEST_ASSERT_MSG_GT(lostLabels.size(), 1U, "losses name the sprayed labels");
        NS_TEST_ASSERT_MSG_GT(samples, result.messages, "ACKs give RTT samples");
        // The base round trip, two hosts under one edge switch, is at least 2 us (4 links of
        // 500 ns). A sample is taken from a packet's last sending, so only the ACK of a
        // packet sent again (the first sending's, arriving after the second) comes sooner.
        NS_TEST_ASSERT_MSG_LT_OR_EQ(belowBase,
                                    result.retransmissions,
                                    "a sample below the base RTT only after a retransmission");
    }
};

/**
 * \ingroup fabric-lb-tests
 * \brief UplinkChosen fires once per packet a switch sends up, with a port
 * below its uplinks; PortBacklog once per arrival at a switch port or NIC;
 * PathChosen, through the NIC's PathPolicy, once per data packet.
 */
class SwitchTracesTest : public TestCase
{
  public:
    SwitchTracesTest()
        : TestCase("uplink choices and port arrivals, one trace each")
    {
    }

  private:
    void DoRun() override
    {
        ExperimentConfig config;
        config.lb = "ofan";
        config.workload = "permutation";
        config.messageBytes = 65536;
        uint64_t choices = 0;
        uint64_t badPorts = 0;
        uint64_t arrivals = 0;
        uint64_t enqueues = 0;
        uint32_t largestBacklog = 0;
        uint64_t labels = 0;
        const ExperimentResult result = RunTraced(config, 0, [&]() {
            Config::ConnectWithoutContext(
                "/NodeList/*/$ns3::RoceNic/PathPolicy/PathChosen",
                Callback<void, uint32_t, uint16_t>([&](uint32_t, uint16_t) { ++labels; }));
            Config::ConnectWithoutContext("/NodeList/*/$ns3::SwitchDiscipline/UplinkChosen",
                                          Callback<void, Ptr<const Packet>, uint32_t, uint32_t>(
                                              [&](Ptr<const Packet>, uint32_t, uint32_t port) {
                                                  ++choices;
                                                  badPorts += port >= 2; // k=4: two uplinks
                                              }));
            const std::string ports = "/NodeList/*/DeviceList/*/$ns3::FabricPortDevice/";
            Config::ConnectWithoutContext(ports + "PortBacklog",
                                          Callback<void, Ptr<const Packet>, uint32_t>(
                                              [&](Ptr<const Packet>, uint32_t backlog) {
                                                  ++arrivals;
                                                  largestBacklog =
                                                      std::max(largestBacklog, backlog);
                                              }));
            Config::ConnectWithoutContext(
                ports + "Enqueue",
                Callback<void, Ptr<const Packet>>([&](Ptr<const Packet>) { ++enqueues; }));
        });
        NS_TEST_ASSERT_MSG_EQ(result.messagesCompleted, result.messages, "the run completes");
        NS_TEST_ASSERT_MSG_EQ(badPorts, 0U, "every choice is an uplink");
        NS_TEST_ASSERT_MSG_EQ(labels, result.packetsSent, "a path choice per data packet");
        // A permutation of 16 hosts: every data packet and ACK crosses pods or at least
        // goes up once, twice when it crosses pods (edge and aggregation).
        NS_TEST_ASSERT_MSG_GT_OR_EQ(choices,
                                    result.packetsSent + result.acksSent,
                                    "a choice per upward hop");
        NS_TEST_ASSERT_MSG_EQ(arrivals, enqueues + result.packetsDropped, "a trace per arrival");
        NS_TEST_ASSERT_MSG_EQ(arrivals, result.packetHops, "every hop enters a port");
        NS_TEST_ASSERT_MSG_GT(largestBacklog, 0U, "queues form");
    }
};

/**
 * \ingroup fabric-lb-tests
 * \brief CongestionState reports Swift's window (positive) and DCQCN's rate
 * (never above line rate, cut below it by CNPs), for ECMP's all-to-all.
 */
class CongestionTracesTest : public TestCase
{
  public:
    CongestionTracesTest()
        : TestCase("congestion-control rate and window traces")
    {
    }

  private:
    void DoRun() override
    {
        for (const std::string cc : {"swift", "dcqcn"})
        {
            ExperimentConfig config;
            config.lb = "ecmp"; // its collisions build the queues RED marks
            config.workload = "all-to-all";
            config.messageBytes = 262144;
            config.recovery = "sack";
            config.cc = cc;
            uint64_t updates = 0;
            double lowestRate = 1e18;
            double highestRate = 0;
            double lowestWindow = 1e18;
            const ExperimentResult result = RunTraced(config, 0, [&]() {
                Config::ConnectWithoutContext("/NodeList/*/$ns3::RoceNic/CongestionState",
                                              Callback<void, uint32_t, double, double>(
                                                  [&](uint32_t, double rate, double window) {
                                                      ++updates;
                                                      lowestRate = std::min(lowestRate, rate);
                                                      highestRate = std::max(highestRate, rate);
                                                      lowestWindow = std::min(lowestWindow, window);
                                                  }));
            });
            NS_TEST_ASSERT_MSG_EQ(result.messagesCompleted, result.messages, cc + " completes");
            NS_TEST_ASSERT_MSG_GT(updates, 0U, cc + " reports its state");
            NS_TEST_ASSERT_MSG_LT_OR_EQ(highestRate,
                                        800e9 * (1 + 1e-9),
                                        cc + ": at most line rate");
            NS_TEST_ASSERT_MSG_GT(lowestRate, 0, cc + ": a positive rate");
            if (cc == "swift")
            {
                NS_TEST_ASSERT_MSG_GT(lowestWindow, 0, "Swift reports a positive window");
            }
            else
            {
                NS_TEST_ASSERT_MSG_EQ(lowestWindow, 0, "DCQCN has no window");
                NS_TEST_ASSERT_MSG_GT(result.cnps, 0U, "the all-to-all draws CNPs");
                NS_TEST_ASSERT_MSG_LT(lowestRate, 800e9, "CNPs cut the rate");
            }
        }
    }
};

/// A host policy that keeps one label and records the hop count of every ACK.
class HopRecordingPolicy : public FixedLabelPathPolicy
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::HopRecordingPolicy")
                                .SetParent<FixedLabelPathPolicy>()
                                .SetGroupName("FabricLb")
                                .AddConstructor<HopRecordingPolicy>();
        return tid;
    }

    void AddQueuePair(uint32_t queuePair, uint32_t destinationHost) override
    {
        FixedLabelPathPolicy::AddQueuePair(queuePair, destinationHost);
        m_destinations[queuePair] = destinationHost;
    }

    void NotifyFeedback(const PathFeedback& feedback) override
    {
        if (feedback.kind == PathFeedback::ACK)
        {
            hopsSeen[m_destinations.at(feedback.queuePair)].insert(feedback.hops);
            rttSeen += feedback.rttPs > 0;
        }
    }

    static std::map<uint32_t, std::set<uint32_t>> hopsSeen; //!< by destination host
    static uint64_t rttSeen;                                //!< ACKs with an RTT sample

  private:
    std::map<uint32_t, uint32_t> m_destinations; //!< by queue pair
};

std::map<uint32_t, std::set<uint32_t>> HopRecordingPolicy::hopsSeen;
uint64_t HopRecordingPolicy::rttSeen = 0;

/**
 * \ingroup fabric-lb-tests
 * \brief A host policy's feedback carries the switches the data packet crossed
 * (1 under its edge switch, 3 in its pod, 5 across pods) and an RTT sample.
 */
class FeedbackHopsTest : public TestCase
{
  public:
    FeedbackHopsTest()
        : TestCase("path feedback: hops crossed and RTT samples")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<FabricHelper> fabric =
            fabriclbtest::BuildFabric(4, "", HopRecordingPolicy::GetTypeId().GetName());
        fabriclbtest::Completions completions;
        // Host 0 to a neighbour (host 1), a host of its pod (2) and one of another pod (4).
        fabriclbtest::InstallMessages(fabric,
                                      {{0, 1, 16384}, {0, 2, 16384}, {0, 4, 16384}},
                                      completions);
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(completions.done, 3U, "every message completes");
        NS_TEST_ASSERT_MSG_EQ((HopRecordingPolicy::hopsSeen[1] == std::set<uint32_t>{1}),
                              true,
                              "one switch under the same edge");
        NS_TEST_ASSERT_MSG_EQ((HopRecordingPolicy::hopsSeen[2] == std::set<uint32_t>{3}),
                              true,
                              "three within the pod");
        NS_TEST_ASSERT_MSG_EQ((HopRecordingPolicy::hopsSeen[4] == std::set<uint32_t>{5}),
                              true,
                              "five across pods");
        NS_TEST_ASSERT_MSG_EQ(HopRecordingPolicy::rttSeen, 3U * 4, "every ACK has its RTT");
        fabric->Dispose();
        Simulator::Destroy();
    }
};

} // namespace

NS_OBJECT_ENSURE_REGISTERED(HopRecordingPolicy);

/**
 * \ingroup fabric-lb-tests
 * \brief The trace sources of the module's .rst ("Trace sources").
 */
class FabricLbTracesTestSuite : public TestSuite
{
  public:
    FabricLbTracesTestSuite()
        : TestSuite("fabric-lb-traces", FABRIC_LB_SUITE_SYSTEM)
    {
        AddTestCase(new RecoveryTracesTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new SwitchTracesTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new CongestionTracesTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new FeedbackHopsTest, FABRIC_LB_TEST_QUICK);
    }
};

static FabricLbTracesTestSuite g_fabricLbTracesTestSuite; //!< registers the suite
