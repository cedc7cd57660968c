/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_MOE_STEP_H
#define FABRIC_LB_MOE_STEP_H

#include "connection-matrix.h"

#include "ns3/uniform-index.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief The mixture-of-experts layers of a published model, from its configuration (routed
 * experts only: a shared expert computes on its own device and sends nothing).
 */
struct MoeModel
{
    std::string name;   //!< the driver's --moeModel
    uint32_t layers;    //!< transformer blocks (every one taken as an MoE layer)
    uint32_t experts;   //!< routed experts per MoE layer
    uint32_t topK;      //!< experts each token is routed to
    uint64_t hidden;    //!< model (hidden) width
    uint64_t expertFfn; //!< an expert's feed-forward width
};

/// \return mixtral-8x7b, qwen2-57b-a14b and deepseek-v3
const std::vector<MoeModel>& MoeModels();

/// \return the model called \p name \throws std::invalid_argument naming the known ones
const MoeModel& MoeModelNamed(const std::string& name);

/**
 * \ingroup fabric-lb
 * \brief What an expert-parallel step is built from.
 */
struct MoeStepSpec
{
    MoeModel model;            //!< the model's MoE layers
    uint32_t hosts{0};         //!< hosts (GPUs) of the fabric
    uint32_t layers{1};        //!< MoE layers of the step
    uint32_t tokens{0};        //!< tokens per device
    double skew{0};            //!< the experts' popularity: expert of rank r weighs 1/r^skew
    double gpuFlops{0};        //!< a GPU's effective throughput, FLOP/s
    uint32_t bytesPerValue{2}; //!< bytes of an activation value (bf16)
};

/**
 * \return the expert-parallel group: min(experts, hosts) consecutive hosts, each holding
 * experts / group of the experts \throws std::invalid_argument unless the group divides both
 */
uint32_t MoeGroupSize(const MoeModel& model, uint32_t hosts);

/**
 * \ingroup fabric-lb
 * \brief One layer's routing within one expert-parallel group: how many token-to-expert
 * assignments each device sends each device (itself included, which crosses no link).
 */
struct MoeRouting
{
    uint32_t group{0};                 //!< devices in the group
    std::vector<uint64_t> assignments; //!< [source * group + destination]

    /// \return assignments \p source sends \p destination
    uint64_t At(uint32_t source, uint32_t destination) const
    {
        return assignments[static_cast<size_t>(source) * group + destination];
    }
};

/**
 * \return the experts' popularity weights: the expert of popularity rank r (1 = the most
 * popular; the ranks a random permutation drawn from \p draw) weighs 1 / r^skew, so skew 0 is
 * uniform and a larger skew favours fewer experts
 */
std::vector<double> ExpertWeights(const MoeModel& model, double skew, const UniformIndex& draw);

/**
 * Routes each device's \p tokens tokens to topK distinct experts, drawn without replacement by
 * \p weight. Device e holds experts e * perDevice .. (e + 1) * perDevice - 1.
 * \param model the model
 * \param group devices of the group (MoeGroupSize)
 * \param tokens tokens per device
 * \param weight by expert, its popularity (ExpertWeights)
 * \param draw uniform integers (an ns-3 stream)
 * \return the assignments between the group's devices
 */
MoeRouting RouteTokens(const MoeModel& model,
                       uint32_t group,
                       uint32_t tokens,
                       const std::vector<double>& weight,
                       const UniformIndex& draw);

/**
 * \return the forward pass of \p spec's MoE layers on every group of the fabric, as flows,
 * computes and triggers. Per layer and device: attention (tokens x 8 x hidden^2 FLOPs: the
 * query, key, value and output projections), then the dispatch all-to-all (each assignment a
 * hidden-wide activation), the experts' computing once every token for them has arrived
 * (assignments x 6 x hidden x expertFfn FLOPs: SwiGLU's three matrices), then the combine
 * all-to-all back, after which the next layer's attention starts. Each layer draws its
 * experts' popularity afresh (ExpertWeights), the same for every group.
 * A device's own joins (zero-time computes) count its local part into each barrier.
 * \throws std::invalid_argument for no layer, no token, a negative skew, no throughput, or a
 * group that does not divide the experts or hosts
 */
ConnectionMatrix MoeForwardStep(const MoeStepSpec& spec, const UniformIndex& draw);

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_MOE_STEP_H */
