/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fabric-bounds.h"

#include "fabric-helper.h"

#include <algorithm>

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
    // Within a server, over its links; else over the fabric from where the packets enter
    // it (the PXN leg over the server's links counts for nothing: still a lower bound).
    const bool inServer = topology.SameServer(flow.source, flow.destination);
    const fabriclb::WireModel& wire = inServer ? wires.server : wires.hostLinks;
    bound.hops = inServer ? 2
                          : topology.Hops(topology.FabricEntryOf(flow.source, flow.destination),
                                          flow.destination);
    bound.ps = fabriclb::ComputeLoneMessageBound(wire, bound.packets, bound.hops);
    if (m_flowGapPs > 0 && !inServer)
    {
        // At rho_max no message can finish sooner than its packets' pacing allows.
        bound.pacedPs = fabriclb::ComputePacedMessageBound(wires.hostLinks,
                                                           bound.packets,
                                                           bound.hops,
                                                           m_flowGapPs);
        bound.ps = std::max(bound.ps, bound.pacedPs);
    }
    bound.arrivalPs = bound.ps - bound.hops * (wire.AckPs() + wire.linkDelayPs);
    return bound;
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
        const std::vector<std::optional<uint64_t>> starts =
            fabriclb::ComputeEarliestStarts(traffic, arrivalPs, result.messageBoundsPs);
        std::vector<fabriclb::FlowLoad> fabricLoads;
        std::vector<fabriclb::FlowLoad> serverLoads;
        bool entersElsewhere = false;
        for (size_t f = 0; f < traffic.flows.size(); ++f)
        {
            const fabriclb::MatrixFlow& flow = traffic.flows[f];
            if (!starts[f])
            {
                continue;
            }
            const uint32_t packets = nic->PacketsFor(flow.bytes);
            if (topology.SameServer(flow.source, flow.destination))
            {
                serverLoads.push_back({flow.source, flow.destination, packets, 2, *starts[f]});
                continue;
            }
            const uint32_t entry = topology.FabricEntryOf(flow.source, flow.destination);
            entersElsewhere = entersElsewhere || entry != flow.source;
            fabricLoads.push_back({entry,
                                   flow.destination,
                                   packets,
                                   topology.Hops(entry, flow.destination),
                                   *starts[f]});
        }
        // With PXN a message's ACKs come back through another host's port than its data left
        // by: its fabric load counts its data alone.
        fabriclb::WireModel fabricWire = boundWire;
        if (entersElsewhere)
        {
            fabricWire.ackWireBytes = 0;
            fabricWire.gapBytes = 0;
        }
        if (!fabricLoads.empty())
        {
            result.boundPs = fabriclb::ComputeMatrixBound(fabricWire, m_hosts, fabricLoads);
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

std::vector<fabriclb::FlowLoad>
FabricBounds::FlowLoads(const fabriclb::ConnectionMatrix& traffic) const
{
    const fabriclb::FabricTopology& topology = m_fabric->GetTopology();
    Ptr<RoceNic> nic = m_fabric->GetNic(0);
    std::vector<fabriclb::FlowLoad> loads;
    for (const fabriclb::MatrixFlow& flow : traffic.flows)
    {
        if (topology.SameServer(flow.source, flow.destination))
        {
            continue; // over the server's own links
        }
        const uint32_t entry = topology.FabricEntryOf(flow.source, flow.destination);
        loads.push_back({entry,
                         flow.destination,
                         nic->PacketsFor(flow.bytes),
                         topology.Hops(entry, flow.destination),
                         flow.startPs.value_or(0)});
    }
    return loads;
}

} // namespace ns3
