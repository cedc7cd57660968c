/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_TRAINING_STEP_H
#define FABRIC_LB_TRAINING_STEP_H

#include "chakra-trace.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief How a job's GPUs are split: tensor, pipeline, data and expert parallel degrees. The
 * rank of tensor index t, data index d and stage s is t + tp (d + dp s): the tensor-parallel
 * group is consecutive ranks (a server's GPUs), the pipeline outermost, as Megatron-LM orders
 * them; an expert-parallel group is ep consecutive data-parallel replicas.
 */
struct ParallelLayout
{
    uint32_t tp{1}; //!< tensor-parallel degree
    uint32_t pp{1}; //!< pipeline stages
    uint32_t dp{1}; //!< data-parallel replicas
    uint32_t ep{1}; //!< expert-parallel degree (MoE models), dividing dp
};

/// The most nodes a step's traces may hold together (a node takes about 200 bytes in memory):
/// Llama-3 70B's step on 1,024 GPUs (tp 8, pp 4) has about 82,000.
constexpr uint64_t MAX_TRACE_NODES = 16 * 1024 * 1024;

/// The most tokens a micro-batch may hold (a sequence's tokens times its sequences).
constexpr uint64_t MAX_MICROBATCH_TOKENS = 16 * 1024 * 1024;

/**
 * \ingroup fabric-lb
 * \brief One training step: a model, its layout and its batch.
 */
struct TrainingStepSpec
{
    std::string model;               //!< llama3-7b, -70b, -405b, or an MoE model (MoeModels)
    ParallelLayout layout;           //!< its parallel degrees
    uint32_t microbatches{8};        //!< micro-batches a step (1F1B)
    uint32_t sequenceLength{4096};   //!< tokens a sequence
    uint32_t microbatchSequences{1}; //!< sequences a micro-batch
    double gpuFlops{400e12};         //!< a GPU's effective throughput, FLOP/s
    /// layers the step covers, spread over the stages as the model's are (0: all the model's);
    /// fewer make a step of its slice that a packet-level run can afford
    uint32_t layers{0};
};

/**
 * \return every rank's trace of one training step of \p spec, in Chakra's terms (rank r's trace
 * at index r). Each rank runs its stage's passes in the 1F1B order (OneForwardOneBackward); a
 * pass is:
 * - a receive of the micro-batch's activations from the stage before (a forward pass but the
 *   first stage's) or of its gradients from the stage after (a backward pass but the last
 *   stage's): T x hidden x 2 / tp bytes, T the micro-batch's tokens (sequence parallelism);
 * - the stage's compute: its layers' FLOPs a token (dense: 2 x the layer's parameters; MoE:
 *   2 x (4 hidden^2 + top-k x 3 hidden x expert width)) x T / tp at gpuFlops, twice that for a
 *   backward pass;
 * - with tp > 1, the tensor-parallel all-reduces of its layers as one (2 a layer of T x hidden
 *   bf16 values: 4 T hidden bytes a layer);
 * - with ep > 1 (MoE), the dispatch and combine all-to-alls of its layers as one (2 a layer of
 *   T / tp x top-k hidden-wide bf16 activations);
 * - a send of its output on (activations forward, gradients back), which the next pass does not
 *   wait for.
 * Then, with dp > 1, the all-reduce of the stage's dense gradients over its data-parallel group
 * (its parameters / tp, in bf16) and, with dp / ep > 1, of its experts' (their parameters /
 * (tp ep)) over the replicas that hold the same experts. Collectives are named by their group
 * (pg_name "tp.d.s", "ep.t.s.g", "dp.t.s", "edp.t.s.i"); sends and receives are tagged by
 * micro-batch and direction. Left out: the optimizer step, attention's sequence-length term,
 * embeddings. \throws std::invalid_argument for an unknown model, a degree of 0, ep not dividing
 * dp, ep > 1 for a dense model, more stages than layers (or layers than the model has), no
 * micro-batch, token or throughput, more than MAX_MICROBATCH_TOKENS tokens a micro-batch, or a
 * step of more than MAX_TRACE_NODES nodes
 */
std::vector<ChakraTrace> TrainingStepTraces(const TrainingStepSpec& spec);

/// \return the ranks of \p layout: tp x pp x dp, or UINT64_MAX where that does not fit 64 bits
uint64_t LayoutRanks(const ParallelLayout& layout);

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_TRAINING_STEP_H */
