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
#include "ns3/fabric-experiment.h"
#include "ns3/fabric-ranks.h"
#include "ns3/fabric-registry.h"
#include "ns3/fsdp-collective.h"
#include "ns3/wire-model.h"

#include <fstream>
#include <iostream>
#include <stdexcept>
#include <unistd.h>

using namespace ns3;

namespace
{

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

/// Prints the one-line descriptions of the Llama models --model takes.
void
PrintModels()
{
    for (const fabriclb::LlamaModel& m : fabriclb::LlamaModels())
    {
        const uint64_t payload = fabriclb::WireModel{}.payloadBytes;
        const uint64_t bytes = fabriclb::FsdpFlowBytes(m);
        std::cout << m.name << "\t" << m.layers << " layers, " << bytes << " B per flow ("
                  << (bytes + payload - 1) / payload << " packets of " << payload << " B)\n";
    }
}

/// \return the name \p resolve gives an empty setting (the fabric's default), or nothing if
/// the defaults form none (then the run names the problem)
template <typename Resolve>
std::string
DefaultName(Resolve resolve)
{
    try
    {
        return resolve("").name;
    }
    catch (const std::invalid_argument&)
    {
        return "";
    }
}

} // namespace

int
main(int argc, char* argv[])
{
    const FabricRanksScope ranks(&argc, &argv);
    Time::SetResolution(Time::PS);
    const bool writer = FabricRanks::Local() == 0; // the rank that writes results

    // The fastest of ns-3's schedulers for this event mix; --SchedulerType overrides it.
    GlobalValue::Bind("SchedulerType", StringValue("ns3::PriorityQueueScheduler"));

    // Every flag but the outputs sets an attribute's default: the experiment's
    // (ExperimentConfig, FailureSpec), the fabric's (FabricHelper, LinkFailureManager) and
    // RngSeedManager's global values. Each default is written once, in its GetTypeId.
    CommandLine cmd(__FILE__);
    cmd.Usage("Runs one collective on a fabric (a k-ary fat tree, a leaf-spine) under one "
              "load-balancing scheme.");
    AttributeFlags flags;
    const std::string lists = "help lists them";
    flags.Add(cmd, "topology", "ns3::ExperimentConfig::Topology");
    // Each registered fabric's shape (fabriclb::TopologyKinds): --k, --leaves, ...
    for (const fabriclb::TopologyKind& kind : fabriclb::TopologyKinds().All())
    {
        for (const auto& [flag, attribute] : kind.flags)
        {
            flags.Add(cmd, flag, attribute);
        }
    }
    flags.Add(cmd, "planes", "ns3::ExperimentConfig::Planes");
    flags.Add(cmd, "planeRate", "ns3::ExperimentConfig::PlaneRate");
    flags.Add(cmd, "lb", "ns3::ExperimentConfig::Scheme", lists, DefaultName(ResolveLbScheme));
    flags.Add(cmd, "workload", "ns3::ExperimentConfig::Workload", lists);
    flags.Add(cmd, "group", "ns3::ExperimentConfig::Group");
    flags.Add(cmd, "model", "ns3::ExperimentConfig::Model", lists);
    flags.Add(cmd, "layers", "ns3::ExperimentConfig::Layers");
    flags.Add(cmd, "matrix", "ns3::ExperimentConfig::MatrixFile");
    flags.Add(cmd, "msgBytes", "ns3::ExperimentConfig::MessageBytes");
    flags.Add(cmd, "jobs", "ns3::ExperimentConfig::JobsFile");
    flags.Add(cmd, "jobsAlone", "ns3::ExperimentConfig::JobsAlone");
    flags.Add(cmd, "background", "ns3::BackgroundTraffic::Distribution");
    flags.Add(cmd, "load", "ns3::BackgroundTraffic::Load");
    flags.Add(cmd, "seed", "RngSeed");
    flags.Add(cmd, "run", "RngRun");
    flags.Add(cmd, "linkRate", "ns3::FatTreeHelper::LinkRate");
    flags.Add(cmd, "linkDelay", "ns3::FatTreeHelper::LinkDelay");
    flags.Add(cmd, "bufferBytes", "ns3::FatTreeHelper::BufferBytes");
    flags.Add(cmd, "wire", "ns3::FatTreeHelper::Wire");
    flags.Add(cmd, "switchPath", "ns3::FatTreeHelper::SwitchPath");
    flags.Add(cmd, "switchPort", "ns3::FatTreeHelper::SwitchPort");
    flags.Add(cmd, "hostPath", "ns3::FatTreeHelper::HostPath");
    flags.Add(cmd, "bufferSharing", "ns3::SwitchBuffer::Sharing");
    flags.Add(cmd, "switchBufferBytes", "ns3::SwitchBuffer::BufferBytes");
    flags.Add(cmd, "alpha", "ns3::SwitchBuffer::Alpha");
    flags.Add(cmd, "xoffBytes", "ns3::SwitchBuffer::XoffBytes");
    flags.Add(cmd, "xonBytes", "ns3::SwitchBuffer::XonBytes");
    flags.Add(cmd, "headroomBytes", "ns3::SwitchBuffer::HeadroomBytes");
    flags.Add(cmd, "pfcWatchdog", "ns3::FabricPortDevice::PfcWatchdog");
    flags.Add(cmd, "deadlockTime", "ns3::PauseCycleDetector::DeadlockTime");
    flags.Add(cmd, "pfcTimeline", "ns3::ExperimentConfig::PfcTimelineFile");
    flags.Add(cmd,
              "recovery",
              "ns3::ExperimentConfig::Recovery",
              lists,
              DefaultName(ResolveRecovery));
    flags.Add(cmd,
              "cc",
              "ns3::ExperimentConfig::CongestionControl",
              lists,
              DefaultName(ResolveCongestionControl));
    flags.Add(cmd, "lossRate", "ns3::FatTreeHelper::LossRate");
    flags.Add(cmd, "failProb", "ns3::FailureSpec::Probability");
    flags.Add(cmd, "failPlane", "ns3::FailureSpec::Plane");
    flags.Add(cmd, "failLinks", "ns3::FailureSpec::Links");
    flags.Add(cmd, "failMode", "ns3::LinkFailureManager::Mode");
    flags.Add(cmd, "failRate", "ns3::LinkFailureManager::DegradedRate");
    flags.Add(cmd, "convergence", "ns3::FailureSpec::Convergence");
    flags.Add(cmd, "rate", "ns3::FailureSpec::FlowRate");
    flags.Add(cmd, "timeLimit", "ns3::FailureSpec::TimeLimit");
    flags.Add(cmd, "flowmon", "ns3::ExperimentConfig::FlowMonitorFile");
    std::string dumpMatrix;
    std::string flows;
    std::string out;
    bool progress = false;
    bool pfc = false;
    cmd.AddValue("dump-matrix",
                 "write the workload as an htsim connection-matrix file and exit without running",
                 WholeTextValue(dumpMatrix));
    cmd.AddValue("flows", "write one CSV row per message here", WholeTextValue(flows));
    cmd.AddValue("out", "write the result as one JSON object to this file", WholeTextValue(out));
    cmd.AddValue("progress", "report progress on stderr even when it is not a terminal", progress);
    cmd.AddValue("pfc",
                 "lossless RoCE: priority flow control pauses the data class hop by hop "
                 "instead of dropping it (sets ns3::SwitchBuffer::Pfc)",
                 pfc);
    ParseCommandLineOrExit(cmd, argc, argv, "fabric-lb-sim");
    if (cmd.GetNExtraNonOptions() > 0)
    {
        return Fail("unexpected argument '" + cmd.GetExtraNonOption(0) +
                    "': options are --name=value (--help lists them)");
    }

    const auto asks = [&flags](const std::string& flag) { return flags.Given(flag) == "help"; };
    if (asks("workload"))
    {
        for (const fabriclb::Collective& collective : fabriclb::Workloads().All())
        {
            std::string flags;
            for (const std::string& parameter : collective.parameters)
            {
                flags += (flags.empty() ? "" : ", ") + ("--" + parameter);
            }
            std::cout << collective.name << "\t" << collective.description << " [" << flags
                      << "]\n";
        }
        return 0;
    }
    if (asks("model"))
    {
        PrintModels();
        return 0;
    }
    if (asks("lb") || asks("recovery") || asks("cc") || asks("topology"))
    {
        std::cout << (asks("lb")         ? fabriclb::LbSchemes().Help()
                      : asks("recovery") ? fabriclb::RecoveryStrategies().Help()
                      : asks("cc")       ? fabriclb::CongestionControls().Help()
                                         : fabriclb::TopologyKinds().Help());
        return 0;
    }
    try
    {
        flags.Apply();
    }
    catch (const std::invalid_argument& e)
    {
        return Fail(e.what());
    }
    if (pfc)
    {
        Config::SetDefault("ns3::SwitchBuffer::Pfc", BooleanValue(true));
    }
    if (RngSeedManager::GetSeed() == 0 || RngSeedManager::GetRun() == 0)
    {
        return Fail("--seed and --run must be positive");
    }
    ExperimentConfig config;
    config.progress = config.progress || progress || isatty(STDERR_FILENO);
    // A fabric's own flags shape that fabric only.
    for (const fabriclb::TopologyKind& kind : fabriclb::TopologyKinds().All())
    {
        for (const auto& [flag, attribute] : kind.flags)
        {
            if (kind.name != config.topology && flags.Given(flag))
            {
                return Fail("--" + flag + " shapes a " + kind.name + " fabric, not a " +
                            config.topology + " one (--topology=" + kind.name + ")");
            }
        }
    }
    if (flags.Given("planeRate") && flags.Given("linkRate"))
    {
        return Fail("--planeRate and --linkRate both set the planes' links' rate: give one");
    }
    const std::string& flowmon = config.flowMonitorFile;

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
    std::ofstream flowsCsv;
    ExperimentResult result;
    try
    {
        FabricExperiment experiment(config);
        experiment.Configure();
        if (!dumpMatrix.empty())
        {
            for (const fabriclb::JobSpec& job : experiment.GetJobs()
                                                    ? experiment.GetJobs()->Jobs()
                                                    : std::vector<fabriclb::JobSpec>{})
            {
                if (job.iterations > 1)
                {
                    return Fail("--dump-matrix: job '" + job.name +
                                "' runs several iterations a gap apart, which htsim's "
                                "connection matrices cannot say");
                }
            }
            if (writer)
            {
                WriteConnectionMatrixFile(dumpMatrix, experiment.GetTraffic());
                std::cout << "fabric-lb-sim: wrote " << experiment.GetTraffic().flows.size()
                          << " flows to " << dumpMatrix << std::endl;
            }
            return 0;
        }
        // The outputs are opened once the configuration holds, so that a refused run leaves
        // no empty file, and before the run, so that an unwritable one costs no run.
        if (!out.empty() && writer)
        {
            json.open(out);
            if (!json)
            {
                return Fail("cannot write --out file '" + out + "'");
            }
        }
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
        experiment.Install();
        experiment.Run();
        result = experiment.Collect();
        MeasureJobsAlone(config, experiment, result);
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
        return result.buffer.deadlock.empty() && result.PacketBooksBalance() &&
                       result.messagesCompleted == result.messages
                   ? 0
                   : 1;
    }
    if (!result.buffer.deadlock.empty())
    {
        return 1; // the detector named the ports
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
