/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fabric-experiment.h"

#include "background-traffic.h"
#include "command-line-values.h"
#include "completion-tracker.h"
#include "experiment-checks.h"
#include "experiment-collection.h"
#include "experiment-memory.h"
#include "fabric-bounds.h"
#include "fabric-helper.h"
#include "fabric-measurement.h"
#include "pfc-helper.h"

#include "ns3/boolean.h"
#include "ns3/fabric-partition.h"
#include "ns3/fabric-ranks.h"
#include "ns3/flow-monitor-helper.h"
#include "ns3/fsdp-collective.h"
#include "ns3/log.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/roce-nic.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/time-covered.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <chrono>
#include <iostream>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("FabricExperiment");

namespace
{
/// The fabric's random streams follow the workload's (WorkloadStream).
constexpr int64_t FABRIC_STREAMS = 1;
/// The background traffic's two streams (BackgroundTraffic::Start), before the placement's.
constexpr int64_t BACKGROUND_STREAMS = (1 << 30) - 4;
} // namespace

FabricExperiment::FabricExperiment(const ExperimentConfig& config)
    : m_config(config)
{
}

FabricExperiment::FabricExperiment(const ExperimentConfig& config, JobSet alone)
    : m_config(config),
      m_jobs(std::move(alone)),
      m_alone(true)
{
}

void
FabricExperiment::Configure()
{
    const fabriclb::LbScheme& scheme = ResolveLbScheme(m_config.lb);
    const fabriclb::Collective& collective = CollectiveNamed(m_config.workload);
    if (m_config.messageBytes == 0)
    {
        throw std::invalid_argument("message size must be positive");
    }
    if (m_config.workload == "fsdp" && !fabriclb::FindLlamaModel(m_config.model))
    {
        throw std::invalid_argument("unknown --model '" + m_config.model +
                                    "' (--model=help lists them)");
    }
    // Lossless RoCE recovers with go-back-N, RoCEv2's own, unless told otherwise.
    const fabriclb::RecoveryStrategy& recovery = ResolveRecovery(
        m_config.recovery.empty() && PfcHelper::PfcWanted() ? "gbn" : m_config.recovery);
    const fabriclb::CongestionControlStrategy& cc = ResolveCongestionControl(m_config.cc);
    const fabriclb::WireKind wire = ConfigureFabric(scheme, recovery, cc);

    const std::shared_ptr<const fabriclb::FabricTopology> fabric =
        MakeTopology(m_config); // throws std::invalid_argument for a bad fabric
    const fabriclb::FabricTopology& topology = *fabric;
    m_fabric->SetTopology(fabric);
    const fabriclb::FabricPartition partition(topology, FabricRanks::Count()); // throws
    const uint32_t ranks = partition.Ranks();
    m_fabric->SetAttribute("Ranks", UintegerValue(ranks));
    if (ranks > 1 && !m_config.flowMonitorFile.empty())
    {
        throw std::invalid_argument("--flowmon watches one process's hosts: run it on one rank");
    }
    CheckPortPaths(*m_fabric, m_config);
    ConfigureTraffic(collective, topology, partition);
    m_failures.Configure(m_config.failures, m_config.matrixFile, *m_fabric, m_traffic, m_result);
    m_collectiveMessages = m_traffic.flows.size();
    ConfigureBackground(topology, ranks);

    m_result.scheme = scheme.name;
    m_result.workload = !m_jobs                      ? m_config.workload
                        : m_jobs->Jobs().size() == 1 ? m_jobs->Jobs().front().workload
                                                     : "jobs";
    m_result.wire = fabriclb::WireKindName(wire);
    m_result.recovery = recovery.name;
    m_result.cc = cc.name;
    m_result.transport = m_config.transport;
    m_result.topology = topology.Name();
    m_result.fabric = topology.Describe();
    m_result.switchStages = SwitchStagesOf(topology);
    m_result.k = topology.Radix().value_or(0);
    m_result.hosts = topology.HostCount();
    m_result.seed = RngSeedManager::GetSeed();
    m_result.run = RngSeedManager::GetRun();
    m_result.messages = m_traffic.flows.size();
    // The largest message: --msgBytes, a ring's chunk, or a matrix's largest flow.
    m_result.messageBytes = 0;
    for (const fabriclb::MatrixFlow& flow : m_traffic.flows)
    {
        m_result.messageBytes = std::max(m_result.messageBytes, flow.bytes);
    }
}

