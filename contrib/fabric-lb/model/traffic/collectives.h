/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_COLLECTIVES_H
#define FABRIC_LB_COLLECTIVES_H

#include "connection-matrix.h"

#include "ns3/uniform-index.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief What a collective is built from.
 */
struct CollectiveParams
{
    uint32_t hosts{0};              //!< hosts of the fabric
    uint64_t bytes{0};              //!< bytes per message (a ring: each host's whole buffer)
    uint32_t group{0};              //!< ring collectives: hosts per ring (0: all hosts)
    UniformIndex draw;              //!< randomness (the permutation)
    std::string matrixFile;         //!< the connection matrix of "matrix"
    std::string model{"llama3-7b"}; //!< fsdp: the Llama-3 model (LlamaModels)
    uint32_t layers{1};             //!< fsdp: backward-pass layer phases
};

/**
 * \ingroup fabric-lb
 * \brief Which bound a collective's completion time is held against.
 */
enum class CollectiveBound
{
    PERMUTATION, //!< the study's exact permutation bound
    ALL_TO_ALL,  //!< the study's all-to-all bound
    MATRIX,      //!< the busiest host link of a matrix; none if it has triggers
    RING         //!< the chain of a ring's steps (ComputeRingBound)
};

/**
 * \ingroup fabric-lb
 * \brief A named collective: a set of messages with dependencies, as one
 * connection matrix (triggers start a message when the messages it waits for
 * have arrived).
 */
struct Collective
{
    std::string name;        //!< the driver's --workload
    std::string description; //!< one line for --workload=help
    CollectiveBound bound;   //!< its bound
    /// \return the messages it will have, before it is built (0 if only building tells)
    std::function<uint64_t(const CollectiveParams&)> messages;
    /// \return its messages and triggers \throws std::invalid_argument on bad parameters
    std::function<ConnectionMatrix(const CollectiveParams&)> build;
};

/// \return every collective the module knows, as the driver lists them
const std::vector<Collective>& Collectives();

/// \return the collective called \p name, or null
const Collective* FindCollective(const std::string& name);

/**
 * \ingroup fabric-lb
 * \brief The kinds of ring collective.
 */
enum class RingKind
{
    ALL_GATHER,     //!< g-1 steps: each rank forwards the chunk it last received
    REDUCE_SCATTER, //!< g-1 steps: each rank reduces into the chunk it forwards
    ALL_REDUCE      //!< a reduce-scatter, then an all-gather: 2(g-1) steps
};

/**
 * \ingroup fabric-lb
 * \brief A ring collective over groups of \p group consecutive hosts: rank r of a
 * group sends to rank r+1 (mod g) one chunk of ceil(bytes/g) bytes a step; its
 * first step starts at time 0 and each later one when the rank has received the
 * previous step's chunk (a oneshot trigger signalled by that flow's
 * recv_done_trigger).
 *
 * \param kind which collective
 * \param hosts hosts of the fabric
 * \param group hosts per ring, at least 2, dividing \p hosts (0: all hosts)
 * \param bytes each host's buffer
 * \return the flows and triggers
 * \throws std::invalid_argument for a group that does not divide the hosts, or 0 bytes
 */
ConnectionMatrix RingCollective(RingKind kind, uint32_t hosts, uint32_t group, uint64_t bytes);

/// \return the steps of a ring collective of \p kind over \p group ranks
uint32_t RingSteps(RingKind kind, uint32_t group);

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

#endif /* FABRIC_LB_COLLECTIVES_H */
