/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "run-bounds.h"

#include "experiment-lookup.h"
#include "experiment-memory.h"
#include "fabric-bounds.h"
#include "fabric-helper.h"
#include "fabric-ranks.h"

#include "ns3/lower-bound.h"
#include "ns3/nstime.h"
#include "ns3/roce-nic.h"
#include "ns3/roce-recovery-logic.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>
#include <stdexcept>

namespace ns3
{

namespace
{

/// ns-3's picosecond clock ends at 2^63 - 1 ps, 106 days: a run's bound must stay within a
/// quarter of it (EstimateBoundCeilingPs), and a run ends at the latest at half of it, so that
/// no time it computes or schedules overflows.
constexpr uint64_t CLOCK_END_PS = INT64_MAX;
constexpr double LONGEST_BOUND_PS = CLOCK_END_PS / 4.0;
constexpr uint64_t LATEST_TIME_LIMIT_PS = CLOCK_END_PS / 2;
/// The automatic time limit: this many times the bound, this many times what the degraded links
/// may take (an upper estimate already; the margin for the packets that senders add for losses
/// they learn of), and at least 200 us.
constexpr uint64_t TIME_LIMIT_BOUNDS = 50;
constexpr double TIME_LIMIT_SLOW_LINKS = 2;
constexpr uint64_t SHORTEST_TIME_LIMIT_PS = 200000000;
/// The largest RunLimits::MaxEvents: 10^15 events, about 30 years of one core.
constexpr uint64_t MAX_EVENTS_LIMIT = 1000000000000000ULL;
/// A run is announced as long if its bound exceeds 1 s of simulated time (normal runs take
/// microseconds to milliseconds) or it expects more than 10^9 events (a quarter of an hour
/// or more of one core, at about a million a second).
constexpr uint64_t LONG_BOUND_PS = 1000000000000ULL;
constexpr double LONG_RUN_EVENTS = 1e9;
/// Events a second of one core, for the hours a run is said to take.
constexpr double EVENTS_PER_SECOND = 1e6;

/// Refuses traffic whose bound could outlast ns-3's clock (throws std::invalid_argument).
void
CheckDuration(const FabricBounds& bounds,
              const FabricHelper& fabric,
              const fabriclb::ConnectionMatrix& traffic,
              uint64_t flowGapPs)
{
    const double estimatePs = fabriclb::EstimateBoundCeilingPs(fabric.GetBoundWireModel(),
                                                               bounds.FlowLoads(traffic),
                                                               flowGapPs,
                                                               !traffic.triggers.empty());
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

/// \return \p value with 3 significant digits, or whole from 1000 to a million
std::string
Rounded(double value)
{
    std::ostringstream text;
    if (value >= 1e3 && value < 1e6)
    {
        text << std::llround(value);
    }
    else
    {
        text << std::setprecision(3) << value;
    }
    return text.str();
}

/// \return the hours of one core that \p events take, in words
std::string
HoursInWords(double events)
{
    return "(at about a million a second, " + Rounded(events / EVENTS_PER_SECOND / 3600) +
           " hours of one core)";
}

/// \return what \p work's senders add while they wait for a first ACK, in words ("" if nothing)
std::string
AddedInWords(const fabriclb::RunWork& work)
{
    if (work.addedPackets == 0)
    {
        return "";
    }
    return "; its senders add about " + Rounded(work.addedPackets) + " packets to their " +
           Rounded(work.messagePackets) + " while they wait up to " +
           Rounded(work.longestWaitPs / 1e12) + " s for a first ACK, resending every " +
           Rounded(work.overduePs / 1e6) + " us";
}

/**
 * \return \p traffic's work on \p fabric (fabriclb::EstimateRunWork): each message's first
 * round trip alone from \p bounds, the NICs' first timeout from their InitialRtt
 */
fabriclb::RunWork
EstimateWork(const FabricBounds& bounds,
             const FabricHelper& fabric,
             const fabriclb::ConnectionMatrix& traffic)
{
    const fabriclb::FabricTopology& topology = fabric.GetTopology();
    Ptr<RoceNic> nic = fabric.GetNic(0);
    TimeValue initialRtt;
    nic->GetAttribute("InitialRtt", initialRtt);
    const uint64_t overduePs =
        fabriclb::RttEstimator(initialRtt.Get().GetPicoSeconds()).OverduePs();
    std::vector<fabriclb::MessageWork> messages;
    for (const fabriclb::MatrixFlow& flow : traffic.flows)
    {
        fabriclb::MatrixFlow first = flow;
        first.bytes = 1;
        messages.push_back({flow.source,
                            nic->PacketsFor(flow.bytes),
                            topology.Hops(flow.source, flow.destination),
                            bounds.LoneBoundOf(first).ps});
    }
    // A sender's port puts a data packet out at best at its fabric ports' rate, or NVLink's;
    // every link's delay holds that many packets each way.
    const FabricBounds::Wires& wires = bounds.GetWires();
    const auto packetPs = [](const fabriclb::WireModel& wire) {
        return static_cast<double>(wire.DataPs() + wire.GapPs());
    };
    const auto held = [&](const fabriclb::WireModel& wire) {
        return 2 * static_cast<double>(wire.linkDelayPs) / packetPs(wire);
    };
    double fastestPs = packetPs(wires.hostLinks);
    const double hostPorts = static_cast<double>(topology.HostCount()) * topology.HostPorts();
    double wiresHold = (topology.LinkCount() + hostPorts) * held(wires.plane);
    if (topology.HostsPerServer() > 1)
    {
        fastestPs = std::min(fastestPs, packetPs(wires.server));
        wiresHold += topology.HostCount() * held(wires.server);
    }
    // Nor more than the senders' paths hold: each sender's longest path, its links' delay both
    // ways (a job on a part of a large fabric leaves the rest of its links empty).
    std::map<uint32_t, uint32_t> longestPath;
    for (const fabriclb::MessageWork& message : messages)
    {
        uint32_t& hops = longestPath[message.source];
        hops = std::max(hops, message.hops);
    }
    double sendersHold = 0;
    for (const auto& [source, hops] : longestPath)
    {
        sendersHold += hops * held(wires.plane);
    }
    wiresHold = std::min(wiresHold, sendersHold);
    return fabriclb::EstimateRunWork(messages, overduePs, fastestPs, wiresHold);
}

/**
 * Refuses a run whose \p work needs more memory than the machine has, or more events than
 * RunLimits::MaxEvents (throws std::invalid_argument); announces the memory a large fabric's
 * run expects.
 */
void
CheckWork(const FabricHelper& fabric,
          const fabriclb::ConnectionMatrix& traffic,
          const fabriclb::RunWork& work)
{
    TrafficMemory memory;
    memory.messages = static_cast<double>(traffic.flows.size());
    memory.packetsSent = work.messagePackets + work.addedPackets;
    memory.packetsInFlight = work.inFlight;
    memory.acksInFlight = work.acksInFlight;
    CheckTrafficMemory(fabric.GetTopology(),
                       memory,
                       std::to_string(traffic.flows.size()) + " messages",
                       " (" + Rounded(memory.packetsSent) + " data packets sent, up to " +
                           Rounded(memory.packetsInFlight + memory.acksInFlight) +
                           " packets on the links at once" + AddedInWords(work) +
                           "; --msgBytes, --linkDelay, --linkRate)");
    if (FabricRanks::Local() == 0)
    {
        AnnounceMemory(fabric.GetTopology(), memory);
    }
    const RunLimits limits;
    if (limits.maxEvents > 0 && work.events > static_cast<double>(limits.maxEvents))
    {
        throw std::invalid_argument(
            "this run expects about " + Rounded(work.events) + " events " +
            HoursInWords(work.events) + AddedInWords(work) +
            ", above ns3::RunLimits::MaxEvents = " + std::to_string(limits.maxEvents) +
            ": to run it anyway, raise that (--ns3::RunLimits::MaxEvents=0: no limit)");
    }
}

/// Says on stderr that a run is expected to be long, from its bound \p boundPs and \p work.
void
AnnounceLongRun(const fabriclb::RunWork& work, uint64_t boundPs)
{
    if (FabricRanks::Local() != 0)
    {
        return;
    }
    const bool longBound = boundPs > LONG_BOUND_PS;
    const bool manyEvents = work.events > LONG_RUN_EVENTS;
    if (!longBound && !manyEvents)
    {
        return;
    }
    std::ostringstream line;
    line << std::setprecision(3) << "fabric-lb: a long run: ";
    if (longBound)
    {
        line << "its bound alone is " << boundPs / 1e12
             << " s of simulated time (normal runs take microseconds to milliseconds; "
                "--linkRate, --linkDelay)"
             << (manyEvents ? "; " : "");
    }
    if (manyEvents)
    {
        line << "about " << Rounded(work.events) << " events expected " << HoursInWords(work.events)
             << AddedInWords(work);
    }
    std::cerr << line.str() << std::endl;
}

} // namespace

NS_OBJECT_ENSURE_REGISTERED(RunLimits);

TypeId
RunLimits::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RunLimits")
            .SetParent<ObjectBase>()
            .SetGroupName("FabricLb")
            .AddAttribute("MaxEvents",
                          "the most simulated events a run may expect, estimated before it "
                          "starts (about 4.4 a data packet a hop; 10^10 is 3 hours of one core "
                          "at a million a second): a run expecting more is refused (0: no limit)",
                          UintegerValue(10000000000ULL),
                          MakeUintegerAccessor(&RunLimits::maxEvents),
                          MakeUintegerChecker<uint64_t>(0, MAX_EVENTS_LIMIT));
    return tid;
}

TypeId
RunLimits::GetInstanceTypeId() const
{
    return GetTypeId();
}

RunLimits::RunLimits()
{
    ConstructSelf(AttributeConstructionList());
}

RunBounds
ComputeRunBounds(const FabricBounds& bounds,
                 const FabricHelper& fabric,
                 const fabriclb::ConnectionMatrix& traffic,
                 fabriclb::CollectiveBound kind,
                 const JobSet* jobs,
                 uint32_t hosts,
                 uint64_t flowGapPs,
                 uint64_t timeLimitPs,
                 const std::vector<double>& linkCapacities,
                 std::optional<uint64_t> backgroundMaxBytes)
{
    CheckDuration(bounds, fabric, traffic, flowGapPs);
    RunBounds run;
    FabricBounds::Traffic all = bounds.BoundOf(traffic, kind, hosts);
    run.messageBoundsPs = std::move(all.messageBoundsPs);
    run.boundPs = all.boundPs;
    if (jobs)
    {
        // Each job cannot finish before its iterations could alone, one after another: the
        // latest of them bounds the whole.
        run.boundPs = 0;
        bool everyJob = true;
        for (uint32_t j = 0; j < jobs->Jobs().size(); ++j)
        {
            const fabriclb::JobSpec& job = jobs->Jobs()[j];
            const FabricBounds::Traffic alone =
                bounds.BoundOf(jobs->IterationTraffic(j),
                               CollectiveNamed(job.workload).bound,
                               static_cast<uint32_t>(job.hosts.size()));
            run.jobBoundsPs.push_back(alone.boundPs);
            everyJob = everyJob && alone.boundPs > 0;
            run.boundPs = std::max(run.boundPs,
                                   job.startPs + job.iterations * alone.boundPs +
                                       (job.iterations - 1) * job.gapPs);
            all.pacedBoundPs = std::max(all.pacedBoundPs, alone.pacedBoundPs);
        }
        if (!everyJob)
        {
            run.boundPs = 0;
        }
    }
    const uint64_t boundPs = std::max(run.boundPs, all.pacedBoundPs);
    run.timeLimitPs = timeLimitPs;
    if (run.timeLimitPs == 0)
    {
        // A flow pinned to a black hole, a lossy link's endless retransmissions, a trigger that
        // never fires: every run gives up well after its bound.
        uint64_t longestPs = boundPs;
        if (backgroundMaxBytes)
        {
            // Background flows arriving as the collective ends may be the largest there are:
            // they too have their bound's times over.
            const uint32_t hops = fabric.GetTopology().LongestPathHops();
            longestPs = std::max(
                longestPs,
                fabriclb::ComputeLoneMessageBound(bounds.GetWires().hostLinks,
                                                  fabric.GetNic(0)->PacketsFor(*backgroundMaxBytes),
                                                  hops));
        }
        // A flow over a degraded link (at line rate, or ECMP's pinned) may take the link's
        // rate for all of it: the bound, which splits every flow ideally, does not see that.
        const double slowLinksPs =
            TIME_LIMIT_SLOW_LINKS * fabriclb::EstimateSlowLinkPs(bounds.GetWires().plane,
                                                                 fabric.GetTopology(),
                                                                 linkCapacities,
                                                                 bounds.FlowLoads(traffic));
        run.timeLimitPs = longestPs >= LATEST_TIME_LIMIT_PS / TIME_LIMIT_BOUNDS
                              ? LATEST_TIME_LIMIT_PS
                              : std::max(TIME_LIMIT_BOUNDS * longestPs, SHORTEST_TIME_LIMIT_PS);
        if (slowLinksPs > static_cast<double>(run.timeLimitPs))
        {
            run.timeLimitPs = slowLinksPs >= static_cast<double>(LATEST_TIME_LIMIT_PS)
                                  ? LATEST_TIME_LIMIT_PS
                                  : static_cast<uint64_t>(slowLinksPs);
        }
    }
    const fabriclb::RunWork work = EstimateWork(bounds, fabric, traffic);
    CheckWork(fabric, traffic, work);
    AnnounceLongRun(work, boundPs);
    return run;
}

} // namespace ns3
