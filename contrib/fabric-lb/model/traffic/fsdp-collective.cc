/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fsdp-collective.h"

#include "collectives.h"
#include "ring-collectives.h"

#include <algorithm>
#include <stdexcept>

namespace ns3
{
namespace fabriclb
{

namespace
{

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

} // namespace

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
    const auto& models = LlamaModels();
    const auto it = std::find_if(models.begin(), models.end(), [&name](const LlamaModel& m) {
        return m.name == name;
    });
    return it == models.end() ? nullptr : &*it;
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

const Registration<Collective> g_fsdp(
    {"fsdp",
     "backward pass of an FSDP step of Llama-3 (--model, --layers): rings of every "
     "server's GPU i, each step a reduce-scatter shard and an all-gather shard",
     CollectiveBound::MATRIX,
     {"model", "layers"},
     [](const CollectiveParams& p) {
         ModelOf(p);
         return static_cast<uint64_t>(p.hosts) * p.layers * (FsdpServers(p.hosts) - 1);
     },
     [](const CollectiveParams& p) {
         return FsdpBackward(p.hosts, FsdpFlowBytes(ModelOf(p)), p.layers);
     }});

} // namespace fabriclb
} // namespace ns3
