/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "driver-options.h"

#include "experiment-lookup.h"
#include "fabric-ranks.h"
#include "flag-rules.h"
#include "transport-stack.h"

#include "ns3/boolean.h"
#include "ns3/collectives.h"
#include "ns3/command-line.h"
#include "ns3/config.h"
#include "ns3/data-rate.h"
#include "ns3/fabric-registry.h"
#include "ns3/fsdp-collective.h"
#include "ns3/htsim-topology-file.h"
#include "ns3/nstime.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/wire-model.h"

#include <iostream>
#include <set>
#include <stdexcept>
#include <unistd.h>

namespace ns3
{

namespace
{

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

/**
 * With --topology=htsim, sets every link's rate and delay from the topology file, where it
 * gives them (the fabric itself the topology kind builds from the same file).
 * \param given whether a flag was given
 * \throws std::invalid_argument for a file that cannot be read, or a flag it overrules
 */
template <typename Given>
void
ApplyHtsimLinks(Given given)
{
    if (AttributeDefault("ns3::ExperimentConfig::Topology") != "htsim")
    {
        return;
    }
    const std::string file = AttributeDefault("ns3::HtsimTopologyShape::TopoFile");
    if (file.empty())
    {
        return; // the fabric's making names it
    }
    const fabriclb::HtsimFabric fabric = fabriclb::ReadHtsimTopologyFile(file);
    const auto set = [&](const std::string& flag, const std::string& attribute, auto value) {
        if (given(flag))
        {
            throw std::invalid_argument("--" + flag + " and --topoFile=" + file +
                                        " both set every link's " +
                                        (flag == "linkRate" ? "rate" : "delay") + ": give one");
        }
        Config::SetDefault(attribute, value);
    };
    if (fabric.linkRateGbps > 0)
    {
        set("linkRate",
            "ns3::FatTreeHelper::LinkRate",
            DataRateValue(DataRate(fabric.linkRateGbps * 1000000000ULL)));
    }
    if (fabric.linkDelayGiven)
    {
        set("linkDelay",
            "ns3::FatTreeHelper::LinkDelay",
            TimeValue(NanoSeconds(static_cast<int64_t>(fabric.linkDelayNs))));
    }
}

} // namespace

DriverOptions::DriverOptions(std::string program)
    : m_program(std::move(program))
{
}

void
DriverOptions::Declare(CommandLine& cmd)
{
    AttributeFlags& flags = m_flags;
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
    flags.Add(cmd, "algorithm", "ns3::ExperimentConfig::Algorithm");
    flags.Add(cmd, "chunkBytes", "ns3::ExperimentConfig::ChunkBytes");
    // Each registered workload's own parameters (fabriclb::Workloads): --skew, ...; a flag
    // that several workloads read, once.
    std::set<std::string> workloadFlags;
    for (const fabriclb::Collective& collective : fabriclb::Workloads().All())
    {
        for (const auto& [flag, attribute] : collective.flags)
        {
            if (workloadFlags.insert(flag).second)
            {
                flags.Add(cmd, flag, attribute);
            }
        }
    }
    flags.Add(cmd, "matrix", "ns3::ExperimentConfig::MatrixFile");
    flags.Add(cmd, "trace", "ns3::ExperimentConfig::TraceFile");
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
    flags.Add(cmd, "queueTimeline", "ns3::ExperimentConfig::QueueTimelineFile");
    flags.Add(cmd, "queueTimelineInterval", "ns3::ExperimentConfig::QueueTimelineInterval");
    flags.Add(cmd, "trim", "ns3::FatTreeHelper::Trim");
    flags.Add(cmd, "rccc", "ns3::RoceNic::ReceiverCredit");
    flags.Add(cmd, "trimThreshold", "ns3::FatTreeHelper::TrimThresholdBytes");
    flags.Add(cmd, "transport", "ns3::ExperimentConfig::Transport", lists);
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
    cmd.AddValue("dump-matrix",
                 "write the workload as an htsim connection-matrix file and exit without running",
                 WholeTextValue(m_dumpMatrix));
    cmd.AddValue("flows", "write one CSV row per message here", WholeTextValue(m_flows));
    cmd.AddValue("out", "write the result as one JSON object to this file", WholeTextValue(m_out));
    cmd.AddValue("progress",
                 "report progress on stderr even when it is not a terminal",
                 m_progress);
    cmd.AddValue("pfc",
                 "lossless RoCE: priority flow control pauses the data class hop by hop "
                 "instead of dropping it (sets ns3::SwitchBuffer::Pfc)",
                 m_pfc);
}

std::optional<int>
DriverOptions::Parse(CommandLine& cmd, int argc, char* argv[])
{
    ParseCommandLineOrExit(cmd, argc, argv, m_program);
    if (cmd.GetNExtraNonOptions() > 0)
    {
        return Fail("unexpected argument '" + cmd.GetExtraNonOption(0) +
                    "': options are --name=value (--help lists them)");
    }
    if (std::optional<int> listed = PrintListing())
    {
        return listed;
    }
    try
    {
        m_flags.Apply();
        ApplyHtsimLinks(
            [this](const std::string& flag) { return m_flags.Given(flag).has_value(); });
        if (const std::optional<std::string> transport = m_flags.Given("transport"))
        {
            fabriclb::ApplyTransportStack(*transport, [this](const std::string& flag) {
                return m_flags.Given(flag).has_value();
            });
        }
    }
    catch (const std::invalid_argument& e)
    {
        return Fail(e.what());
    }
    if (m_pfc)
    {
        Config::SetDefault("ns3::SwitchBuffer::Pfc", BooleanValue(true));
    }
    if (RngSeedManager::GetSeed() == 0 || RngSeedManager::GetRun() == 0)
    {
        return Fail("--seed and --run must be positive");
    }
    m_config.emplace();
    m_config->progress = m_config->progress || m_progress || isatty(STDERR_FILENO);
    return CheckFlags();
}

std::optional<int>
DriverOptions::PrintListing() const
{
    const auto asks = [this](const std::string& flag) { return m_flags.Given(flag) == "help"; };
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
    if (asks("lb") || asks("recovery") || asks("cc") || asks("topology") || asks("transport"))
    {
        std::cout << (asks("lb")          ? fabriclb::LbSchemes().Help()
                      : asks("recovery")  ? fabriclb::RecoveryStrategies().Help()
                      : asks("cc")        ? fabriclb::CongestionControls().Help()
                      : asks("transport") ? fabriclb::TransportStacks().Help()
                                          : fabriclb::TopologyKinds().Help());
        return 0;
    }
    return std::nullopt;
}

std::optional<int>
DriverOptions::CheckFlags() const
{
    const ExperimentConfig& config = *m_config;
    // A fabric's own flags shape that fabric only.
    for (const fabriclb::TopologyKind& kind : fabriclb::TopologyKinds().All())
    {
        for (const auto& [flag, attribute] : kind.flags)
        {
            if (kind.name != config.topology && m_flags.Given(flag))
            {
                return Fail("--" + flag + " shapes a " + kind.name + " fabric, not a " +
                            config.topology + " one (--topology=" + kind.name + ")");
            }
        }
    }
    const auto given = [this](const std::string& flag) {
        return m_flags.Given(flag).has_value() || (flag == "pfc" && m_pfc);
    };
    if (std::optional<std::string> idle = FlagRules::FindIdleFlag(given, config))
    {
        return Fail(*idle);
    }
    if (m_flags.Given("planeRate") && m_flags.Given("linkRate"))
    {
        return Fail("--planeRate and --linkRate both set the planes' links' rate: give one");
    }
    // What a run writes, a dump that runs nothing would leave empty.
    const char* runOutput = !m_out.empty()                    ? "--out"
                            : !m_flows.empty()                ? "--flows"
                            : !config.flowMonitorFile.empty() ? "--flowmon"
                                                              : nullptr;
    if (!m_dumpMatrix.empty() && runOutput)
    {
        return Fail(std::string("--dump-matrix writes the workload and runs nothing: drop ") +
                    runOutput);
    }
    return std::nullopt;
}

int
DriverOptions::Fail(const std::string& message) const
{
    if (FabricRanks::Local() == 0)
    {
        std::cerr << m_program << ": error: " << message << std::endl;
    }
    return 2;
}

} // namespace ns3