fabriclb::WireKind
FabricExperiment::ConfigureFabric(const fabriclb::LbScheme& scheme,
                                  const fabriclb::RecoveryStrategy& recovery,
                                  const fabriclb::CongestionControlStrategy& cc)
{
    m_fabric = CreateObject<FabricHelper>();
    m_fabric->SetAttribute("SwitchDiscipline",
                           TypeIdValue(TypeId::LookupByName(scheme.switchDiscipline)));
    m_fabric->SetAttribute("HostPathPolicy", TypeIdValue(TypeId::LookupByName(scheme.hostPolicy)));
    m_fabric->SetNicAttribute("Recovery", TypeIdValue(TypeId::LookupByName(recovery.typeName)));
    m_fabric->SetNicAttribute("CongestionControl", TypeIdValue(TypeId::LookupByName(cc.typeName)));
    if (cc.redMarking)
    {
        m_fabric->SetPortAttribute("RedMarking", BooleanValue(true));
    }
    if (cc.telemetry)
    {
        m_fabric->SetAttribute("IntTelemetry", BooleanValue(true));
    }
    if (m_config.planeRate.GetBitRate() > 0)
    {
        if (m_config.planes <= 1)
        {
            throw std::invalid_argument("--planeRate sets the rate of several planes' links: "
                                        "with one plane it is --linkRate");
        }
        m_fabric->SetAttribute("LinkRate", DataRateValue(m_config.planeRate));
    }
    m_wire = m_fabric->GetWireModel(); // throws for an unknown model
    StringValue wireName;
    m_fabric->GetAttribute("Wire", wireName);
    const fabriclb::WireKind wire = fabriclb::ParseWireKind(wireName.Get());
    CheckBuffer(*m_fabric, m_wire, wire);
    CheckMtu(*m_fabric, m_wire);
    CheckLinkRates(*m_fabric, m_config);
    // Marking: the scheme's threshold and the congestion control's RED compose on one
    // ECN bit (FabricQueueDisc); the JSON records both.
    m_result.markThresholdBytes =
        static_cast<uint32_t>(scheme.markFraction * m_fabric->GetPortBufferBytes());
    m_fabric->SetAttribute("MarkThresholdBytes", UintegerValue(m_result.markThresholdBytes));
    m_result.redMarking = cc.redMarking ||
                          AttributeDefault("ns3::FabricQueueDisc::RedMarking") == "true" ||
                          AttributeDefault("ns3::FabricPortDevice::RedMarking") == "true";
    return wire;
}

void
FabricExperiment::ConfigureTraffic(const fabriclb::Collective& collective,
                                   const fabriclb::FabricTopology& topology,
                                   const fabriclb::FabricPartition& partition)
{
    // A built-in collective's size is known before it is built: refuse what cannot fit first.
    const uint64_t expectedMessages =
        m_config.jobsFile.empty()
            ? collective.messages(CollectiveParamsOf(m_config, topology.HostCount()))
            : 0;
    if (expectedMessages > 0)
    {
        CheckMemory(topology, expectedMessages);
    }
    if (m_config.jobsFile.empty())
    {
        m_traffic = BuildTraffic(m_config, topology.HostCount()); // before the fabric: fails fast
    }
    else
    {
        if (FabricRanks::Count() > 1)
        {
            throw std::invalid_argument("--jobs runs on one rank (its iterations wait on each "
                                        "other's completions across the fabric)");
        }
        if (!m_jobs)
        {
            m_jobs = ReadJobs(m_config, topology);
        }
        m_traffic = m_jobs->Traffic();
    }
    if (m_traffic.flows.empty())
    {
        throw std::invalid_argument(
            "the workload has no message to send (a matrix with 'Connections 0'): a run needs at "
            "least one");
    }
    if (!m_traffic.computes.empty() && FabricRanks::Count() > 1)
    {
        throw std::invalid_argument("a workload with computes runs on one rank (its GPUs wait on "
                                    "messages across the fabric)");
    }
    if (std::optional<std::string> clash = partition.FindTriggerAcrossRanks(m_traffic))
    {
        throw std::invalid_argument("the collective cannot be spread over " +
                                    std::to_string(partition.Ranks()) + " ranks: " + *clash);
    }
    if (expectedMessages == 0)
    {
        CheckMemory(topology, m_traffic.flows.size());
    }
    CheckMessageSizes(m_traffic, m_wire);
    CheckMessagesMemory(topology, m_traffic, m_wire.payloadBytes);
}

