/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "collectives.h"

#include "workload.h"

#include <algorithm>
#include <stdexcept>

namespace ns3
{
namespace fabriclb
{

namespace
{

/// \return the entry of \p table called \p name, or null
template <typename Entry>
const Entry*
FindNamed(const std::vector<Entry>& table, const std::string& name)
{
    const auto it = std::find_if(table.begin(), table.end(), [&name](const Entry& e) {
        return e.name == name;
    });
    return it == table.end() ? nullptr : &*it;
}

/// \return the messages as a matrix of flows that all start at time 0
ConnectionMatrix
StartingTogether(uint32_t hosts, const std::vector<MessageSpec>& messages)
{
    ConnectionMatrix traffic{};
    traffic.nodes = hosts;
    traffic.flows.reserve(messages.size());
    for (const MessageSpec& m : messages)
    {
        MatrixFlow flow{};
        flow.source = m.source;
        flow.destination = m.destination;
        flow.id = static_cast<uint32_t>(traffic.flows.size() + 1);
        flow.bytes = m.bytes;
        flow.startPs = 0;
        traffic.flows.push_back(flow);
    }
    return traffic;
}

/// \return hosts per ring: \p group, or all hosts for 0
uint32_t
RingSize(uint32_t hosts, uint32_t group)
{
    const uint32_t size = group == 0 ? hosts : group;
    if (size < 2 || hosts % size != 0)
    {
        throw std::invalid_argument("a ring group of " + std::to_string(size) +
                                    " hosts must have at least 2 and divide the " +
                                    std::to_string(hosts) + " hosts");
    }
    return size;
}

/**
 * Appends a ring over \p members (rank r sends to rank r+1, mod their count) of
 * \p steps steps of a \p chunk-byte flow: the first step starts at time 0, each
 * later one when its rank has received the previous step's flow.
 */
void
AppendRing(ConnectionMatrix& traffic,
           const std::vector<uint32_t>& members,
           uint32_t steps,
           uint64_t chunk)
{
    const auto g = static_cast<uint32_t>(members.size());
    // Flow (step, rank) of this ring has index ringBase + step * g + rank; a flow
    // of a later step waits on the trigger that bears its id.
    const size_t ringBase = traffic.flows.size();
    for (uint32_t step = 0; step < steps; ++step)
    {
        for (uint32_t rank = 0; rank < g; ++rank)
        {
            MatrixFlow flow{};
            flow.source = members[rank];
            flow.destination = members[(rank + 1) % g];
            flow.id = static_cast<uint32_t>(traffic.flows.size() + 1);
            flow.bytes = chunk;
            if (step == 0)
            {
                flow.startPs = 0;
            }
            else
            {
                // It starts when its rank holds the previous step's flow.
                flow.trigger = flow.id;
                MatrixFlow& input = traffic.flows[ringBase + (step - 1) * g + (rank + g - 1) % g];
                input.recvDoneTrigger = flow.id;
                traffic.triggers.push_back(
                    MatrixTrigger{flow.id, TriggerKind::ONESHOT, 1, {flow.id - 1U}, 0});
            }
            traffic.flows.push_back(flow);
        }
    }
}

/// \return the servers of 8 GPUs that \p hosts make, at least 2
uint32_t
FsdpServers(uint32_t hosts)
{
    if (hosts % FSDP_GPUS_PER_SERVER != 0 || hosts < 2 * FSDP_GPUS_PER_SERVER)
    {
        throw std::invalid_argument("fsdp needs servers of 8 hosts, at least 2 of them; " +
                                    std::to_string(hosts) + " hosts do not make them");
    }
    return hosts / FSDP_GPUS_PER_SERVER;
}

/// \return the model named by \p p, throwing std::invalid_argument for an unknown one
const LlamaModel&
ModelOf(const CollectiveParams& p)
{
    const LlamaModel* model = FindLlamaModel(p.model);
    if (!model)
    {
        std::string known;
        for (const LlamaModel& m : LlamaModels())
        {
            known += (known.empty() ? "" : ", ") + m.name;
        }
        throw std::invalid_argument("unknown model '" + p.model + "' (" + known + ")");
    }
    return *model;
}

/// A ring collective's table entry.
Collective
Ring(const std::string& name, const std::string& description, RingKind kind)
{
    return {name,
            description,
            CollectiveBound::MATRIX,
            [kind](const CollectiveParams& p) {
                return static_cast<uint64_t>(p.hosts) * RingSteps(kind, RingSize(p.hosts, p.group));
            },
            [kind](const CollectiveParams& p) {
                return RingCollective(kind, p.hosts, p.group, p.bytes);
            }};
}

} // namespace

uint32_t
RingSteps(RingKind kind, uint32_t group)
{
    return (kind == RingKind::ALL_REDUCE ? 2 : 1) * (group - 1);
}

ConnectionMatrix
RingCollective(RingKind kind, uint32_t hosts, uint32_t group, uint64_t bytes)
{
    const uint32_t g = RingSize(hosts, group);
    if (bytes == 0)
    {
        throw std::invalid_argument("a ring collective needs a buffer of at least one byte");
    }
    ConnectionMatrix traffic{};
    traffic.nodes = hosts;
    std::vector<uint32_t> members(g);
    for (uint32_t first = 0; first < hosts; first += g)
    {
        for (uint32_t rank = 0; rank < g; ++rank)
        {
            members[rank] = first + rank;
        }
        AppendRing(traffic, members, RingSteps(kind, g), (bytes + g - 1) / g);
    }
    return traffic;
}

const std::vector<LlamaModel>&
LlamaModels()
{
    // Hugging Face config.json of Meta-Llama-3-8B, -70B and Llama-3.1-405B: layers,
    // hidden_size, intermediate_size, and 8 KV heads of 128 (GQA).
    static const std::vector<LlamaModel> models{
        {"llama3-7b", 32, 4096, 14336, 8 * 128},
        {"llama3-70b", 80, 8192, 28672, 8 * 128},
        {"llama3-405b", 126, 16384, 53248, 8 * 128},
    };
    return models;
}

const LlamaModel*
FindLlamaModel(const std::string& name)
{
    return FindNamed(LlamaModels(), name);
}

uint64_t
LlamaLayerParameters(const LlamaModel& model)
{
    const uint64_t d = model.width;
    return d * (2 * d + 2 * model.kvWidth) + 3 * d * model.ffn;
}

uint64_t
FsdpFlowBytes(const LlamaModel& model)
{
    constexpr uint64_t fp8Bytes = 1;
    const uint64_t shard = LlamaLayerParameters(model) * fp8Bytes / FSDP_STUDY_GPUS;
    return 2 * shard; // a gradient shard and a weight shard
}

ConnectionMatrix
FsdpBackward(uint32_t hosts, uint64_t flowBytes, uint32_t layers)
{
    const uint32_t servers = FsdpServers(hosts);
    if (layers == 0 || flowBytes == 0)
    {
        throw std::invalid_argument("fsdp needs at least one layer and one byte per flow");
    }
    ConnectionMatrix traffic{};
    traffic.nodes = hosts;
    std::vector<uint32_t> members(servers);
    for (uint32_t rail = 0; rail < FSDP_GPUS_PER_SERVER; ++rail)
    {
        for (uint32_t server = 0; server < servers; ++server)
        {
            members[server] = server * FSDP_GPUS_PER_SERVER + rail;
        }
        AppendRing(traffic, members, layers * (servers - 1), flowBytes);
    }
    return traffic;
}

const std::vector<Collective>&
Collectives()
{
    static const std::vector<Collective> table{
        {"permutation",
         "every host sends one message to another and receives one (a random derangement)",
         CollectiveBound::PERMUTATION,
         [](const CollectiveParams& p) { return static_cast<uint64_t>(p.hosts); },
         [](const CollectiveParams& p) {
             return StartingTogether(p.hosts, PermutationWorkload(p.hosts, p.bytes, p.draw));
         }},
        {"all-to-all",
         "every host sends one message to every other host, all at once",
         CollectiveBound::ALL_TO_ALL,
         [](const CollectiveParams& p) { return static_cast<uint64_t>(p.hosts) * (p.hosts - 1); },
         [](const CollectiveParams& p) {
             return StartingTogether(p.hosts, AllToAllWorkload(p.hosts, p.bytes));
         }},
        {"incast",
         "every host sends one message to host 0 (in a jobs file, to the job's receiver)",
         CollectiveBound::MATRIX,
         [](const CollectiveParams& p) { return static_cast<uint64_t>(p.hosts) - 1; },
         [](const CollectiveParams& p) {
             return StartingTogether(p.hosts, IncastWorkload(p.hosts, p.bytes));
         }},
        Ring("ring-allgather",
             "ring all-gather of a --msgBytes buffer over --group hosts: g-1 steps of a chunk",
             RingKind::ALL_GATHER),
        Ring("ring-reducescatter",
             "ring reduce-scatter of a --msgBytes buffer over --group hosts: g-1 steps",
             RingKind::REDUCE_SCATTER),
        Ring("ring-allreduce",
             "ring all-reduce (reduce-scatter, then all-gather): 2(g-1) steps",
             RingKind::ALL_REDUCE),
        {"fsdp",
         "backward pass of an FSDP step of Llama-3 (--model, --layers): rings of every "
         "server's GPU i, each step a reduce-scatter shard and an all-gather shard",
         CollectiveBound::MATRIX,
         [](const CollectiveParams& p) {
             ModelOf(p);
             return static_cast<uint64_t>(p.hosts) * p.layers * (FsdpServers(p.hosts) - 1);
         },
         [](const CollectiveParams& p) {
             return FsdpBackward(p.hosts, FsdpFlowBytes(ModelOf(p)), p.layers);
         }},
        {"matrix",
         "an htsim connection-matrix file (--matrix): start times, triggers, failures",
         CollectiveBound::MATRIX,
         [](const CollectiveParams&) { return uint64_t{0}; },
         [](const CollectiveParams& p) {
             if (p.matrixFile.empty())
             {
                 throw std::invalid_argument("--workload=matrix needs --matrix=FILE");
             }
             return ReadConnectionMatrix(p.matrixFile, p.hosts);
         }},
    };
    return table;
}

const Collective*
FindCollective(const std::string& name)
{
    return FindNamed(Collectives(), name);
}

} // namespace fabriclb
} // namespace ns3
