/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FSDP_COLLECTIVE_H
#define FABRIC_LB_FSDP_COLLECTIVE_H

#include "connection-matrix.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief The shape of a Llama-3 model, from its published configuration.
 */
struct LlamaModel
{
    std::string name; //!< the driver's --model
    uint32_t layers;  //!< transformer blocks
    uint64_t width;   //!< model (hidden) width d
    uint64_t ffn;     //!< feed-forward width
    uint64_t kvWidth; //!< width of the keys and of the values: KV heads x head size 128
};

/// \return the study's three models: llama3-7b (Llama-3 8B), llama3-70b, llama3-405b
const std::vector<LlamaModel>& LlamaModels();

/// \return the model called \p name, or null
const LlamaModel* FindLlamaModel(const std::string& name);

/**
 * \return the weights of one transformer block: the attention's query and output
 * projections (d x d each), key and value projections (d x kvWidth each) and the
 * SwiGLU feed-forward's three matrices (d x ffn each); the two norm vectors
 * (2d, under 0.01%) are left out
 */
uint64_t LlamaLayerParameters(const LlamaModel& model);

/// GPUs of the study's FSDP job: 128 servers of 8, one NIC each.
constexpr uint32_t FSDP_STUDY_GPUS = 1024;
/// GPUs per server: a server's GPU i is on rail i, the ring of every server's GPU i.
constexpr uint32_t FSDP_GPUS_PER_SERVER = 8;

/**
 * \return bytes of one FSDP flow: in a backward-pass phase each rank sends its
 * ring successor one FP8 shard (a 1/1024th) of a layer's gradients
 * (reduce-scatter) and one of the next layer's weights (all-gather), together:
 * 2 x LlamaLayerParameters / 1024 bytes (doc/fsdp.md)
 */
uint64_t FsdpFlowBytes(const LlamaModel& model);

/**
 * \ingroup fabric-lb
 * \brief The backward pass of an FSDP training step: hosts are GPUs, 8
 * consecutive hosts a server; rail i, every server's GPU i, is a ring in server
 * order. Each of \p layers phases is (servers - 1) ring steps, each a flow of
 * \p flowBytes from every rank to the next server's; a rank's step starts when
 * its predecessor's previous step has arrived (a oneshot trigger), across
 * phases too: the next layer's reduce-scatter needs that layer's weights
 * gathered.
 *
 * \param hosts hosts of the fabric, a multiple of 8, at least 16
 * \param flowBytes bytes of each flow (FsdpFlowBytes)
 * \param layers phases, at least 1
 * \return the flows and triggers
 * \throws std::invalid_argument for hosts that make fewer than two servers of 8, no layer, or 0
 * bytes
 */
ConnectionMatrix FsdpBackward(uint32_t hosts, uint64_t flowBytes, uint32_t layers);

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_FSDP_COLLECTIVE_H */
