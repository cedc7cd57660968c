/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Connection-matrix traffic in a simulation: start times, the three kinds of
 * trigger, and the same traffic as the built-in workload it was dumped from.
 */

#include "fabric-lb-test-util.h"

#include "ns3/config.h"
#include "ns3/fabric-experiment.h"
#include "ns3/fabric-lb-compat.h"
#include "ns3/test.h"

#include <fstream>
#include <map>
#include <string>

namespace ns3
{

using fabriclbtest::RunWithK;

namespace
{

/// Runs \p text as a connection matrix on a k=4 fabric (file written in \p dir).
ExperimentResult
RunMatrix(const std::string& path, const std::string& text)
{
    std::ofstream(path) << text;
    ExperimentConfig config;
    config.workload = "matrix";
    config.matrixFile = path;
    return RunWithK(4, config);
}

} // namespace

/**
 * Start times and triggers: a flow with a start waits until then; a oneshot
 * send-done trigger starts its flow the instant the signalling sender holds its
 * last ACK; a multishot trigger starts one waiting flow per signal, in file
 * order; a barrier waits for its count of signals; recv-done signals come
 * before the sender's completion.
 */
class MatrixTriggerTest : public TestCase
{
  public:
    MatrixTriggerTest()
        : TestCase("start times and oneshot, multishot and barrier triggers")
    {
    }

  private:
    void DoRun() override
    {
        const ExperimentResult r = RunMatrix(CreateTempDirFilename("triggers.cm"),
                                             "Nodes 16\n"
                                             "Connections 6\n"
                                             "Triggers 3\n"
                                             "0->5 id 1 start 0 size 40960 send_done_trigger 1\n"
                                             "5->0 id 2 trigger 1 size 40960 send_done_trigger 2\n"
                                             "3->9 id 3 start 2000000 size 8192 "
                                             "recv_done_trigger 2 send_done_trigger 3\n"
                                             "9->3 id 4 trigger 2 size 4096 send_done_trigger 3\n"
                                             "1->14 id 5 trigger 2 size 4096\n"
                                             "12->13 id 6 trigger 3 size 4096\n"
                                             "trigger id 1 oneshot\n"
                                             "trigger id 2 multishot\n"
                                             "trigger id 3 barrier count 2\n");
        NS_TEST_ASSERT_MSG_EQ(r.messagesCompleted, 6U, "every flow completes");
        // The bound follows the triggers: each flow from its earliest possible start.
        NS_TEST_ASSERT_MSG_GT(r.boundPs, 0U, "a bound with triggers");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(r.cctPs, r.boundPs, "no run beats its bound");
        const auto& m = r.messageRecords;
        NS_TEST_ASSERT_MSG_EQ(m[0].startPs, 0, "flow 1 starts at 0");
        NS_TEST_ASSERT_MSG_EQ(m[1].startPs, m[0].completionPs, "oneshot: at flow 1's completion");
        NS_TEST_ASSERT_MSG_EQ(m[2].startPs, 2000000, "flow 3 starts at its start time, 2 us");
        // Multishot: flow 3's receiver completes first (starting flow 4), flow 2's
        // sender later (starting flow 5).
        NS_TEST_ASSERT_MSG_GT(m[3].startPs, m[2].startPs, "flow 4 after flow 3 started");
        NS_TEST_ASSERT_MSG_LT(m[3].startPs, m[2].completionPs, "recv-done before send-done");
        NS_TEST_ASSERT_MSG_EQ(m[4].startPs, m[1].completionPs, "flow 5 on the second signal");
        // The barrier needs flows 3 and 4 done.
        NS_TEST_ASSERT_MSG_EQ(m[5].startPs,
                              std::max(m[2].completionPs, m[3].completionPs),
                              "barrier: on the second signal");
        for (const MessageRecord& record : m)
        {
            NS_TEST_ASSERT_MSG_GT_OR_EQ(static_cast<uint64_t>(record.completionPs - record.startPs),
                                        record.boundPs,
                                        "no flow beats its own bound");
        }
    }
};

/// A dumped permutation runs as a matrix exactly as the built-in workload does.
class MatrixRoundTripTest : public TestCase
{
  public:
    MatrixRoundTripTest()
        : TestCase("a built-in permutation and its matrix run identically")
    {
    }

