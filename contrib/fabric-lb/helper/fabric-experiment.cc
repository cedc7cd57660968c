/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fabric-experiment.h"

#include "background-traffic.h"
#include "command-line-values.h"
#include "completion-tracker.h"
#include "fabric-bounds.h"
#include "fabric-helper.h"
#include "fabric-measurement.h"
#include "link-failure-manager.h"
#include "pfc-helper.h"

#include "ns3/boolean.h"
#include "ns3/collective-app.h"
#include "ns3/collective-triggers.h"
#include "ns3/collectives.h"
#include "ns3/fsdp-collective.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/fabric-lb-compat.h"
#include "ns3/fabric-partition.h"
#include "ns3/fabric-ranks.h"
#include "ns3/fabric-registry.h"
#include "ns3/flow-monitor-helper.h"
#include "ns3/integer.h"
#include "ns3/log.h"
#include "ns3/lower-bound.h"
#include "ns3/multi-plane-topology.h"
#include "ns3/ppp-header.h"
#include "ns3/random-variable-stream.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/roce-nic.h"
#include "ns3/roce-receive-queue.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"
#include "ns3/workload.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <unistd.h>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("FabricExperiment");

namespace
{

/// Streams of the workload's draws; fabric streams follow.
constexpr int64_t WORKLOAD_STREAM = 0;
constexpr int64_t FABRIC_STREAMS = 1;
/// The jobs' random placement's stream, beyond the fabric's and before the failures'.
constexpr int64_t PLACEMENT_STREAM = (1 << 30) - 2;
/// The background traffic's two streams (BackgroundTraffic::Start), before the placement's.
constexpr int64_t BACKGROUND_STREAMS = (1 << 30) - 4;
/// Fabrics from this many hosts (k=32) announce the memory they expect.
constexpr uint32_t LARGE_FABRIC_HOSTS = 8192;
/// The failure draws' stream: far beyond the fabric's (one per switch, host and NIC).
constexpr int64_t FAILURE_STREAM = 1 << 30;
/// ns-3's picosecond clock ends at 2^63 - 1 ps, 106 days: a run's bound must stay within a
/// quarter of it (EstimateBoundCeilingPs), and a run ends at the latest at half of it, so that
/// no time it computes or schedules overflows.
constexpr uint64_t CLOCK_END_PS = INT64_MAX;
constexpr double LONGEST_BOUND_PS = CLOCK_END_PS / 4.0;
constexpr uint64_t LATEST_TIME_LIMIT_PS = CLOCK_END_PS / 2;
/// The automatic time limit: this many times the bound, and at least 200 us.
constexpr uint64_t TIME_LIMIT_BOUNDS = 50;
constexpr uint64_t SHORTEST_TIME_LIMIT_PS = 200000000;
/// A run is announced as long if its bound exceeds 1 s of simulated time (normal runs take
/// microseconds to milliseconds) or it expects more than 10^9 events (a quarter of an hour
/// or more of one core, at about a million a second); a packet costs about 4.4 events a hop,
/// its ACK's included (measured at k=4 and k=8).
constexpr uint64_t LONG_BOUND_PS = 1000000000000ULL;
constexpr double LONG_RUN_EVENTS = 1e9;
constexpr double EVENTS_PER_PACKET_HOP = 4.4;

/// \return the collective called \p name \throws std::invalid_argument listing the known ones
const fabriclb::Collective&
CollectiveNamed(const std::string& name)
{
    return fabriclb::Workloads().Get(name, "workload");
}

/// \return the workload's random stream
Ptr<UniformRandomVariable>
WorkloadStream()
{
    Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
    rng->SetStream(WORKLOAD_STREAM);
    return rng;
}

/**
 * \return the parameters of \p config's collective on \p hosts hosts, drawing from \p rng
 * (by default a new workload stream)
 */
fabriclb::CollectiveParams
CollectiveParamsOf(const ExperimentConfig& config,
                   uint32_t hosts,
                   Ptr<UniformRandomVariable> rng = WorkloadStream())
{
    return {hosts,
            config.messageBytes,
            config.group,
            fabriclb::UniformIndexFrom(rng),
            config.matrixFile,
            config.model,
            config.layers};
}

/// \return the TypeId name that \p attribute of \p tid holds by default
std::string
DefaultTypeName(TypeId tid, const std::string& attribute)
{
    return AttributeDefault(tid.GetName() + "::" + attribute);
}

} // namespace

NS_OBJECT_ENSURE_REGISTERED(FailureSpec);

