/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "moe-step.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace ns3
{
namespace fabriclb
{

namespace
{

/// The resolution of a uniform real drawn from integers: 2^30 steps.
constexpr uint32_t REAL_STEPS = 1U << 30;
/// FLOPs a token costs per hidden^2 in attention's four projections (2 a multiply-add).
constexpr double ATTENTION_FLOPS_PER_HIDDEN_SQUARED = 8;
/// FLOPs a routed token costs per hidden x expertFfn in an expert's SwiGLU (three matrices).
constexpr double EXPERT_FLOPS_PER_HIDDEN_FFN = 6;

/// \return a uniform real in [0, 1)
double
UniformReal(const UniformIndex& draw)
{
    return static_cast<double>(draw(REAL_STEPS)) / REAL_STEPS;
}

/// \return \p flops at \p gpuFlops, in picoseconds
uint64_t
ComputePs(double flops, double gpuFlops)
{
    return static_cast<uint64_t>(std::llround(flops / gpuFlops * 1e12));
}

} // namespace

const std::vector<MoeModel>&
MoeModels()
{
    // Their published configurations (Hugging Face config.json): num_hidden_layers,
    // num_local_experts or n_routed_experts, num_experts_per_tok, hidden_size,
    // intermediate_size or moe_intermediate_size. DeepSeek-V3's first 3 of its 61 layers are
    // dense; all are taken as MoE layers.
    static const std::vector<MoeModel> models{
        {"mixtral-8x7b", 32, 8, 2, 4096, 14336},
        {"qwen2-57b-a14b", 28, 64, 8, 3584, 2560},
        {"deepseek-v3", 61, 256, 8, 7168, 2048},
    };
    return models;
}

const MoeModel&
MoeModelNamed(const std::string& name)
{
    std::string known;
    for (const MoeModel& model : MoeModels())
    {
        if (model.name == name)
        {
            return model;
        }
        known += (known.empty() ? "" : ", ") + model.name;
    }
    throw std::invalid_argument("unknown MoE model '" + name + "' (" + known + ")");
}

uint32_t
MoeGroupSize(const MoeModel& model, uint32_t hosts)
{
    const uint32_t group = std::min(model.experts, hosts);
    if (group < 2 || model.experts % group != 0 || hosts % group != 0)
    {
        throw std::invalid_argument(
            "the " + model.name + " model's " + std::to_string(model.experts) +
            " experts cannot be spread evenly over groups of " + std::to_string(group) + " of " +
            std::to_string(hosts) + " hosts (the group, min(experts, hosts), must divide both)");
    }
    return group;
}

std::vector<double>
ExpertWeights(const MoeModel& model, double skew, const UniformIndex& draw)
{
    const uint32_t experts = model.experts;
    // Popularity ranks: a random permutation of the experts (Fisher-Yates).
    std::vector<uint32_t> rank(experts);
    std::iota(rank.begin(), rank.end(), 1U);
    for (uint32_t i = experts - 1; i > 0; --i)
    {
        std::swap(rank[i], rank[draw(i + 1)]);
    }
    std::vector<double> weight(experts);
    for (uint32_t e = 0; e < experts; ++e)
    {
        weight[e] = std::pow(static_cast<double>(rank[e]), -skew);
    }
    return weight;
}

MoeRouting
RouteTokens(const MoeModel& model,
            uint32_t group,
            uint32_t tokens,
            const std::vector<double>& weight,
            const UniformIndex& draw)
{
    const uint32_t experts = model.experts;
    const uint32_t perDevice = experts / group;
    MoeRouting routing;
    routing.group = group;
    routing.assignments.assign(static_cast<size_t>(group) * group, 0);
    std::vector<bool> chosen(experts, false);
    std::vector<uint32_t> picks;
    for (uint32_t source = 0; source < group; ++source)
    {
        for (uint32_t token = 0; token < tokens; ++token)
        {
            // topK experts without replacement: each pick by weight among those left.
            double left = std::accumulate(weight.begin(), weight.end(), 0.0);
            picks.clear();
            for (uint32_t k = 0; k < model.topK; ++k)
            {
                double target = UniformReal(draw) * left;
                uint32_t pick = experts;
                for (uint32_t e = 0; e < experts; ++e)
                {
                    if (chosen[e])
                    {
                        continue;
                    }
                    pick = e;
                    target -= weight[e];
                    if (target < 0)
                    {
                        break;
                    }
                }
                chosen[pick] = true;
                left -= weight[pick];
                picks.push_back(pick);
                ++routing.assignments[static_cast<size_t>(source) * group + pick / perDevice];
            }
            for (uint32_t pick : picks)
            {
                chosen[pick] = false;
            }
        }
    }
    return routing;
}

ConnectionMatrix
MoeForwardStep(const MoeStepSpec& spec, const UniformIndex& draw)
{
    if (spec.layers == 0 || spec.tokens == 0)
    {
        throw std::invalid_argument("an MoE step needs at least one layer and one token a device");
    }
    if (!(spec.skew >= 0) || !std::isfinite(spec.skew))
    {
        throw std::invalid_argument("the MoE skew must be a finite number of at least 0");
    }
    if (!(spec.gpuFlops > 0) || !std::isfinite(spec.gpuFlops))
    {
        throw std::invalid_argument("the GPU's throughput must be positive");
    }
    const MoeModel& model = spec.model;
    const uint32_t group = MoeGroupSize(model, spec.hosts);
    const uint64_t assignmentBytes = model.hidden * spec.bytesPerValue;
    const uint64_t attentionPs =
        ComputePs(ATTENTION_FLOPS_PER_HIDDEN_SQUARED * spec.tokens * model.hidden * model.hidden,
                  spec.gpuFlops);
    const double expertFlopsPerAssignment =
        EXPERT_FLOPS_PER_HIDDEN_FFN * model.hidden * model.expertFfn;

    ConnectionMatrix step;
    step.nodes = spec.hosts;
    uint32_t nextTrigger = 1;
    const auto newTrigger = [&step, &nextTrigger](TriggerKind kind, uint32_t count) {
        step.triggers.push_back(MatrixTrigger{nextTrigger, kind, count, {}, 0});
        return nextTrigger++;
    };
    const auto addFlow = [&step](uint32_t source,
                                 uint32_t destination,
                                 uint64_t bytes,
                                 uint32_t trigger,
                                 uint32_t recvDone) {
        MatrixFlow flow{};
        flow.source = source;
        flow.destination = destination;
        flow.id = static_cast<uint32_t>(step.flows.size() + 1);
        flow.bytes = bytes;
        flow.trigger = trigger;
        flow.recvDoneTrigger = recvDone;
        step.flows.push_back(flow);
    };
    const auto addCompute = [&step](uint32_t host,
                                    uint64_t durationPs,
                                    std::optional<uint32_t> trigger,
                                    std::optional<uint32_t> doneTrigger) {
        MatrixCompute compute{};
        compute.host = host;
        compute.id = static_cast<uint32_t>(step.computes.size() + 1);
        compute.durationPs = durationPs;
        if (trigger)
        {
            compute.trigger = trigger;
        }
        else
        {
            compute.startPs = 0;
        }
        compute.doneTrigger = doneTrigger;
        step.computes.push_back(compute);
    };

    // By host: the trigger that releases its next attention (none for the first layer's).
    std::vector<std::optional<uint32_t>> attentionTrigger(spec.hosts);
    for (uint32_t layer = 0; layer < spec.layers; ++layer)
    {
        // One router a layer: every group sees the same experts' popularity.
        const std::vector<double> weight = ExpertWeights(model, spec.skew, draw);
        for (uint32_t first = 0; first < spec.hosts; first += group)
        {
            const MoeRouting routing = RouteTokens(model, group, spec.tokens, weight, draw);
            // Each device's barriers: its experts' inputs, then its next attention's.
            std::vector<uint32_t> expertsReady(group);
            std::vector<uint32_t> combined(group);
            for (uint32_t d = 0; d < group; ++d)
            {
                uint32_t remote = 0;
                for (uint32_t s = 0; s < group; ++s)
                {
                    remote += s != d && routing.At(s, d) > 0 ? 1 : 0;
                }
                expertsReady[d] = newTrigger(TriggerKind::BARRIER, remote + 1);
            }
            for (uint32_t d = 0; d < group; ++d)
            {
                uint32_t remote = 0;
                for (uint32_t e = 0; e < group; ++e)
                {
                    remote += e != d && routing.At(d, e) > 0 ? 1 : 0;
                }
                combined[d] = newTrigger(TriggerKind::BARRIER, remote + 1);
            }
            for (uint32_t d = 0; d < group; ++d)
            {
                const uint32_t host = first + d;
                // Attention, then the dispatch and this device's own part of its experts'
                // barrier.
                const uint32_t attended = newTrigger(TriggerKind::ONESHOT, 1);
                addCompute(host, attentionPs, attentionTrigger[host], attended);
                for (uint32_t e = 0; e < group; ++e)
                {
                    if (e != d && routing.At(d, e) > 0)
                    {
                        addFlow(host,
                                first + e,
                                routing.At(d, e) * assignmentBytes,
                                attended,
                                expertsReady[e]);
                    }
                }
                addCompute(host, 0, attended, expertsReady[d]);
            }
            for (uint32_t d = 0; d < group; ++d)
            {
                const uint32_t host = first + d;
                uint64_t received = 0;
                for (uint32_t s = 0; s < group; ++s)
                {
                    received += routing.At(s, d);
                }
                // The experts compute every token routed here, then send each result home.
                const uint32_t expertsDone = newTrigger(TriggerKind::ONESHOT, 1);
                addCompute(host,
                           ComputePs(expertFlopsPerAssignment * received, spec.gpuFlops),
                           expertsReady[d],
                           expertsDone);
                for (uint32_t s = 0; s < group; ++s)
                {
                    if (s != d && routing.At(s, d) > 0)
                    {
                        addFlow(host,
                                first + s,
                                routing.At(s, d) * assignmentBytes,
                                expertsDone,
                                combined[s]);
                    }
                }
                addCompute(host, 0, expertsDone, combined[d]);
                attentionTrigger[host] = combined[d];
            }
        }
    }
    LinkWaitingTasks(step);
    return step;
}

} // namespace fabriclb
} // namespace ns3
