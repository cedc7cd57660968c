/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FABRIC_EXPERIMENT_H
#define FABRIC_LB_FABRIC_EXPERIMENT_H

#include "ns3/background-arrivals.h"
#include "ns3/collectives.h"
#include "ns3/command-line-values.h"
#include "ns3/connection-matrix.h"
#include "ns3/data-rate.h"
#include "ns3/experiment-result.h"
#include "ns3/fabric-paths.h"
#include "ns3/fabric-registry.h"
#include "ns3/fabric-topology.h"
#include "ns3/job-set.h"
#include "ns3/lower-bound.h"
#include "ns3/object-base.h"
#include "ns3/ptr.h"
#include "ns3/wire-model.h"
#include "ns3/workload.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ns3
{

class PfcHelper;

/**
 * \ingroup fabric-lb
 * \brief Which links fail and when the fabric converges (the driver's failure flags); how a
 * link fails is LinkFailureManager's (Mode, DegradedRate). Its defaults are its attributes'
 * (ns3::FailureSpec::...), so Config::SetDefault and the driver's flags change them.
 */
class FailureSpec : public ObjectBase
{
  public:
    /// The flows' rate while links are failed.
    enum FlowRate
    {
        RHO_MAX,  //!< B/F of the whole failure pattern, the study's ideal
        LINE_RATE //!< the line rate
    };

    /// \return the attributes
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;
    /// Takes the attributes' defaults.
    FailureSpec();

    double probability;      //!< each switch-to-switch link fails with this probability
    int32_t plane;           //!< the plane whose links may fail at random; -1: every plane's
    std::string links;       //!< NAME[@TIME],... named links to fail
    std::string convergence; //!< G: a time (10us), N RTTs (1rtt), or inf
    FlowRate rate;           //!< the flows' rate under failures
    std::string timeLimit;   //!< simulated time to give up at: a time, or auto
};

/**
 * \ingroup fabric-lb
 * \brief One experiment: a scheme, a workload and a message size on the fat tree that
 * FabricHelper's attributes describe. Its defaults are its attributes'
 * (ns3::ExperimentConfig::...): the driver's flags set them, and so does Config::SetDefault.
 *
 * An empty scheme, recovery or congestion control is the fabric's own default: the scheme
 * that FabricHelper's SwitchDiscipline and HostPathPolicy form, RoceNic's Recovery and
 * CongestionControl (DefaultLbScheme and the like name them).
 */
class ExperimentConfig : public ObjectBase
{
  public:
    /// \return the attributes
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;
    /// Takes the attributes' defaults.
    ExperimentConfig();

    std::string topology;        //!< the fabric, a registered name (fabriclb::TopologyKinds)
    uint32_t planes;             //!< identical planes of it (fabriclb::MultiPlaneTopology)
    DataRate planeRate;          //!< with several planes, every link's rate (0: LinkRate)
    std::string lb;              //!< scheme name (fabriclb::LbSchemes); empty: the fabric's
    std::string workload;        //!< collective name (fabriclb::Collectives)
    uint32_t group;              //!< ring collectives: hosts per ring (0: all)
    std::string model;           //!< fsdp: the Llama-3 model (fabriclb::LlamaModels)
    uint32_t layers;             //!< fsdp: backward-pass layer phases
    uint64_t messageBytes;       //!< bytes per message
    bool progress;               //!< report progress on stderr about once a second
    std::string flowMonitorFile; //!< if set, FlowMonitor watches every host and writes XML here
    std::string pfcTimelineFile; //!< if set, every pause and resume is written here
    std::string matrixFile;      //!< the connection matrix of workload "matrix"
    std::string recovery;        //!< loss recovery (fabriclb::RecoveryStrategies); empty: RoceNic's
    std::string cc;       //!< congestion control (fabriclb::CongestionControls); empty: RoceNic's
    std::string jobsFile; //!< several jobs (fabriclb::ReadJobsFile) in place of the workload
    bool jobsAlone;       //!< with several jobs or background, also run each job alone
    FailureSpec failures; //!< link failures, if any
};

/**
 * \ingroup fabric-lb
 * \param name a scheme's name, or empty
 * \return the scheme named \p name, or if it is empty the registered scheme whose discipline
 * and host policy are FabricHelper's defaults
 * \throws std::invalid_argument for an unknown name, or defaults that form no registered scheme
 */
const fabriclb::LbScheme& ResolveLbScheme(const std::string& name);

/**
 * \ingroup fabric-lb
 * \param config what to run
 * \return the fabric \p config names, shaped by its kind's attributes (fabriclb::TopologyKind)
 * \throws std::invalid_argument for an unknown kind or a fabric that cannot be built
 */
std::shared_ptr<const fabriclb::FabricTopology> MakeTopology(const ExperimentConfig& config);

/**
 * \ingroup fabric-lb
 * \param name a recovery's name, or empty
 * \return the recovery named \p name, or if it is empty the one of RoceNic::Recovery's default
 * \throws std::invalid_argument for an unknown name or an unregistered default
 */
const fabriclb::RecoveryStrategy& ResolveRecovery(const std::string& name);

/**
 * \ingroup fabric-lb
 * \param name a congestion control's name, or empty
 * \return the congestion control named \p name, or if it is empty RoceNic::CongestionControl's
 * \throws std::invalid_argument for an unknown name or an unregistered default
 */
const fabriclb::CongestionControlStrategy& ResolveCongestionControl(const std::string& name);

/**
 * \ingroup fabric-lb
 * \brief The collective of \p config (fabriclb::Collectives) as a connection
 * matrix, its randomness drawn from the ns-3 stream that RunFabricExperiment uses
 * (so RngRun changes a permutation).
 * \param config what to run
 * \param hosts number of hosts
 * \return the flows (message id = index) and triggers
 * \throws std::invalid_argument for an unknown collective or bad parameters
 * (fabriclb::MatrixError for a bad file)
 */
fabriclb::ConnectionMatrix BuildTraffic(const ExperimentConfig& config, uint32_t hosts);

/**
 * \ingroup fabric-lb
 * \brief Writes \p traffic as an htsim connection-matrix file.
 * \param path the file
 * \param traffic the flows
 * \throws std::invalid_argument if the file cannot be written
 */
void WriteConnectionMatrixFile(const std::string& path, const fabriclb::ConnectionMatrix& traffic);

class BackgroundTraffic;
class CompletionTracker;
class FabricBounds;
class LinkFailureManager;
class CollectiveApp;
class CollectiveTriggers;
class FabricHelper;

/**
 * \ingroup fabric-lb
 * \brief One experiment in four steps: Configure (check the configuration, set up
 * the fabric's attributes, build the traffic), Install (build the fabric, the
 * applications, the triggers, the bounds), Run, Collect (measure, then tear the
 * simulation down).
 */
class FabricExperiment
{
  public:
    /// \param config what to run
    explicit FabricExperiment(const ExperimentConfig& config);
    /**
     * One job of a job set alone on the idle fabric (no background traffic).
     * \param config what to run
     * \param alone the job, as JobSet::Alone gives it
     */
    FabricExperiment(const ExperimentConfig& config, JobSet alone);
    ~FabricExperiment();

    /// \throws std::invalid_argument naming a bad scheme, workload, size, wire or matrix
    void Configure();
    /// Builds everything; after Configure.
    void Install();
    /// Runs the collective until its last message completes (or nothing is left to do).
    void Run();
    /// \return the measurements; calls Simulator::Destroy
    ExperimentResult Collect();

    /// \return the traffic Configure built
    const fabriclb::ConnectionMatrix& GetTraffic() const
    {
        return m_traffic;
    }

    /// \return the jobs Configure placed, if --jobs named them
    const std::optional<JobSet>& GetJobs() const
    {
        return m_jobs;
    }

  private:
    /// Connects the matrix's triggers to the NICs' completion traces.
    void InstallTriggers();
    /// The collective's bound and every message's own, and the run's time limit.
    void ComputeBounds();

    /// Sends one flow of background traffic now.
    void SendBackgroundFlow(const fabriclb::BackgroundFlow& flow);
    /// Reads and places the jobs of --jobs and composes their traffic (throws
    /// std::invalid_argument).
    void ConfigureJobs(const fabriclb::FabricTopology& topology);
    /// Refuses traffic that could outlast ns-3's clock (throws std::invalid_argument).
    void CheckDuration() const;
    /// Says on stderr that a run is expected to be long, from its bound \p boundPs and events.
    void AnnounceLongRun(uint64_t boundPs) const;
    /// Checks the failure spec and names its links (throws std::invalid_argument).
    void ConfigureFailures(const fabriclb::FabricTopology& topology);
    /// Fails the links of the failure spec and caps the flows' rate at rho_max.
    void InstallFailures();
    /// \return whether any link may fail (a probability, --failLinks or failure lines)
    bool HasFailures() const;
    /// Refuses a NIC that bypasses the stack without fabric ports, or with --flowmon
    /// (throws std::invalid_argument).
    void CheckPortPaths() const;
    /// Refuses a port buffer that holds no data packet of \p wire (throws std::invalid_argument).
    void CheckBuffer(fabriclb::WireKind wire) const;
    /// Throws std::invalid_argument if a data packet is larger than the devices' MTU.
    void CheckMtu() const;
    /// Refuses a message of more packets than a queue pair counts (throws std::invalid_argument).
    void CheckMessageSizes() const;
    /// Refuses a fabric and \p flows messages beyond the machine's memory; announces large ones.
    void CheckMemory(const fabriclb::FabricTopology& topology, uint64_t flows) const;

    ExperimentConfig m_config;                           //!< what to run
    ExperimentResult m_result;                           //!< filled step by step
    fabriclb::WireModel m_wire;                          //!< the fabric's wire
    fabriclb::ConnectionMatrix m_traffic;                //!< flows and triggers
    Ptr<FabricHelper> m_fabric;                          //!< the fabric
    std::vector<Ptr<CollectiveApp>> m_apps;              //!< by host
    Ptr<CollectiveTriggers> m_triggers;                  //!< if the traffic has triggers
    std::unique_ptr<CompletionTracker> m_tracker;        //!< completions and progress
    std::unique_ptr<FabricBounds> m_bounds;              //!< the bounds, once built
    std::vector<uint64_t> m_messageBoundsPs;             //!< by message id
    Ptr<LinkFailureManager> m_failures;                  //!< if links fail
    std::unique_ptr<PfcHelper> m_buffers;                //!< the switch buffers and PFC
    std::vector<fabriclb::NamedFailure> m_namedFailures; //!< from FailureSpec::links
    std::optional<JobSet> m_jobs;                        //!< with --jobs, the jobs
    Ptr<BackgroundTraffic> m_background;                 //!< background traffic, if any
    uint64_t m_collectiveMessages{0};                    //!< messages before the background's
    bool m_alone{false};                                 //!< one job measured alone
    std::vector<uint64_t> m_jobBoundsPs;                 //!< by job: one iteration's bound
    uint64_t m_flowGapPs{0};                             //!< rho_max's pacing gap; 0: none
    uint64_t m_timeLimitPs{0};                           //!< when to give up; 0: automatic
};

/**
 * \ingroup fabric-lb
 * \brief With several jobs (--jobs), runs each alone on the idle fabric, after \p experiment,
 * for its slowdown (JobResult::aloneCctPs); a single job is alone already.
 * \param config what \p experiment ran
 * \param experiment the run with every job, collected
 * \param result its result, to complete
 */
void MeasureJobsAlone(const ExperimentConfig& config,
                      const FabricExperiment& experiment,
                      ExperimentResult& result);

/**
 * \ingroup fabric-lb
 * \brief Builds the fabric, runs the collective to completion, measures it (and with
 * several jobs, each alone: MeasureJobsAlone).
 * \param config what to run
 * \return the measurements
 *
 * The fabric comes from FabricHelper's attribute defaults, randomness from
 * RngSeedManager's seed and run. Calls Simulator::Destroy at the end.
 * \throws std::invalid_argument naming a bad scheme, workload, size, wire or matrix
 */
ExperimentResult RunFabricExperiment(const ExperimentConfig& config);

/**
 * \ingroup fabric-lb
 * \param hosts hosts of the fat tree
 * \param flows messages of the collective
 * \return the peak memory a run is expected to take, from measurements on Debian's ns-3.37
 */
uint64_t EstimatePeakMemoryBytes(uint32_t hosts, uint64_t flows);

} // namespace ns3

#endif /* FABRIC_LB_FABRIC_EXPERIMENT_H */