TypeId
FailureSpec::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::FailureSpec")
            .SetParent<ObjectBase>()
            .SetGroupName("FabricLb")
            .AddAttribute("Probability",
                          "each switch-to-switch link (a fat tree's edge-aggregation and "
                          "aggregation-core links) fails at time 0 with this probability (the "
                          "study: 0.01)",
                          DoubleValue(0),
                          MakeDoubleAccessor(&FailureSpec::probability),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("Plane",
                          "with several planes, the one plane whose links Probability fails "
                          "(-1: every plane's)",
                          IntegerValue(-1),
                          MakeIntegerAccessor(&FailureSpec::plane),
                          MakeIntegerChecker<int32_t>(-1))
            .AddAttribute("Links",
                          "links to fail, NAME[@TIME],... (e.g. agg-p3-1:core-5@10us)",
                          StringValue(""),
                          MakeStringAccessor(&FailureSpec::links),
                          MakeStringChecker())
            .AddAttribute("Convergence",
                          "G: when switches not attached to a failed link, and host DR, learn "
                          "of it: a time (10us), N base RTTs (1rtt) or inf",
                          StringValue("0"),
                          MakeStringAccessor(&FailureSpec::convergence),
                          MakeStringChecker())
            .AddAttribute("FlowRate",
                          "every flow's rate under failures: rhomax (B/F, the study's ideal) "
                          "or line",
                          EnumValue(RHO_MAX),
                          fabriclb::MakeEnumAttributeAccessor<FlowRate>(&FailureSpec::rate),
                          MakeEnumChecker(RHO_MAX, "rhomax", LINE_RATE, "line"))
            .AddAttribute("TimeLimit",
                          "simulated time at which a run gives up, failures or not (auto: 50x "
                          "the bound, at least 200us)",
                          StringValue("auto"),
                          MakeStringAccessor(&FailureSpec::timeLimit),
                          MakeStringChecker());
    return tid;
}

TypeId
FailureSpec::GetInstanceTypeId() const
{
    return GetTypeId();
}

FailureSpec::FailureSpec()
{
    ConstructSelf(AttributeConstructionList());
}

NS_OBJECT_ENSURE_REGISTERED(ExperimentConfig);

