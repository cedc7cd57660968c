/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "run-bounds.h"

#include "experiment-lookup.h"
#include "fabric-bounds.h"
#include "fabric-helper.h"
#include "fabric-ranks.h"

#include "ns3/lower-bound.h"
#include "ns3/roce-nic.h"

#include <algorithm>
#include <iomanip>
#include <iostream>
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
/// A run is announced as long if its bound exceeds 1 s of simulated time (normal runs take
/// microseconds to milliseconds) or it expects more than 10^9 events (a quarter of an hour
/// or more of one core, at about a million a second); a packet costs about 4.4 events a hop,
/// its ACK's included (measured at k=4 and k=8).
constexpr uint64_t LONG_BOUND_PS = 1000000000000ULL;
constexpr double LONG_RUN_EVENTS = 1e9;
constexpr double EVENTS_PER_PACKET_HOP = 4.4;

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

/// Says on stderr that a run is expected to be long, from its bound \p boundPs and events.
void
AnnounceLongRun(const FabricBounds& bounds,
                const fabriclb::ConnectionMatrix& traffic,
                uint64_t boundPs)
{
    if (FabricRanks::Local() != 0)
    {
        return;
    }
    double packetHops = 0;
    for (const fabriclb::FlowLoad& flow : bounds.FlowLoads(traffic))
    {
        packetHops += static_cast<double>(flow.packets) * flow.hops;
    }
    const double events = EVENTS_PER_PACKET_HOP * packetHops;
    std::ostringstream line;
    line << std::setprecision(3);
    if (boundPs > LONG_BOUND_PS)
    {
        line << "fabric-lb: a long run: its bound alone is " << boundPs / 1e12
             << " s of simulated time (normal runs take microseconds to milliseconds; "
                "--linkRate, --linkDelay)";
    }
    else if (events > LONG_RUN_EVENTS)
    {
        line << "fabric-lb: a long run: about " << events
             << " events expected (at about a million a second, " << events / 3.6e9
             << " hours of one core)";
    }
    else
    {
        return;
    }
    std::cerr << line.str() << std::endl;
}

} // namespace

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
    AnnounceLongRun(bounds, traffic, boundPs);
    return run;
}

} // namespace ns3
