/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "flag-rules.h"

#include "background-traffic.h"
#include "command-line-values.h"
#include "pfc-helper.h"

#include "ns3/collectives.h"

#include <algorithm>
#include <set>

namespace ns3
{

const std::vector<FlagRules::Rule>&
FlagRules::Rules()
{
    static const std::vector<Rule> rules{
        {{"xoffBytes", "xonBytes", "headroomBytes", "pfcWatchdog", "deadlockTime", "pfcTimeline"},
         [](const ExperimentConfig&) { return PfcHelper::PfcWanted(); },
         "without --pfc"},
        {{"queueTimelineInterval"},
         [](const ExperimentConfig& config) { return !config.queueTimelineFile.empty(); },
         "without --queueTimeline"},
        {{"trimThreshold"},
         [](const ExperimentConfig&) {
             return AttributeDefault("ns3::FatTreeHelper::Trim") == "true";
         },
         "without --trim"},
        {{"switchBufferBytes", "alpha"},
         [](const ExperimentConfig&) {
             return AttributeDefault("ns3::SwitchBuffer::Sharing") == "dynamic";
         },
         "without --bufferSharing=dynamic"},
        {{"load"},
         [](const ExperimentConfig&) { return BackgroundTraffic::Wanted(); },
         "without --background"},
        {{"jobsAlone"},
         [](const ExperimentConfig& config) {
             return !config.jobsFile.empty() || BackgroundTraffic::Wanted();
         },
         "without --jobs or --background"},
        // --failRate too, without --failMode=degrade: a sweep over the modes keeps it.
        {{"failMode", "failRate", "convergence", "rate"},
         [](const ExperimentConfig& config) { return config.failures.FailsLinks(); },
         "without --failLinks or --failProb"},
        {{"failPlane"},
         [](const ExperimentConfig& config) {
             return config.failures.probability > 0 && config.planes > 1;
         },
         "without --failProb and several --planes"},
        {{"chunkBytes"},
         [](const ExperimentConfig& config) { return config.algorithm == "tree"; },
         "without --algorithm=tree"},
        {{"localRanks"},
         [](const ExperimentConfig& config) { return config.algorithm == "hierarchical"; },
         "without --algorithm=hierarchical"},
        {{"workload", "matrix", "trace"},
         [](const ExperimentConfig& config) { return config.jobsFile.empty(); },
         "beside --jobs (its file gives each job its workload)"},
    };
    return rules;
}

std::optional<std::string>
FlagRules::FindIdleFlag(const Given& given, const ExperimentConfig& config)
{
    for (const Rule& rule : Rules())
    {
        for (const std::string& flag : rule.flags)
        {
            if (given(flag) && !rule.acts(config))
            {
                return "--" + flag + " does nothing " + rule.where;
            }
        }
    }
    // A transport stack's parts each given alone leave it nothing to set.
    if (given("transport") && given("recovery") && given("cc") && given("trim"))
    {
        return "--transport does nothing beside --recovery, --cc and --trim, its parts";
    }
    if (!config.jobsFile.empty())
    {
        return std::nullopt; // the workloads' parameters are the jobs' defaults
    }
    // A workload's parameters, read by the workloads that declare them.
    const fabriclb::Registry<fabriclb::Collective>& workloads = fabriclb::Workloads();
    const fabriclb::Collective* chosen = workloads.Find(config.workload);
    std::set<std::string> parameters;
    for (const fabriclb::Collective& collective : workloads.All())
    {
        parameters.insert(collective.parameters.begin(), collective.parameters.end());
    }
    for (const std::string& parameter : parameters)
    {
        if (!chosen || !given(parameter) ||
            std::count(chosen->parameters.begin(), chosen->parameters.end(), parameter) > 0)
        {
            continue;
        }
        std::string readers;
        for (const fabriclb::Collective& collective : workloads.All())
        {
            if (std::count(collective.parameters.begin(), collective.parameters.end(), parameter) >
                0)
            {
                readers += (readers.empty() ? "" : ", ") + collective.name;
            }
        }
        return "--" + parameter + " does nothing in the " + config.workload +
               " workload (it shapes " + readers + ")";
    }
    return std::nullopt;
}

} // namespace ns3
