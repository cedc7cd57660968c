/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "lower-bound.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <queue>
#include <set>
#include <stdexcept>
#include <string>
#include <tuple>

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

uint64_t
ComputeLegsArrivalBound(const std::vector<PathLeg>& legs, uint32_t packets)
{
    if (packets == 0)
    {
        throw std::invalid_argument("a message has at least one packet");
    }
    uint64_t firstPs = 0;
    uint64_t slowestPs = 0;
    for (const PathLeg& leg : legs)
    {
        firstPs += leg.hops * (leg.wire.DataPs() + leg.wire.linkDelayPs);
        if (leg.hops > 0)
        {
            slowestPs = std::max(slowestPs, leg.wire.DataPs() + leg.wire.GapPs());
        }
    }
    if (firstPs == 0)
    {
        throw std::invalid_argument("a message's path has at least one link");
    }
    return firstPs + (packets - 1) * slowestPs;
}

uint64_t
ComputeAckTripPs(const std::vector<PathLeg>& legs)
{
    uint64_t tripPs = 0;
    for (const PathLeg& leg : legs)
    {
        tripPs += leg.hops * (leg.wire.AckPs() + leg.wire.linkDelayPs);
    }
    return tripPs;
}

namespace
{

/// What the flows or computes that signal one barrier share: one link, or one host's GPU.
struct SharedTurns
{
    uint64_t firstStartPs{UINT64_MAX}; //!< the earliest start among them
    uint64_t packets{0};               //!< their data packets (flows)
    uint32_t hops{UINT32_MAX};         //!< the fewest links a flow among them crosses
    uint64_t durationPs{0};            //!< their computes' durations (a GPU's)
    const WireModel* wire{nullptr};    //!< the link's wire (flows)
};

/// How a barrier's signals take turns: by what they share, (kind, link or host).
using BarrierTurns = std::map<std::pair<uint8_t, uint32_t>, SharedTurns>;

/// The kinds of BarrierTurns' keys.
enum TurnKind : uint8_t
{
    ARRIVAL_LINK,   //!< flows signalling on arrival, through one link
    DEPARTURE_LINK, //!< flows signalling once acknowledged, leaving by one link
    GPU             //!< computes of one host
};

/// \return the earliest time every signal of \p turns can have come, their turns taken
uint64_t
TurnsTakenPs(const BarrierTurns& turns)
{
    uint64_t latestPs = 0;
    for (const auto& [key, shared] : turns)
    {
        uint64_t endPs = shared.firstStartPs;
        if (key.first == GPU)
        {
            endPs += shared.durationPs;
        }
        else
        {
            // Data packets over one link: at most 2^32 - 1 of them (a bound's counts), which
            // is past any traffic the simulator can hold.
            const auto packets =
                static_cast<uint32_t>(std::min<uint64_t>(shared.packets, UINT32_MAX));
            endPs += key.first == ARRIVAL_LINK
                         ? ComputeArrivalBound(*shared.wire, packets, shared.hops)
                         : ComputeLoneMessageBound(*shared.wire, packets, shared.hops);
        }
        latestPs = std::max(latestPs, endPs);
    }
    return latestPs;
}

} // namespace

