/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The training-step generator: a model under tensor, pipeline, data and expert parallelism, as
 * Chakra traces a rank.
 */

#include "ns3/chakra-traffic.h"
#include "ns3/fsdp-collective.h"
#include "ns3/training-step.h"

#include <cmath>
#include <gtest/gtest.h>
#include <map>
#include <set>
#include <tuple>

using namespace ns3::fabriclb;

namespace
{

/// \return the nodes of \p trace called \p name
std::vector<const ChakraNode*>
Named(const ChakraTrace& trace, const std::string& name)
{
    std::vector<const ChakraNode*> nodes;
    for (const ChakraNode& node : trace.nodes)
    {
        if (node.name == name)
        {
            nodes.push_back(&node);
        }
    }
    return nodes;
}

/// A step of Llama-3 7B, two layers, tp 2, pp 2, dp 2, two micro-batches of 1024 tokens.
TrainingStepSpec
SmallStep()
{
    TrainingStepSpec spec;
    spec.model = "llama3-7b";
    spec.layout = {2, 2, 2, 1};
    spec.microbatches = 2;
    spec.sequenceLength = 1024;
    spec.layers = 2;
    return spec;
}

} // namespace

TEST(TrainingStep, RanksAreTensorThenDataThenPipeline)
{
    const std::vector<ChakraTrace> traces = TrainingStepTraces(SmallStep());
    ASSERT_EQ(traces.size(), 8U);
    // Rank t + 2 (d + 2 s): stage 0 sends its activations to the same t and d of stage 1.
    for (uint32_t r = 0; r < 4; ++r)
    {
        const auto sends = Named(traces[r], "forward.0.send");
        ASSERT_EQ(sends.size(), 1U) << r;
        EXPECT_EQ(sends[0]->commDst, r + 4);
        EXPECT_TRUE(Named(traces[r], "forward.0.receive").empty()) << "the first stage";
        EXPECT_TRUE(Named(traces[r + 4], "forward.0.send").empty()) << "the last stage";
    }
}

TEST(TrainingStep, EverySendHasItsReceive)
{
    const std::vector<ChakraTrace> traces = TrainingStepTraces(SmallStep());
    // (source, destination, tag) -> size, from each side.
    std::map<std::tuple<uint32_t, uint32_t, uint32_t>, uint64_t> sent;
    std::map<std::tuple<uint32_t, uint32_t, uint32_t>, uint64_t> received;
    for (uint32_t r = 0; r < traces.size(); ++r)
    {
        for (const ChakraNode& node : traces[r].nodes)
        {
            if (node.type == ChakraNodeType::SEND)
            {
                sent[{r, *node.commDst, *node.commTag}] = *node.commSize;
            }
            if (node.type == ChakraNodeType::RECEIVE)
            {
                received[{*node.commSrc, r, *node.commTag}] = *node.commSize;
            }
        }
    }
    EXPECT_EQ(sent, received);
    // Two micro-batches, forward and back, for each of 4 (t, d) pairs of neighbouring stages.
    EXPECT_EQ(sent.size(), 4U * 2 * 2);
    // 1024 tokens of 4096 bf16 values, split over 2 tensor ranks.
    EXPECT_EQ(sent.begin()->second, 1024U * 4096 * 2 / 2);
}

TEST(TrainingStep, ComputesAndCollectivesFollowTheModel)
{
    const std::vector<ChakraTrace> traces = TrainingStepTraces(SmallStep());
    const ChakraTrace& first = traces[0];
    // Stage 0's 1F1B order: F0, F1, B0, B1, each a compute and a tensor all-reduce.
    const LlamaModel& model = LlamaModels()[0];
    const double forwardFlops = 2.0 * LlamaLayerParameters(model) * 1024 / 2;
    const auto forward = Named(first, "forward.1");
    ASSERT_EQ(forward.size(), 1U);
    EXPECT_EQ(forward[0]->durationMicros, std::llround(forwardFlops / 400e12 * 1e6));
    EXPECT_EQ(Named(first, "backward.1")[0]->durationMicros, 2 * forward[0]->durationMicros);
    const auto reduce = Named(first, "forward.1.tp");
    ASSERT_EQ(reduce.size(), 1U);
    EXPECT_EQ(reduce[0]->commType, ChakraCommType::ALL_REDUCE);
    EXPECT_EQ(reduce[0]->commSize, 4U * 1024 * 4096); // one layer: two all-reduces of bf16
    EXPECT_EQ(reduce[0]->pgName, "tp.0.0");
    // The gradients of the stage's layer over the two replicas, after every pass.
    const auto gradients = Named(first, "gradients.dp");
    ASSERT_EQ(gradients.size(), 1U);
    EXPECT_EQ(gradients[0]->commSize, LlamaLayerParameters(model) / 2 * 2);
    EXPECT_EQ(gradients[0]->pgName, "dp.0.0");
    EXPECT_GE(gradients[0]->dataDeps.size(), 4U);
    // The traces map onto the fabric's traffic.
    const std::vector<std::string> files(traces.size(), "step.et");
    const ConnectionMatrix traffic = ChakraTraffic(traces, files, 8, ChakraCollectiveChoice{});
    EXPECT_GT(traffic.flows.size(), 0U);
    EXPECT_GE(traffic.computes.size(), 8U * 4);
}

