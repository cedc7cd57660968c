/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_EXPERIMENT_CONFIG_H
#define FABRIC_LB_EXPERIMENT_CONFIG_H

#include "ns3/data-rate.h"
#include "ns3/nstime.h"
#include "ns3/object-base.h"

#include <cstdint>
#include <string>

namespace ns3
{

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

    /// \return whether the run fails links: named ones or at random
    bool FailsLinks() const
    {
        return !links.empty() || probability > 0;
    }
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

    std::string topology;          //!< the fabric, a registered name (fabriclb::TopologyKinds)
    uint32_t planes;               //!< identical planes of it (fabriclb::MultiPlaneTopology)
    DataRate planeRate;            //!< with several planes, every link's rate (0: LinkRate)
    std::string lb;                //!< scheme name (fabriclb::LbSchemes); empty: the fabric's
    std::string workload;          //!< collective name (fabriclb::Collectives)
    uint32_t group;                //!< ring collectives: hosts per ring (0: all)
    std::string model;             //!< fsdp: the Llama-3 model (fabriclb::LlamaModels)
    uint32_t layers;               //!< fsdp: backward-pass layer phases
    std::string algorithm;         //!< allreduce: ring or tree
    uint64_t chunkBytes;           //!< allreduce's tree: the largest chunk
    uint64_t messageBytes;         //!< bytes per message
    bool progress;                 //!< report progress on stderr about once a second
    std::string flowMonitorFile;   //!< if set, FlowMonitor watches every host and writes XML here
    std::string pfcTimelineFile;   //!< if set, every pause and resume is written here
    std::string queueTimelineFile; //!< if set, the switch stages' queues over time go here
    Time queueTimelineInterval;    //!< between the queue timeline's instants
    std::string matrixFile;        //!< the connection matrix of workload "matrix"
    std::string traceFile;         //!< the Chakra traces' prefix of workload "chakra"
    std::string transport;         //!< transport stack (fabriclb::TransportStacks); empty: none
    std::string recovery; //!< loss recovery (fabriclb::RecoveryStrategies); empty: RoceNic's
    std::string cc;       //!< congestion control (fabriclb::CongestionControls); empty: RoceNic's
    std::string jobsFile; //!< several jobs (fabriclb::ReadJobsFile) in place of the workload
    bool jobsAlone;       //!< with several jobs or background, also run each job alone
    FailureSpec failures; //!< link failures, if any
};

} // namespace ns3

#endif /* FABRIC_LB_EXPERIMENT_CONFIG_H */
