/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Computes in the dependency graph, in a simulation on k=4: a message, a GPU's compute, a
 * message back and a compute at the end run one after another, and the step ends with its last
 * compute; a GPU runs its computes one at a time; the moe workload delivers every message and
 * reports where its time went.
 */

#include "fabric-lb-test-util.h"

#include "ns3/config.h"
#include "ns3/double.h"
#include "ns3/test.h"

namespace ns3
{

namespace
{

/// Bytes of each message: 16 packets.
constexpr uint64_t MESSAGE_BYTES = 65536;

/// \return a flow of MESSAGE_BYTES from \p source to \p destination
fabriclb::MatrixFlow
FlowOf(uint32_t id, uint32_t source, uint32_t destination)
{
    fabriclb::MatrixFlow flow{};
    flow.id = id;
    flow.source = source;
    flow.destination = destination;
    flow.bytes = MESSAGE_BYTES;
    return flow;
}

/// \return a compute of \p durationPs on \p host
fabriclb::MatrixCompute
ComputeOf(uint32_t id, uint32_t host, uint64_t durationPs)
{
    fabriclb::MatrixCompute compute{};
    compute.id = id;
    compute.host = host;
    compute.durationPs = durationPs;
    return compute;
}

/// Runs \p traffic on k=4 under host spraying and the ideal transport.
ExperimentResult
RunMatrix(const fabriclb::ConnectionMatrix& traffic)
{
    const fabriclbtest::TemporaryMatrixFile file(traffic);
    ExperimentConfig config;
    config.lb = "host-spray";
    config.workload = "matrix";
    config.matrixFile = file.Path();
    const ExperimentResult result = fabriclbtest::RunWithK(4, config);
    Config::Reset();
    return result;
}

} // namespace

/**
 * \ingroup fabric-lb-tests
 * \brief Host 4 sends host 0 a message; host 0 computes 20 us on it and sends one back; host 4
 * computes 10 us on that. Alone on the fabric each part waits for the one before: the step
 * ends with the last compute, its bound (the chain of the two messages' arrivals and the
 * computes) within 1%, the busiest GPU 20 us, and the messages in flight for all but the
 * computes.
 */
class ComputeChainTest : public fabriclbtest::DeliveryTestCase
{
  public:
    ComputeChainTest()
        : DeliveryTestCase("a message, a 20 us compute, a message back and a 10 us compute run "
                           "one after another; the step ends with the last compute")
    {
    }

  private:
    void DoRun() override
    {
        fabriclb::ConnectionMatrix traffic;
        traffic.nodes = 16;
        traffic.flows = {FlowOf(1, 4, 0), FlowOf(2, 0, 4)};
        traffic.flows[0].startPs = 0;
        traffic.flows[0].recvDoneTrigger = 1;
        traffic.flows[1].trigger = 2;
        traffic.flows[1].recvDoneTrigger = 3;
        traffic.computes = {ComputeOf(1, 0, 20000000), ComputeOf(2, 4, 10000000)};
        traffic.computes[0].trigger = 1;
        traffic.computes[0].doneTrigger = 2;
        traffic.computes[1].trigger = 3;
        traffic.triggers = {{1, fabriclb::TriggerKind::ONESHOT, 1, {}, 0},
                            {2, fabriclb::TriggerKind::ONESHOT, 1, {}, 0},
                            {3, fabriclb::TriggerKind::ONESHOT, 1, {}, 0}};
        const ExperimentResult r = RunMatrix(traffic);
        CheckEveryMessageDelivered(r);
        NS_TEST_ASSERT_MSG_EQ(r.compute.present, true, "the computes are reported");
        NS_TEST_EXPECT_MSG_EQ(r.compute.computes, 2, "two computes");
        NS_TEST_EXPECT_MSG_EQ(r.compute.busiestGpuPs, 20000000, "host 0 computed 20 us");
        // The message back starts when host 0's compute has ended.
        const int64_t computed = r.messageRecords[1].startPs - r.messageRecords[0].startPs;
        NS_TEST_EXPECT_MSG_GT_OR_EQ(computed, 20000000, "the compute came between");
        NS_TEST_EXPECT_MSG_LT(computed,
                              static_cast<int64_t>(20000000 + r.messageRecords[0].boundPs),
                              "straight after the first arrival");
        // The step ends 10 us after the second message arrived, after its completion.
        NS_TEST_EXPECT_MSG_GT(static_cast<int64_t>(r.cctPs),
                              r.messageRecords[1].completionPs,
                              "the last compute ends the step");
        NS_TEST_EXPECT_MSG_LT(r.CctIncreasePercent(), 1.0, "alone, within 1% of the bound");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(r.boundPs, 30000000, "the bound holds both computes");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(r.compute.communicationPs + 30000000,
                                    r.cctPs,
                                    "messages were in flight for all but the computes");
        NS_TEST_EXPECT_MSG_EQ(r.compute.ExposedCommunicationPs(r.cctPs),
                              r.cctPs - 20000000,
                              "what the busiest GPU did not spend computing");
    }
};

/**
 * \ingroup fabric-lb-tests
 * \brief Two computes of 10 us released together on one GPU run one after the other: the
 * message the second releases starts at 20 us, and the bound holds the GPU's 20 us.
 */
class GpuComputesOneAtATimeTest : public fabriclbtest::DeliveryTestCase
{
  public:
    GpuComputesOneAtATimeTest()
        : DeliveryTestCase("a GPU runs two computes released together one after the other")
    {
    }

