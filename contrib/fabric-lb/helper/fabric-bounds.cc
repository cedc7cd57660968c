/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fabric-bounds.h"

#include "fabric-helper.h"

#include <algorithm>
#include <map>

namespace ns3
{

FabricBounds::FabricBounds(Ptr<const FabricHelper> fabric, uint64_t flowGapPs)
    : m_fabric(fabric),
      m_flowGapPs(flowGapPs),
      m_hosts(fabric->GetTopology().HostCount()),
      m_wires(MakeWires())
{
}

FabricBounds::Wires
FabricBounds::MakeWires() const
{
    Wires wires;
    // The host links' bounds see a host's ports as one link of their summed rate: any
    // schedule over the ports is no faster (the cut bound keeps a plane's links).
    wires.plane = m_fabric->GetBoundWireModel();
    wires.hostLinks = wires.plane.OverLinks(m_fabric->GetTopology().HostPorts());
    // A server's own links (NVLink) at their rate and delay.
    wires.server = wires.plane;
    wires.server.linkRateBps = m_fabric->GetServerLinkRate().GetBitRate();
    wires.server.linkDelayPs = m_fabric->GetServerLinkDelay().GetPicoSeconds();
    return wires;
}

FabricBounds::Message
FabricBounds::LoneBoundOf(const fabriclb::MatrixFlow& flow) const
{
    const fabriclb::FabricTopology& topology = m_fabric->GetTopology();
    const Wires& wires = m_wires;
    Message bound;
    bound.packets = m_fabric->GetNic(0)->PacketsFor(flow.bytes);
    // Within a server over its links; else over the fabric from where the packets enter it,
    // after the server's links to there (PXN), and the ACKs alike back.
    const bool inServer = topology.SameServer(flow.source, flow.destination);
    const std::vector<fabriclb::PathLeg> data =
        inServer ? std::vector<fabriclb::PathLeg>{{wires.server, 2}}
                 : LegsOf(flow.source, flow.destination);
    const std::vector<fabriclb::PathLeg> acks =
        inServer ? data : LegsOf(flow.destination, flow.source);
    const uint64_t ackTripPs = fabriclb::ComputeAckTripPs(acks);
    bound.hops = 0;
    for (const fabriclb::PathLeg& leg : data)
    {
        bound.hops += leg.hops;
    }
    bound.ps = fabriclb::ComputeLegsArrivalBound(data, bound.packets) + ackTripPs;
    if (m_flowGapPs > 0 && !inServer)
    {
        // At rho_max no message can finish sooner than its packets' pacing allows.
        bound.pacedPs = (bound.packets - 1) * m_flowGapPs +
                        fabriclb::ComputeLegsArrivalBound(data, 1) + ackTripPs;
        bound.ps = std::max(bound.ps, bound.pacedPs);
    }
    bound.arrivalPs = bound.ps - ackTripPs;
    return bound;
}

std::vector<fabriclb::PathLeg>
FabricBounds::LegsOf(uint32_t source, uint32_t destination) const
{
    const fabriclb::FabricTopology& topology = m_fabric->GetTopology();
    const uint32_t entry = topology.FabricEntryOf(source, destination);
    std::vector<fabriclb::PathLeg> legs;
    if (entry != source)
    {
        legs.push_back({m_wires.server, 2}); // up to the server's switch, down to the entry
    }
    legs.push_back({m_wires.hostLinks, topology.Hops(entry, destination)});
    return legs;
}

FabricBounds::Traffic
FabricBounds::BoundOf(const fabriclb::ConnectionMatrix& traffic,
                      fabriclb::CollectiveBound kind,
                      uint32_t participants) const
{
    Traffic result;
    const fabriclb::FabricTopology& topology = m_fabric->GetTopology();
    const Wires& wires = m_wires;
    const fabriclb::WireModel& planeWire = wires.plane;
    const fabriclb::WireModel& boundWire = wires.hostLinks;
    const fabriclb::WireModel& serverWire = wires.server;
    const bool servers = topology.HostsPerServer() > 1;
    Ptr<RoceNic> nic = m_fabric->GetNic(0);
    uint32_t maxHops = 0;
    uint64_t& pacedBoundPs = result.pacedBoundPs;
    uint64_t largestBytes = 0;
    std::vector<uint64_t> arrivalPs;
    for (const fabriclb::MatrixFlow& flow : traffic.flows)
    {
        largestBytes = std::max(largestBytes, flow.bytes);
        const Message message = LoneBoundOf(flow);
        const uint32_t packets = message.packets;
        const uint32_t hops = message.hops;
        maxHops = std::max(maxHops, hops);
        pacedBoundPs = std::max(pacedBoundPs, message.pacedPs);
        result.messageBoundsPs.push_back(message.ps);
        arrivalPs.push_back(message.arrivalPs);
        if (!servers && kind == fabriclb::CollectiveBound::PERMUTATION)
        {
            // The study's exact bound: every host's data interleaves with the ACKs it owes.
            result.boundPs =
                std::max(result.boundPs,
                         fabriclb::ComputePermutationBound(boundWire, packets, hops).completionPs);
        }
    }
    if (!servers && kind == fabriclb::CollectiveBound::ALL_TO_ALL)
    {
        result.boundPs = fabriclb::ComputeAllToAllBound(boundWire,
                                                        participants,
                                                        nic->PacketsFor(largestBytes),
                                                        maxHops);
    }
    else if (servers || kind == fabriclb::CollectiveBound::MATRIX)
    {
        // Each message from its earliest start: its trigger fired as soon as the
        // messages it waits for could have arrived (or been acknowledged). The fabric's
        // ports and the servers' own links each carry their messages alone.
        std::vector<std::optional<uint64_t>> computeStarts;
        std::vector<fabriclb::SharedLinkUse> sharedLinks;
        sharedLinks.reserve(traffic.flows.size());
        for (const fabriclb::MatrixFlow& flow : traffic.flows)
        {
            sharedLinks.push_back(SharedLinksOf(flow));
        }
        const std::vector<std::optional<uint64_t>> starts =
            fabriclb::ComputeEarliestStarts(traffic,
                                            arrivalPs,
                                            result.messageBoundsPs,
                                            &computeStarts,
                                            &sharedLinks);
        result.boundPs = std::max(result.boundPs, ComputeBoundOf(traffic, computeStarts));
        std::vector<fabriclb::FlowLoad> fabricLoads;
        std::vector<fabriclb::FlowLoad> serverLoads;
        for (size_t f = 0; f < traffic.flows.size(); ++f)
        {
            if (starts[f] &&
                AddLoads(traffic.flows[f], *starts[f], fabricLoads, &serverLoads) == Route::RELAYED)
            {
                // Its legs' loads bound the links at their ends; it still takes its own time.
                result.boundPs = std::max(result.boundPs, *starts[f] + result.messageBoundsPs[f]);
            }
        }
        if (!fabricLoads.empty())
        {
            result.boundPs =
                std::max(result.boundPs,
                         fabriclb::ComputeMatrixBound(boundWire, m_hosts, fabricLoads));
        }
        if (!serverLoads.empty())
        {
            result.boundPs =
                std::max(result.boundPs,
                         fabriclb::ComputeMatrixBound(serverWire, m_hosts, serverLoads));
        }
    }
    if (result.boundPs > 0)
    {
        // Where a tier above the hosts is busier per link than any host link, its cut bounds
        // the collective (each message from its start time, a triggered one from 0).
        result.boundPs =
            std::max({result.boundPs,
                      pacedBoundPs,
                      fabriclb::ComputeCutBound(planeWire, topology, FlowLoads(traffic))});
    }
    return result;
}

uint64_t
FabricBounds::ComputeBoundOf(const fabriclb::ConnectionMatrix& traffic,
                             const std::vector<std::optional<uint64_t>>& computeStarts)
{
    uint64_t boundPs = 0;
    // By host: its earliest compute's start and the time all its computes take one at a time.
    std::map<uint32_t, std::pair<uint64_t, uint64_t>> hosts;
    for (size_t c = 0; c < traffic.computes.size(); ++c)
    {
        if (!computeStarts[c])
        {
            continue;
        }
        const fabriclb::MatrixCompute& compute = traffic.computes[c];
        boundPs = std::max(boundPs, *computeStarts[c] + compute.durationPs);
        const auto [it, fresh] = hosts.emplace(compute.host, std::make_pair(*computeStarts[c], 0));
        it->second.first = std::min(it->second.first, *computeStarts[c]);
        it->second.second += compute.durationPs;
    }
    for (const auto& [host, busy] : hosts)
    {
        boundPs = std::max(boundPs, busy.first + busy.second);
    }
    return boundPs;
}

std::vector<fabriclb::FlowLoad>
FabricBounds::FlowLoads(const fabriclb::ConnectionMatrix& traffic) const
{
    std::vector<fabriclb::FlowLoad> loads;
    for (const fabriclb::MatrixFlow& flow : traffic.flows)
    {
        AddLoads(flow, flow.startPs.value_or(0), loads, nullptr);
    }
    return loads;
}

fabriclb::SharedLinkUse
FabricBounds::SharedLinksOf(const fabriclb::MatrixFlow& flow) const
{
    const fabriclb::FabricTopology& topology = m_fabric->GetTopology();
    fabriclb::SharedLinkUse use;
    use.packets = m_fabric->GetNic(0)->PacketsFor(flow.bytes);
    if (topology.SameServer(flow.source, flow.destination))
    {
        use.arrivesBy = m_hosts + flow.destination;
        use.leavesBy = m_hosts + flow.source;
        use.hops = 2; // up to the server's switch, down to the receiver
        use.wire = m_wires.server;
        return use;
    }
    const uint32_t entry = topology.FabricEntryOf(flow.source, flow.destination);
    use.arrivesBy = flow.destination;
    if (entry == flow.source &&
        topology.FabricEntryOf(flow.destination, flow.source) == flow.destination)
    {
        use.leavesBy = flow.source;
    }
    use.hops = topology.Hops(entry, flow.destination);
    use.wire = m_wires.hostLinks;
    return use;
}

FabricBounds::Route
FabricBounds::AddLoads(const fabriclb::MatrixFlow& flow,
                       uint64_t startPs,
                       std::vector<fabriclb::FlowLoad>& fabricLoads,
                       std::vector<fabriclb::FlowLoad>* serverLoads) const
{
    const fabriclb::FabricTopology& topology = m_fabric->GetTopology();
    const uint32_t packets = m_fabric->GetNic(0)->PacketsFor(flow.bytes);
    const uint32_t source = flow.source;
    const uint32_t destination = flow.destination;
    if (topology.SameServer(source, destination))
    {
        if (serverLoads)
        {
            serverLoads->push_back({source, destination, packets, 2, startPs});
        }
        return Route::IN_SERVER;
    }
    const uint32_t entry = topology.FabricEntryOf(source, destination);
    const uint32_t ackEntry = topology.FabricEntryOf(destination, source);
    if (entry == source && ackEntry == destination)
    {
        fabricLoads.push_back(
            {source, destination, packets, topology.Hops(source, destination), startPs});
        return Route::FABRIC;
    }
    // PXN: the data crosses the source's server links to the GPU on the destination's rail,
    // then the fabric; the ACKs the destination's server links to the GPU on the source's
    // rail, then the fabric.
    using fabriclb::Carries;
    fabricLoads.push_back(
        {entry, destination, packets, topology.Hops(entry, destination), startPs, Carries::DATA});
    fabricLoads.push_back(
        {ackEntry, source, packets, topology.Hops(ackEntry, source), startPs, Carries::ACKS});
    if (serverLoads)
    {
        if (entry != source)
        {
            serverLoads->push_back({source, entry, packets, 2, startPs, Carries::DATA});
        }
        if (ackEntry != destination)
        {
            serverLoads->push_back({destination, ackEntry, packets, 2, startPs, Carries::ACKS});
        }
    }
    return Route::RELAYED;
}

} // namespace ns3
