/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * fabric-lb-sim: the command-line driver of every fabric-lb experiment.
 *
 *   fabric-lb-sim --k=8 --lb=ecmp --workload=permutation --msgBytes=1048576 --out=run.json
 *   fabric-lb-sim --lb=help
 *   mpirun -np 2 fabric-lb-sim --k=8 ...   (in an ns-3 tree built with --enable-mpi)
 */

#include "ns3/collectives.h"
#include "ns3/command-line-values.h"
#include "ns3/command-line.h"
#include "ns3/config.h"
#include "ns3/core-module.h"
#include "ns3/data-rate.h"
#include "ns3/fabric-experiment.h"
#include "ns3/fabric-links.h"
#include "ns3/fabric-ranks.h"
#include "ns3/fabric-registry.h"
#include "ns3/fat-tree-helper.h"
#include "ns3/wire-model.h"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <optional>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <tuple>
#include <unistd.h>

using namespace ns3;

namespace
{

/// The fastest link: a 20 B gap still takes more than a picosecond, the wire model's unit.
constexpr uint64_t MAX_LINK_RATE_BPS = 100000000000000ULL;

/// Prints one error line (from the first rank only) and returns the exit status of bad input.
int
Fail(const std::string& message)
{
    if (FabricRanks::Local() == 0)
    {
        std::cerr << "fabric-lb-sim: error: " << message << std::endl;
    }
    return 2;
}

/// \return \p text as a number if all of it is one (no NaN, no infinity)
std::optional<double>
ParseWholeDouble(const std::string& text)
{
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(value))
    {
        return std::nullopt;
    }
    return value;
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
    const FabricRanksScope ranks(&argc, &argv);
    Time::SetResolution(Time::PS);
    const bool writer = FabricRanks::Local() == 0; // the rank that writes results

    // Every flag starts from its one default: the experiment's (ExperimentConfig,
    // FailureSpec), the fabric's attributes (FatTreeHelper) and RngSeedManager's.
    // Numbers are read as text and parsed below.
    const ExperimentConfig defaults;
    FailureSpec failures;
    std::string kText = AttributeDefault("ns3::FatTreeHelper::K");
    std::string lb = defaults.lb;
    std::string workload = defaults.workload;
    std::string groupText = std::to_string(defaults.group);
    std::string model = defaults.model;
    std::string layersText = std::to_string(defaults.layers);
    std::string msgBytesText = std::to_string(defaults.messageBytes);
    std::string seedText = std::to_string(RngSeedManager::GetSeed());
    std::string runText = std::to_string(RngSeedManager::GetRun());
    std::string linkRate = AttributeDefault("ns3::FatTreeHelper::LinkRate");
    std::string linkDelay = AttributeDefault("ns3::FatTreeHelper::LinkDelay");
    std::string bufferBytesText = AttributeDefault("ns3::FatTreeHelper::BufferBytes");
    std::string wire = AttributeDefault("ns3::FatTreeHelper::Wire");
    std::string switchPath = AttributeDefault("ns3::FatTreeHelper::SwitchPath");
    std::string recovery = defaults.recovery;
    std::string cc = defaults.cc;
    std::string lossRateText = AttributeDefault("ns3::FatTreeHelper::LossRate");
    std::string matrix;
    std::string dumpMatrix;
    std::string flows;
    std::string out;
    bool progress = defaults.progress;
    std::string flowmon;
    std::ostringstream failureDefaults;
    failureDefaults << failures.probability << " " << failures.degradedRate;
    std::string failProbText;
    std::string failRateText;
    std::istringstream(failureDefaults.str()) >> failProbText >> failRateText;

    // The fastest of ns-3's schedulers for this event mix; --SchedulerType overrides it.
    GlobalValue::Bind("SchedulerType", StringValue("ns3::PriorityQueueScheduler"));