void
FabricExperiment::ConfigureBackground(const fabriclb::FabricTopology& topology, uint32_t ranks)
{
    if (!BackgroundTraffic::Wanted() || m_alone)
    {
        return;
    }
    if (ranks > 1)
    {
        throw std::invalid_argument("--background runs on one rank (its flows arrive until "
                                    "the collective completes on every rank)");
    }
    m_background = CreateObject<BackgroundTraffic>();
    m_background->Configure(topology.HostCount(),
                            topology.HostPorts() *
                                static_cast<double>(m_fabric->GetLinkRate().GetBitRate()));
    m_result.background.present = true;
    m_result.background.distribution = m_background->GetDistributionName();
    m_result.background.load = m_background->GetLoad();
}

void
FabricExperiment::Install()
{
    m_fabric->Build();
    m_fabric->AssignStreams(FABRIC_STREAMS);
    m_buffers = std::make_unique<PfcHelper>();
    m_buffers->Install(*m_fabric); // throws for a buffer that cannot work
    if (!m_config.pfcTimelineFile.empty())
    {
        m_buffers->EnableTimeline(*m_fabric, m_config.pfcTimelineFile);
    }
    if (!m_config.queueTimelineFile.empty())
    {
        m_queueTimeline = Create<QueueTimeline>(*m_fabric,
                                                m_config.queueTimelineFile,
                                                m_config.queueTimelineInterval);
    }
    m_launcher.Install(m_fabric, m_traffic);
    InstallTracker();
    m_computeEndsPs.assign(m_traffic.computes.size(), -1);
    m_launcher.InstallTriggers(m_traffic, [this](uint32_t compute) {
        m_computeEndsPs[compute] = Simulator::Now().GetPicoSeconds();
        m_tracker->ComputeDone();
        if (m_jobs)
        {
            m_jobs->ComputeDone(compute);
        }
    });
    InstallStarts();
    m_flowGapPs = m_failures.Install(m_fabric, m_traffic, m_wire, m_result);
    m_result.messagePackets = m_fabric->GetNic(0)->PacketsFor(m_result.messageBytes);

    m_bounds = std::make_unique<FabricBounds>(m_fabric, m_flowGapPs);
    const fabriclb::CollectiveBound kind = CollectiveNamed(m_config.workload).bound;
    m_runBounds =
        ComputeRunBounds(*m_bounds,
                         *m_fabric,
                         m_traffic,
                         m_jobs ? fabriclb::CollectiveBound::MATRIX : kind,
                         m_jobs ? &*m_jobs : nullptr,
                         m_result.hosts,
                         m_flowGapPs,
                         m_failures.GetTimeLimitPs(),
                         m_failures.GetLinkCapacities(),
                         m_background ? std::optional(m_background->GetMaxBytes()) : std::nullopt);
    m_result.boundPs = m_runBounds.boundPs;
}

