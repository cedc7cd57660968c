/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "experiment-result.h"

#include <iomanip>
#include <sstream>

namespace ns3
{

bool
ExperimentResult::PacketBooksBalance() const
{
    return packetsSent + acksSent == packetsDelivered + headersDelivered + acksDelivered +
                                         packetsDropped + linkDrops + inFlight;
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

std::string
ExperimentResult::UnfinishedMessages(size_t shown) const
{
    std::ostringstream os;
    size_t unfinished = 0;
    for (size_t id = 0; id < messageRecords.size(); ++id)
    {
        const MessageRecord& m = messageRecords[id];
        if (m.completionPs >= 0)
        {
            continue;
        }
        if (unfinished < shown)
        {
            os << (unfinished > 0 ? ", " : "") << id << " (host " << m.source << " to "
               << m.destination << ")";
        }
        ++unfinished;
    }
    if (unfinished > shown)
    {
        os << (shown > 0 ? " and " : "") << unfinished - shown << " more";
    }
    return os.str();
}

nlohmann::json
ExperimentResult::ToJson() const
{
    nlohmann::json maxBytes;
    nlohmann::json maxPackets;
    nlohmann::json meanBytes;
    nlohmann::json meanPackets;
    nlohmann::json overload;
    nlohmann::json overShare;
    nlohmann::json stageNames = nlohmann::json::array();
    for (const auto& [stage, name] : switchStages)
    {
        const StageQueueStats& s = stages[static_cast<size_t>(stage)];
        overload[name] = s.maxOverload;
        overShare[name] = s.overShare;
        maxBytes[name] = s.maxBytes;
        maxPackets[name] = s.maxPackets;
        meanBytes[name] = s.meanBytes;
        meanPackets[name] = s.meanPackets;
        stageNames.push_back(name);
    }
    nlohmann::json json{
        {"scheme", scheme},
        {"workload", workload},
        {"wire", wire},
        {"recovery", recovery},
        {"cc", cc},
        {"transport", transport},
        {"topology", topology},
        {"fabric", fabric},
        {"stages", stageNames},
        {"k", k},
        {"hosts", hosts},
        {"msg_bytes", messageBytes},
        {"msg_packets", messagePackets},
        {"seed", seed},
        {"run", run},
        {"messages", messages},
        {"messages_completed", messagesCompleted},
        {"cct_ns", cctPs / 1000.0},
        {"bound_ns", boundPs > 0 ? nlohmann::json(boundPs / 1000.0) : nullptr},
        {"cct_increase_pct", boundPs > 0 ? nlohmann::json(CctIncreasePercent()) : nullptr},
        {"max_queue_bytes", maxBytes},
        {"max_queue_packets", maxPackets},
        {"mean_queue_bytes", meanBytes},
        {"mean_queue_packets", meanPackets},
        {"q_mean_pkts", qMeanPackets},
        {"max_queue_pkts", maxQueuePackets},
        {"overload", overload},
        {"over_share", overShare},
        {"packets_sent", packetsSent},
        {"acks_sent", acksSent},
        {"packets_delivered", packetsDelivered},
        {"trimmed_headers_delivered", headersDelivered},
        {"acks_delivered", acksDelivered},
        {"in_flight", inFlight},
        {"packets_dropped", packetsDropped},
        {"packets_trimmed", packetsTrimmed},
        {"link_drops", linkDrops},
        {"packets_marked", packetsMarked},
        {"mark_threshold_bytes", markThresholdBytes},
        {"red_marking", redMarking},
        {"losses_detected", lossesDetected},
        {"retransmissions", retransmissions},
        {"timeouts", timeouts},
        {"nacks", nacks},
        {"cnps", cnps},
        {"credit_grants", grants},
        {"mean_final_rate_gbps", meanFinalRateBps / 1e9},
        {"min_final_rate_gbps", minFinalRateBps / 1e9},
        {"packet_hops", packetHops},
        {"failed_links", failedLinks},
        {"rho_max_gbps",
         failedLinks.empty() ? nlohmann::json(nullptr) : nlohmann::json(rhoMaxGbps)},
        {"convergence_ns",
         failedLinks.empty() ? nlohmann::json(nullptr) : nlohmann::json(convergencePs / 1000.0)},
        {"converged", converged},
        {"blackhole_drops", blackHoleDrops},
        {"wall_seconds", wallSeconds},
        {"events", events}};
    if (!planeShares.empty())
    {
        json["plane_shares"] = planeShares;
    }
    if (buffer.present)
    {
        json["pause_frames_sent"] = buffer.PauseFramesSent();
        json["pfc"] = BufferJson();
    }
    if (background.present)
    {
        json["background"] = background.ToJson();
    }
    if (compute.present)
    {
        json["compute"] = {
            {"computes", compute.computes},
            {"busiest_gpu_compute_ns", compute.busiestGpuPs / 1000.0},
            {"communication_ns", compute.communicationPs / 1000.0},
            {"exposed_communication_ns", compute.ExposedCommunicationPs(cctPs) / 1000.0}};
    }
    if (!jobs.empty())
    {
        json["jobs"] = nlohmann::json::array();
        for (const JobResult& job : jobs)
        {
            json["jobs"].push_back(job.ToJson());
        }
    }
    return json;
}

uint64_t
BufferResult::PauseFramesSent() const
{
    uint64_t sent = 0;
    for (const StagePfcStats& stage : stages)
    {
        sent += stage.pauseFramesSent;
    }
    return sent;
}

nlohmann::json
ExperimentResult::BufferJson() const
{
    nlohmann::json sent;
    nlohmann::json received;
    nlohmann::json pauses;
    nlohmann::json paused;
    nlohmann::json longest;
    nlohmann::json portsPaused;
    std::vector<std::pair<FabricStage, std::string>> named{
        {FabricStage::HOST_UP, FabricStageName(FabricStage::HOST_UP)}};
    named.insert(named.end(), switchStages.begin(), switchStages.end());
    for (const auto& [stage, name] : named)
    {
        const StagePfcStats& s = buffer.stages[static_cast<size_t>(stage)];
        sent[name] = s.pauseFramesSent;
        received[name] = s.pauseFramesReceived;
        pauses[name] = s.pauses;
        paused[name] = s.pausedUs;
        longest[name] = s.longestPauseUs;
        portsPaused[name] = s.portsPaused;
    }
    return {{"lossless", buffer.pfc},
            {"sharing", buffer.sharing},
            {"pause_frames_sent", sent},
            {"pause_frames_received", received},
            {"pauses", pauses},
            {"paused_us", paused},
            {"longest_pause_us", longest},
            {"ports_paused", portsPaused},
            {"xoffs", buffer.xoffs},
            {"headroom_bytes", buffer.headroomBytes},
            {"max_headroom_bytes", buffer.maxHeadroomBytes},
            {"max_shared_bytes", buffer.maxSharedBytes},
            {"headroom_overflows", buffer.headroomOverflows},
            {"buffer_drops", buffer.bufferDrops},
            {"watchdog_drops", buffer.watchdogDrops},
            {"watchdog_trips", buffer.watchdogTrips},
            {"buffer_bytes_at_end", buffer.bytesAtEnd},
            {"pause_frames_in_flight", buffer.pausesOnLinks},
            {"deadlock", buffer.deadlock}};
}

std::string
ExperimentResult::Summary() const
{
    std::ostringstream os;
    os << std::fixed << std::setprecision(3);
    os << "fabric-lb: " << workload << " of " << messageBytes << " B (" << messagePackets
       << " packets) under " << scheme << ", " << fabric << " (" << hosts << " hosts), " << wire
       << " wire, seed " << seed << " run " << run << "\n";
    if (boundPs > 0)
    {
        os << "  CCT " << cctPs / 1e6 << " us, bound " << boundPs / 1e6 << " us, increase "
           << CctIncreasePercent() << " %\n";
    }
    else
    {
        os << "  CCT " << cctPs / 1e6 << " us (no bound: messages wait for others' triggers)\n";
    }
    os << "  messages " << messagesCompleted << "/" << messages << ", data sent " << packetsSent
       << ", delivered " << packetsDelivered << ", dropped " << packetsDropped << ", trimmed "
       << packetsTrimmed << ", marked " << packetsMarked << ", lost on links " << linkDrops
       << ", ACKs " << acksSent << ", in flight at the end " << inFlight << "\n";
    os << "  " << recovery << " recovery, " << cc << " congestion control: losses detected "
       << lossesDetected << ", retransmissions " << retransmissions << ", timeouts " << timeouts
       << ", NACKs " << nacks << ", CNPs " << cnps << ", grants " << grants << "; final rate mean "
       << meanFinalRateBps / 1e9 << " Gb/s, min " << minFinalRateBps / 1e9 << " Gb/s\n";
    if (!failedLinks.empty())
    {
        os << "  " << failedLinks.size() << " link(s) failed, rho_max " << rhoMaxGbps
           << " Gb/s, convergence ";
        if (convergencePs < 0)
        {
            os << "never";
        }
        else
        {
            os << convergencePs / 1e6 << " us";
        }
        os << ": " << (converged ? "converged during the run" : "not converged during the run")
           << ", " << blackHoleDrops << " packets lost in black holes\n";
    }
    if (!planeShares.empty())
    {
        os << "  planes' shares of the hosts' bytes:";
        for (double share : planeShares)
        {
            os << " " << share;
        }
        os << "\n";
    }
    os << "  q(m) " << qMeanPackets << " data packets (time-averaged over switch ports), max queue "
       << maxQueuePackets << " data packets\n";
    os << "  stage       max queue (B)  max (pkts)  mean queue (B)  max overload  over share\n";
    for (const auto& [stage, name] : switchStages)
    {
        const StageQueueStats& s = stages[static_cast<size_t>(stage)];
        os << "  " << std::left << std::setw(10) << name << std::right << std::setw(15)
           << s.maxBytes << std::setw(12) << s.maxPackets << std::setw(16) << s.meanBytes
           << std::setw(14) << s.maxOverload << std::setw(12) << s.overShare << "\n";
    }
    if (background.present)
    {
        const fabriclb::SlowdownSummary& s = background.slowdowns;
        os << "  background " << background.distribution << " at load " << background.load << ": "
           << background.flowsCompleted << "/" << background.flows
           << " flows completed, slowdown p50 " << s.p50 << ", p95 " << s.p95 << ", p99 " << s.p99
           << "\n";
    }
    if (!jobs.empty())
    {
        os << "  job             hosts  iterations  mean CCT (us)  bound (us)  alone (us)  "
              "slowdown\n";
        for (const JobResult& job : jobs)
        {
            os << "  " << std::left << std::setw(14) << job.name << std::right << std::setw(7)
               << job.hosts << std::setw(12) << job.cctPs.size() << std::setw(15)
               << job.MeanCctPs() / 1e6 << std::setw(12) << job.boundPs / 1e6 << std::setw(12)
               << job.MeanAloneCctPs() / 1e6 << std::setw(10) << job.Slowdown() << "\n";
        }
    }
    os << std::setprecision(2) << "  " << events << " events in " << wallSeconds << " s wall\n";
    return os.str();
}

namespace
{
/// \return the mean of \p values, -1 if it is empty or holds a -1
double
MeanOrUnknown(const std::vector<int64_t>& values)
{
    double sum = 0;
    for (int64_t v : values)
    {
        if (v < 0)
        {
            return -1;
        }
        sum += static_cast<double>(v);
    }
    return values.empty() ? -1 : sum / static_cast<double>(values.size());
}

/// \return \p values in ns, null for -1
nlohmann::json
NanosecondsOrNull(const std::vector<int64_t>& values)
{
    nlohmann::json list = nlohmann::json::array();
    for (int64_t v : values)
    {
        list.push_back(v < 0 ? nlohmann::json(nullptr) : nlohmann::json(v / 1000.0));
    }
    return list;
}
} // namespace

nlohmann::json
BackgroundResult::ToJson() const
{
    nlohmann::json buckets = nlohmann::json::array();
    for (const fabriclb::SlowdownBucket& b : slowdowns.buckets)
    {
        buckets.push_back({{"min_bytes", b.minBytes},
                           {"max_bytes", b.maxBytes},
                           {"flows", b.flows},
                           {"slowdown_p50", b.p50},
                           {"slowdown_p95", b.p95},
                           {"slowdown_p99", b.p99},
                           {"slowdown_mean", b.mean}});
    }
    return {{"distribution", distribution},
            {"load", load},
            {"flows", flows},
            {"flows_completed", flowsCompleted},
            {"bytes", bytes},
            {"slowdown_p50", slowdowns.p50},
            {"slowdown_p95", slowdowns.p95},
            {"slowdown_p99", slowdowns.p99},
            {"slowdown_mean", slowdowns.mean},
            {"buckets", buckets}};
}

std::string
BackgroundResult::Csv() const
{
    std::ostringstream os;
    os << "min_bytes,max_bytes,flows,slowdown_p50,slowdown_p95,slowdown_p99,slowdown_mean\n";
    const auto row = [&os](const fabriclb::SlowdownBucket& b) {
        os << b.minBytes << "," << b.maxBytes << "," << b.flows << "," << b.p50 << "," << b.p95
           << "," << b.p99 << "," << b.mean << "\n";
    };
    for (const fabriclb::SlowdownBucket& b : slowdowns.buckets)
    {
        row(b);
    }
    // Every flow: the whole range.
    row({0,
         UINT64_MAX,
         slowdowns.flows,
         slowdowns.p50,
         slowdowns.p95,
         slowdowns.p99,
         slowdowns.mean});
    return os.str();
}

double
JobResult::MeanCctPs() const
{
    return MeanOrUnknown(cctPs);
}

double
JobResult::MeanAloneCctPs() const
{
    return MeanOrUnknown(aloneCctPs);
}

double
JobResult::Slowdown() const
{
    const double shared = MeanCctPs();
    const double alone = MeanAloneCctPs();
    return shared > 0 && alone > 0 ? shared / alone : 0;
}

nlohmann::json
JobResult::ToJson() const
{
    const double mean = MeanCctPs();
    return {
        {"name", name},
        {"workload", workload},
        {"hosts", hosts},
        {"start_ns", startPs / 1000.0},
        {"iterations", cctPs.size()},
        {"cct_ns", NanosecondsOrNull(cctPs)},
        {"mean_cct_ns", mean < 0 ? nlohmann::json(nullptr) : nlohmann::json(mean / 1000.0)},
        {"bound_ns", boundPs > 0 ? nlohmann::json(boundPs / 1000.0) : nullptr},
        {"cct_increase_pct",
         boundPs > 0 && mean >= 0 ? nlohmann::json(100.0 * (mean - boundPs) / boundPs) : nullptr},
        {"alone_cct_ns", NanosecondsOrNull(aloneCctPs)},
        {"mean_alone_cct_ns",
         MeanAloneCctPs() < 0 ? nlohmann::json(nullptr)
                              : nlohmann::json(MeanAloneCctPs() / 1000.0)},
        {"slowdown", Slowdown() > 0 ? nlohmann::json(Slowdown()) : nullptr}};
}

std::string
ExperimentResult::FlowsCsv() const
{
    std::ostringstream os;
    os << "source,destination,bytes,start_ns,completion_ns,fct_ns,bound_ns,slowdown\n";
    for (const MessageRecord& m : messageRecords)
    {
        os << m.source << "," << m.destination << "," << m.bytes << ",";
        if (m.startPs >= 0)
        {
            os << m.startPs / 1e3;
        }
        if (m.startPs < 0 || m.completionPs < 0)
        {
            os << ",,," << m.boundPs / 1e3 << ",\n"; // never started, or never completed
            continue;
        }
        const int64_t fctPs = m.completionPs - m.startPs;
        os << "," << m.completionPs / 1e3 << "," << fctPs / 1e3 << "," << m.boundPs / 1e3 << ","
           << static_cast<double>(fctPs) / m.boundPs << "\n";
    }
    return os.str();
}

} // namespace ns3