    CommandLine cmd(__FILE__);
    cmd.Usage("Runs one collective on a k-ary fat tree under one load-balancing scheme.");
    cmd.AddValue("k", "fat-tree radix (even, >= 4): k^3/4 hosts", kText);
    cmd.AddValue("lb", "load-balancing scheme (--lb=help lists them)", lb);
    cmd.AddValue("workload",
                 "the collective: permutation, all-to-all, ring-allgather, ring-reducescatter, "
                 "ring-allreduce, fsdp (with --model) or matrix (with --matrix); help lists them",
                 workload);
    cmd.AddValue("group", "ring collectives: hosts per ring (0: all hosts)", groupText);
    cmd.AddValue("model", "fsdp: llama3-7b, llama3-70b or llama3-405b (help lists them)", model);
    cmd.AddValue("layers", "fsdp: backward-pass layer phases", layersText);
    cmd.AddValue("matrix",
                 "an htsim connection-matrix file, for --workload=matrix",
                 WholeTextValue(matrix));
    cmd.AddValue("dump-matrix",
                 "write the workload as an htsim connection-matrix file and exit without running",
                 WholeTextValue(dumpMatrix));
    cmd.AddValue("flows", "write one CSV row per message here", WholeTextValue(flows));
    cmd.AddValue("msgBytes", "bytes per message", msgBytesText);
    cmd.AddValue("seed", "random seed (RngSeedManager)", seedText);
    cmd.AddValue("run", "run number (RngSeedManager)", runText);
    cmd.AddValue("linkRate", "rate of every link", linkRate);
    cmd.AddValue("linkDelay", "propagation delay of every link", linkDelay);
    cmd.AddValue("bufferBytes", "drop-tail buffer per egress port", bufferBytesText);
    cmd.AddValue("wire",
                 "physical (RoCEv2 frames, 20 B gaps) or study (the study's simulator's sizes, "
                 "pacing and buffer slots)",
                 wire);
    cmd.AddValue("switchPath",
                 "how switches forward: direct (the same decisions, straight to the egress "
                 "queue) or ipv4 (through ns-3's IPv4 and traffic-control layers)",
                 switchPath);
    cmd.AddValue("recovery", "loss recovery (--recovery=help lists them)", recovery);
    cmd.AddValue("cc", "congestion control (--cc=help lists them)", cc);
    cmd.AddValue("lossRate",
                 "probability that a link drops a packet at random, in [0, 1] (ns-3's "
                 "RateErrorModel on every device)",
                 lossRateText);
    cmd.AddValue("failProb",
                 "each edge-aggregation and aggregation-core link fails at time 0 with this "
                 "probability (the study: 0.01)",
                 failProbText);
    cmd.AddValue("failLinks",
                 "links to fail, NAME[@TIME],... (e.g. agg-p3-1:core-5@10us)",
                 failures.links);
    cmd.AddValue("failMode",
                 "drop (a failed link black-holes what is sent into it) or degrade",
                 failures.mode);
    cmd.AddValue("failRate", "a degraded link's share of its rate", failRateText);
    cmd.AddValue("convergence",
                 "G: when switches not attached to a failed link, and host DR, learn of it: a "
                 "time (10us), N base RTTs (1rtt) or inf",
                 failures.convergence);
    cmd.AddValue("rate",
                 "every flow's rate under failures: rhomax (B/F, the study's ideal) or line",
                 failures.rate);
    cmd.AddValue("timeLimit",
                 "simulated time at which a run gives up, failures or not (auto: 50x the "
                 "bound, at least 200us)",
                 failures.timeLimit);
    cmd.AddValue("out", "write the result as one JSON object to this file", WholeTextValue(out));
    cmd.AddValue("progress", "report progress on stderr even when it is not a terminal", progress);
    cmd.AddValue("flowmon",
                 "run ns-3's FlowMonitor on the hosts and write its XML here",
                 WholeTextValue(flowmon));
    ParseCommandLineOrExit(cmd, argc, argv, "fabric-lb-sim");
    if (cmd.GetNExtraNonOptions() > 0)
    {
        return Fail("unexpected argument '" + cmd.GetExtraNonOption(0) +
                    "': options are --name=value (--help lists them)");
    }

