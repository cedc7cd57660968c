/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "lower-bound.h"

#include <algorithm>
#include <functional>
#include <map>
#include <queue>
#include <stdexcept>
#include <string>

namespace ns3
{
namespace fabriclb
{

PermutationBound
ComputePermutationBound(const WireModel& wire, uint32_t packets, uint32_t hops)
{
    if (packets == 0 || hops == 0)
    {
        throw std::invalid_argument("permutation bound needs at least one packet and one hop");
    }
    const uint64_t td = wire.DataPs();
    const uint64_t ta = wire.AckPs();
    const uint64_t tg = wire.GapPs();
    const uint64_t d = td + tg;
    const uint64_t a = ta + tg;
    const uint64_t p = hops * wire.linkDelayPs;

    PermutationBound bound{};
    bound.firstArrivalPs = p + hops * td;
    const uint64_t beforeFirstAck = p + (hops - 1) * td;
    bound.dataBeforeAck = static_cast<uint32_t>((beforeFirstAck + d - 1) / d + 1);

    const uint64_t burst = std::min<uint64_t>(bound.dataBeforeAck, packets);
    const uint64_t lastDataBitsLeave = burst * d + (packets - burst) * (a + d) - tg;
    bound.completionPs = lastDataBitsLeave + (hops - 1) * td + p + hops * ta + p;
    return bound;
}

uint64_t
ComputeAllToAllBound(const WireModel& wire, uint32_t hosts, uint32_t packets, uint32_t hops)
{
    if (hosts < 2 || packets == 0 || hops == 0)
    {
        throw std::invalid_argument("all-to-all bound needs two hosts, one packet and one hop");
    }
    const uint64_t d = wire.DataPs() + wire.GapPs();
    const uint64_t a = wire.AckPs() + wire.GapPs();
    const uint64_t perHost = static_cast<uint64_t>(hosts - 1) * packets;
    return perHost * (d + a) - wire.GapPs() + hops * wire.linkDelayPs + (hops - 1) * wire.AckPs();
}

uint64_t
ComputeLoneMessageBound(const WireModel& wire, uint32_t packets, uint32_t hops)
{
    if (packets == 0 || hops == 0)
    {
        throw std::invalid_argument("a message bound needs at least one packet and one hop");
    }
    const uint64_t p = hops * wire.linkDelayPs;
    return packets * (wire.DataPs() + wire.GapPs()) - wire.GapPs() + (hops - 1) * wire.DataPs() +
           p + hops * wire.AckPs() + p;
}

uint64_t
ComputeArrivalBound(const WireModel& wire, uint32_t packets, uint32_t hops)
{
    return ComputeLoneMessageBound(wire, packets, hops) - hops * wire.AckPs() -
           hops * wire.linkDelayPs;
}

std::vector<std::optional<uint64_t>>
ComputeEarliestStarts(const ConnectionMatrix& matrix,
                      const std::vector<uint64_t>& arrivalPs,
                      const std::vector<uint64_t>& completionPs)
{
    const size_t flows = matrix.flows.size();
    if (arrivalPs.size() != flows || completionPs.size() != flows)
    {
        throw std::invalid_argument("one arrival and one completion time per flow");
    }
    std::map<uint32_t, size_t> triggerIndex;
    for (size_t t = 0; t < matrix.triggers.size(); ++t)
    {
        triggerIndex[matrix.triggers[t].id] = t;
    }
    std::vector<TriggerState> states;
    for (const MatrixTrigger& trigger : matrix.triggers)
    {
        states.emplace_back(trigger);
    }
    // Signals in time order: (time, trigger index). A flow's signals come no
    // earlier than its start, so popping in order fires every trigger as early
    // as it can fire.
    using Signal = std::pair<uint64_t, size_t>;
    std::priority_queue<Signal, std::vector<Signal>, std::greater<>> signals;
    std::vector<std::optional<uint64_t>> start(flows);
    auto begin = [&](size_t f, uint64_t atPs) {
        start[f] = atPs;
        const MatrixFlow& flow = matrix.flows[f];
        if (flow.recvDoneTrigger)
        {
            signals.emplace(atPs + arrivalPs[f], triggerIndex.at(*flow.recvDoneTrigger));
        }
        if (flow.sendDoneTrigger)
        {
            signals.emplace(atPs + completionPs[f], triggerIndex.at(*flow.sendDoneTrigger));
        }
    };
    for (size_t f = 0; f < flows; ++f)
    {
        if (matrix.flows[f].startPs)
        {
            begin(f, *matrix.flows[f].startPs);
        }
    }
    while (!signals.empty())
    {
        const auto [atPs, t] = signals.top();
        signals.pop();
        const TriggerRelease release = states[t].Signal();
        for (uint32_t i = release.first; i < release.last; ++i)
        {
            begin(matrix.triggers[t].waiting[i], atPs);
        }
    }
    return start;
}

uint64_t
ComputePacedMessageBound(const WireModel& wire, uint32_t packets, uint32_t hops, uint64_t gapPs)
{
    if (packets == 0)
    {
        throw std::invalid_argument("a message has at least one packet");
    }
    return (packets - 1) * gapPs + ComputeLoneMessageBound(wire, 1, hops);
}

uint64_t
ComputeMatrixBound(const WireModel& wire, uint32_t hosts, const std::vector<FlowLoad>& flows)
{
    if (flows.empty())
    {
        throw std::invalid_argument("a matrix bound needs at least one message");
    }

    struct HostLoad
    {
        uint64_t sent{0};             //!< data packets it sends
        uint64_t received{0};         //!< data packets it receives
        uint32_t hops{0};             //!< largest hop count to a peer
        uint64_t startPs{UINT64_MAX}; //!< earliest start of a message it takes part in
    };

    std::vector<HostLoad> load(hosts);
    uint64_t bound = 0;
    for (const FlowLoad& flow : flows)
    {
        if (flow.source >= hosts || flow.destination >= hosts)
        {
            throw std::invalid_argument("a message's host is beyond the fabric");
        }
        bound =
            std::max(bound, flow.startPs + ComputeLoneMessageBound(wire, flow.packets, flow.hops));
        for (const uint32_t host : {flow.source, flow.destination})
        {
            load[host].hops = std::max(load[host].hops, flow.hops);
            load[host].startPs = std::min(load[host].startPs, flow.startPs);
        }
        load[flow.source].sent += flow.packets;
        load[flow.destination].received += flow.packets;
    }
    const uint64_t td = wire.DataPs();
    const uint64_t ta = wire.AckPs();
    const uint64_t tg = wire.GapPs();
    const uint64_t d = td + tg;
    const uint64_t a = ta + tg;
    for (const HostLoad& host : load)
    {
        if (host.hops == 0)
        {
            continue; // takes part in nothing
        }
        const uint64_t p = host.hops * wire.linkDelayPs;
        const uint64_t ackReturn = host.hops * ta + p;
        const uint64_t upTail =
            host.received > 0 ? p + (host.hops - 1) * ta : (host.hops - 1) * td + p + ackReturn;
        const uint64_t downTail = host.sent > 0 ? 0 : ackReturn;
        const uint64_t up = host.sent * d + host.received * a - tg + upTail;
        const uint64_t down = host.received * d + host.sent * a - tg + downTail;
        bound = std::max(bound, host.startPs + std::max(up, down));
    }
    return bound;
}

uint64_t
ComputeCutBound(const WireModel& wire,
                const FabricTopology& topology,
                const std::vector<FlowLoad>& flows)
{
    const uint32_t hosts = topology.HostCount();
    const uint64_t d = wire.DataPs() + wire.GapPs();
    const uint64_t a = wire.AckPs() + wire.GapPs();
    // The busiest host link, either direction: its data and the ACKs it owes.
    std::vector<uint64_t> sent(hosts, 0);
    std::vector<uint64_t> received(hosts, 0);
    for (const FlowLoad& flow : flows)
    {
        sent.at(flow.source) += flow.packets;
        received.at(flow.destination) += flow.packets;
    }
    uint64_t busiestHost = 0;
    for (uint32_t host = 0; host < hosts; ++host)
    {
        busiestHost = std::max({busiestHost,
                                sent[host] * d + received[host] * a,
                                received[host] * d + sent[host] * a});
    }
    const uint64_t busiestHostLink = busiestHost / topology.HostPorts();

    struct Crossing
    {
        uint64_t out{0};              //!< serialisation time leaving the group
        uint64_t in{0};               //!< serialisation time entering it
        uint64_t startPs{UINT64_MAX}; //!< earliest start of a crossing message
    };

    const uint64_t head = wire.DataPs() + wire.linkDelayPs;
    const uint64_t tail = 2 * wire.linkDelayPs + wire.AckPs();
    uint64_t bound = 0;
    for (const HostCut& cut : topology.Cuts())
    {
        std::map<uint32_t, Crossing> groups;
        for (const FlowLoad& flow : flows)
        {
            const uint32_t from = cut.groupOfHost.at(flow.source);
            const uint32_t to = cut.groupOfHost.at(flow.destination);
            if (from == to)
            {
                continue;
            }
            // Data leaves the source's group and enters the destination's; ACKs the reverse.
            groups[from].out += flow.packets * d;
            groups[from].in += flow.packets * a;
            groups[to].in += flow.packets * d;
            groups[to].out += flow.packets * a;
            for (const uint32_t group : {from, to})
            {
                groups[group].startPs = std::min(groups[group].startPs, flow.startPs);
            }
        }
        for (const auto& [group, crossing] : groups)
        {
            const uint64_t perLink = std::max(crossing.out, crossing.in) / cut.linksPerGroup;
            if (perLink > busiestHostLink)
            {
                bound = std::max(bound, crossing.startPs + head + perLink - wire.GapPs() + tail);
            }
        }
    }
    return bound;
}

double
EstimateBoundCeilingPs(const WireModel& wire,
                       const std::vector<FlowLoad>& flows,
                       uint64_t gapPs,
                       bool triggered)
{
    const double td = static_cast<double>(wire.DataPs());
    const double ta = static_cast<double>(wire.AckPs());
    const double tg = static_cast<double>(wire.GapPs());
    const double perPacket = std::max(td + ta + 2 * tg, static_cast<double>(gapPs));
    const double delay = static_cast<double>(wire.linkDelayPs);
    double latestStart = 0;
    double longestTrip = 0;
    double oneAfterAnother = 0;
    std::map<uint32_t, double> hostPackets; // sent and received
    for (const FlowLoad& flow : flows)
    {
        const double trip = flow.hops * (td + ta + 2 * delay);
        latestStart = std::max(latestStart, static_cast<double>(flow.startPs));
        longestTrip = std::max(longestTrip, trip);
        oneAfterAnother += flow.packets * perPacket + trip;
        hostPackets[flow.source] += flow.packets;
        hostPackets[flow.destination] += flow.packets;
    }
    double busiestHost = 0;
    for (const auto& [host, packets] : hostPackets)
    {
        busiestHost = std::max(busiestHost, packets);
    }
    return latestStart + (triggered ? oneAfterAnother : 0) + busiestHost * perPacket + longestTrip;
}

} // namespace fabriclb
} // namespace ns3
