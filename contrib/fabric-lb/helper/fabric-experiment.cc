/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fabric-experiment.h"

#include "fat-tree-helper.h"

#include "ns3/collective-app.h"
#include "ns3/flow-monitor-helper.h"
#include "ns3/lb-scheme.h"
#include "ns3/log.h"
#include "ns3/lower-bound.h"
#include "ns3/random-variable-stream.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"
#include "ns3/workload.h"

#include <chrono>
#include <cstdio>
#include <iomanip>
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

/// The five switch stages that results report, in path order.
constexpr FabricStage REPORTED_STAGES[] = {FabricStage::EDGE_UP,
                                           FabricStage::AGG_UP,
                                           FabricStage::CORE_DOWN,
                                           FabricStage::AGG_DOWN,
                                           FabricStage::EDGE_DOWN};

/// Counts completed messages, stops the simulation after the last, and reports progress.
class CompletionTracker
{
  public:
    CompletionTracker(uint64_t total, bool progress)
        : m_total(total),
          m_progress(progress),
          m_wallStart(std::chrono::steady_clock::now()),
          m_lastReport(m_wallStart)
    {
    }

    void MessageAcked(uint32_t /* messageId */, uint32_t /* queuePair */)
    {
        m_lastCompletion = Simulator::Now();
        if (++m_completed == m_total)
        {
            Simulator::Stop();
        }
    }

    /**
     * Checks the wall clock every microsecond of simulated time and prints at
     * most once a second; stops ticking when nothing but the tick ran.
     */
    void Tick()
    {
        const uint64_t events = Simulator::GetEventCount();
        if (events == m_eventsAtLastTick + 1)
        {
            return;
        }
        m_eventsAtLastTick = events;
        const auto now = std::chrono::steady_clock::now();
        if (now - m_lastReport >= std::chrono::seconds(1))
        {
            m_lastReport = now;
            const double wall = std::chrono::duration<double>(now - m_wallStart).count();
            std::fprintf(stderr,
                         "\r[fabric-lb] sim %.3f us, %llu/%llu messages done, %.0f s wall   ",
                         Simulator::Now().GetSeconds() * 1e6,
                         static_cast<unsigned long long>(m_completed),
                         static_cast<unsigned long long>(m_total),
                         wall);
            m_printed = true;
        }
        Simulator::Schedule(MicroSeconds(1), &CompletionTracker::Tick, this);
    }

    void Start()
    {
        if (m_progress)
        {
            Simulator::Schedule(MicroSeconds(1), &CompletionTracker::Tick, this);
        }
    }

    void Finish() const
    {
        if (m_printed)
        {
            std::fprintf(stderr, "\n");
        }
    }

    uint64_t Completed() const
    {
        return m_completed;
    }

    Time LastCompletion() const
    {
        return m_lastCompletion;
    }

  private:
    uint64_t m_total;
    uint64_t m_completed{0};
    bool m_progress;
    bool m_printed{false};
    uint64_t m_eventsAtLastTick{0};
    Time m_lastCompletion;
    std::chrono::steady_clock::time_point m_wallStart;
    std::chrono::steady_clock::time_point m_lastReport;
};

} // namespace

bool
ExperimentResult::PacketBooksBalance() const
{
    return packetsSent + acksSent == packetsDelivered + acksDelivered + packetsDropped + inFlight;
}

double
ExperimentResult::CctIncreasePercent() const
{
    if (boundPs == 0)
    {
        return 0;
    }
    return 100.0 * (static_cast<double>(cctPs) - static_cast<double>(boundPs)) /
           static_cast<double>(boundPs);
}

nlohmann::json
ExperimentResult::ToJson() const
{
    nlohmann::json maxBytes;
    nlohmann::json maxPackets;
    nlohmann::json meanBytes;
    nlohmann::json meanPackets;
    nlohmann::json overload;
    for (FabricStage stage : REPORTED_STAGES)
    {
        const StageQueueStats& s = stages[static_cast<size_t>(stage)];
        overload[FabricStageName(stage)] = s.maxOverload;
        maxBytes[FabricStageName(stage)] = s.maxBytes;
        maxPackets[FabricStageName(stage)] = s.maxPackets;
        meanBytes[FabricStageName(stage)] = s.meanBytes;
        meanPackets[FabricStageName(stage)] = s.meanPackets;
    }
    return nlohmann::json{{"scheme", scheme},
                          {"workload", workload},
                          {"wire", wire},
                          {"k", k},
                          {"hosts", hosts},
                          {"msg_bytes", messageBytes},
                          {"msg_packets", messagePackets},
                          {"seed", seed},
                          {"run", run},
                          {"messages", messages},
                          {"messages_completed", messagesCompleted},
                          {"cct_ns", cctPs / 1000.0},
                          {"bound_ns", boundPs / 1000.0},
                          {"cct_increase_pct", CctIncreasePercent()},
                          {"max_queue_bytes", maxBytes},
                          {"max_queue_packets", maxPackets},
                          {"mean_queue_bytes", meanBytes},
                          {"mean_queue_packets", meanPackets},
                          {"q_mean_pkts", qMeanPackets},
                          {"max_queue_pkts", maxQueuePackets},
                          {"overload", overload},
                          {"packets_sent", packetsSent},
                          {"acks_sent", acksSent},
                          {"packets_delivered", packetsDelivered},
                          {"acks_delivered", acksDelivered},
                          {"in_flight", inFlight},
                          {"packets_dropped", packetsDropped},
                          {"packets_marked", packetsMarked},
                          {"losses_detected", lossesDetected},
                          {"packet_hops", packetHops},
                          {"wall_seconds", wallSeconds},
                          {"events", events}};
}

