/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The moe workload's pure logic: the models, the expert-parallel group, top-k routing by skew,
 * and the step's flows, computes and triggers.
 */

#include "ns3/moe-step.h"

#include <gtest/gtest.h>
#include <numeric>
#include <random>
#include <sstream>

using namespace ns3::fabriclb;

namespace
{

/// A deterministic stream of uniform integers.
UniformIndex
Draws(uint32_t seed)
{
    auto engine = std::make_shared<std::mt19937>(seed);
    return [engine](uint32_t bound) {
        return std::uniform_int_distribution<uint32_t>(0, bound - 1)(*engine);
    };
}

/// \return assignments the busiest device receives over the mean
double
ReceiveImbalance(const MoeRouting& routing)
{
    std::vector<uint64_t> received(routing.group, 0);
    for (uint32_t s = 0; s < routing.group; ++s)
    {
        for (uint32_t d = 0; d < routing.group; ++d)
        {
            received[d] += routing.At(s, d);
        }
    }
    const double total = std::accumulate(received.begin(), received.end(), 0.0);
    return *std::max_element(received.begin(), received.end()) / (total / routing.group);
}

} // namespace

TEST(Moe, ModelsAsPublished)
{
    const MoeModel& mixtral = MoeModelNamed("mixtral-8x7b");
    EXPECT_EQ(mixtral.experts, 8U);
    EXPECT_EQ(mixtral.topK, 2U);
    EXPECT_EQ(mixtral.hidden, 4096U);
    EXPECT_EQ(mixtral.expertFfn, 14336U);
    EXPECT_EQ(MoeModelNamed("deepseek-v3").experts, 256U);
    EXPECT_EQ(MoeModelNamed("deepseek-v3").topK, 8U);
    try
    {
        MoeModelNamed("gpt-moe");
        FAIL();
    }
    catch (const std::invalid_argument& e)
    {
        EXPECT_STREQ(e.what(),
                     "unknown MoE model 'gpt-moe' (mixtral-8x7b, qwen2-57b-a14b, deepseek-v3)");
    }
}

TEST(Moe, GroupIsTheSmallerOfExpertsAndHosts)
{
    EXPECT_EQ(MoeGroupSize(MoeModelNamed("mixtral-8x7b"), 16), 8U);
    EXPECT_EQ(MoeGroupSize(MoeModelNamed("deepseek-v3"), 16), 16U);
    EXPECT_EQ(MoeGroupSize(MoeModelNamed("deepseek-v3"), 1024), 256U);
    EXPECT_THROW(MoeGroupSize(MoeModelNamed("mixtral-8x7b"), 12), std::invalid_argument);
    EXPECT_THROW(MoeGroupSize(MoeModelNamed("qwen2-57b-a14b"), 48), std::invalid_argument);
}

TEST(Moe, EveryTokenGoesToTopKDistinctExperts)
{
    const MoeModel& model = MoeModelNamed("qwen2-57b-a14b"); // 64 experts, top 8
    const UniformIndex draw = Draws(3);
    for (double skew : {0.0, 1.0, 4.0})
    {
        const MoeRouting r = RouteTokens(model, 16, 100, ExpertWeights(model, skew, draw), draw);
        for (uint32_t s = 0; s < 16; ++s)
        {
            uint64_t sent = 0;
            for (uint32_t d = 0; d < 16; ++d)
            {
                sent += r.At(s, d);
                // 4 experts a device: a token reaches a device at most 4 times.
                EXPECT_LE(r.At(s, d), 4U * 100);
            }
            EXPECT_EQ(sent, 8U * 100) << "skew " << skew;
        }
    }
}