std::vector<std::optional<uint64_t>>
ComputeEarliestStarts(const ConnectionMatrix& matrix,
                      const std::vector<uint64_t>& arrivalPs,
                      const std::vector<uint64_t>& completionPs,
                      std::vector<std::optional<uint64_t>>* computeStarts,
                      const std::vector<SharedLinkUse>* sharedLinks)
{
    const size_t flows = matrix.flows.size();
    if (arrivalPs.size() != flows || completionPs.size() != flows ||
        (sharedLinks && sharedLinks->size() != flows))
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
    // The barriers that wait on every signal they can get: what their signals share.
    std::vector<uint64_t> signalsOf(matrix.triggers.size(), 0);
    const auto countSignal = [&](const std::optional<uint32_t>& trigger) {
        if (trigger)
        {
            ++signalsOf[triggerIndex.at(*trigger)];
        }
    };
    for (const MatrixFlow& flow : matrix.flows)
    {
        countSignal(flow.recvDoneTrigger);
        countSignal(flow.sendDoneTrigger);
    }
    for (const MatrixCompute& compute : matrix.computes)
    {
        countSignal(compute.doneTrigger);
    }
    std::map<size_t, BarrierTurns> barrierTurns;
    for (size_t t = 0; t < matrix.triggers.size(); ++t)
    {
        if (matrix.triggers[t].kind == TriggerKind::BARRIER &&
            matrix.triggers[t].count == signalsOf[t])
        {
            barrierTurns[t];
        }
    }
    const auto takeTurn = [&barrierTurns](size_t trigger,
                                          TurnKind kind,
                                          uint32_t shared,
                                          uint64_t startPs) -> SharedTurns* {
        const auto barrier = barrierTurns.find(trigger);
        if (barrier == barrierTurns.end())
        {
            return nullptr;
        }
        SharedTurns& turns = barrier->second[{kind, shared}];
        turns.firstStartPs = std::min(turns.firstStartPs, startPs);
        return &turns;
    };
    const auto takeLinkTurn = [&takeTurn](size_t trigger,
                                          TurnKind kind,
                                          const std::optional<uint32_t>& link,
                                          const SharedLinkUse& use,
                                          uint64_t startPs) {
        if (!link)
        {
            return;
        }
        if (SharedTurns* turns = takeTurn(trigger, kind, *link, startPs))
        {
            turns->packets += use.packets;
            turns->hops = std::min(turns->hops, use.hops);
            turns->wire = &use.wire;
        }
    };
    // Signals in time order: (time, trigger index, whether a barrier's release waits for its
    // signals' turns). A flow's signals come no earlier than its start, so popping in order
    // fires every trigger as early as it can fire.
    using Signal = std::tuple<uint64_t, size_t, bool>;
    std::priority_queue<Signal, std::vector<Signal>, std::greater<>> signals;
    std::map<size_t, TriggerRelease> heldReleases;
    std::vector<std::optional<uint64_t>> start(flows);
    std::vector<std::optional<uint64_t>> computeStart(matrix.computes.size());
    auto begin = [&](uint32_t task, uint64_t atPs) {
        if (IsComputeTask(task))
        {
            const uint32_t c = ComputeIndexOf(task);
            computeStart[c] = atPs;
            const MatrixCompute& compute = matrix.computes[c];
            if (compute.doneTrigger)
            {
                const size_t t = triggerIndex.at(*compute.doneTrigger);
                signals.emplace(atPs + compute.durationPs, t, false);
                if (SharedTurns* turns = takeTurn(t, GPU, compute.host, atPs))
                {
                    turns->durationPs += compute.durationPs;
                }
            }
            return;
        }
        const size_t f = task;
        start[f] = atPs;
        const MatrixFlow& flow = matrix.flows[f];
        if (flow.recvDoneTrigger)
        {
            const size_t t = triggerIndex.at(*flow.recvDoneTrigger);
            signals.emplace(atPs + arrivalPs[f], t, false);
            if (sharedLinks)
            {
                const SharedLinkUse& use = (*sharedLinks)[f];
                takeLinkTurn(t, ARRIVAL_LINK, use.arrivesBy, use, atPs);
            }
        }
        if (flow.sendDoneTrigger)
        {
            const size_t t = triggerIndex.at(*flow.sendDoneTrigger);
            signals.emplace(atPs + completionPs[f], t, false);
            if (sharedLinks)
            {
                const SharedLinkUse& use = (*sharedLinks)[f];
                takeLinkTurn(t, DEPARTURE_LINK, use.leavesBy, use, atPs);
            }
        }
    };
    for (uint32_t f = 0; f < flows; ++f)
    {
        if (matrix.flows[f].startPs)
        {
            begin(f, *matrix.flows[f].startPs);
        }
    }
    for (uint32_t c = 0; c < matrix.computes.size(); ++c)
    {
        if (matrix.computes[c].startPs)
        {
            begin(ComputeTask(c), *matrix.computes[c].startPs);
        }
    }
    while (!signals.empty())
    {
        const auto [atPs, t, held] = signals.top();
        signals.pop();
        TriggerRelease release{0, 0};
        if (held)
        {
            release = heldReleases.at(t);
        }
        else
        {
            release = states[t].Signal();
            const auto barrier = barrierTurns.find(t);
            if (release.first < release.last && barrier != barrierTurns.end())
            {
                const uint64_t turnsTakenPs = TurnsTakenPs(barrier->second);
                if (turnsTakenPs > atPs)
                {
                    heldReleases[t] = release;
                    signals.emplace(turnsTakenPs, t, true);
                    continue;
                }
            }
        }
        for (uint32_t i = release.first; i < release.last; ++i)
        {
            begin(matrix.triggers[t].waiting[i], atPs);
        }
    }
    if (computeStarts)
    {
        *computeStarts = std::move(computeStart);
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

namespace
{

/// What a FlowLoad puts on the links from its source to its destination, and back.
struct Serialisation
{
    uint64_t therePs; //!< its packets' serialisation towards the destination
    uint64_t backPs;  //!< its ACKs' back towards the source (a message's alone)
};

/// \return \p flow's serialisation, data packets at \p d and ACKs at \p a each
Serialisation
SerialisationOf(const FlowLoad& flow, uint64_t d, uint64_t a)
{
    const uint64_t packets = flow.packets;
    switch (flow.carries)
    {
    case Carries::DATA:
        return {packets * d, 0};
    case Carries::ACKS:
        return {packets * a, 0};
    case Carries::MESSAGE:
        break;
    }
    return {packets * d, packets * a};
}

} // namespace

uint64_t
ComputeMatrixBound(const WireModel& wire, uint32_t hosts, const std::vector<FlowLoad>& flows)
{
    if (flows.empty())
    {
        throw std::invalid_argument("a matrix bound needs at least one message");
    }

    struct HostLoad
    {
        uint64_t upPs{0};             //!< serialisation on its uplink
        uint64_t downPs{0};           //!< serialisation on its downlink
        uint32_t hops{0};             //!< largest hop count to a peer
        uint64_t startPs{UINT64_MAX}; //!< earliest start of a message it takes part in
        bool upData{false};           //!< a message's data leaves by its uplink
        bool upLeg{false};            //!< a leg's data leaves by its uplink
        bool upAck{false};            //!< ACKs (a message's or a leg's) leave by its uplink
        bool downNotData{false};      //!< ACKs or a leg's packets arrive by its downlink
    };

    const uint64_t td = wire.DataPs();
    const uint64_t ta = wire.AckPs();
    const uint64_t tg = wire.GapPs();
    const uint64_t d = td + tg;
    const uint64_t a = ta + tg;
    std::vector<HostLoad> load(hosts);
    uint64_t bound = 0;
    for (const FlowLoad& flow : flows)
    {
        if (flow.source >= hosts || flow.destination >= hosts)
        {
            throw std::invalid_argument("a message's host is beyond the fabric");
        }
        HostLoad& source = load[flow.source];
        HostLoad& destination = load[flow.destination];
        for (HostLoad* host : {&source, &destination})
        {
            host->hops = std::max(host->hops, flow.hops);
            host->startPs = std::min(host->startPs, flow.startPs);
        }
        const Serialisation serialisation = SerialisationOf(flow, d, a);
        source.upPs += serialisation.therePs;
        destination.downPs += serialisation.therePs;
        destination.upPs += serialisation.backPs;
        source.downPs += serialisation.backPs;
        if (flow.carries == Carries::MESSAGE)
        {
            bound = std::max(bound,
                             flow.startPs + ComputeLoneMessageBound(wire, flow.packets, flow.hops));
            source.upData = true;
            source.downNotData = true;
            destination.upAck = true;
        }
        else
        {
            (flow.carries == Carries::DATA ? source.upLeg : source.upAck) = true;
            destination.downNotData = true;
        }
    }
    for (const HostLoad& host : load)
    {
        if (host.hops == 0)
        {
            continue; // takes part in nothing
        }
        const uint64_t p = host.hops * wire.linkDelayPs;
        const uint64_t ackReturn = host.hops * ta + p;
        // The last packet on the uplink is of one of its kinds: the least of what they need.
        uint64_t upTail = UINT64_MAX;
        if (host.upAck)
        {
            upTail = p + (host.hops - 1) * ta;
        }
        if (host.upLeg)
        {
            upTail = std::min(upTail, (host.hops - 1) * td + p);
        }
        if (host.upData)
        {
            upTail = std::min(upTail, (host.hops - 1) * td + p + ackReturn);
        }
        const uint64_t downTail = host.downNotData ? 0 : ackReturn;
        if (host.upPs > 0)
        {
            bound = std::max(bound, host.startPs + host.upPs - tg + upTail);
        }
        if (host.downPs > 0)
        {
            bound = std::max(bound, host.startPs + host.downPs - tg + downTail);
        }
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
    std::vector<uint64_t> up(hosts, 0);
    std::vector<uint64_t> down(hosts, 0);
    for (const FlowLoad& flow : flows)
    {
        const Serialisation serialisation = SerialisationOf(flow, d, a);
        up.at(flow.source) += serialisation.therePs;
        down.at(flow.destination) += serialisation.therePs;
        up.at(flow.destination) += serialisation.backPs;
        down.at(flow.source) += serialisation.backPs;
    }
    uint64_t busiestHost = 0;
    for (uint32_t host = 0; host < hosts; ++host)
    {
        busiestHost = std::max({busiestHost, up[host], down[host]});
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
            const Serialisation serialisation = SerialisationOf(flow, d, a);
            groups[from].out += serialisation.therePs;
            groups[from].in += serialisation.backPs;
            groups[to].in += serialisation.therePs;
            groups[to].out += serialisation.backPs;
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

double
EstimateSlowLinkPs(const WireModel& wire,
                   const FabricTopology& topology,
                   const std::vector<double>& capacity,
                   const std::vector<FlowLoad>& flows)
{
    std::map<uint32_t, double> slowLoadPs; // by slow link: what may cross it
    for (uint32_t link = 0; link < capacity.size(); ++link)
    {
        if (capacity[link] > 0 && capacity[link] < 1)
        {
            slowLoadPs[link] = 0;
        }
    }
    if (slowLoadPs.empty())
    {
        return 0;
    }
    // The slow links on any shortest path between two tier-0 switches, either way.
    std::map<std::pair<uint32_t, uint32_t>, std::vector<uint32_t>> slowOnPaths;
    const auto slowLinksBetween = [&](uint32_t a, uint32_t b) -> const std::vector<uint32_t>& {
        const auto [entry, added] = slowOnPaths.try_emplace(std::minmax(a, b));
        if (added)
        {
            std::set<uint32_t> found;
            for (const auto& [from, to] : {std::pair(a, b), std::pair(b, a)})
            {
                for (uint32_t slot = 0; slot < topology.LeafPathCount(from, to); ++slot)
                {
                    const LeafPath path = topology.LeafPathOf(from, to, slot);
                    for (const std::vector<uint32_t>* links : {&path.up, &path.down})
                    {
                        for (uint32_t link : *links)
                        {
                            if (slowLoadPs.count(link) > 0)
                            {
                                found.insert(link);
                            }
                        }
                    }
                }
            }
            entry->second.assign(found.begin(), found.end());
        }
        return entry->second;
    };
    const uint64_t d = wire.DataPs() + wire.GapPs();
    const uint64_t a = wire.AckPs() + wire.GapPs();
    double latestStartPs = 0;
    uint32_t longestHops = 0;
    for (const FlowLoad& flow : flows)
    {
        latestStartPs = std::max(latestStartPs, static_cast<double>(flow.startPs));
        longestHops = std::max(longestHops, flow.hops);
        const uint32_t from = topology.AttachmentOf(flow.source).leaf;
        const uint32_t to = topology.AttachmentOf(flow.destination).leaf;
        if (from == to)
        {
            continue; // no switch-to-switch link between them
        }
        const Serialisation serialisation = SerialisationOf(flow, d, a);
        for (uint32_t link : slowLinksBetween(from, to))
        {
            slowLoadPs[link] += static_cast<double>(serialisation.therePs + serialisation.backPs);
        }
    }
    double busiestPs = 0;
    double slowest = 1;
    for (const auto& [link, loadPs] : slowLoadPs)
    {
        busiestPs = std::max(busiestPs, loadPs / capacity[link]);
        slowest = std::min(slowest, capacity[link]);
    }
    const double tripPs =
        longestHops * static_cast<double>(wire.DataPs() + wire.AckPs() + 2 * wire.linkDelayPs);
    return latestStartPs + busiestPs + tripPs / slowest;
}

RunWork
EstimateRunWork(const std::vector<MessageWork>& messages,
                uint64_t overduePs,
                double packetPs,
                double wiresHold)
{
    /// What a sending host adds while its messages wait for their first ACK.
    struct Added
    {
        double packets{0};  //!< sent again every timeout until the first ACK
        double hops{0};     //!< their packet-hops
        double lineRate{0}; //!< what its line allows in those waits
    };

    RunWork work;
    work.overduePs = overduePs;
    std::map<uint32_t, Added> added;
    double packetHops = 0;
    for (const MessageWork& message : messages)
    {
        const double packets = message.packets;
        work.messagePackets += packets;
        packetHops += packets * message.hops;
        if (message.firstAckPs > overduePs)
        {
            const double resendings =
                std::ceil(static_cast<double>(message.firstAckPs) / overduePs) - 1;
            Added& host = added[message.source];
            host.packets += packets * resendings;
            host.hops += packets * resendings * message.hops;
            host.lineRate += message.firstAckPs / packetPs;
            work.longestWaitPs = std::max(work.longestWaitPs, message.firstAckPs);
        }
    }
    for (const auto& [host, extra] : added)
    {
        const double share = std::min(1.0, extra.lineRate / extra.packets);
        work.addedPackets += extra.packets * share;
        packetHops += extra.hops * share;
    }
    work.events = EVENTS_PER_PACKET_HOP * packetHops;
    work.inFlight = std::min(work.messagePackets + work.addedPackets, wiresHold);
    // Each data packet delivered sends an ACK back, which the links hold as long: under a
    // steady load as many ACKs are on their way back as data packets on their way.
    work.acksInFlight = std::min(work.messagePackets, wiresHold);
    return work;
}

} // namespace fabriclb
} // namespace ns3