std::string
ExperimentResult::Summary() const
{
    std::ostringstream os;
    os << std::fixed << std::setprecision(3);
    os << "fabric-lb: " << workload << " of " << messageBytes << " B (" << messagePackets
       << " packets) under " << scheme << ", k=" << k << " (" << hosts << " hosts), " << wire
       << " wire, seed " << seed << " run " << run << "\n";
    os << "  CCT " << cctPs / 1e6 << " us, bound " << boundPs / 1e6 << " us, increase "
       << CctIncreasePercent() << " %\n";
    os << "  messages " << messagesCompleted << "/" << messages << ", data sent " << packetsSent
       << ", delivered " << packetsDelivered << ", dropped " << packetsDropped << ", marked "
       << packetsMarked << ", ACKs " << acksSent << ", in flight at the end " << inFlight << "\n";
    os << "  q(m) " << qMeanPackets << " data packets (time-averaged over switch ports), max queue "
       << maxQueuePackets << " data packets\n";
    os << "  stage       max queue (B)  max (pkts)  mean queue (B)  max overload\n";
    for (FabricStage stage : REPORTED_STAGES)
    {
        const StageQueueStats& s = stages[static_cast<size_t>(stage)];
        os << "  " << std::left << std::setw(10) << FabricStageName(stage) << std::right
           << std::setw(15) << s.maxBytes << std::setw(12) << s.maxPackets << std::setw(16)
           << s.meanBytes << std::setw(14) << s.maxOverload << "\n";
    }
    os << std::setprecision(2) << "  " << events << " events in " << wallSeconds << " s wall\n";
    return os.str();
}

uint32_t
ParseRadix(const std::string& text)
{
    const std::optional<uint32_t> k = ParseWholeInteger<uint32_t>(text);
    if (!k)
    {
        throw std::invalid_argument("fat-tree radix k must be a positive integer, got '" + text +
                                    "'");
    }
    fabriclb::FatTreeTopology topology(*k); // throws for an odd or too small k
    return *k;
}

std::vector<fabriclb::MessageSpec>
GenerateWorkload(const ExperimentConfig& config, uint32_t hosts)
{
    if (config.workload == "all-to-all")
    {
        return fabriclb::AllToAllWorkload(hosts, config.messageBytes);
    }
    Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
    rng->SetStream(WORKLOAD_STREAM);
    return fabriclb::PermutationWorkload(hosts,
                                         config.messageBytes,
                                         fabriclb::UniformIndexFrom(rng));
}