  private:
    void DoRun() override
    {
        ExperimentConfig config;
        config.messageBytes = 16 * 4096;
        const ExperimentResult builtIn = RunWithK(4, config);
        fabriclbtest::UsePicoseconds();
        const std::string path = CreateTempDirFilename("permutation.cm");
        {
            Config::SetDefault("ns3::FatTreeHelper::K", UintegerValue(4));
            FabricExperiment experiment(config);
            experiment.Configure();
            WriteConnectionMatrixFile(path, experiment.GetTraffic());
            Config::SetDefault("ns3::FatTreeHelper::K", UintegerValue(8));
        }
        config.workload = "matrix";
        config.matrixFile = path;
        const ExperimentResult matrix = RunWithK(4, config);
        NS_TEST_ASSERT_MSG_EQ(matrix.cctPs, builtIn.cctPs, "same CCT");
        NS_TEST_ASSERT_MSG_EQ(matrix.events, builtIn.events, "same events");
        NS_TEST_ASSERT_MSG_EQ(matrix.packetHops, builtIn.packetHops, "same packet hops");
        // The general matrix bound never exceeds the permutation's exact one (they
        // agree here: 16 packets leave before the first ACK is due).
        NS_TEST_ASSERT_MSG_LT_OR_EQ(matrix.boundPs, builtIn.boundPs, "weaker, general bound");
        NS_TEST_ASSERT_MSG_EQ(matrix.PacketBooksBalance(), true, "books balance");
    }
};

/// \ingroup fabric-lb-tests htsim connection-matrix traffic.
/// Records when each message's receiver first holds all of it.
struct Receipts
{
    std::map<uint32_t, int64_t> atPs; //!< by message id

    /// MessageReceived sink.
    void Received(uint32_t messageId, uint32_t /* queuePair */)
    {
        atPs.emplace(messageId, Simulator::Now().GetPicoSeconds());
    }
};

/**
 * A collective whose steps wait for their inputs, on k=4 (16 hosts): no step
 * starts before the flow it waits for has arrived, every message arrives once
 * with every packet, and the collective completes above its bound (each step
 * from its earliest start).
 */
class TriggeredCollectiveTest : public TestCase
{
  public:
    /**
     * \param name the test's name
     * \param config the collective (lb, workload, sizes)
     * \param messages messages it must have
     * \param packets data packets of each message
     */
    TriggeredCollectiveTest(const std::string& name,
                            const ExperimentConfig& config,
                            uint32_t messages,
                            uint32_t packets)
        : TestCase(name + ": steps wait for their input, completion above the bound"),
          m_config(config),
          m_messages(messages),
          m_packets(packets)
    {
    }