    if (workload == "help")
    {
        for (const fabriclb::Collective& collective : fabriclb::Collectives())
        {
            std::cout << collective.name << "\t" << collective.description << "\n";
        }
        return 0;
    }
    if (model == "help")
    {
        for (const fabriclb::LlamaModel& m : fabriclb::LlamaModels())
        {
            const uint64_t payload = fabriclb::WireModel{}.payloadBytes;
            const uint64_t bytes = fabriclb::FsdpFlowBytes(m);
            std::cout << m.name << "\t" << m.layers << " layers, " << bytes << " B per flow ("
                      << (bytes + payload - 1) / payload << " packets of " << payload << " B)\n";
        }
        return 0;
    }
    if (lb == "help" || recovery == "help" || cc == "help")
    {
        std::cout << (lb == "help"         ? fabriclb::LbSchemes().Help()
                      : recovery == "help" ? fabriclb::RecoveryStrategies().Help()
                                           : fabriclb::CongestionControls().Help());
        return 0;
    }
    uint32_t k = 0;
    try
    {
        k = ParseRadix(kText);
    }
    catch (const std::invalid_argument& e)
    {
        return Fail(e.what());
    }
    const std::optional<int64_t> msgBytes = ParseWholeInteger<int64_t>(msgBytesText);
    if (!msgBytes || *msgBytes <= 0)
    {
        return Fail("--msgBytes must be a positive integer, got '" + msgBytesText + "'");
    }
    const std::optional<uint32_t> group = ParseWholeInteger<uint32_t>(groupText);
    if (!group)
    {
        return Fail("--group must be a non-negative integer, got '" + groupText + "'");
    }
    if (!fabriclb::FindLlamaModel(model))
    {
        return Fail("unknown --model '" + model + "' (--model=help lists them)");
    }
    const std::optional<uint32_t> layers = ParseWholeInteger<uint32_t>(layersText);
    if (!layers || *layers == 0)
    {
        return Fail("--layers must be a positive integer, got '" + layersText + "'");
    }
    const std::optional<int64_t> bufferBytes = ParseWholeInteger<int64_t>(bufferBytesText);
    if (!bufferBytes || *bufferBytes <= 0 || *bufferBytes > UINT32_MAX)
    {
        return Fail("--bufferBytes must be a positive integer below 2^32, got '" + bufferBytesText +
                    "'");
    }
    const std::optional<int64_t> seed = ParseWholeInteger<int64_t>(seedText);
    const std::optional<int64_t> run = ParseWholeInteger<int64_t>(runText);
    if (!seed || !run || *seed <= 0 || *seed > UINT32_MAX || *run <= 0)
    {
        return Fail("--seed and --run must be positive integers (seed below 2^32), got '" +
                    seedText + "' and '" + runText + "'");
    }
    const std::optional<double> failProb = ParseWholeDouble(failProbText);
    const std::optional<double> failRate = ParseWholeDouble(failRateText);
    if (!failProb || !failRate)
    {
        return Fail("--failProb and --failRate must be numbers, got '" + failProbText + "' and '" +
                    failRateText + "'");
    }
    failures.probability = *failProb;
    failures.degradedRate = *failRate;
    // A number and its unit: ns-3 reads a bare number as bit/s, saturating beyond 64 bits, and
    // aborts on some malformed values, so check the shape first.
    static const std::regex rateShape("[0-9]+(\\.[0-9]+)?[A-Za-z/]+");
    DataRateValue rate;
    if (!std::regex_match(linkRate, rateShape) ||
        !SetDefaultFrom("ns3::FatTreeHelper::LinkRate", rate, linkRate) ||
        rate.Get().GetBitRate() == 0)
    {
        return Fail("--linkRate '" + linkRate +
                    "' is not a data rate with its unit such as 800Gbps");
    }
    if (rate.Get().GetBitRate() > MAX_LINK_RATE_BPS)
    {
        return Fail("--linkRate '" + linkRate +
                    "' is above 100Tbps: the wire model times packets in whole picoseconds");
    }
    const std::optional<uint64_t> delayPs = fabriclb::ParseSimulatedTimePs(linkDelay);
    if (!delayPs)
    {
        return Fail("--linkDelay '" + linkDelay +
                    "' is not a time with its unit (ps, ns, us, ms or s) such as 500ns");
    }
    Config::SetDefault("ns3::FatTreeHelper::LinkDelay", TimeValue(PicoSeconds(*delayPs)));
    // The closed sets: their attributes' checkers know the names.
    for (const auto& [flag, attribute, name] :
         {std::tuple{"--wire", "ns3::FatTreeHelper::Wire", wire},
          std::tuple{"--switchPath", "ns3::FatTreeHelper::SwitchPath", switchPath},
          std::tuple{"--failMode", "ns3::LinkFailureManager::Mode", failures.mode}})
    {
        if (!Config::SetDefaultFailSafe(attribute, StringValue(name)))
        {
            return Fail(std::string(flag) + ": unknown value '" + name + "' (" +
                        AttributeChoices(attribute) + ")");
        }
    }
    const std::optional<double> lossRate = ParseWholeDouble(lossRateText);
    if (!lossRate || *lossRate < 0 || *lossRate > 1)
    {
        return Fail("--lossRate must be a probability in [0, 1], got '" + lossRateText + "'");
    }
    Config::SetDefault("ns3::FatTreeHelper::LossRate", DoubleValue(*lossRate));
    Config::SetDefault("ns3::FatTreeHelper::K", UintegerValue(k));
    Config::SetDefault("ns3::FatTreeHelper::BufferBytes", UintegerValue(*bufferBytes));
    RngSeedManager::SetSeed(*seed);
    RngSeedManager::SetRun(*run);

