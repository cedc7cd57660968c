/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_COLLECTIVES_H
#define FABRIC_LB_COLLECTIVES_H

#include "connection-matrix.h"
#include "workload.h"

#include "ns3/fabric-registry.h"
#include "ns3/uniform-index.h"

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
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
    std::string algorithm{"ring"};  //!< allreduce: ring or tree
    uint64_t chunkBytes{0};         //!< allreduce's tree: the largest chunk
    std::string traceFile;          //!< chakra: the traces' prefix (PREFIX.<rank>.et)
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
 * \brief A workload (a named collective): a set of messages with dependencies, as one
 * connection matrix (triggers start a message when the messages it waits for
 * have arrived). Each registers beside its generator (Workloads()).
 */
struct Collective
{
    std::string name;        //!< the driver's --workload
    std::string description; //!< one line for --workload=help
    CollectiveBound bound;   //!< its bound
    /// the driver's flags (jobs-file keys) that shape it, besides the hosts
    std::vector<std::string> parameters;
    /// \return the messages it will have, before it is built (0 if only building tells)
    std::function<uint64_t(const CollectiveParams&)> messages;
    /// \return its messages and triggers \throws std::invalid_argument on bad parameters
    std::function<ConnectionMatrix(const CollectiveParams&)> build;
    /// (driver flag, "ns3::Class::Attribute") of each parameter of its own, which its build
    /// reads from the attribute's current default (each flag also in parameters)
    std::vector<std::pair<std::string, std::string>> flags{};
};

/**
 * \return the registry of workloads (the driver's --workload, a jobs file's "workload"): each
 * registers beside its generator, one file a workload
 * (`static const Registration<Collective> ...`)
 */
inline Registry<Collective>&
Workloads()
{
    return Registry<Collective>::Instance();
}

/// \return \p messages as a matrix of flows that all start at time 0
ConnectionMatrix StartingTogether(uint32_t hosts, const std::vector<MessageSpec>& messages);

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_COLLECTIVES_H */