  private:
    void DoRun() override
    {
        const fabriclb::ConnectionMatrix traffic = BuildTraffic(m_config, 16);
        fabriclbtest::UsePicoseconds();
        Config::SetDefault("ns3::FatTreeHelper::K", UintegerValue(4));
        FabricExperiment experiment(m_config);
        experiment.Configure();
        experiment.Install();
        Receipts receipts;
        Config::ConnectWithoutContext("/NodeList/*/$ns3::RoceNic/MessageReceived",
                                      MakeCallback(&Receipts::Received, &receipts));
        experiment.Run();
        const ExperimentResult r = experiment.Collect();
        Config::SetDefault("ns3::FatTreeHelper::K", UintegerValue(8));
        NS_TEST_ASSERT_MSG_EQ(r.messages, m_messages, "messages");
        NS_TEST_ASSERT_MSG_EQ(r.messagesCompleted, r.messages, "every step completes");
        NS_TEST_ASSERT_MSG_EQ(r.messagePackets, m_packets, "packets per message");
        NS_TEST_ASSERT_MSG_EQ(r.packetsDelivered,
                              static_cast<uint64_t>(m_messages) * m_packets,
                              "every packet, once");
        NS_TEST_ASSERT_MSG_GT(r.boundPs, 0U, "it has a bound");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(r.cctPs, r.boundPs, "no run beats its bound");
        for (uint32_t f = 0; f < traffic.flows.size(); ++f)
        {
            NS_TEST_ASSERT_MSG_EQ(receipts.atPs.count(f), 1U, "message " << f << " arrived");
            if (!traffic.flows[f].trigger)
            {
                continue;
            }
            // The flow whose arrival signals this one's trigger.
            for (uint32_t input = 0; input < traffic.flows.size(); ++input)
            {
                if (traffic.flows[input].recvDoneTrigger == traffic.flows[f].trigger)
                {
                    NS_TEST_ASSERT_MSG_GT_OR_EQ(r.messageRecords[f].startPs,
                                                receipts.atPs.at(input),
                                                "step " << f << " started before its input");
                }
            }
        }
    }

    ExperimentConfig m_config; //!< the collective
    uint32_t m_messages;       //!< messages it must have
    uint32_t m_packets;        //!< data packets of each message
};

/// \return an Ofan run of \p workload
ExperimentConfig
OfanRun(const std::string& workload)
{
    ExperimentConfig config;
    config.lb = "ofan";
    config.workload = workload;
    return config;
}

class FabricLbMatrixSuite : public TestSuite
{
  public:
    FabricLbMatrixSuite()
        : TestSuite("fabric-lb-matrix", FABRIC_LB_SUITE_SYSTEM)
    {
        AddTestCase(new MatrixTriggerTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new MatrixRoundTripTest, FABRIC_LB_TEST_QUICK);
        // A ring all-reduce: 16 ranks, 30 steps of a 64 KiB chunk.
        ExperimentConfig ring = OfanRun("ring-allreduce");
        ring.messageBytes = 16 * 65536;
        AddTestCase(new TriggeredCollectiveTest("ring all-reduce", ring, 16 * 30, 16),
                    FABRIC_LB_TEST_QUICK);
        // A ring all-gather over rings of 4 hosts: 4 rings of 4 ranks, 3 steps of a 64 KiB chunk.
        ExperimentConfig allGather = OfanRun("ring-allgather");
        allGather.group = 4;
        allGather.messageBytes = 4 * 65536;
        AddTestCase(
            new TriggeredCollectiveTest("ring all-gather, rings of 4", allGather, 16 * 3, 16),
            FABRIC_LB_TEST_QUICK);
        // A ring reduce-scatter under host spraying: 16 ranks, 15 steps of a 32 KiB chunk.
        ExperimentConfig reduceScatter = OfanRun("ring-reducescatter");
        reduceScatter.lb = "host-spray";
        reduceScatter.messageBytes = 16 * 32768;
        AddTestCase(new TriggeredCollectiveTest("ring reduce-scatter, host-spray",
                                                reduceScatter,
                                                16 * 15,
                                                8),
                    FABRIC_LB_TEST_QUICK);
        // FSDP of Llama-3 7B: 2 servers of 8 GPUs, 8 rails of 2 ranks, 3 layers of one
        // step of 104 packets.
        ExperimentConfig fsdp = OfanRun("fsdp");
        fsdp.layers = 3;
        AddTestCase(new TriggeredCollectiveTest("fsdp llama3-7b", fsdp, 16 * 3, 104),
                    FABRIC_LB_TEST_QUICK);
    }
};

static FabricLbMatrixSuite g_fabricLbMatrixSuite; //!< registers the suite

} // namespace ns3
