/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "pipeline-step.h"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>

namespace ns3
{
namespace fabriclb
{

std::vector<PipelineOp>
OneForwardOneBackward(uint32_t stages, uint32_t stage, uint32_t microbatches)
{
    const uint32_t warmup = std::min(stages - stage - 1, microbatches);
    std::vector<PipelineOp> ops;
    uint32_t forward = 0;
    uint32_t backward = 0;
    for (; forward < warmup; ++forward)
    {
        ops.push_back({true, forward});
    }
    for (; forward < microbatches; ++forward, ++backward)
    {
        ops.push_back({true, forward});
        ops.push_back({false, backward});
    }
    for (; backward < microbatches; ++backward)
    {
        ops.push_back({false, backward});
    }
    return ops;
}

ConnectionMatrix
PipelineStep(const PipelineSpec& spec)
{
    const uint32_t p = spec.stages;
    if (p < 2 || spec.hosts % p != 0)
    {
        throw std::invalid_argument("a pipeline of " + std::to_string(p) +
                                    " stages needs at least 2 that divide the " +
                                    std::to_string(spec.hosts) + " hosts");
    }
    if (spec.microbatches == 0 || spec.bytes == 0)
    {
        throw std::invalid_argument("a pipeline step needs a micro-batch and a byte to send");
    }
    const uint32_t pipelines = spec.hosts / p;
    ConnectionMatrix step;
    step.nodes = spec.hosts;
    const auto newTrigger = [&step](TriggerKind kind, uint32_t count) {
        const auto id = static_cast<uint32_t>(step.triggers.size() + 1);
        step.triggers.push_back(MatrixTrigger{id, kind, count, {}, 0});
        return id;
    };
    for (uint32_t j = 0; j < pipelines; ++j)
    {
        const auto host = [&](uint32_t stage) { return stage * pipelines + j; };
        // By stage and operation: the barrier it waits on (none: it starts at time 0).
        std::vector<std::vector<PipelineOp>> schedule(p);
        std::vector<std::vector<std::optional<uint32_t>>> ready(p);
        // By stage, micro-batch and direction: the operation's index in its stage's order.
        std::vector<std::map<std::pair<bool, uint32_t>, uint32_t>> position(p);
        for (uint32_t s = 0; s < p; ++s)
        {
            schedule[s] = OneForwardOneBackward(p, s, spec.microbatches);
            for (uint32_t k = 0; k < schedule[s].size(); ++k)
            {
                const PipelineOp& op = schedule[s][k];
                position[s][{op.forward, op.microbatch}] = k;
                const bool input = op.forward ? s > 0 : s < p - 1;
                const uint32_t count = (k > 0 ? 1 : 0) + (input ? 1 : 0);
                ready[s].push_back(count == 0
                                       ? std::nullopt
                                       : std::optional(newTrigger(TriggerKind::BARRIER, count)));
            }
        }
        for (uint32_t s = 0; s < p; ++s)
        {
            for (uint32_t k = 0; k < schedule[s].size(); ++k)
            {
                const PipelineOp& op = schedule[s][k];
                const uint32_t done = newTrigger(TriggerKind::ONESHOT, 1);
                MatrixCompute compute{};
                compute.host = host(s);
                compute.id = static_cast<uint32_t>(step.computes.size() + 1);
                compute.durationPs = op.forward ? spec.forwardPs : spec.backwardPs;
                if (ready[s][k])
                {
                    compute.trigger = ready[s][k];
                }
                else
                {
                    compute.startPs = 0;
                }
                compute.doneTrigger = done;
                step.computes.push_back(compute);
                // Its output to the next stage (forward) or the one before (backward).
                const bool output = op.forward ? s < p - 1 : s > 0;
                if (output)
                {
                    const uint32_t to = op.forward ? s + 1 : s - 1;
                    MatrixFlow flow{};
                    flow.source = host(s);
                    flow.destination = host(to);
                    flow.id = static_cast<uint32_t>(step.flows.size() + 1);
                    flow.bytes = spec.bytes;
                    flow.trigger = done;
                    flow.recvDoneTrigger = ready[to][position[to].at({op.forward, op.microbatch})];
                    step.flows.push_back(flow);
                }
                if (k + 1 < schedule[s].size())
                {
                    // The stage's next operation waits for this one: a join on its GPU.
                    MatrixCompute join{};
                    join.host = host(s);
                    join.id = static_cast<uint32_t>(step.computes.size() + 1);
                    join.durationPs = 0;
                    join.trigger = done;
                    join.doneTrigger = ready[s][k + 1];
                    step.computes.push_back(join);
                }
            }
        }
    }
    LinkWaitingTasks(step);
    return step;
}

} // namespace fabriclb
} // namespace ns3
