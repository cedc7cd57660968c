/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FABRIC_EXPERIMENT_H
#define FABRIC_LB_FABRIC_EXPERIMENT_H

#include "ns3/callback.h"
#include "ns3/connection-matrix.h"
#include "ns3/fabric-links.h"
#include "ns3/port-monitor.h"
#include "ns3/ptr.h"
#include "ns3/wire-model.h"
#include "ns3/workload.h"

#include <array>
#include <charconv>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
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
    double probability{0};         //!< each switch-to-switch link fails with this probability
    std::string links;             //!< NAME[@TIME],... named links to fail
    std::string mode{"drop"};      //!< drop (black hole) or degrade
    double degradedRate{0.1};      //!< a degraded link's share of its rate
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
 * \brief What one message of a collective did.
 */
struct MessageRecord
{
    uint32_t source;      //!< sending host
    uint32_t destination; //!< receiving host
    uint64_t bytes;       //!< size
    int64_t startPs;      //!< when it was handed to the sender's NIC; -1: never
    int64_t completionPs; //!< when its sender held every ACK; -1: never
    uint64_t boundPs;     //!< its own bound, alone on an idle fabric
};

/**
 * \ingroup fabric-lb
 * \brief Queue statistics of the ports of one stage. Queues in packets are
 * in the study's unit, data packets: bytes over a data packet's wire size.
 */
struct StageQueueStats
{
    uint32_t ports{0};     //!< ports in the stage
    uint64_t maxBytes{0};  //!< largest queue of any port, bytes
    double maxPackets{0};  //!< largest queue of any port, data packets
    double meanBytes{0};   //!< time-averaged queue, averaged over the ports, bytes
    double meanPackets{0}; //!< time-averaged queue, averaged over the ports, data packets
    double maxOverload{0}; //!< largest bytes arrived at a port over what its link could send
    /// the worst-case link overload: largest bytes arrived at a port over its fair share
    /// (fabriclb::WorstLinkOverload; 1: perfectly balanced)
    double overShare{0};
};

/**
 * \ingroup fabric-lb
 * \brief What an experiment measured.
 */
struct ExperimentResult
{
    std::string scheme;            //!< scheme name
    std::string workload;          //!< workload name
    std::string wire;              //!< wire model name (fabriclb::WireKind)
    std::string recovery;          //!< loss recovery name
    std::string cc;                //!< congestion control name
    uint32_t k{0};                 //!< radix
    uint32_t hosts{0};             //!< host count
    uint64_t messageBytes{0};      //!< bytes per message
    uint32_t messagePackets{0};    //!< packets per message
    uint32_t seed{0};              //!< RngSeedManager seed
    uint64_t run{0};               //!< RngSeedManager run
    uint64_t messages{0};          //!< messages in the collective
    uint64_t messagesCompleted{0}; //!< messages whose sender holds every ACK
    uint64_t cctPs{0};             //!< collective completion time
    uint64_t boundPs{0};           //!< its lower bound
    std::array<StageQueueStats, FABRIC_STAGE_COUNT> stages{}; //!< by FabricStage
    uint64_t packetsSent{0};                                  //!< data packets the hosts sent
    uint64_t acksSent{0};                                     //!< ACKs the hosts sent
    uint64_t packetsDelivered{0};                             //!< data packets the hosts received
    uint64_t acksDelivered{0};                                //!< ACKs the hosts received
    uint64_t packetsDropped{0};                               //!< packets dropped at any port
    uint64_t linkDrops{0};       //!< packets links lost at random (FatTreeHelper::LossRate)
    uint64_t packetsMarked{0};   //!< packets CE-marked at any port
    uint64_t lossesDetected{0};  //!< data packets senders declared lost
    uint64_t retransmissions{0}; //!< data packets sent with a PSN sent before
    uint64_t timeouts{0};        //!< retransmission timeouts that fired
    uint64_t nacks{0};           //!< NACKs receivers sent
    uint64_t cnps{0};            //!< congestion notification packets receivers sent (dcqcn)
    double meanFinalRateBps{0};  //!< congestion control's rate at the end, mean over queue pairs
    double minFinalRateBps{0};   //!< and its minimum
    uint64_t packetHops{0};      //!< packets put on any link (data and ACKs, every hop)
    uint64_t inFlight{0};        //!< packets still waiting at a port or on a link at the end
    double qMeanPackets{0};      //!< q(m): time-averaged queue over all switch ports, data packets
    double maxQueuePackets{0};   //!< largest queue any switch port reached, data packets
    double wallSeconds{0};       //!< wall-clock time of the simulation
    uint64_t events{0};          //!< simulator events executed
    std::vector<MessageRecord> messageRecords; //!< by message id
    std::vector<std::string> failedLinks;      //!< names of the links that failed
    double rhoMaxGbps{0};                      //!< rho_max under the failures (0: no failure)
    int64_t convergencePs{0};                  //!< G; -1: never
    bool converged{true};                      //!< the fabric converged on every failure
    uint64_t blackHoleDrops{0}; //!< packets switches dropped for want of a live way on

    /**
     * \return whether every packet the hosts sent (data and ACKs) was received,
     * dropped at a port, lost on a link, or is still waiting at a port or on a
     * link: five separate counts
     */
    bool PacketBooksBalance() const;
    /// \return the CCT increase over the bound, in percent
    double CctIncreasePercent() const;
    /// \return one JSON object with every field
    nlohmann::json ToJson() const;
    /// \return a human-readable summary, several lines
    std::string Summary() const;
    /**
     * \return one CSV line per message, after a header: source, destination,
     * bytes, start, completion, completion time (all in ns), its own bound
     * alone on an idle fabric (ns) and the slowdown over it
     */
    std::string FlowsCsv() const;
};

/**
 * \param text a command-line value
 * \return the whole of \p text as an Integer, or nothing if it is not one (ns-3's
 * own command-line parsing would take "1.5" as 1)
 */
template <typename Integer>
std::optional<Integer>
ParseWholeInteger(const std::string& text)
{
    Integer value{};
    const char* end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, value);
    if (text.empty() || error != std::errc() || stop != end)
    {
        return std::nullopt;
    }
    return value;
}

/**
 * \param text a command-line value for the fat-tree radix
 * \return it as a radix FatTreeTopology accepts
 * \throws std::invalid_argument naming the problem otherwise
 */
uint32_t ParseRadix(const std::string& text);

/**
 * \brief A CommandLine::AddValue callback that keeps a flag's whole value, spaces
 * included (ns-3.37's CommandLine reads a std::string value only up to its first
 * space, silently dropping the rest).
 * \param target where the value goes; it must outlive the CommandLine's Parse
 * \return the callback
 */
Callback<bool, std::string> WholeTextValue(std::string& target);

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
    /// The collective's bound and every message's own.
    void ComputeBounds();
    /// Checks the failure spec and names its links (throws std::invalid_argument).
    void ConfigureFailures(const fabriclb::FatTreeTopology& topology);
    /// Fails the links of the failure spec and caps the flows' rate at rho_max.
    void InstallFailures();
    /// \return whether any link may fail (a probability, --failLinks or failure lines)
    bool HasFailures() const;
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
    uint64_t m_timeLimitPs{0};                           //!< when to give up; 0: never
};

/**
 * \ingroup fabric-lb
 * \brief Builds the fabric, runs the collective to completion, measures it.
 * \param config what to run
 * \return the measurements
 *
 * The fabric comes from FatTreeHelper's attribute defaults, randomness from
 * RngSeedManager's seed and run. Unknown scheme or workload names and sizes
 * of zero are fatal errors. Calls Simulator::Destroy at the end.

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