  private:
    void DoRun() override
    {
        fabriclb::ConnectionMatrix traffic;
        traffic.nodes = 16;
        traffic.flows = {FlowOf(1, 0, 4), FlowOf(2, 0, 8)};
        traffic.flows[0].trigger = 1;
        traffic.flows[1].trigger = 2;
        traffic.computes = {ComputeOf(1, 0, 10000000), ComputeOf(2, 0, 10000000)};
        traffic.computes[0].startPs = 0;
        traffic.computes[0].doneTrigger = 1;
        traffic.computes[1].startPs = 0;
        traffic.computes[1].doneTrigger = 2;
        traffic.triggers = {{1, fabriclb::TriggerKind::ONESHOT, 1, {}, 0},
                            {2, fabriclb::TriggerKind::ONESHOT, 1, {}, 0}};
        const ExperimentResult r = RunMatrix(traffic);
        CheckEveryMessageDelivered(r);
        NS_TEST_EXPECT_MSG_EQ(r.messageRecords[0].startPs, 10000000, "the first at 10 us");
        NS_TEST_EXPECT_MSG_EQ(r.messageRecords[1].startPs, 20000000, "the second at 20 us");
        NS_TEST_EXPECT_MSG_EQ(r.compute.busiestGpuPs, 20000000, "the GPU computed 20 us");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(r.boundPs, 20000000, "the bound holds the GPU's 20 us");
    }
};

/**
 * \ingroup fabric-lb-tests
 * \brief The moe workload on k=4 (Mixtral's 8 experts, two groups of 8 hosts), uniform and
 * skewed: every message delivered, its time split into the busiest GPU's compute and the
 * exposed communication, and the skewed step's busiest GPU computes more (its experts are
 * the popular ones). The same seed gives the same step to the picosecond.
 */
class MoeStepTest : public TestCase
{
  public:
    MoeStepTest()
        : TestCase("moe on k=4: every message delivered, skew loads the busiest GPU, "
                   "deterministic")
    {
    }

  private:
    /// Runs the moe step with \p skew under Ofan.
    ExperimentResult Run(double skew)
    {
        Config::SetDefault("ns3::MoeWorkload::Skew", DoubleValue(skew));
        Config::SetDefault("ns3::MoeWorkload::Tokens", UintegerValue(128));
        ExperimentConfig config;
        config.lb = "ofan";
        config.workload = "moe";
        const ExperimentResult result = fabriclbtest::RunWithK(4, config);
        Config::Reset();
        return result;
    }

    void DoRun() override
    {
        const ExperimentResult uniform = Run(0);
        NS_TEST_ASSERT_MSG_EQ(uniform.messagesCompleted, uniform.messages, "every message");
        NS_TEST_ASSERT_MSG_GT(uniform.messages, 0, "an all-to-all in each group");
        NS_TEST_EXPECT_MSG_EQ(uniform.compute.computes, 64, "4 computes a host");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(uniform.cctPs, uniform.boundPs, "never below the bound");
        const bool exposed = uniform.compute.ExposedCommunicationPs(uniform.cctPs) > 0;
        NS_TEST_EXPECT_MSG_EQ(exposed, true, "the all-to-alls are not hidden");
        const ExperimentResult skewed = Run(2);
        NS_TEST_ASSERT_MSG_EQ(skewed.messagesCompleted, skewed.messages, "every message");
        NS_TEST_EXPECT_MSG_GT(skewed.compute.busiestGpuPs,
                              uniform.compute.busiestGpuPs * 3 / 2,
                              "the popular experts' GPU computes much more");
        const ExperimentResult again = Run(2);
        NS_TEST_EXPECT_MSG_EQ(again.cctPs, skewed.cctPs, "deterministic");
        NS_TEST_EXPECT_MSG_EQ(again.packetsSent, skewed.packetsSent, "deterministic");
    }
};

/**
 * \ingroup fabric-lb-tests
 * \brief The pipeline workload on k=4 (4 pipelines of 4 stages, 8 micro-batches, 50 us forward
 * and 100 us backward passes, 64 KiB between stages): every message delivered, each GPU
 * computing 8 x 150 us, and the step the 1F1B schedule's (8 + 3) x 150 us plus its
 * communication, within 1% of the bound under Ofan.
 */
class PipelineStepTest : public TestCase
{
  public:
    PipelineStepTest()
        : TestCase("pipeline on k=4: the 1F1B makespan, every message delivered")
    {
    }

  private:
    void DoRun() override
    {
        ExperimentConfig config;
        config.lb = "ofan";
        config.workload = "pipeline";
        config.messageBytes = 65536;
        const ExperimentResult r = fabriclbtest::RunWithK(4, config);
        Config::Reset();
        NS_TEST_ASSERT_MSG_EQ(r.messagesCompleted, r.messages, "every message");
        NS_TEST_EXPECT_MSG_EQ(r.messages, 4 * 3 * 2 * 8, "3 hops each way a micro-batch");
        NS_TEST_EXPECT_MSG_EQ(r.compute.busiestGpuPs, 8 * 150000000ULL, "8 x (F + B)");
        NS_TEST_EXPECT_MSG_GT(r.cctPs, 11 * 150000000ULL, "the schedule's makespan");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(r.cctPs, r.boundPs, "never below the bound");
        NS_TEST_EXPECT_MSG_LT(r.CctIncreasePercent(), 1.0, "alone and small: near the bound");
    }
};

/**
 * \ingroup fabric-lb-tests
 * \brief Computes in the dependency graph.
 */
class FabricLbComputeSuite : public TestSuite
{
  public:
    FabricLbComputeSuite()
        : TestSuite("fabric-lb-compute", FABRIC_LB_SUITE_SYSTEM)
    {
        AddTestCase(new ComputeChainTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new GpuComputesOneAtATimeTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new MoeStepTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new PipelineStepTest, FABRIC_LB_TEST_QUICK);
    }
};

/// The suite's one instance.
static FabricLbComputeSuite g_fabricLbComputeSuite;

} // namespace ns3
