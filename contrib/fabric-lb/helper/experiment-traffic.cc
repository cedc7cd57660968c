/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "experiment-traffic.h"

#include "command-line-values.h"
#include "experiment-lookup.h"
#include "experiment-memory.h"

#include "ns3/collectives.h"
#include "ns3/config.h"
#include "ns3/error-text.h"
#include "ns3/fsdp-collective.h"
#include "ns3/workload.h"

#include <algorithm>
#include <fstream>
#include <stdexcept>

namespace ns3
{

namespace
{
/// Streams of the workload's draws; fabric streams follow.
constexpr int64_t WORKLOAD_STREAM = 0;
/// The jobs' random placement's stream, beyond the fabric's and before the failures'.
constexpr int64_t PLACEMENT_STREAM = (1 << 30) - 2;

/// Attribute defaults set for a while (a job's own parameters): restored as they were when it
/// goes.
class ScopedDefaults
{
  public:
    ScopedDefaults() = default;
    ScopedDefaults(const ScopedDefaults&) = delete;
    ScopedDefaults& operator=(const ScopedDefaults&) = delete;

    /// Restores every default set, last first.
    ~ScopedDefaults()
    {
        for (auto it = m_saved.rbegin(); it != m_saved.rend(); ++it)
        {
            Config::SetDefault(it->first, *it->second);
        }
    }

    /**
     * Sets \p attribute's default from \p text (SetDefaultFromText) until this goes.
     * \param flag the parameter's name, for the error
     * \param attribute "ns3::Class::Attribute"
     * \param text the value \throws std::invalid_argument "'FLAG': why" for a bad value
     */
    void Set(const std::string& flag, const std::string& attribute, const std::string& text)
    {
        const std::string::size_type split = attribute.rfind("::");
        TypeId::AttributeInformation info;
        TypeId::LookupByName(attribute.substr(0, split))
            .LookupAttributeByName(attribute.substr(split + 2), &info);
        m_saved.emplace_back(attribute, info.initialValue);
        if (const std::optional<std::string> why = SetDefaultFromText(attribute, text))
        {
            throw std::invalid_argument(fabriclb::QuotedToken(flag) + ": " + *why);
        }
    }

  private:
    /// (attribute, its default before)
    std::vector<std::pair<std::string, Ptr<const AttributeValue>>> m_saved;
};

} // namespace

Ptr<UniformRandomVariable>
WorkloadStream()
{
    Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
    rng->SetStream(WORKLOAD_STREAM);
    return rng;
}

fabriclb::CollectiveParams
CollectiveParamsOf(const ExperimentConfig& config, uint32_t hosts, Ptr<UniformRandomVariable> rng)
{
    return {hosts,
            config.messageBytes,
            config.group,
            fabriclb::UniformIndexFrom(rng),
            config.matrixFile,
            config.model,
            config.layers,
            config.algorithm,
            config.chunkBytes,
            config.traceFile};
}

fabriclb::ConnectionMatrix
BuildTraffic(const ExperimentConfig& config, uint32_t hosts)
{
    const fabriclb::Collective& collective = CollectiveNamed(config.workload);
    if (!config.matrixFile.empty() && config.workload != "matrix")
    {
        throw std::invalid_argument("--matrix=FILE needs --workload=matrix");
    }
    if (!config.traceFile.empty() && config.workload != "chakra")
    {
        throw std::invalid_argument("--trace=PREFIX needs --workload=chakra");
    }
    return collective.build(CollectiveParamsOf(config, hosts));
}

JobSet
ReadJobs(const ExperimentConfig& config, const fabriclb::FabricTopology& topology)
{
    Ptr<UniformRandomVariable> placement = CreateObject<UniformRandomVariable>();
    placement->SetStream(PLACEMENT_STREAM);
    // One workload stream for every job in turn: the first job draws what a lone run
    // of its collective draws.
    Ptr<UniformRandomVariable> workload = WorkloadStream();
    return JobSet::Read(
        config.jobsFile,
        topology,
        fabriclb::UniformIndexFrom(placement),
        [&config, &topology, workload](const fabriclb::JobSpec& job) {
            ExperimentConfig jobConfig = config;
            jobConfig.workload = job.workload;
            jobConfig.messageBytes = job.bytes.value_or(config.messageBytes);
            jobConfig.group = job.group.value_or(config.group);
            jobConfig.model = job.model.value_or(config.model);
            jobConfig.layers = job.layers.value_or(config.layers);
            jobConfig.matrixFile = job.matrixFile;
            jobConfig.traceFile = job.traceFile;
            if (jobConfig.workload == "fsdp" && !fabriclb::FindLlamaModel(jobConfig.model))
            {
                throw std::invalid_argument("unknown model " +
                                            fabriclb::QuotedToken(jobConfig.model) +
                                            " (--model=help lists them)");
            }
            const fabriclb::Collective& collective = CollectiveNamed(job.workload);
            // The job's own parameters, for its collective only.
            ScopedDefaults defaults;
            for (const auto& [flag, text] : job.parameters)
            {
                for (const auto& [name, attribute] : collective.flags)
                {
                    if (name == flag)
                    {
                        defaults.Set(flag, attribute, text);
                    }
                }
            }
            const fabriclb::CollectiveParams params =
                CollectiveParamsOf(jobConfig, static_cast<uint32_t>(job.hosts.size()), workload);
            // A collective that tells its size is refused before it is built
            // when its iterations would not fit.
            const unsigned __int128 messages =
                static_cast<unsigned __int128>(collective.messages(params)) * job.iterations;
            if (messages > 0)
            {
                CheckMemory(
                    topology,
                    static_cast<uint64_t>(std::min<unsigned __int128>(messages, UINT64_MAX)));
            }
            return collective.build(params);
        });
}

void
WriteConnectionMatrixFile(const std::string& path, const fabriclb::ConnectionMatrix& traffic)
{
    std::ofstream out(path);
    if (!out)
    {
        throw std::invalid_argument("cannot write matrix file '" + path + "'");
    }
    fabriclb::WriteConnectionMatrix(out, traffic);
    if (!out.flush())
    {
        throw std::invalid_argument("cannot write matrix file '" + path + "'");
    }
}

} // namespace ns3