TEST(TrainingStep, ExpertsExchangeAndReduceOverTheirGroups)
{
    TrainingStepSpec spec;
    spec.model = "mixtral-8x7b";
    spec.layout = {1, 1, 8, 4};
    spec.microbatches = 1;
    spec.sequenceLength = 512;
    spec.layers = 1;
    const std::vector<ChakraTrace> traces = TrainingStepTraces(spec);
    std::set<std::string> exchanges;
    std::set<std::string> expertGroups;
    for (const ChakraTrace& trace : traces)
    {
        for (const ChakraNode& node : trace.nodes)
        {
            if (node.commType == ChakraCommType::ALL_TO_ALL)
            {
                exchanges.insert(*node.pgName);
                // Dispatch and combine of 512 tokens to 2 experts, 4096 bf16 values each.
                EXPECT_EQ(node.commSize, 2U * 512 * 2 * 4096 * 2);
            }
            if (node.name == "gradients.experts")
            {
                expertGroups.insert(*node.pgName);
            }
        }
    }
    // Replicas 0-3 and 4-7 exchange tokens; the same place in both holds the same experts.
    EXPECT_EQ(exchanges, (std::set<std::string>{"ep.0.0.0", "ep.0.0.1"}));
    EXPECT_EQ(expertGroups.size(), 4U);
    // With every expert held once (ep = dp), the experts' gradients need no reduction.
    spec.layout.ep = 8;
    for (const ChakraTrace& trace : TrainingStepTraces(spec))
    {
        EXPECT_TRUE(Named(trace, "gradients.experts").empty());
    }
}

TEST(TrainingStep, BadStepsAreRefused)
{
    TrainingStepSpec spec = SmallStep();
    spec.model = "gpt-4";
    EXPECT_THROW(TrainingStepTraces(spec), std::invalid_argument);
    spec = SmallStep();
    spec.layout.ep = 2; // a dense model
    EXPECT_THROW(TrainingStepTraces(spec), std::invalid_argument);
    spec = SmallStep();
    spec.layout.pp = 3; // more stages than its 2 layers
    EXPECT_THROW(TrainingStepTraces(spec), std::invalid_argument);
    spec = SmallStep();
    spec.layers = 33; // Llama-3 8B has 32
    EXPECT_THROW(TrainingStepTraces(spec), std::invalid_argument);
    spec = SmallStep();
    spec.microbatches = 0;
    EXPECT_THROW(TrainingStepTraces(spec), std::invalid_argument);
    spec = SmallStep();
    spec.layout.dp = 0;
    EXPECT_THROW(TrainingStepTraces(spec), std::invalid_argument);
}

TEST(TrainingStep, AStepTooLargeToHoldIsRefusedBeforeItIsBuilt)
{
    TrainingStepSpec spec = SmallStep();
    spec.microbatches = 4294967295U; // 2 passes of up to 5 nodes each, on every rank
    try
    {
        TrainingStepTraces(spec);
        ADD_FAILURE() << "a step of 4294967295 micro-batches was built";
    }
    catch (const std::invalid_argument& e)
    {
        EXPECT_EQ(std::string(e.what()),
                  "the step would have " + std::to_string(LayoutRanks(spec.layout)) +
                      " ranks of 4294967295 micro-batches: more than 16777216 trace nodes");
    }
    spec = SmallStep();
    spec.sequenceLength = 1U << 20;
    spec.microbatchSequences = 17; // 17 Mi tokens
    EXPECT_THROW(TrainingStepTraces(spec), std::invalid_argument);
    spec.microbatchSequences = 16; // 16 Mi tokens: the largest micro-batch
    spec.microbatches = 1;
    EXPECT_NO_THROW(TrainingStepTraces(spec));
    // Degrees whose product does not fit 64 bits are not wrapped into a small layout.
    ParallelLayout huge;
    huge.tp = huge.pp = huge.dp = 4294967295U;
    EXPECT_EQ(LayoutRanks(huge), UINT64_MAX);
    huge.dp = 1;
    EXPECT_EQ(LayoutRanks(huge), 4294967295ULL * 4294967295ULL);
}