    // What a run writes, a dump that runs nothing would leave empty.
    const char* runOutput = !out.empty()       ? "--out"
                            : !flows.empty()   ? "--flows"
                            : !flowmon.empty() ? "--flowmon"
                                               : nullptr;
    if (!dumpMatrix.empty() && runOutput)
    {
        return Fail(std::string("--dump-matrix writes the workload and runs nothing: drop ") +
                    runOutput);
    }
    std::ofstream json;
    if (!out.empty() && writer)
    {
        json.open(out);
        if (!json)
        {
            return Fail("cannot write --out file '" + out + "'");
        }
    }
    std::ofstream flowsCsv;
    if (!flows.empty() && writer)
    {
        flowsCsv.open(flows);
        if (!flowsCsv)
        {
            return Fail("cannot write --flows file '" + flows + "'");
        }
    }
    // FlowMonitor would fail silently at the end of the run.
    if (!flowmon.empty() && writer && !std::ofstream(flowmon))
    {
        return Fail("cannot write --flowmon file '" + flowmon + "'");
    }

    ExperimentConfig config;
    config.lb = lb;
    config.workload = workload;
    config.group = *group;
    config.model = model;
    config.layers = *layers;
    config.messageBytes = *msgBytes;
    config.progress = progress || isatty(STDERR_FILENO);
    config.flowMonitorFile = flowmon;
    config.matrixFile = matrix;
    config.recovery = recovery;
    config.cc = cc;
    config.failures = failures;
    ExperimentResult result;
    try
    {
        FabricExperiment experiment(config);
        experiment.Configure();
        if (!dumpMatrix.empty())
        {
            if (writer)
            {
                WriteConnectionMatrixFile(dumpMatrix, experiment.GetTraffic());
                std::cout << "fabric-lb-sim: wrote " << experiment.GetTraffic().flows.size()
                          << " flows to " << dumpMatrix << std::endl;
            }
            return 0;
        }
        experiment.Install();
        experiment.Run();
        result = experiment.Collect();
    }
    catch (const std::invalid_argument& e)
    {
        return Fail(e.what());
    }

    if (writer)
    {
        std::cout << result.Summary();
    }
    if (json.is_open())
    {
        json << result.ToJson().dump(2) << std::endl;
    }
    if (flowsCsv.is_open())
    {
        flowsCsv << result.FlowsCsv();
    }
    // Every rank holds the combined result and exits alike; the first one tells.
    if (!writer)
    {
        return result.PacketBooksBalance() && result.messagesCompleted == result.messages ? 0 : 1;
    }
    if (!result.PacketBooksBalance())
    {
        std::cerr << "fabric-lb-sim: error: packet books do not balance: "
                  << result.packetsSent + result.acksSent << " sent (data and ACKs), "
                  << result.packetsDelivered + result.acksDelivered << " delivered, "
                  << result.packetsDropped << " dropped, " << result.inFlight << " in flight"
                  << std::endl;
        return 1;
    }
    if (result.messagesCompleted != result.messages)
    {
        std::cerr << "fabric-lb-sim: error: ";
        if (result.timeLimitReached)
        {
            std::cerr << "the time limit of " << result.timeLimitPs / 1e6
                      << " us of simulated time (--timeLimit) ended the run: ";
        }
        std::cerr << "only " << result.messagesCompleted << " of " << result.messages
                  << " messages completed; not done: " << result.UnfinishedMessages(10)
                  << std::endl;
        return 1;
    }
    return 0;
}
