/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fabric-measurement.h"

#include "fabric-helper.h"

#include "ns3/fabric-ranks.h"
#include "ns3/link-balance.h"
#include "ns3/port-monitor.h"
#include "ns3/roce-nic.h"

#include <algorithm>
#include <limits>
#include <map>
#include <numeric>

namespace ns3
{

namespace
{

/**
 * Combines what each rank counted into the whole fabric's result, in place:
 * counts add up, maxima and the messages' start and completion times (-1
 * where a rank did not see them) take the largest. Nothing to do on one rank.
 * \param result this rank's counts (its ports' and hosts')
 * \param switchQueueBytes the sum of the switch ports' mean queues
 * \param queuePairs queue pairs whose final rates \p result sums
 * \param startsPs messages' start times
 * \param completionsPs messages' completion times
 */
void
CombineRanks(ExperimentResult& result,
             double& switchQueueBytes,
             uint64_t& queuePairs,
             std::vector<int64_t>& startsPs,
             std::vector<int64_t>& completionsPs)
{
    if (FabricRanks::Count() == 1)
    {
        return;
    }
    std::vector<uint64_t*> counts{&result.messagesCompleted,
                                  &result.events,
                                  &result.packetsSent,
                                  &result.acksSent,
                                  &result.packetsDelivered,
                                  &result.headersDelivered,
                                  &result.acksDelivered,
                                  &result.packetsDropped,
                                  &result.packetsTrimmed,
                                  &result.linkDrops,
                                  &result.packetsMarked,
                                  &result.lossesDetected,
                                  &result.retransmissions,
                                  &result.timeouts,
                                  &result.nacks,
                                  &result.cnps,
                                  &result.grants,
                                  &result.packetHops,
                                  &result.inFlight,
                                  &result.blackHoleDrops,
                                  &queuePairs};
    std::vector<double*> sums{&switchQueueBytes, &result.meanFinalRateBps};
    // A rank without queue pairs has no minimum rate: it takes the others'.
    const double minRate =
        queuePairs > 0 ? result.minFinalRateBps : std::numeric_limits<double>::infinity();
    std::vector<double> maxima{result.maxQueuePackets, result.wallSeconds, -minRate};
    for (StageQueueStats& s : result.stages)
    {
        sums.push_back(&s.meanBytes);
        maxima.push_back(static_cast<double>(s.maxBytes));
        maxima.push_back(s.maxOverload);
    }
    std::vector<uint64_t> countValues;
    for (uint64_t* count : counts)
    {
        countValues.push_back(*count);
    }
    std::vector<double> sumValues;
    for (double* sum : sums)
    {
        sumValues.push_back(*sum);
    }
    FabricRanks::Sum(countValues);
    FabricRanks::Sum(sumValues);
    FabricRanks::Max(maxima);
    FabricRanks::Max(startsPs);
    FabricRanks::Max(completionsPs);
    for (size_t i = 0; i < counts.size(); ++i)
    {
        *counts[i] = countValues[i];
    }
    for (size_t i = 0; i < sums.size(); ++i)
    {
        *sums[i] = sumValues[i];
    }
    result.maxQueuePackets = maxima[0];
    result.wallSeconds = maxima[1];
    result.minFinalRateBps = queuePairs > 0 ? -maxima[2] : 0;
    for (size_t stage = 0; stage < result.stages.size(); ++stage)
    {
        result.stages[stage].maxBytes = static_cast<uint64_t>(maxima[3 + 2 * stage]);
        result.stages[stage].maxOverload = maxima[4 + 2 * stage];
    }
}

/**
 * Every port's load for the worst-case link overload, summed over ranks: the
 * links that share traffic in proportion to their capacities when balanced are
 * a switch's uplinks, the core links into one pod, the aggregation links into
 * one edge switch, a host's own link.
 * \param fabric the fabric
 * \param linkCapacities by link id, each link's capacity (0: failed); empty: all whole
 * \return the per-stage overloads, indexed by FabricStage
 */
std::vector<double>
LinkOverloads(const FabricHelper& fabric, const std::vector<double>& linkCapacities)
{
    std::map<std::pair<uint32_t, uint32_t>, double> capacityOf; // (node, peer) -> below 1
    for (uint32_t link = 0; link < linkCapacities.size(); ++link)
    {
        if (linkCapacities[link] != 1)
        {
            const auto& [lower, upper] = fabric.GetLinkDevices(link);
            const uint32_t a = lower->GetNode()->GetId();
            const uint32_t b = upper->GetNode()->GetId();
            capacityOf[{a, b}] = linkCapacities[link];
            capacityOf[{b, a}] = linkCapacities[link];
        }
    }
    // A fat tree's core links into one pod share its traffic; elsewhere the top tier's
    // links into one switch do (FabricTopology::TopDownGroupOf).
    const fabriclb::FabricTopology& topology = fabric.GetTopology();
    std::map<uint32_t, uint32_t> groupBelowTop; // node id -> group
    if (topology.TierCount() >= 2)
    {
        const uint32_t tier = topology.TierCount() - 2;
        const NodeContainer& switches = fabric.GetSwitches(tier);
        for (uint32_t i = 0; i < switches.GetN(); ++i)
        {
            if (const std::optional<uint32_t> group = topology.TopDownGroupOf({tier, i}))
            {
                groupBelowTop[switches.Get(i)->GetId()] = *group;
            }
        }
    }
    const std::vector<Ptr<PortMonitor>>& monitors = fabric.GetPortMonitors();
    std::vector<double> bytes;
    for (const Ptr<PortMonitor>& monitor : monitors)
    {
        bytes.push_back(static_cast<double>(monitor->GetBytesArrived()));
    }
    FabricRanks::Sum(bytes); // a port counts on its node's rank only
    std::vector<fabriclb::LinkLoad> links;
    for (size_t i = 0; i < monitors.size(); ++i)
    {
        const FabricStage stage = monitors[i]->GetStage();
        uint64_t group = monitors[i]->GetPeerNodeId(); // down stages: the node it leads to
        if (stage == FabricStage::HOST_UP || stage == FabricStage::EDGE_UP ||
            stage == FabricStage::AGG_UP)
        {
            group = monitors[i]->GetNodeId();
        }
        else if (const auto below = groupBelowTop.find(monitors[i]->GetPeerNodeId());
                 stage == FabricStage::CORE_DOWN && below != groupBelowTop.end())
        {
            group = below->second;
        }
        const auto capacity =
            capacityOf.find({monitors[i]->GetNodeId(), monitors[i]->GetPeerNodeId()});
        links.push_back({static_cast<size_t>(stage),
                         group,
                         bytes[i],
                         capacity == capacityOf.end() ? 1.0 : capacity->second});
    }
    return fabriclb::WorstLinkOverload(links, FABRIC_STAGE_COUNT);
}

/**
 * \param fabric a fabric of several planes
 * \return each plane's share of the bytes the hosts put on their ports into the fabric
 * (empty with one plane)
 */
std::vector<double>
PlaneShares(const FabricHelper& fabric)
{
    const fabriclb::FabricTopology& topology = fabric.GetTopology();
    const uint32_t planes = topology.HostPorts();
    if (planes == 1)
    {
        return {};
    }
    // A host's port p leads to a tier-0 switch of plane p: plane p's are the p-th block.
    const NodeContainer& leaves = fabric.GetSwitches(0);
    const uint32_t leavesPerPlane = leaves.GetN() / planes;
    std::map<uint32_t, uint32_t> planeOfNode;
    for (uint32_t i = 0; i < leaves.GetN(); ++i)
    {
        planeOfNode[leaves.Get(i)->GetId()] = i / leavesPerPlane;
    }
    std::vector<double> bytes(planes, 0);
    for (const Ptr<PortMonitor>& monitor : fabric.GetPortMonitors())
    {
        if (monitor->GetStage() == FabricStage::HOST_UP)
        {
            bytes[planeOfNode.at(monitor->GetPeerNodeId())] +=
                static_cast<double>(monitor->GetBytesArrived());
        }
    }
    FabricRanks::Sum(bytes); // a port counts on its node's rank only
    const double total = std::accumulate(bytes.begin(), bytes.end(), 0.0);
    for (double& share : bytes)
    {
        share = total > 0 ? share / total : 0;
    }
    return bytes;
}

} // namespace

void
MeasureFabric(const FabricHelper& fabric,
              Time end,
              double dataPacketBytes,
              const std::vector<double>& linkCapacities,
              std::vector<int64_t>& startsPs,
              std::vector<int64_t>& completionsPs,
              ExperimentResult& result)
{
    const double linkBytesInSpan = fabric.GetLinkRate().GetBitRate() / 8.0 * end.GetSeconds();
    double switchQueueBytes = 0;
    uint32_t switchPorts = 0;
    for (const Ptr<PortMonitor>& monitor : fabric.GetPortMonitors())
    {
        const FabricStage stage = monitor->GetStage();
        const double meanBytes = monitor->GetMeanBytes(end);
        StageQueueStats& s = result.stages[static_cast<size_t>(stage)];
        // q(m), the largest queue and overload are the fabric's: not a server's own link.
        if (stage != FabricStage::HOST_UP && !IsServerStage(stage))
        {
            switchQueueBytes += meanBytes;
            ++switchPorts;
            result.maxQueuePackets =
                std::max(result.maxQueuePackets, monitor->GetMaxBytes() / dataPacketBytes);
        }
        if (linkBytesInSpan > 0 && !IsServerStage(stage))
        {
            s.maxOverload = std::max(s.maxOverload, monitor->GetBytesArrived() / linkBytesInSpan);
        }
        ++s.ports;
        s.maxBytes = std::max(s.maxBytes, monitor->GetMaxBytes());
        s.meanBytes += meanBytes;
        result.packetsDropped += monitor->GetDrops();
        result.packetsTrimmed += monitor->GetTrims();
        result.linkDrops += monitor->GetLinkDrops();
        result.packetsMarked += monitor->GetMarks();
        result.packetHops += monitor->GetPacketsForwarded();
        result.inFlight += monitor->GetPacketsWaiting() + monitor->GetPacketsOnLink();
    }
    uint64_t queuePairs = 0;
    for (uint32_t h = 0; h < result.hosts; ++h)
    {
        Ptr<RoceNic> nic = fabric.GetNic(h);
        result.packetsSent += nic->GetDataSent();
        result.acksSent += nic->GetAcksSent();
        result.packetsDelivered += nic->GetDataReceived();
        result.headersDelivered += nic->GetTrimmedReceived();
        result.acksDelivered += nic->GetAcksReceived();
        result.lossesDetected += nic->GetLossesDetected();
        result.retransmissions += nic->GetRetransmissions();
        result.timeouts += nic->GetTimeouts();
        result.nacks += nic->GetNacksSent();
        result.cnps += nic->GetCnpsSent();
        result.grants += nic->GetGrantsSent();
        result.inFlight += nic->GetReceiveQueueFrames(); // arrived, not yet taken in
        for (uint32_t qp = 0; qp < nic->GetQueuePairs(); ++qp)
        {
            const double rate = nic->GetRateBps(qp);
            result.meanFinalRateBps += rate;
            result.minFinalRateBps =
                queuePairs == 0 ? rate : std::min(result.minFinalRateBps, rate);
            ++queuePairs;
        }
    }
    CombineRanks(result, switchQueueBytes, queuePairs, startsPs, completionsPs);
    result.planeShares = PlaneShares(fabric);
    const std::vector<double> overShares = LinkOverloads(fabric, linkCapacities);
    for (size_t stage = 0; stage < result.stages.size(); ++stage)
    {
        result.stages[stage].overShare = overShares[stage];
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
    if (queuePairs > 0)
    {
        result.meanFinalRateBps /= queuePairs;
    }
}

} // namespace ns3
