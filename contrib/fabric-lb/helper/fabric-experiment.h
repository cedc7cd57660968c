/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FABRIC_EXPERIMENT_H
#define FABRIC_LB_FABRIC_EXPERIMENT_H

// The configuration, its look-ups and its traffic too, so that this one header gives an
// experiment's whole interface.
#include "experiment-config.h"
#include "experiment-failures.h"
#include "experiment-lookup.h"
#include "experiment-result.h"
#include "experiment-traffic.h"
#include "job-set.h"
#include "message-launcher.h"
#include "queue-timeline.h"
#include "run-bounds.h"

#include "ns3/background-arrivals.h"
#include "ns3/collectives.h"
#include "ns3/connection-matrix.h"
#include "ns3/fabric-registry.h"
#include "ns3/fabric-topology.h"
#include "ns3/ptr.h"
#include "ns3/wire-model.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace ns3
{

namespace fabriclb
{
class FabricPartition;
} // namespace fabriclb

class BackgroundTraffic;
class CompletionTracker;
class FabricBounds;
class FabricHelper;
class PfcHelper;

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
    /**
     * Creates the fabric's builder with the scheme's, recovery's and congestion control's
     * attributes and checks its wire, buffer and MTU.
     * \return the wire's kind
     */
    fabriclb::WireKind ConfigureFabric(const fabriclb::LbScheme& scheme,
                                       const fabriclb::RecoveryStrategy& recovery,
                                       const fabriclb::CongestionControlStrategy& cc);
    /// Builds the traffic (or places the jobs) on \p topology, refusing what cannot fit or
    /// cannot be spread over \p partition's ranks.
    void ConfigureTraffic(const fabriclb::Collective& collective,
                          const fabriclb::FabricTopology& topology,
                          const fabriclb::FabricPartition& partition);
    /// Sets up background traffic, if wanted, on \p ranks ranks of \p topology.
    void ConfigureBackground(const fabriclb::FabricTopology& topology, uint32_t ranks);
    /// Creates the completion tracker and connects it to the NICs.
    void InstallTracker();
    /// Starts the jobs' and the background's messages, if any.
    void InstallStarts();
    /// Sends one flow of background traffic now.
    void SendBackgroundFlow(const fabriclb::BackgroundFlow& flow);

    ExperimentConfig m_config;                    //!< what to run
    ExperimentResult m_result;                    //!< filled step by step
    fabriclb::WireModel m_wire;                   //!< the fabric's wire
    fabriclb::ConnectionMatrix m_traffic;         //!< flows and triggers
    Ptr<FabricHelper> m_fabric;                   //!< the fabric
    MessageLauncher m_launcher;                   //!< the applications and triggers
    std::unique_ptr<CompletionTracker> m_tracker; //!< completions and progress
    std::unique_ptr<FabricBounds> m_bounds;       //!< the bounds, once built
    RunBounds m_runBounds;                        //!< the run's bounds and time limit
    ExperimentFailures m_failures;                //!< the links that fail
    std::unique_ptr<PfcHelper> m_buffers;         //!< the switch buffers and PFC
    Ptr<QueueTimeline> m_queueTimeline;           //!< the queues over time, if asked for
    std::optional<JobSet> m_jobs;                 //!< with --jobs, the jobs
    Ptr<BackgroundTraffic> m_background;          //!< background traffic, if any
    uint64_t m_collectiveMessages{0};             //!< messages before the background's
    std::vector<int64_t> m_computeEndsPs;         //!< by compute: when it ended, -1 if not
    bool m_alone{false};                          //!< one job measured alone
    uint64_t m_flowGapPs{0};                      //!< rho_max's pacing gap; 0: none
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

} // namespace ns3

#endif /* FABRIC_LB_FABRIC_EXPERIMENT_H */