void
FabricExperiment::InstallTracker()
{
    const uint32_t hosts = m_fabric->GetTopology().HostCount();
    uint64_t dataPackets = 0;
    for (const fabriclb::MatrixFlow& flow : m_traffic.flows)
    {
        dataPackets += m_fabric->GetNic(0)->PacketsFor(flow.bytes);
    }
    m_tracker =
        std::make_unique<CompletionTracker>(m_traffic.flows.size(),
                                            FabricRanks::Count() == 1,
                                            m_config.progress && FabricRanks::Local() == 0,
                                            dataPackets,
                                            [fabric = m_fabric, hosts]() {
                                                uint64_t delivered = 0;
                                                for (uint32_t h = 0; h < hosts; ++h)
                                                {
                                                    delivered +=
                                                        fabric->GetNic(h)->GetDataReceived();
                                                }
                                                return delivered;
                                            });
    m_tracker->AddComputes(m_traffic.computes.size());
    for (uint32_t h = 0; h < hosts; ++h)
    {
        Ptr<RoceNic> nic = m_fabric->GetNic(h);
        nic->SetFlowsPerHost(static_cast<double>(m_traffic.flows.size()) / hosts);
        nic->TraceConnectWithoutContext(
            "MessageStarted",
            MakeCallback(&CompletionTracker::MessageStarted, m_tracker.get()));
        nic->TraceConnectWithoutContext(
            "MessageAcked",
            MakeCallback(&CompletionTracker::MessageAcked, m_tracker.get()));
    }
}

void
FabricExperiment::InstallStarts()
{
    if (m_jobs)
    {
        m_jobs->Start([this](uint32_t id) { m_launcher.SendNow(id, m_traffic.flows[id]); },
                      [this](uint32_t compute) { m_launcher.ReleaseCompute(compute); });
        for (uint32_t h = 0; h < m_fabric->GetTopology().HostCount(); ++h)
        {
            m_fabric->GetNic(h)->TraceConnectWithoutContext(
                "MessageAcked",
                MakeCallback(&JobSet::MessageAcked, &*m_jobs));
        }
    }
    if (m_background)
    {
        m_background->Start(
            BACKGROUND_STREAMS,
            [this](const fabriclb::BackgroundFlow& f) { SendBackgroundFlow(f); },
            [this]() { return m_tracker->CollectiveDone(); });
    }
}

void
FabricExperiment::SendBackgroundFlow(const fabriclb::BackgroundFlow& arrival)
{
    const auto id = static_cast<uint32_t>(m_traffic.flows.size());
    fabriclb::MatrixFlow flow{};
    flow.source = arrival.source;
    flow.destination = arrival.destination;
    flow.id = id + 1;
    flow.bytes = arrival.bytes;
    flow.startPs = arrival.startPs;
    m_traffic.flows.push_back(flow);
    m_runBounds.messageBoundsPs.push_back(m_bounds->LoneBoundOf(flow).ps);
    m_tracker->AddMessage();
    m_launcher.SendNow(id, flow);
}

void
FabricExperiment::Run()
{
    FlowMonitorHelper flowMonitorHelper;
    Ptr<FlowMonitor> flowMonitor;
    if (!m_config.flowMonitorFile.empty())
    {
        flowMonitor = flowMonitorHelper.Install(m_fabric->GetHosts());
    }

    m_tracker->Start();
    const auto wallStart = std::chrono::steady_clock::now();
    FabricRanks::Run([this]() { return m_tracker->TasksCompleted(); },
                     m_traffic.flows.size() + m_traffic.computes.size(),
                     PicoSeconds(m_runBounds.timeLimitPs));
    m_result.wallSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();
    m_result.timeLimitPs = m_runBounds.timeLimitPs;
    m_result.timeLimitReached = Simulator::Now() >= PicoSeconds(m_runBounds.timeLimitPs);
    m_tracker->Finish();
    if (m_queueTimeline)
    {
        m_queueTimeline->Finish();
    }
    if (flowMonitor)
    {
        flowMonitor->SerializeToXmlFile(m_config.flowMonitorFile, false, false);
    }
}