TEST(Moe, SkewConcentratesTheTokens)
{
    const MoeModel& model = MoeModelNamed("deepseek-v3");
    const UniformIndex draw = Draws(7);
    const double uniform =
        ReceiveImbalance(RouteTokens(model, 16, 512, ExpertWeights(model, 0, draw), draw));
    const double moderate =
        ReceiveImbalance(RouteTokens(model, 16, 512, ExpertWeights(model, 1, draw), draw));
    const double high =
        ReceiveImbalance(RouteTokens(model, 16, 512, ExpertWeights(model, 2, draw), draw));
    EXPECT_LT(uniform, 1.1); // 4096 assignments a device over 16 devices: within 10%
    EXPECT_GT(moderate, uniform);
    EXPECT_GT(high, moderate);
    EXPECT_GT(high, 2.0);
}

TEST(Moe, WeightsFollowTheRanks)
{
    const MoeModel& model = MoeModelNamed("mixtral-8x7b");
    std::vector<double> w = ExpertWeights(model, 2, Draws(1));
    std::sort(w.begin(), w.end(), std::greater<>());
    for (uint32_t r = 0; r < 8; ++r)
    {
        EXPECT_DOUBLE_EQ(w[r], 1.0 / ((r + 1.0) * (r + 1.0)));
    }
}

TEST(Moe, StepHasAttentionDispatchExpertsCombinePerLayer)
{
    MoeStepSpec spec;
    spec.model = MoeModelNamed("mixtral-8x7b"); // groups of 8 on 16 hosts
    spec.hosts = 16;
    spec.layers = 2;
    spec.tokens = 64;
    spec.skew = 0;
    spec.gpuFlops = 400e12;
    const ConnectionMatrix step = MoeForwardStep(spec, Draws(5));
    // Per layer and device: attention, dispatch join, experts, combine join.
    EXPECT_EQ(step.computes.size(), 2U * 16 * 4);
    // Attention: 64 tokens x 8 x 4096^2 FLOPs at 400 TFLOP/s = 21.47 us.
    EXPECT_EQ(step.computes[0].durationPs, 21474836U);
    EXPECT_EQ(step.computes[0].startPs, 0U);
    // Every flow carries whole activations of 4096 bf16 values, within its group.
    uint64_t dispatched = 0;
    for (const MatrixFlow& flow : step.flows)
    {
        EXPECT_EQ(flow.bytes % 8192, 0U);
        EXPECT_EQ(flow.source / 8, flow.destination / 8);
        dispatched += flow.bytes / 8192;
    }
    // Each layer's dispatch and combine carry every assignment that leaves its device.
    EXPECT_GT(dispatched, 0U);
    EXPECT_LE(dispatched, 2U * 2 * 16 * 64 * 2);
    // Beside attention, the expert computes cover every assignment: 6 x 4096 x 14336 FLOPs each.
    double computePs = 0;
    for (const MatrixCompute& compute : step.computes)
    {
        computePs += compute.durationPs;
    }
    const double expertPs = computePs - 2 * 16 * 21474836.0;
    EXPECT_NEAR(expertPs, 2 * 16 * 64 * 2 * 6.0 * 4096 * 14336 / 400e12 * 1e12, 2 * 16 * 1.0);
    // Written and read back: the parser finds every task can start.
    std::ostringstream out;
    WriteConnectionMatrix(out, step);
    std::istringstream in(out.str());
    const ConnectionMatrix read = ParseConnectionMatrix(in, "moe.cm", 16);
    EXPECT_EQ(read.flows.size(), step.flows.size());
    EXPECT_EQ(read.computes.size(), step.computes.size());
}

TEST(Moe, BadStepsAreRefused)
{
    MoeStepSpec spec;
    spec.model = MoeModelNamed("mixtral-8x7b");
    spec.hosts = 16;
    spec.tokens = 8;
    spec.gpuFlops = 1e12;
    spec.layers = 0;
    EXPECT_THROW(MoeForwardStep(spec, Draws(1)), std::invalid_argument);
    spec.layers = 1;
    spec.skew = -1;
    EXPECT_THROW(MoeForwardStep(spec, Draws(1)), std::invalid_argument);
    spec.skew = 0;
    spec.gpuFlops = 0;
    EXPECT_THROW(MoeForwardStep(spec, Draws(1)), std::invalid_argument);
}
