/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FABRIC_EXPERIMENT_H
#define FABRIC_LB_FABRIC_EXPERIMENT_H

#include "ns3/command-line-values.h"
#include "ns3/connection-matrix.h"
#include "ns3/experiment-result.h"
#include "ns3/fabric-links.h"
#include "ns3/lower-bound.h"
#include "ns3/ptr.h"
#include "ns3/wire-model.h"
#include "ns3/workload.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief Which links fail, how, and when the fabric converges (the driver's failure flags).
 */
struct FailureSpec
{
    double probability{0}; //!< each switch-to-switch link fails with this probability
    std::string links;     //!< NAME[@TIME],... named links to fail
    /// drop (black hole) or degrade; LinkFailureManager::Mode's default
    std::string mode{AttributeDefault("ns3::LinkFailureManager::Mode")};
    /// a degraded link's share of its rate; LinkFailureManager::DegradedRate's default
    double degradedRate{std::stod(AttributeDefault("ns3::LinkFailureManager::DegradedRate"))};
    std::string convergence{"0"};  //!< G: a time (10us), N RTTs (1rtt), or inf
    std::string rate{"rhomax"};    //!< flows' rate under failures: rhomax or line
    std::string timeLimit{"auto"}; //!< simulated time to give up at: a time, or auto
};

/**
 * \ingroup fabric-lb
 * \brief One experiment: a scheme, a workload and a message size on the fat
 * tree that FatTreeHelper's attributes describe.
 */
struct ExperimentConfig
{
    std::string lb{"ecmp"};              //!< scheme name (fabriclb::LbSchemes)
    std::string workload{"permutation"}; //!< collective name (fabriclb::Collectives)
    uint32_t group{0};                   //!< ring collectives: hosts per ring (0: all)
    std::string model{"llama3-7b"};      //!< fsdp: the Llama-3 model (fabriclb::LlamaModels)
    uint32_t layers{1};                  //!< fsdp: backward-pass layer phases
    uint64_t messageBytes{1048576};      //!< bytes per message
    bool progress{false};                //!< report progress on stderr about once a second
    std::string flowMonitorFile;     //!< if set, FlowMonitor watches every host and writes XML here
    std::string matrixFile;          //!< the connection matrix of workload "matrix"
    std::string recovery{"erasure"}; //!< loss recovery (fabriclb::RecoveryStrategies)
    std::string cc{"fixed"};         //!< congestion control (fabriclb::CongestionControlStrategies)
    FailureSpec failures;            //!< link failures, if any
};

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

class CompletionTracker;
class LinkFailureManager;
class CollectiveApp;
class CollectiveTriggers;
class FatTreeHelper;

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

  private:
    /// Connects the matrix's triggers to the NICs' completion traces.
    void InstallTriggers();
    /// The collective's bound and every message's own, and the run's time limit.
    void ComputeBounds();
    /// \return the traffic's messages as the bounds see them
    std::vector<fabriclb::FlowLoad> FlowLoads() const;
    /// Refuses traffic that could outlast ns-3's clock (throws std::invalid_argument).
    void CheckDuration() const;
    /// Says on stderr that a run is expected to be long, from its bound \p boundPs and events.
    void AnnounceLongRun(uint64_t boundPs) const;
    /// Checks the failure spec and names its links (throws std::invalid_argument).
    void ConfigureFailures(const fabriclb::FatTreeTopology& topology);
    /// Fails the links of the failure spec and caps the flows' rate at rho_max.
    void InstallFailures();
    /// \return whether any link may fail (a probability, --failLinks or failure lines)
    bool HasFailures() const;
    /// Refuses a port buffer that holds no data packet of \p wire (throws std::invalid_argument).
    void CheckBuffer(fabriclb::WireKind wire) const;
    /// Refuses a message of more packets than a queue pair counts (throws std::invalid_argument).
    void CheckMessageSizes() const;
    /// Refuses a fabric and \p flows messages beyond the machine's memory; announces large ones.
    void CheckMemory(const fabriclb::FatTreeTopology& topology, uint64_t flows) const;

    ExperimentConfig m_config;                           //!< what to run
    ExperimentResult m_result;                           //!< filled step by step
    fabriclb::WireModel m_wire;                          //!< the fabric's wire
    fabriclb::ConnectionMatrix m_traffic;                //!< flows and triggers
    Ptr<FatTreeHelper> m_fabric;                         //!< the fabric
    std::vector<Ptr<CollectiveApp>> m_apps;              //!< by host
    Ptr<CollectiveTriggers> m_triggers;                  //!< if the traffic has triggers
    std::unique_ptr<CompletionTracker> m_tracker;        //!< completions and progress
    std::vector<uint64_t> m_messageBoundsPs;             //!< by message id
    Ptr<LinkFailureManager> m_failures;                  //!< if links fail
    std::vector<fabriclb::NamedFailure> m_namedFailures; //!< from FailureSpec::links
    uint64_t m_flowGapPs{0};                             //!< rho_max's pacing gap; 0: none
    uint64_t m_timeLimitPs{0};                           //!< when to give up; 0: automatic
};

/**
 * \ingroup fabric-lb
 * \brief Builds the fabric, runs the collective to completion, measures it.
 * \param config what to run
 * \return the measurements
 *
 * The fabric comes from FatTreeHelper's attribute defaults, randomness from
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