ExperimentResult
FabricExperiment::Collect()
{
    ExperimentResult& result = m_result;
    result.messagesCompleted = m_tracker->Completed();
    // Spread over ranks, the collective ends with the last completion on any of them.
    std::vector<int64_t> lastCompletion{m_tracker->LastCompletion().GetPicoSeconds()};
    FabricRanks::Max(lastCompletion);
    result.cctPs = lastCompletion[0];
    result.events = Simulator::GetEventCount();
    const std::vector<double> linkCapacities = m_failures.Collect(result); // by link id
    MessageTimes times;
    times.startsPs.resize(m_traffic.flows.size());
    times.completionsPs.resize(m_traffic.flows.size());
    for (uint32_t id = 0; id < m_traffic.flows.size(); ++id)
    {
        times.startsPs[id] = m_tracker->StartOf(id);
        times.completionsPs[id] = m_tracker->CompletionOf(id);
    }
    MeasureFabric(*m_fabric,
                  PicoSeconds(result.cctPs),
                  m_wire.dataWireBytes,
                  linkCapacities,
                  times.startsPs,
                  times.completionsPs,
                  result);
    m_buffers->Measure(*m_fabric, result);
    m_buffers->Dispose();
    if (result.buffer.headroomOverflows > 0 && FabricRanks::Local() == 0)
    {
        std::cerr << "fabric-lb: warning: " << result.buffer.headroomOverflows
                  << " frames overflowed their ingress port's PFC headroom and were dropped "
                     "(--headroomBytes is below what the links need)"
                  << std::endl;
    }
    if (m_jobs)
    {
        result.jobs =
            m_jobs->Measure(times.completionsPs, m_computeEndsPs, m_runBounds.jobBoundsPs);
    }
    result.messages = m_traffic.flows.size();
    if (m_background)
    {
        SummariseBackground(m_traffic,
                            m_collectiveMessages,
                            times,
                            m_runBounds.messageBoundsPs,
                            result.background);
        m_background->Dispose();
        m_background = nullptr;
    }
    RecordMessages(m_traffic, times, m_runBounds.messageBoundsPs, result.messageRecords);
    if (!m_traffic.computes.empty())
    {
        result.compute.present = true;
        result.compute.computes = m_traffic.computes.size();
        result.compute.busiestGpuPs = m_launcher.GetBusiestComputeTime().GetPicoSeconds();
        result.compute.communicationPs =
            fabriclb::TimeCovered(times.startsPs, times.completionsPs, m_collectiveMessages);
    }

    m_fabric->Dispose();
    m_fabric = nullptr;
    m_launcher.Dispose();
    Simulator::Destroy();
    return result;
}

FabricExperiment::~FabricExperiment() = default;

namespace
{
/// \return \p experiment configured, installed and run, measured
ExperimentResult
RunToTheEnd(FabricExperiment& experiment)
{
    experiment.Configure();
    experiment.Install();
    experiment.Run();
    return experiment.Collect();
}
} // namespace

void
MeasureJobsAlone(const ExperimentConfig& config,
                 const FabricExperiment& experiment,
                 ExperimentResult& result)
{
    if (result.jobs.size() == 1 && !result.background.present)
    {
        // Alone on the fabric already.
        result.jobs.front().aloneCctPs = result.jobs.front().cctPs;
        return;
    }
    if (result.jobs.empty() || !config.jobsAlone)
    {
        return;
    }
    // The runs alone write no files: those are the shared run's.
    ExperimentConfig quiet = config;
    quiet.pfcTimelineFile.clear();
    quiet.queueTimelineFile.clear();
    quiet.flowMonitorFile.clear();
    quiet.progress = false;
    for (uint32_t j = 0; j < result.jobs.size(); ++j)
    {
        FabricExperiment alone(quiet, experiment.GetJobs()->Alone(j));
        result.jobs[j].aloneCctPs = RunToTheEnd(alone).jobs.front().cctPs;
    }
}

ExperimentResult
RunFabricExperiment(const ExperimentConfig& config)
{
    FabricExperiment experiment(config);
    ExperimentResult result = RunToTheEnd(experiment);
    MeasureJobsAlone(config, experiment, result);
    return result;
}

} // namespace ns3