TypeId
ExperimentConfig::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ExperimentConfig")
            .SetParent<ObjectBase>()
            .SetGroupName("FabricLb")
            .AddAttribute("Topology",
                          "the fabric, a registered name (--topology=help lists them), shaped by "
                          "its own attributes (fat-tree: FabricHelper's K and Oversubscription)",
                          StringValue("fat-tree"),
                          MakeStringAccessor(&ExperimentConfig::topology),
                          MakeStringChecker())
            .AddAttribute("Planes",
                          "identical, independent planes of the fabric, every host with one NIC "
                          "port in each (fabriclb::MultiPlaneTopology)",
                          UintegerValue(1),
                          MakeUintegerAccessor(&ExperimentConfig::planes),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("PlaneRate",
                          "with several planes, the rate of every link of every plane, the "
                          "hosts' ports included (0: FabricHelper's LinkRate)",
                          DataRateValue(DataRate(0)),
                          MakeDataRateAccessor(&ExperimentConfig::planeRate),
                          MakeDataRateChecker())
            .AddAttribute("Scheme",
                          "load-balancing scheme, a registered name (empty: the one "
                          "FabricHelper's SwitchDiscipline and HostPathPolicy form)",
                          StringValue(""),
                          MakeStringAccessor(&ExperimentConfig::lb),
                          MakeStringChecker())
            .AddAttribute("Workload",
                          "the collective: permutation, all-to-all, incast, ring-allgather, "
                          "ring-reducescatter, ring-allreduce, fsdp (with Model) or matrix "
                          "(with MatrixFile)",
                          StringValue("permutation"),
                          MakeStringAccessor(&ExperimentConfig::workload),
                          MakeStringChecker())
            .AddAttribute("Group",
                          "ring collectives: hosts per ring (0: all hosts)",
                          UintegerValue(0),
                          MakeUintegerAccessor(&ExperimentConfig::group),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("Model",
                          "fsdp: the Llama-3 model, llama3-7b, llama3-70b or llama3-405b",
                          StringValue("llama3-7b"),
                          MakeStringAccessor(&ExperimentConfig::model),
                          MakeStringChecker())
            .AddAttribute("Layers",
                          "fsdp: backward-pass layer phases",
                          UintegerValue(1),
                          MakeUintegerAccessor(&ExperimentConfig::layers),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("MessageBytes",
                          "bytes per message",
                          UintegerValue(1048576),
                          MakeUintegerAccessor(&ExperimentConfig::messageBytes),
                          MakeUintegerChecker<uint64_t>(1))
            .AddAttribute("Progress",
                          "report progress on stderr about once a second",
                          BooleanValue(false),
                          MakeBooleanAccessor(&ExperimentConfig::progress),
                          MakeBooleanChecker())
            .AddAttribute("FlowMonitorFile",
                          "run ns-3's FlowMonitor on the hosts and write its XML here",
                          StringValue(""),
                          MakeStringAccessor(&ExperimentConfig::flowMonitorFile),
                          MakeStringChecker())
            .AddAttribute("PfcTimelineFile",
                          "with PFC, write every pause and resume at every port here as CSV",
                          StringValue(""),
                          MakeStringAccessor(&ExperimentConfig::pfcTimelineFile),
                          MakeStringChecker())
            .AddAttribute("MatrixFile",
                          "an htsim connection-matrix file, for the workload matrix",
                          StringValue(""),
                          MakeStringAccessor(&ExperimentConfig::matrixFile),
                          MakeStringChecker())
            .AddAttribute("Recovery",
                          "loss recovery, a registered name (empty: RoceNic's Recovery)",
                          StringValue(""),
                          MakeStringAccessor(&ExperimentConfig::recovery),
                          MakeStringChecker())
            .AddAttribute("CongestionControl",
                          "congestion control, a registered name (empty: RoceNic's "
                          "CongestionControl)",
                          StringValue(""),
                          MakeStringAccessor(&ExperimentConfig::cc),
                          MakeStringChecker())
            .AddAttribute("JobsFile",
                          "several jobs on the fabric, a JSON file (fabriclb::ReadJobsFile), in "
                          "place of the workload",
                          StringValue(""),
                          MakeStringAccessor(&ExperimentConfig::jobsFile),
                          MakeStringChecker())
            .AddAttribute("JobsAlone",
                          "with several jobs or background traffic, also run each job alone on "
                          "the idle fabric, for its slowdown",
                          BooleanValue(true),
                          MakeBooleanAccessor(&ExperimentConfig::jobsAlone),
                          MakeBooleanChecker());
    return tid;
}

TypeId
ExperimentConfig::GetInstanceTypeId() const
{
    return GetTypeId();
}

ExperimentConfig::ExperimentConfig()
{
    ConstructSelf(AttributeConstructionList());
}

std::shared_ptr<const fabriclb::FabricTopology>
MakeTopology(const ExperimentConfig& config)
{
    std::shared_ptr<const fabriclb::FabricTopology> plane =
        fabriclb::TopologyKinds().Get(config.topology, "topology").make();
    if (config.planes == 1)
    {
        return plane;
    }
    if (config.planes == 0)
    {
        throw std::invalid_argument("--planes must be at least 1, got 0");
    }
    return std::make_shared<const fabriclb::MultiPlaneTopology>(plane, config.planes);
}

const fabriclb::LbScheme&
ResolveLbScheme(const std::string& name)
{
    if (!name.empty())
    {
        return fabriclb::LbSchemes().Get(name, "load-balancing scheme");
    }
    const std::string discipline = DefaultTypeName(FabricHelper::GetTypeId(), "SwitchDiscipline");
    const std::string policy = DefaultTypeName(FabricHelper::GetTypeId(), "HostPathPolicy");
    const fabriclb::LbScheme* scheme =
        fabriclb::LbSchemes().FindWhere([&](const fabriclb::LbScheme& s) {
            return s.switchDiscipline == discipline && s.hostPolicy == policy;
        });
    if (!scheme)
    {
        throw std::invalid_argument("FabricHelper's SwitchDiscipline " + discipline +
                                    " and HostPathPolicy " + policy +
                                    " form no registered scheme: name one (--lb)");
    }
    return *scheme;
}

namespace
{
/**
 * \return the entry of \p registry named \p name, or if it is empty the one whose TypeId is
 * RoceNic's default for \p attribute
 * \param kind what the entries are, for the error message
 */
template <typename Entry>
const Entry&
ResolveNicStrategy(const fabriclb::Registry<Entry>& registry,
                   const std::string& name,
                   const std::string& kind,
                   const std::string& attribute)
{
    if (!name.empty())
    {
        return registry.Get(name, kind);
    }
    const std::string type = DefaultTypeName(RoceNic::GetTypeId(), attribute);
    const Entry* entry = registry.FindWhere([&type](const Entry& e) { return e.typeName == type; });
    if (!entry)
    {
        throw std::invalid_argument("RoceNic's " + attribute + " " + type + " is not registered");
    }
    return *entry;
}
} // namespace

const fabriclb::RecoveryStrategy&
ResolveRecovery(const std::string& name)
{
    return ResolveNicStrategy(fabriclb::RecoveryStrategies(), name, "recovery", "Recovery");
}

const fabriclb::CongestionControlStrategy&
ResolveCongestionControl(const std::string& name)
{
    return ResolveNicStrategy(fabriclb::CongestionControls(),
                              name,
                              "congestion control",
                              "CongestionControl");
}

fabriclb::ConnectionMatrix
BuildTraffic(const ExperimentConfig& config, uint32_t hosts)
{
    const fabriclb::Collective& collective = CollectiveNamed(config.workload);
    if (!config.matrixFile.empty() && config.workload != "matrix")
    {
        throw std::invalid_argument("--matrix=FILE needs --workload=matrix");
    }
    return collective.build(CollectiveParamsOf(config, hosts));
}

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
    const fabriclb::LbScheme* scheme = &ResolveLbScheme(m_config.lb);
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

    m_fabric = CreateObject<FabricHelper>();
    m_fabric->SetAttribute("SwitchDiscipline",
                           TypeIdValue(TypeId::LookupByName(scheme->switchDiscipline)));
    m_fabric->SetAttribute("HostPathPolicy", TypeIdValue(TypeId::LookupByName(scheme->hostPolicy)));
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
    CheckBuffer(fabriclb::ParseWireKind(wireName.Get()));
    CheckMtu();
    // Marking: the scheme's threshold and the congestion control's RED compose on one
    // ECN bit (FabricQueueDisc); the JSON records both.
    m_result.markThresholdBytes =
        static_cast<uint32_t>(scheme->markFraction * m_fabric->GetPortBufferBytes());
    m_fabric->SetAttribute("MarkThresholdBytes", UintegerValue(m_result.markThresholdBytes));
    m_result.redMarking = cc.redMarking ||
                          AttributeDefault("ns3::FabricQueueDisc::RedMarking") == "true" ||
                          AttributeDefault("ns3::FabricPortDevice::RedMarking") == "true";
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
    CheckPortPaths();
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
        ConfigureJobs(topology);
    }
    if (std::optional<std::string> clash = partition.FindTriggerAcrossRanks(m_traffic))
    {
        throw std::invalid_argument("the collective cannot be spread over " +
                                    std::to_string(ranks) + " ranks: " + *clash);
    }
    if (expectedMessages == 0)
    {
        CheckMemory(topology, m_traffic.flows.size());
    }
    CheckMessageSizes();
    ConfigureFailures(topology);
    m_collectiveMessages = m_traffic.flows.size();
    if (BackgroundTraffic::Wanted() && !m_alone)
    {
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

    m_result.scheme = scheme->name;
    m_result.workload = !m_jobs                      ? m_config.workload
                        : m_jobs->Jobs().size() == 1 ? m_jobs->Jobs().front().workload
                                                     : "jobs";
    m_result.wire = fabriclb::WireKindName(fabriclb::ParseWireKind(wireName.Get()));
    m_result.recovery = recovery.name;
    m_result.cc = cc.name;
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

void
FabricExperiment::ConfigureJobs(const fabriclb::FabricTopology& topology)
{
    if (FabricRanks::Count() > 1)
    {
        throw std::invalid_argument("--jobs runs on one rank (its iterations wait on each "
                                    "other's completions across the fabric)");
    }
    if (!m_jobs)
    {
        Ptr<UniformRandomVariable> placement = CreateObject<UniformRandomVariable>();
        placement->SetStream(PLACEMENT_STREAM);
        // One workload stream for every job in turn: the first job draws what a lone run
        // of its collective draws.
        Ptr<UniformRandomVariable> workload = WorkloadStream();
        m_jobs = JobSet::Read(
            m_config.jobsFile,
            topology,
            fabriclb::UniformIndexFrom(placement),
            [this, workload](const fabriclb::JobSpec& job) {
                ExperimentConfig config = m_config;
                config.workload = job.workload;
                config.messageBytes = job.bytes.value_or(m_config.messageBytes);
                config.group = job.group.value_or(m_config.group);
                config.model = job.model.value_or(m_config.model);
                config.layers = job.layers.value_or(m_config.layers);
                config.matrixFile = job.matrixFile;
                if (config.workload == "fsdp" && !fabriclb::FindLlamaModel(config.model))
                {
                    throw std::invalid_argument("unknown model '" + config.model +
                                                "' (--model=help lists them)");
                }
                return CollectiveNamed(job.workload)
                    .build(CollectiveParamsOf(config,
                                              static_cast<uint32_t>(job.hosts.size()),
                                              workload));
            });
    }
    m_traffic = m_jobs->Traffic();
}

void
FabricExperiment::ConfigureFailures(const fabriclb::FabricTopology& topology)
{
    const FailureSpec& spec = m_config.failures;
    if (spec.plane >= static_cast<int32_t>(topology.HostPorts()))
    {
        throw std::invalid_argument(
            "--failPlane " + std::to_string(spec.plane) + " is not a plane of this fabric's " +
            std::to_string(topology.HostPorts()) + " (--planes; they count from 0)");
    }
    if (!(spec.probability >= 0 && spec.probability <= 1))
    {
        throw std::invalid_argument("--failProb must lie in [0, 1], got " +
                                    std::to_string(spec.probability));
    }
    // G: a time, a number of the fabric's base RTTs, or never.
    const std::string& g = spec.convergence;
    const uint64_t rttPs = fabriclb::ComputeLoneMessageBound(m_fabric->GetBoundWireModel(),
                                                             1,
                                                             topology.LongestPathHops());
    const size_t rtts = g.size() > 3 ? g.size() - 3 : 0;
    std::optional<uint64_t> gPs;
    if (g == "inf")
    {
        m_result.convergencePs = -1;
    }
    else if (g.substr(rtts) == "rtt" && ParseWholeInteger<uint32_t>(g.substr(0, rtts)))
    {
        m_result.convergencePs = *ParseWholeInteger<uint32_t>(g.substr(0, rtts)) * rttPs;
    }
    else if ((gPs = fabriclb::ParseSimulatedTimePs(g)))
    {
        m_result.convergencePs = *gPs;
    }
    else
    {
        throw std::invalid_argument("--convergence must be a time (10us), a number of RTTs "
                                    "(1rtt) or inf, got '" +
                                    g + "'");
    }
    if (spec.timeLimit != "auto")
    {
        const std::optional<uint64_t> limit = fabriclb::ParseSimulatedTimePs(spec.timeLimit);
        if (!limit || *limit == 0)
        {
            throw std::invalid_argument("--timeLimit must be a positive time (1ms) or auto, got '" +
                                        spec.timeLimit + "'");
        }
        m_timeLimitPs = *limit;
    }
    // The matrix file's failure lines (htsim's fat-tree link ids), then --failLinks; each
    // link at most once.
    for (const fabriclb::MatrixFailure& failure : m_traffic.failures)
    {
        const std::optional<uint32_t> link =
            topology.LinkFromHtsim(failure.switchType, failure.switchId, failure.linkId);
        if (!link)
        {
            throw std::invalid_argument(m_config.matrixFile + ":" + std::to_string(failure.line) +
                                        ": the failure names no link of this " +
                                        topology.Describe() + " fabric");
        }
        m_namedFailures.push_back({*link, 0});
    }
    if (!spec.links.empty())
    {
        for (const fabriclb::NamedFailure& failure :
             fabriclb::ParseNamedFailures(spec.links, topology))
        {
            for (const fabriclb::NamedFailure& earlier : m_namedFailures)
            {
                if (earlier.link == failure.link)
                {
                    throw std::invalid_argument("link " + topology.LinkName(failure.link) +
                                                " fails twice (matrix file and --failLinks)");
                }
            }
            m_namedFailures.push_back(failure);
        }
    }
    // What fails at time 0 travels with the traffic, so --dump-matrix writes it for htsim
    // (whose failure lines name a fat tree's links).
    m_traffic.failures.clear();
    for (const fabriclb::NamedFailure& failure : m_namedFailures)
    {
        const std::optional<fabriclb::HtsimLinkName> htsim = topology.HtsimNameOf(failure.link);
        if (failure.atPs == 0 && htsim)
        {
            const auto [role, sw, port] = *htsim;
            m_traffic.failures.push_back({role, sw, port, 0});
        }
    }
    if (HasFailures())
    {
        // How links fail is the manager's own (its Mode and DegradedRate attributes).
        m_failures = CreateObject<LinkFailureManager>();
        DoubleValue degradedRate;
        m_failures->GetAttribute("DegradedRate", degradedRate);
        if (!(degradedRate.Get() > 0))
        {
            throw std::invalid_argument("--failRate must lie in (0, 1], got " +
                                        std::to_string(degradedRate.Get()));
        }
    }
}

uint64_t
EstimatePeakMemoryBytes(uint32_t hosts, uint64_t flows)
{
    // Measured on Debian's ns-3.37 (peak RSS, k = 8 .. 32): about 23 MiB, 63 KiB a
    // host with its share of switches and links, and 1.2 KiB a message.
    constexpr uint64_t base = 23ULL << 20;
    constexpr uint64_t perHost = 63ULL << 10;
    constexpr uint64_t perFlow = 1229;
    return base + perHost * hosts + perFlow * flows;
}

void
FabricExperiment::CheckMemory(const fabriclb::FabricTopology& topology, uint64_t flows) const
{
    const uint64_t expected = EstimatePeakMemoryBytes(topology.HostCount(), flows);
    const uint64_t machine = static_cast<uint64_t>(sysconf(_SC_PHYS_PAGES)) *
                             static_cast<uint64_t>(sysconf(_SC_PAGE_SIZE));
    const auto mib = [](uint64_t bytes) { return std::to_string(bytes >> 20) + " MiB"; };
    if (expected > machine)
    {
        throw std::invalid_argument(topology.Describe() + " with " + std::to_string(flows) +
                                    " messages needs about " + mib(expected) +
                                    ", more than this machine's " + mib(machine));
    }
    if (topology.HostCount() >= LARGE_FABRIC_HOSTS)
    {
        std::cerr << "fabric-lb: " << topology.Describe() << " (" << topology.HostCount()
                  << " hosts, " << flows << " messages): about " << mib(expected)
                  << " of memory expected" << std::endl;
    }
}

void
FabricExperiment::CheckPortPaths() const
{
    EnumValue hostPath;
    m_fabric->GetAttribute("HostPath", hostPath);
    if (hostPath.Get() != FabricHelper::BYPASS)
    {
        if (RoceReceiveQueue::Wanted())
        {
            throw std::invalid_argument("ns3::RoceReceiveQueue::Rate slows the NIC's own receive "
                                        "side, which --hostPath=ipv4 leaves to ns-3's stack: "
                                        "use --hostPath=bypass");
        }
        return;
    }
    EnumValue switchPort;
    m_fabric->GetAttribute("SwitchPort", switchPort);
    if (switchPort.Get() != FabricLinkHelper::FABRIC)
    {
        throw std::invalid_argument("--hostPath=bypass hands frames to fabric ports: with "
                                    "--switchPort=queue-disc use --hostPath=ipv4");
    }
    if (!m_config.flowMonitorFile.empty())
    {
        throw std::invalid_argument("--flowmon watches the hosts' IPv4 stack, which "
                                    "--hostPath=bypass skips: add --hostPath=ipv4");
    }
}

void
FabricExperiment::CheckBuffer(fabriclb::WireKind wire) const
{
    UintegerValue requested;
    m_fabric->GetAttribute("BufferBytes", requested);
    if (m_fabric->GetPortBufferBytes() >= m_wire.dataWireBytes)
    {
        return;
    }
    // Nothing would ever fit into the port: every data packet dropped, for ever.
    const std::string bytes = std::to_string(requested.Get());
    if (wire == fabriclb::WireKind::STUDY)
    {
        throw std::invalid_argument("--bufferBytes=" + bytes +
                                    " holds no data packet: the study wire's buffers are whole "
                                    "slots of " +
                                    std::to_string(m_wire.bufferSlotBytes) + " B");
    }
    throw std::invalid_argument("--bufferBytes=" + bytes + " holds no data packet: one is " +
                                std::to_string(m_wire.dataWireBytes) + " B on the physical wire");
}

void
FabricExperiment::CheckMtu() const
{
    UintegerValue mtu;
    m_fabric->GetAttribute("Mtu", mtu);
    // The IP packet: the data frame the NIC builds (its size is the wire model's) but PPP.
    const uint64_t ipBytes = m_wire.dataWireBytes - PppHeader().GetSerializedSize();
    if (ipBytes > mtu.Get())
    {
        throw std::invalid_argument(
            "ns3::FatTreeHelper::PayloadBytes=" + std::to_string(m_wire.payloadBytes) +
            " makes IP packets of " + std::to_string(ipBytes) +
            " B, above the devices' ns3::FatTreeHelper::Mtu of " + std::to_string(mtu.Get()) +
            " B: raise the MTU (at most 65535) or lower the payload");
    }
}

void
FabricExperiment::CheckMessageSizes() const
{
    constexpr uint64_t maxPackets = UINT32_MAX;
    for (const fabriclb::MatrixFlow& flow : m_traffic.flows)
    {
        if ((flow.bytes - 1) / m_wire.payloadBytes + 1 > maxPackets)
        {
            throw std::invalid_argument("--msgBytes: a message of " + std::to_string(flow.bytes) +
                                        " B needs more than 2^32 - 1 packets of " +
                                        std::to_string(m_wire.payloadBytes) + " B");
        }
    }
}

bool
FabricExperiment::HasFailures() const
{
    return m_config.failures.probability > 0 || !m_namedFailures.empty();
}

void
FabricExperiment::InstallFailures()
{
    const FailureSpec& spec = m_config.failures;
    if (!m_failures)
    {
        return;
    }
    m_failures->SetAttribute("Converges", BooleanValue(m_result.convergencePs >= 0));
    m_failures->SetAttribute("ConvergenceDelay",
                             TimeValue(PicoSeconds(std::max<int64_t>(m_result.convergencePs, 0))));
    m_failures->Install(m_fabric);
    m_failures->AssignStreams(FAILURE_STREAM);
    if (spec.probability > 0)
    {
        m_failures->FailRandomLinks(spec.probability,
                                    spec.plane < 0 ? std::nullopt
                                                   : std::optional<uint32_t>(spec.plane));
    }
    for (const fabriclb::NamedFailure& failure : m_namedFailures)
    {
        m_failures->FailLink(failure.link, PicoSeconds(failure.atPs));
    }
    const fabriclb::FabricTopology& topology = m_fabric->GetTopology();
    for (uint32_t link : m_failures->GetFailedLinks())
    {
        m_result.failedLinks.push_back(topology.LinkName(link));
    }

    // rho_max from the whole failure pattern, timed failures included, over the messages that
    // cross the fabric, from where they enter it.
    std::vector<std::pair<uint32_t, uint32_t>> pairs;
    std::vector<uint32_t> messageOfPair;
    for (uint32_t id = 0; id < m_traffic.flows.size(); ++id)
    {
        const fabriclb::MatrixFlow& flow = m_traffic.flows[id];
        if (!topology.SameServer(flow.source, flow.destination))
        {
            pairs.emplace_back(topology.FabricEntryOf(flow.source, flow.destination),
                               flow.destination);
            messageOfPair.push_back(id);
        }
    }
    const fabriclb::RhoMax rho = fabriclb::ComputeRhoMax(topology,
                                                         m_failures->GetDroppingLinks(),
                                                         m_failures->GetLinkCapacities(),
                                                         pairs);
    // rho_max is a share of a NIC's line rate: its ports' sum.
    m_result.rhoMaxGbps =
        rho.fraction * topology.HostPorts() * m_fabric->GetLinkRate().GetBitRate() / 1e9;
    for (uint32_t pair : rho.unreachableFlows)
    {
        const fabriclb::MatrixFlow& flow = m_traffic.flows[messageOfPair[pair]];
        std::cerr << "fabric-lb: message " << messageOfPair[pair] << " (host " << flow.source
                  << " to " << flow.destination << ") cannot complete: no usable path\n";
    }
    if (spec.rate == FailureSpec::RHO_MAX)
    {
        for (uint32_t h = 0; h < m_result.hosts; ++h)
        {
            m_fabric->GetNic(h)->LimitFlowRate(rho.fraction);
        }
        // The NICs' gap: rho_max is a share of their line rate, their ports' sum.
        m_flowGapPs = m_wire.OverLinks(topology.HostPorts()).PacingGapPsAtShare(rho.fraction);
    }
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
    const fabriclb::FabricTopology& topology = m_fabric->GetTopology();
    const uint32_t hosts = topology.HostCount();

    // With several ranks, each runs the applications of its own hosts.
    auto isLocal = [this](uint32_t host) {
        return m_fabric->GetHosts().Get(host)->GetSystemId() == FabricRanks::Local();
    };
    m_apps.resize(hosts);
    for (uint32_t h = 0; h < hosts; ++h)
    {
        if (isLocal(h))
        {
            m_apps[h] = CreateObject<CollectiveApp>();
            m_fabric->GetHosts().Get(h)->AddApplication(m_apps[h]);
            m_apps[h]->SetStartTime(Seconds(0));
        }
    }
    for (uint32_t id = 0; id < m_traffic.flows.size(); ++id)
    {
        const fabriclb::MatrixFlow& flow = m_traffic.flows[id];
        if (flow.startPs && isLocal(flow.source))
        {
            m_apps[flow.source]->AddMessage(m_fabric->GetHostAddress(flow.destination),
                                            flow.destination,
                                            flow.bytes,
                                            id,
                                            PicoSeconds(*flow.startPs));
        }
    }

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
    InstallTriggers();
    if (m_jobs)
    {
        m_jobs->Start([this](uint32_t id) {
            const fabriclb::MatrixFlow& flow = m_traffic.flows[id];
            m_apps[flow.source]->SendNow(m_fabric->GetHostAddress(flow.destination),
                                         flow.destination,
                                         flow.bytes,
                                         id);
        });
        for (uint32_t h = 0; h < hosts; ++h)
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
    InstallFailures();
    m_result.messagePackets = m_fabric->GetNic(0)->PacketsFor(m_result.messageBytes);
    ComputeBounds();
}

void
FabricExperiment::InstallTriggers()
{
    if (m_traffic.triggers.empty())
    {
        return;
    }
    m_triggers = CreateObject<CollectiveTriggers>();
    m_triggers->Setup(m_traffic, [this](uint32_t id) {
        const fabriclb::MatrixFlow& flow = m_traffic.flows[id];
        // Each trigger runs on one rank (FabricPartition::FindTriggerAcrossRanks).
        m_apps[flow.source]->SendNow(m_fabric->GetHostAddress(flow.destination),
                                     flow.destination,
                                     flow.bytes,
                                     id);
    });
    for (uint32_t h = 0; h < m_fabric->GetHosts().GetN(); ++h)
    {
        Ptr<RoceNic> nic = m_fabric->GetNic(h);
        nic->TraceConnectWithoutContext("MessageAcked",
                                        MakeCallback(&CollectiveTriggers::SendDone, m_triggers));
        nic->TraceConnectWithoutContext("MessageReceived",
                                        MakeCallback(&CollectiveTriggers::ReceiveDone, m_triggers));
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
    m_messageBoundsPs.push_back(m_bounds->LoneBoundOf(flow).ps);
    m_tracker->AddMessage();
    m_apps[flow.source]->SendNow(m_fabric->GetHostAddress(flow.destination),
                                 flow.destination,
                                 flow.bytes,
                                 id);
}

void
FabricExperiment::ComputeBounds()
{
    m_bounds = std::make_unique<FabricBounds>(m_fabric, m_flowGapPs);
    CheckDuration();
    const fabriclb::CollectiveBound kind = CollectiveNamed(m_config.workload).bound;
    FabricBounds::Traffic all = m_bounds->BoundOf(m_traffic,
                                                  m_jobs ? fabriclb::CollectiveBound::MATRIX : kind,
                                                  m_result.hosts);
    m_messageBoundsPs = std::move(all.messageBoundsPs);
    m_result.boundPs = all.boundPs;
    if (m_jobs)
    {
        // Each job cannot finish before its iterations could alone, one after another: the
        // latest of them bounds the whole.
        m_result.boundPs = 0;
        bool everyJob = true;
        for (uint32_t j = 0; j < m_jobs->Jobs().size(); ++j)
        {
            const fabriclb::JobSpec& job = m_jobs->Jobs()[j];
            const FabricBounds::Traffic alone =
                m_bounds->BoundOf(m_jobs->IterationTraffic(j),
                                  CollectiveNamed(job.workload).bound,
                                  static_cast<uint32_t>(job.hosts.size()));
            m_jobBoundsPs.push_back(alone.boundPs);
            everyJob = everyJob && alone.boundPs > 0;
            m_result.boundPs = std::max(m_result.boundPs,
                                        job.startPs + job.iterations * alone.boundPs +
                                            (job.iterations - 1) * job.gapPs);
            all.pacedBoundPs = std::max(all.pacedBoundPs, alone.pacedBoundPs);
        }
        if (!everyJob)
        {
            m_result.boundPs = 0;
        }
    }
    const uint64_t boundPs = std::max(m_result.boundPs, all.pacedBoundPs);
    if (m_timeLimitPs == 0)
    {
        // A flow pinned to a black hole, a lossy link's endless retransmissions, a trigger that
        // never fires: every run gives up well after its bound.
        uint64_t longestPs = boundPs;
        if (m_background)
        {
            // Background flows arriving as the collective ends may be the largest there are:
            // they too have their bound's times over.
            const uint32_t hops = m_fabric->GetTopology().LongestPathHops();
            longestPs = std::max(longestPs,
                                 fabriclb::ComputeLoneMessageBound(
                                     m_bounds->GetWires().hostLinks,
                                     m_fabric->GetNic(0)->PacketsFor(m_background->GetMaxBytes()),
                                     hops));
        }
        m_timeLimitPs = longestPs >= LATEST_TIME_LIMIT_PS / TIME_LIMIT_BOUNDS
                            ? LATEST_TIME_LIMIT_PS
                            : std::max(TIME_LIMIT_BOUNDS * longestPs, SHORTEST_TIME_LIMIT_PS);
    }
    AnnounceLongRun(boundPs);
}

void
FabricExperiment::CheckDuration() const
{
    const double estimatePs = fabriclb::EstimateBoundCeilingPs(m_fabric->GetBoundWireModel(),
                                                               m_bounds->FlowLoads(m_traffic),
                                                               m_flowGapPs,
                                                               !m_traffic.triggers.empty());
    if (estimatePs > LONGEST_BOUND_PS)
    {
        constexpr double psPerDay = 86400e12;
        std::ostringstream days;
        days << std::setprecision(2) << estimatePs / psPerDay;
        throw std::invalid_argument(
            "this run's bound could be up to " + days.str() +
            " days of simulated time, more than ns-3's picosecond clock safely counts (" +
            std::to_string(static_cast<uint64_t>(LONGEST_BOUND_PS / psPerDay)) +
            " days): check --linkRate, --linkDelay and --msgBytes");
    }
}

void
FabricExperiment::AnnounceLongRun(uint64_t boundPs) const
{
    if (FabricRanks::Local() != 0)
    {
        return;
    }
    double packetHops = 0;
    for (const fabriclb::FlowLoad& flow : m_bounds->FlowLoads(m_traffic))
    {
        packetHops += static_cast<double>(flow.packets) * flow.hops;
    }
    const double events = EVENTS_PER_PACKET_HOP * packetHops;
    std::ostringstream line;
    line << std::setprecision(3);
    if (boundPs > LONG_BOUND_PS)
    {
        line << "fabric-lb: a long run: its bound alone is " << boundPs / 1e12
             << " s of simulated time (normal runs take microseconds to milliseconds; "
                "--linkRate, --linkDelay)";
    }
    else if (events > LONG_RUN_EVENTS)
    {
        line << "fabric-lb: a long run: about " << events
             << " events expected (at about a million a second, " << events / 3.6e9
             << " hours of one core)";
    }
    else
    {
        return;
    }
    std::cerr << line.str() << std::endl;
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
    FabricRanks::Run([this]() { return m_tracker->Completed(); },
                     m_traffic.flows.size(),
                     PicoSeconds(m_timeLimitPs));
    m_result.wallSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();
    m_result.timeLimitPs = m_timeLimitPs;
    m_result.timeLimitReached = Simulator::Now() >= PicoSeconds(m_timeLimitPs);
    m_tracker->Finish();
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
    std::vector<double> linkCapacities; // by link id, with failures
    if (m_failures)
    {
        linkCapacities = m_failures->GetCarriedShares();
        result.blackHoleDrops = m_failures->GetBlackHoleDrops();
        result.packetsDropped += result.blackHoleDrops;
        result.converged =
            m_failures->GetMode() == LinkFailureManager::DROP && m_failures->HasConverged();
        m_failures->Dispose();
        m_failures = nullptr;
    }
    std::vector<int64_t> startsPs(m_traffic.flows.size());
    std::vector<int64_t> completionsPs(m_traffic.flows.size());
    for (uint32_t id = 0; id < m_traffic.flows.size(); ++id)
    {
        startsPs[id] = m_tracker->StartOf(id);
        completionsPs[id] = m_tracker->CompletionOf(id);
    }
    MeasureFabric(*m_fabric,
                  PicoSeconds(result.cctPs),
                  m_wire.dataWireBytes,
                  linkCapacities,
                  startsPs,
                  completionsPs,
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
        result.jobs = m_jobs->Measure(completionsPs, m_jobBoundsPs);
    }
    result.messages = m_traffic.flows.size();
    if (m_background)
    {
        BackgroundResult& background = result.background;
        std::vector<std::pair<uint64_t, double>> slowdowns;
        for (uint64_t id = m_collectiveMessages; id < m_traffic.flows.size(); ++id)
        {
            const uint64_t bytes = m_traffic.flows[id].bytes;
            ++background.flows;
            background.bytes += bytes;
            if (completionsPs[id] >= 0)
            {
                slowdowns.emplace_back(bytes,
                                       static_cast<double>(completionsPs[id] - startsPs[id]) /
                                           m_messageBoundsPs[id]);
            }
        }
        background.flowsCompleted = slowdowns.size();
        background.slowdowns =
            fabriclb::SummariseSlowdowns(slowdowns, fabriclb::DefaultSlowdownBucketEdges());
        m_background->Dispose();
        m_background = nullptr;
    }
    for (uint32_t id = 0; id < m_traffic.flows.size(); ++id)
    {
        const fabriclb::MatrixFlow& flow = m_traffic.flows[id];
        result.messageRecords.push_back({flow.source,
                                         flow.destination,
                                         flow.bytes,
                                         startsPs[id],
                                         completionsPs[id],
                                         m_messageBoundsPs[id]});
    }

    m_fabric->Dispose();
    m_fabric = nullptr;
    if (m_triggers)
    {
        m_triggers->Dispose();
        m_triggers = nullptr;
    }
    m_apps.clear();
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
