/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * fabric-lb-sim: the command-line driver of every fabric-lb experiment.
 *
 *   fabric-lb-sim --k=8 --lb=ecmp --workload=permutation --msgBytes=1048576 --out=run.json
 *   fabric-lb-sim --lb=help
 */

#include "ns3/command-line.h"
#include "ns3/config.h"
#include "ns3/core-module.h"
#include "ns3/data-rate.h"
#include "ns3/fabric-experiment.h"
#include "ns3/lb-scheme.h"

#include <fstream>
#include <iostream>
#include <regex>
#include <stdexcept>
#include <unistd.h>

using namespace ns3;

namespace
{

/// Prints one error line and returns the exit status of bad input.
int
Fail(const std::string& message)
{
    std::cerr << "fabric-lb-sim: error: " << message << std::endl;
    return 2;
}

/// \return true if \p text parses as a value of \p attribute's type, and sets it as its default
bool
SetDefaultFrom(const std::string& attribute, AttributeValue& value, const std::string& text)
{
    TypeId::AttributeInformation info;
    const std::string::size_type colons = attribute.rfind("::");
    TypeId::LookupByName(attribute.substr(0, colons))
        .LookupAttributeByName(attribute.substr(colons + 2), &info);
    if (!value.DeserializeFromString(text, info.checker))
    {
        return false;
    }
    Config::SetDefault(attribute, value);
    return true;
}

} // namespace

int
main(int argc, char* argv[])
{
    Time::SetResolution(Time::PS);

    int64_t k = 8;
    std::string lb = "ecmp";
    std::string workload = "permutation";
    int64_t msgBytes = 1048576;
    uint32_t seed = 1;
    uint64_t run = 1;
    std::string linkRate = "800Gbps";
    std::string linkDelay = "500ns";
    int64_t bufferBytes = 800000;
    std::string out;
    bool progress = false;
    std::string flowmon;

    // The fastest of ns-3's schedulers for this event mix; --SchedulerType overrides it.
    GlobalValue::Bind("SchedulerType", StringValue("ns3::PriorityQueueScheduler"));

    CommandLine cmd(__FILE__);
    cmd.Usage("Runs one collective on a k-ary fat tree under one load-balancing scheme.");
    cmd.AddValue("k", "fat-tree radix (even, >= 4): k^3/4 hosts", k);
    cmd.AddValue("lb", "load-balancing scheme (--lb=help lists them)", lb);
    cmd.AddValue("workload", "permutation or all-to-all", workload);
    cmd.AddValue("msgBytes", "bytes per message", msgBytes);
    cmd.AddValue("seed", "random seed (RngSeedManager)", seed);
    cmd.AddValue("run", "run number (RngSeedManager)", run);
    cmd.AddValue("linkRate", "rate of every link", linkRate);
    cmd.AddValue("linkDelay", "propagation delay of every link", linkDelay);
    cmd.AddValue("bufferBytes", "drop-tail buffer per egress port", bufferBytes);
    cmd.AddValue("out", "write the result as one JSON object to this file", out);
    cmd.AddValue("progress", "report progress on stderr even when it is not a terminal", progress);
    cmd.AddValue("flowmon", "run ns-3's FlowMonitor on the hosts and write its XML here", flowmon);
    cmd.Parse(argc, argv);

    if (lb == "help")
    {
        for (const fabriclb::LbScheme& scheme : fabriclb::LbSchemes())
        {
            std::cout << scheme.name << "\t" << scheme.description << "\n";
        }
        return 0;
    }
    if (k < 4 || k % 2 != 0)
    {
        return Fail("fat-tree radix k must be even and at least 4, got " + std::to_string(k));
    }
    if (msgBytes <= 0)
    {
        return Fail("--msgBytes must be positive, got " + std::to_string(msgBytes));
    }
    if (bufferBytes <= 0 || bufferBytes > UINT32_MAX)
    {
        return Fail("--bufferBytes must be positive, got " + std::to_string(bufferBytes));
    }
    if (seed == 0 || run == 0)
    {
        return Fail("--seed and --run must be positive");
    }
    DataRateValue rate;
    if (!SetDefaultFrom("ns3::FatTreeHelper::LinkRate", rate, linkRate) ||
        rate.Get().GetBitRate() == 0)
    {
        return Fail("--linkRate '" + linkRate + "' is not a data rate such as 800Gbps");
    }
    // ns-3 aborts on a malformed Time string, so check its shape first.
    static const std::regex timeShape(
        "[0-9]*\\.?[0-9]+([eE][-+]?[0-9]+)?(s|ms|us|ns|ps|fs|min|h|d|y)?");
    TimeValue delay;
    if (!std::regex_match(linkDelay, timeShape) ||
        !SetDefaultFrom("ns3::FatTreeHelper::LinkDelay", delay, linkDelay))
    {
        return Fail("--linkDelay '" + linkDelay + "' is not a non-negative time such as 500ns");
    }
    Config::SetDefault("ns3::FatTreeHelper::K", UintegerValue(k));
    Config::SetDefault("ns3::FatTreeHelper::BufferBytes", UintegerValue(bufferBytes));
    RngSeedManager::SetSeed(seed);
    RngSeedManager::SetRun(run);

    std::ofstream json;
    if (!out.empty())
    {
        json.open(out);
        if (!json)
        {
            return Fail("cannot write --out file '" + out + "'");
        }
    }

    ExperimentConfig config;
    config.lb = lb;
    config.workload = workload;
    config.messageBytes = msgBytes;
    config.progress = progress || isatty(STDERR_FILENO);
    config.flowMonitorFile = flowmon;
    ExperimentResult result;
    try
    {
        result = RunFabricExperiment(config);
    }
    catch (const std::invalid_argument& e)
    {
        return Fail(e.what());
    }

    std::cout << result.Summary();
    if (json.is_open())
    {
        json << result.ToJson().dump(2) << std::endl;
    }
    if (result.messagesCompleted != result.messages)
    {
        std::cerr << "fabric-lb-sim: error: only " << result.messagesCompleted << " of "
                  << result.messages << " messages completed" << std::endl;
        return 1;
    }
    return 0;
}
