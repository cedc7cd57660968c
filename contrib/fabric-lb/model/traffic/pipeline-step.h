/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_PIPELINE_STEP_H
#define FABRIC_LB_PIPELINE_STEP_H

#include "connection-matrix.h"

#include <cstdint>
#include <vector>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief What a pipeline-parallel step is built from.
 */
struct PipelineSpec
{
    uint32_t hosts{0};        //!< hosts of the fabric: hosts / stages pipelines side by side
    uint32_t stages{0};       //!< pipeline stages, at least 2
    uint32_t microbatches{0}; //!< micro-batches a step, at least 1
    uint64_t bytes{0};        //!< a micro-batch's activations (and their gradients), bytes
    uint64_t forwardPs{0};    //!< a stage's forward pass of a micro-batch
    uint64_t backwardPs{0};   //!< a stage's backward pass of a micro-batch
};

/// One operation of a stage's schedule: a micro-batch's forward or backward pass.
struct PipelineOp
{
    bool forward;        //!< forward (true) or backward pass
    uint32_t microbatch; //!< which micro-batch
};

/**
 * \return stage \p stage's operations in the 1F1B order (PipeDream-Flush, Megatron-LM's
 * schedule): min(stages - stage - 1, microbatches) forward passes, then one forward and one
 * backward in turn, then the backward passes left
 */
std::vector<PipelineOp> OneForwardOneBackward(uint32_t stages,
                                              uint32_t stage,
                                              uint32_t microbatches);

/**
 * \return one training step of \p spec.hosts / stages pipelines in the 1F1B schedule, as
 * computes, flows and triggers: pipeline j's stage s is host s * (hosts / stages) + j (the
 * stages a fraction of the fabric apart). Each stage runs its operations in order, each a
 * compute once the one before has ended and its input has arrived (a micro-batch's
 * activations from the stage before, for a forward pass but the first stage's; its gradients
 * from the stage after, for a backward pass but the last stage's); a forward pass sends its
 * activations on, a backward pass its gradients back, \p spec.bytes each. A stage's own order
 * counts in each barrier through a zero-time compute (a join).
 * \throws std::invalid_argument for fewer than 2 stages, stages that do not divide the hosts,
 * no micro-batch, or 0 bytes
 */
ConnectionMatrix PipelineStep(const PipelineSpec& spec);

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_PIPELINE_STEP_H */