ExperimentResult
RunFabricExperiment(const ExperimentConfig& config)
{
    const fabriclb::LbScheme* scheme = fabriclb::FindLbScheme(config.lb);
    if (!scheme)
    {
        throw std::invalid_argument("unknown load-balancing scheme '" + config.lb +
                                    "' (--lb=help lists them)");
    }
    const auto& workloads = fabriclb::WorkloadNames();
    if (std::find(workloads.begin(), workloads.end(), config.workload) == workloads.end())
    {
        throw std::invalid_argument("unknown workload '" + config.workload +
                                    "' (permutation, all-to-all)");
    }
    if (config.messageBytes == 0)
    {
        throw std::invalid_argument("message size must be positive");
    }

    Ptr<FatTreeHelper> fabric = CreateObject<FatTreeHelper>();
    fabric->SetAttribute("SwitchDiscipline",
                         TypeIdValue(TypeId::LookupByName(scheme->switchDiscipline)));
    fabric->SetAttribute("HostPathPolicy", TypeIdValue(TypeId::LookupByName(scheme->hostPolicy)));
    const fabriclb::WireModel wire = fabric->GetWireModel(); // throws for an unknown model
    StringValue wireName;
    fabric->GetAttribute("Wire", wireName);
    fabric->SetAttribute(
        "MarkThresholdBytes",
        UintegerValue(static_cast<uint32_t>(scheme->markFraction * fabric->GetPortBufferBytes())));
    UintegerValue k;
    fabric->GetAttribute("K", k);
    fabriclb::FatTreeTopology topology(k.Get()); // throws std::invalid_argument for a bad k
    fabric->Build();
    fabric->AssignStreams(FABRIC_STREAMS);

    const uint32_t hosts = topology.HostCount();
    const std::vector<fabriclb::MessageSpec> messages = GenerateWorkload(config, hosts);

    std::vector<Ptr<CollectiveApp>> apps(hosts);
    for (uint32_t h = 0; h < hosts; ++h)
    {
        apps[h] = CreateObject<CollectiveApp>();
        fabric->GetHosts().Get(h)->AddApplication(apps[h]);
        apps[h]->SetStartTime(Seconds(0));
    }
    uint32_t maxHops = 0;
    for (uint32_t id = 0; id < messages.size(); ++id)
    {
        const fabriclb::MessageSpec& m = messages[id];
        apps[m.source]->AddMessage(fabric->GetHostAddress(m.destination),
                                   m.destination,
                                   m.bytes,
                                   id);
        maxHops = std::max(maxHops, topology.Hops(m.source, m.destination));
    }

    CompletionTracker tracker(messages.size(), config.progress);
    for (uint32_t h = 0; h < hosts; ++h)
    {
        fabric->GetNic(h)->SetFlowsPerHost(static_cast<double>(messages.size()) / hosts);
        fabric->GetNic(h)->TraceConnectWithoutContext(
            "MessageAcked",
            MakeCallback(&CompletionTracker::MessageAcked, &tracker));
    }

    ExperimentResult result;
    result.scheme = config.lb;
    result.workload = config.workload;
    result.wire = fabriclb::WireKindName(fabriclb::ParseWireKind(wireName.Get()));
    result.k = topology.K();
    result.hosts = hosts;
    result.messageBytes = config.messageBytes;
    result.messagePackets = fabric->GetNic(0)->PacketsFor(config.messageBytes);
    result.seed = RngSeedManager::GetSeed();
    result.run = RngSeedManager::GetRun();
    result.messages = messages.size();

    const fabriclb::WireModel boundWire = fabric->GetBoundWireModel();
    if (config.workload == "permutation")
    {
        for (const fabriclb::MessageSpec& m : messages)
        {
            result.boundPs =
                std::max(result.boundPs,
                         fabriclb::ComputePermutationBound(boundWire,
                                                           result.messagePackets,
                                                           topology.Hops(m.source, m.destination))
                             .completionPs);
        }
    }
    else
    {
        result.boundPs =
            fabriclb::ComputeAllToAllBound(boundWire, hosts, result.messagePackets, maxHops);
    }

    FlowMonitorHelper flowMonitorHelper;
    Ptr<FlowMonitor> flowMonitor;
    if (!config.flowMonitorFile.empty())
    {
        flowMonitor = flowMonitorHelper.Install(fabric->GetHosts());
    }

    tracker.Start();
    const auto wallStart = std::chrono::steady_clock::now();
    Simulator::Run();
    result.wallSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();
    tracker.Finish();
    if (flowMonitor)
    {
        flowMonitor->SerializeToXmlFile(config.flowMonitorFile, false, false);
    }

    result.messagesCompleted = tracker.Completed();
    result.cctPs = tracker.LastCompletion().GetPicoSeconds();
    result.events = Simulator::GetEventCount();
    const Time end = tracker.LastCompletion();
    const double linkBytesInSpan = fabric->GetLinkRate().GetBitRate() / 8.0 * end.GetSeconds();
    const double dataPacketBytes = wire.dataWireBytes;
    double switchQueueBytes = 0;
    uint32_t switchPorts = 0;
    for (const Ptr<PortMonitor>& monitor : fabric->GetPortMonitors())
    {
        const FabricStage stage = monitor->GetStage();
        const double meanBytes = monitor->GetMeanBytes(end);
        StageQueueStats& s = result.stages[static_cast<size_t>(stage)];
        if (stage != FabricStage::HOST_UP)
        {
            switchQueueBytes += meanBytes;
            ++switchPorts;
            result.maxQueuePackets =
                std::max(result.maxQueuePackets, monitor->GetMaxBytes() / dataPacketBytes);
        }
        if (linkBytesInSpan > 0)
        {
            s.maxOverload = std::max(s.maxOverload, monitor->GetBytesArrived() / linkBytesInSpan);
        }
        ++s.ports;
        s.maxBytes = std::max(s.maxBytes, monitor->GetMaxBytes());
        s.meanBytes += meanBytes;
        result.packetsDropped += monitor->GetDrops();
        result.packetsMarked += monitor->GetMarks();
        result.packetHops += monitor->GetPacketsForwarded();
        result.inFlight += monitor->GetPacketsWaiting() + monitor->GetPacketsOnLink();
    }
    result.qMeanPackets = switchQueueBytes / std::max<uint32_t>(switchPorts, 1) / dataPacketBytes;
    for (StageQueueStats& s : result.stages)
    {
        if (s.ports > 0)
        {
            s.meanBytes /= s.ports;
        }
        s.maxPackets = s.maxBytes / dataPacketBytes;
        s.meanPackets = s.meanBytes / dataPacketBytes;
    }
    for (uint32_t h = 0; h < hosts; ++h)
    {
        Ptr<RoceNic> nic = fabric->GetNic(h);
        result.packetsSent += nic->GetDataSent();
        result.acksSent += nic->GetAcksSent();
        result.packetsDelivered += nic->GetDataReceived();
        result.acksDelivered += nic->GetAcksReceived();
        result.lossesDetected += nic->GetLossesDetected();
    }

    fabric->Dispose();
    Simulator::Destroy();
    return result;
}

} // namespace ns3
