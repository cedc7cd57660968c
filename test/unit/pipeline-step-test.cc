/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The pipeline workload's pure logic: the 1F1B order of each stage, and the step's computes,
 * flows and dependencies, whose critical path is the schedule's makespan.
 */

#include "ns3/lower-bound.h"
#include "ns3/pipeline-step.h"

#include <gtest/gtest.h>
#include <sstream>

using namespace ns3::fabriclb;

namespace
{

/// \return "F0 F1 B0 ..." for \p ops
std::string
Order(const std::vector<PipelineOp>& ops)
{
    std::string text;
    for (const PipelineOp& op : ops)
    {
        text += (text.empty() ? "" : " ") + std::string(op.forward ? "F" : "B") +
                std::to_string(op.microbatch);
    }
    return text;
}

/// \return when \p step's last compute ends, every flow taking \p flowPs
uint64_t
Makespan(const ConnectionMatrix& step, uint64_t flowPs)
{
    const std::vector<uint64_t> flows(step.flows.size(), flowPs);
    std::vector<std::optional<uint64_t>> computeStarts;
    const auto starts = ComputeEarliestStarts(step, flows, flows, &computeStarts);
    for (const auto& start : starts)
    {
        EXPECT_TRUE(start.has_value());
    }
    uint64_t end = 0;
    for (size_t c = 0; c < step.computes.size(); ++c)
    {
        EXPECT_TRUE(computeStarts[c].has_value()) << c;
        end = std::max(end, computeStarts[c].value_or(0) + step.computes[c].durationPs);
    }
    return end;
}

} // namespace

TEST(Pipeline, OneForwardOneBackwardOrder)
{
    // 4 stages, 6 micro-batches: stage 0 warms up with 3 forwards, the last stage with none.
    EXPECT_EQ(Order(OneForwardOneBackward(4, 0, 6)), "F0 F1 F2 F3 B0 F4 B1 F5 B2 B3 B4 B5");
    EXPECT_EQ(Order(OneForwardOneBackward(4, 2, 6)), "F0 F1 B0 F2 B1 F3 B2 F4 B3 F5 B4 B5");
    EXPECT_EQ(Order(OneForwardOneBackward(4, 3, 6)), "F0 B0 F1 B1 F2 B2 F3 B3 F4 B4 F5 B5");
    // Fewer micro-batches than the warm-up: every forward, then every backward.
    EXPECT_EQ(Order(OneForwardOneBackward(4, 0, 2)), "F0 F1 B0 B1");
}

TEST(Pipeline, StepIsOneComputeAPassAndAFlowAHop)
{
    PipelineSpec spec{16, 4, 8, 4096, 1000, 2000};
    const ConnectionMatrix step = PipelineStep(spec);
    // 4 pipelines of 4 stages: 3 hops each way a micro-batch.
    EXPECT_EQ(step.flows.size(), 4U * 3 * 2 * 8);
    // A compute a pass (16 a stage) and a join between consecutive passes (15).
    EXPECT_EQ(step.computes.size(), 16U * (16 + 15));
    for (const MatrixFlow& flow : step.flows)
    {
        // Stage s of pipeline j is host 4 s + j: neighbouring stages 4 hosts apart.
        EXPECT_EQ(flow.source % 4, flow.destination % 4);
        EXPECT_EQ(std::max(flow.source, flow.destination) - std::min(flow.source, flow.destination),
                  4U);
        EXPECT_EQ(flow.bytes, 4096U);
    }
    std::ostringstream out;
    WriteConnectionMatrix(out, step);
    std::istringstream in(out.str());
    EXPECT_EQ(ParseConnectionMatrix(in, "pipeline.cm", 16).computes.size(), step.computes.size());
}

TEST(Pipeline, CriticalPathIsTheScheduleMakespan)
{
    // Without communication time, 1F1B takes (m + p - 1) (F + B).
    for (uint32_t m : {1U, 4U, 8U})
    {
        const PipelineSpec spec{4, 4, m, 4096, 1000, 2000};
        EXPECT_EQ(Makespan(PipelineStep(spec), 0), (m + 3) * 3000U) << m;
    }
    // Each of the 2 (p - 1) hops of the first micro-batch's way there and back adds its time.
    const PipelineSpec spec{4, 4, 1, 4096, 1000, 2000};
    EXPECT_EQ(Makespan(PipelineStep(spec), 100), 4 * 3000U + 6 * 100);
}

TEST(Pipeline, BadStepsAreRefused)
{
    EXPECT_THROW(PipelineStep({16, 1, 8, 4096, 1, 1}), std::invalid_argument);
    EXPECT_THROW(PipelineStep({16, 3, 8, 4096, 1, 1}), std::invalid_argument);
    EXPECT_THROW(PipelineStep({16, 4, 0, 4096, 1, 1}), std::invalid_argument);
    EXPECT_THROW(PipelineStep({16, 4, 8, 0, 1, 1}), std::invalid_argument);
}
