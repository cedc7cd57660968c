/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "experiment-config.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/fabric-lb-compat.h"
#include "ns3/integer.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"
#include "ns3/value-limits.h"

namespace ns3
{

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
                          MakeIntegerChecker<int32_t>(-1, fabriclb::ValueLimits::MAX_PARALLEL - 1))
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
                          "the bound, at least 200us, and twice what degraded links may take)",
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
                          MakeUintegerChecker<uint32_t>(0, fabriclb::ValueLimits::MAX_PARALLEL))
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
            .AddAttribute(
                "Workload",
                "the collective: permutation, all-to-all, incast, ring-allgather, "
                "ring-reducescatter, ring-allreduce, allreduce (with Algorithm), fsdp (with Model) "
                "matrix "
                "(with MatrixFile) or chakra (with TraceFile)",
                StringValue("permutation"),
                MakeStringAccessor(&ExperimentConfig::workload),
                MakeStringChecker())
            .AddAttribute("Group",
                          "ring collectives: hosts per ring (0: all hosts)",
                          UintegerValue(0),
                          MakeUintegerAccessor(&ExperimentConfig::group),
                          MakeUintegerChecker<uint32_t>(0, fabriclb::ValueLimits::MAX_FABRIC_WIDTH))
            .AddAttribute("Model",
                          "fsdp: the Llama-3 model, llama3-7b, llama3-70b or llama3-405b",
                          StringValue("llama3-7b"),
                          MakeStringAccessor(&ExperimentConfig::model),
                          MakeStringChecker())
            .AddAttribute("Layers",
                          "fsdp: backward-pass layer phases",
                          UintegerValue(1),
                          MakeUintegerAccessor(&ExperimentConfig::layers),
                          MakeUintegerChecker<uint32_t>(1, fabriclb::ValueLimits::MAX_STEPS))
            .AddAttribute("Algorithm",
                          "allreduce: ring (a ring all-reduce), tree (NCCL's double "
                          "binary tree) or hierarchical (in servers, across on rails, in "
                          "servers); allgather, reducescatter: ring or hierarchical",
                          StringValue("ring"),
                          MakeStringAccessor(&ExperimentConfig::algorithm),
                          MakeStringChecker())
            .AddAttribute(
                "ChunkBytes",
                "allreduce's tree: the largest chunk a tree edge carries at once "
                "(NCCL's Simple protocol: a 4 MiB buffer in 8 steps)",
                UintegerValue(524288),
                MakeUintegerAccessor(&ExperimentConfig::chunkBytes),
                MakeUintegerChecker<uint64_t>(1, fabriclb::ValueLimits::MAX_MESSAGE_BYTES))
            .AddAttribute(
                "MessageBytes",
                "bytes per message",
                UintegerValue(1048576),
                MakeUintegerAccessor(&ExperimentConfig::messageBytes),
                MakeUintegerChecker<uint64_t>(1, fabriclb::ValueLimits::MAX_MESSAGE_BYTES))
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
            .AddAttribute("QueueTimelineFile",
                          "write the bytes queued at each switch stage (and its fullest port) "
                          "every QueueTimelineInterval here as CSV",
                          StringValue(""),
                          MakeStringAccessor(&ExperimentConfig::queueTimelineFile),
                          MakeStringChecker())
            .AddAttribute(
                "QueueTimelineInterval",
                "the time between the queue timeline's instants",
                TimeValue(NanoSeconds(100)),
                MakeTimeAccessor(&ExperimentConfig::queueTimelineInterval),
                MakeTimeChecker(Time(0), PicoSeconds(fabriclb::ValueLimits::MAX_DELAY_PS)))
            .AddAttribute("MatrixFile",
                          "an htsim connection-matrix file, for the workload matrix",
                          StringValue(""),
                          MakeStringAccessor(&ExperimentConfig::matrixFile),
                          MakeStringChecker())
            .AddAttribute("TraceFile",
                          "the prefix of Chakra execution traces, one a rank "
                          "(PREFIX.0.et, PREFIX.1.et, ...), for the workload chakra",
                          StringValue(""),
                          MakeStringAccessor(&ExperimentConfig::traceFile),
                          MakeStringChecker())
            .AddAttribute(
                "Transport",
                "a transport stack, a registered name (fabriclb::TransportStacks), as the "
                "driver's --transport named it; fabriclb::ApplyTransportStack sets "
                "its parts as the defaults of Recovery, CongestionControl and "
                "FatTreeHelper::Trim (empty: none, each part its own default)",
                StringValue(""),
                MakeStringAccessor(&ExperimentConfig::transport),
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
                          "place of the workload: each job a workload on its hosts, with its "
                          "start, iterations, gap and own parameters as keys (\"tokens\": 64; "
                          "--workload=help lists each workload's)",
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

} // namespace ns3
