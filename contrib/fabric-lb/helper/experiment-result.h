/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_EXPERIMENT_RESULT_H
#define FABRIC_LB_EXPERIMENT_RESULT_H

#include "ns3/flow-slowdown.h"
#include "ns3/port-monitor.h"

#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace ns3
{

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
 * \brief Priority flow control at the ports of one stage.
 */
struct StagePfcStats
{
    uint64_t pauseFramesSent{0};     //!< PAUSE frames its ports sent (resumes included)
    uint64_t pauseFramesReceived{0}; //!< PAUSE frames its ports received
    uint64_t pauses{0};              //!< times a port of it was paused
    double pausedUs{0};              //!< time its ports were paused, summed
    double longestPauseUs{0};        //!< the longest any of them stayed paused
    uint32_t portsPaused{0};         //!< its ports paused at least once
};

/**
 * \ingroup fabric-lb
 * \brief What the switches' buffers and PFC did (SwitchBuffer, PfcHelper): in a
 * run with PFC or dynamic sharing only.
 */
struct BufferResult
{
    bool present{false};                                    //!< switch buffers were in charge
    bool pfc{false};                                        //!< the data class was lossless
    std::string sharing;                                    //!< static or dynamic
    std::array<StagePfcStats, FABRIC_STAGE_COUNT> stages{}; //!< by FabricStage
    uint64_t xoffs{0};                 //!< times an ingress port went into XOFF
    uint64_t headroomBytes{0};         //!< the largest headroom of any ingress port
    uint64_t maxHeadroomBytes{0};      //!< the most headroom any ingress port used
    uint64_t maxSharedBytes{0};        //!< the most bytes any switch held outside headroom
    uint64_t headroomOverflows{0};     //!< frames a full headroom dropped
    uint64_t bufferDrops{0};           //!< frames a full lossy queue dropped
    uint64_t watchdogDrops{0};         //!< data frames the PFC watchdog dropped
    uint64_t watchdogTrips{0};         //!< times the PFC watchdog stopped honouring pauses
    uint64_t pausesOnLinks{0};         //!< PAUSE frames on the wire when the run ended
    uint64_t bytesAtEnd{0};            //!< bytes the switch buffers still held at the end
    std::vector<std::string> deadlock; //!< a deadlock's ports, if one ended the run

    /// \return PAUSE frames sent at every stage
    uint64_t PauseFramesSent() const;
};

/**
 * \ingroup fabric-lb
 * \brief Background traffic beside the collective (--background): its flows' completion
 * times over their own on an idle fabric (slowdowns), overall and by size.
 */
struct BackgroundResult
{
    bool present{false};                   //!< background traffic ran
    std::string distribution;              //!< its flow sizes' distribution
    double load{0};                        //!< its offered load, a share of the hosts' links
    uint64_t flows{0};                     //!< flows that arrived while the collective ran
    uint64_t flowsCompleted{0};            //!< and completed
    uint64_t bytes{0};                     //!< their bytes
    fabriclb::SlowdownSummary slowdowns{}; //!< completed flows' slowdowns, overall and by size
    /// \return one JSON object
    nlohmann::json ToJson() const;
    /// \return one CSV line per size bucket, then one of every flow (0 to 2^64-1), after a
    /// header
    std::string Csv() const;
};

/**
 * \ingroup fabric-lb
 * \brief A workload with computes (fabriclb::MatrixCompute): how its step time splits between
 * the GPUs' computing and the communication they wait for.
 */
struct ComputeResult
{
    bool present{false};         //!< the workload has computes
    uint64_t computes{0};        //!< its computes
    uint64_t busiestGpuPs{0};    //!< the time the busiest GPU spent computing
    uint64_t communicationPs{0}; //!< the time at least one of its messages was in flight

    /// \return the step's time beyond the busiest GPU's computing: the communication it could
    /// not hide (0 if it hid all)
    uint64_t ExposedCommunicationPs(uint64_t cctPs) const
    {
        return cctPs > busiestGpuPs ? cctPs - busiestGpuPs : 0;
    }
};

/**
 * \ingroup fabric-lb
 * \brief One job of several on the fabric (--jobs): its iterations' completion times,
 * its bound and its completion times alone on the fabric.
 */
struct JobResult
{
    std::string name;                //!< its name in the jobs file
    std::string workload;            //!< its collective
    uint32_t hosts{0};               //!< its hosts
    uint64_t startPs{0};             //!< when its first iteration started
    std::vector<int64_t> cctPs;      //!< by iteration: release to last completion; -1: unfinished
    uint64_t boundPs{0};             //!< one iteration's bound alone on an idle fabric (0: none)
    std::vector<int64_t> aloneCctPs; //!< by iteration, alone on the fabric (empty: not run)
    /// \return the mean of its iterations' completion times, ps (-1: one unfinished)
    double MeanCctPs() const;
    /// \return the mean alone, ps (-1: not measured or unfinished)
    double MeanAloneCctPs() const;
    /// \return its mean completion time over its mean alone (0: unknown)
    double Slowdown() const;
    /// \return one JSON object
    nlohmann::json ToJson() const;
};

/**
 * \ingroup fabric-lb
 * \brief What an experiment measured.
 */
struct ExperimentResult
{
    std::string scheme;             //!< scheme name
    std::string workload;           //!< workload name
    std::string wire;               //!< wire model name (fabriclb::WireKind)
    std::string recovery;           //!< loss recovery name
    std::string cc;                 //!< congestion control name
    std::string transport;          //!< the transport stack named, or empty
    uint32_t markThresholdBytes{0}; //!< ECN threshold in force (the scheme's; 0: none)
    bool redMarking{false};         //!< RED marking in force (the congestion control's)
    std::string topology;           //!< the fabric's kind (FabricTopology::Name)
    std::string fabric;             //!< the fabric, described (FabricTopology::Describe)
    uint32_t k{0};                  //!< a fat tree's radix (0: another fabric)
    uint32_t hosts{0};              //!< host count
    uint64_t messageBytes{0};       //!< bytes per message
    uint32_t messagePackets{0};     //!< packets per message
    uint32_t seed{0};               //!< RngSeedManager seed
    uint64_t run{0};                //!< RngSeedManager run
    uint64_t messages{0};           //!< messages in the collective
    uint64_t messagesCompleted{0};  //!< messages whose sender holds every ACK
    uint64_t cctPs{0};              //!< collective completion time
    uint64_t boundPs{0};            //!< its lower bound
    std::array<StageQueueStats, FABRIC_STAGE_COUNT> stages{}; //!< by FabricStage
    /// the fabric's switch stages and their names, as the JSON keys them (SwitchStagesOf)
    std::vector<std::pair<FabricStage, std::string>> switchStages{NamedSwitchStages()};
    uint64_t packetsSent{0};      //!< data packets the hosts sent
    uint64_t acksSent{0};         //!< ACKs the hosts sent
    uint64_t packetsDelivered{0}; //!< data packets the hosts received whole
    uint64_t headersDelivered{0}; //!< data packets the hosts received trimmed to their header
    uint64_t acksDelivered{0};    //!< ACKs the hosts received
    uint64_t packetsDropped{0};   //!< packets dropped at any port
    uint64_t packetsTrimmed{0};   //!< data packets trimmed at any port (FabricHelper::Trim)
    uint64_t linkDrops{0};        //!< packets links lost at random (FabricHelper::LossRate)
    uint64_t packetsMarked{0};    //!< packets CE-marked at any port
    uint64_t lossesDetected{0};   //!< data packets senders declared lost
    uint64_t retransmissions{0};  //!< data packets sent with a PSN sent before
    uint64_t timeouts{0};         //!< retransmission timeouts that fired
    uint64_t nacks{0};            //!< NACKs receivers sent
    uint64_t cnps{0};             //!< congestion notification packets receivers sent (dcqcn)
    uint64_t grants{0};           //!< grants of credit receivers sent (RoceNic::ReceiverCredit)
    double meanFinalRateBps{0};   //!< congestion control's rate at the end, mean over queue pairs
    double minFinalRateBps{0};    //!< and its minimum
    uint64_t packetHops{0};       //!< packets put on any link (data and ACKs, every hop)
    uint64_t inFlight{0};         //!< packets still waiting at a port or on a link at the end
    double qMeanPackets{0};       //!< q(m): time-averaged queue over all switch ports, data packets
    double maxQueuePackets{0};    //!< largest queue any switch port reached, data packets
    double wallSeconds{0};        //!< wall-clock time of the simulation
    uint64_t events{0};           //!< simulator events executed
    std::vector<MessageRecord> messageRecords; //!< by message id
    std::vector<std::string> failedLinks;      //!< names of the links that failed
    /// with several planes, each plane's share of the bytes the hosts sent into the fabric
    std::vector<double> planeShares;
    double rhoMaxGbps{0};         //!< rho_max under the failures (0: no failure)
    int64_t convergencePs{0};     //!< G; -1: never
    bool converged{true};         //!< the fabric converged on every failure
    uint64_t blackHoleDrops{0};   //!< packets switches dropped for want of a live way on
    BufferResult buffer;          //!< the switch buffers and PFC, if in charge
    std::vector<JobResult> jobs;  //!< with several jobs (--jobs), each one's
    BackgroundResult background;  //!< background traffic, if any
    ComputeResult compute;        //!< the workload's computes, if any
    uint64_t timeLimitPs{0};      //!< simulated time at which the run was to give up (not in JSON)
    bool timeLimitReached{false}; //!< the run ended at its time limit (not in JSON)

    /**
     * \return whether every packet the hosts sent (data and ACKs) was received,
     * dropped at a port, lost on a link, or is still waiting at a port or on a
     * link: five separate counts
     */
    bool PacketBooksBalance() const;
    /// \return the CCT increase over the bound, in percent
    double CctIncreasePercent() const;
    /**
     * \param shown how many to name
     * \return the messages that did not complete, by id with their hosts ("4 (host 4 to 9)"),
     * comma-separated, the first \p shown of them and then how many more ("" if none)
     */
    std::string UnfinishedMessages(size_t shown) const;
    /// \return one JSON object with every field
    nlohmann::json ToJson() const;
    /// \return the switch buffers' and PFC's fields, one JSON object
    nlohmann::json BufferJson() const;
    /// \return a human-readable summary, several lines
    std::string Summary() const;
    /**
     * \return one CSV line per message, after a header: source, destination,
     * bytes, start, completion, completion time (all in ns), its own bound
     * alone on an idle fabric (ns) and the slowdown over it
     */
    std::string FlowsCsv() const;
};

} // namespace ns3

#endif /* FABRIC_LB_EXPERIMENT_RESULT_H */
