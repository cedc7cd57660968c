/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fabric-partition.h"

#include <map>
#include <stdexcept>

namespace ns3
{
namespace fabriclb
{

FabricPartition::FabricPartition(const FatTreeTopology& topology, uint32_t ranks)
    : m_topology(topology),
      m_ranks(ranks)
{
    if (ranks == 0 || ranks > topology.K())
    {
        throw std::invalid_argument("a k=" + std::to_string(topology.K()) +
                                    " fat tree can be spread over 1 to " +
                                    std::to_string(topology.K()) + " ranks (one pod at least " +
                                    "each), not " + std::to_string(ranks));
    }
}

uint32_t
FabricPartition::RankOfPod(uint32_t pod) const
{
    return static_cast<uint32_t>(static_cast<uint64_t>(pod) * m_ranks / m_topology.K());
}

uint32_t
FabricPartition::RankOfHost(uint32_t host) const
{
    return RankOfPod(m_topology.PodOf(host));
}

uint32_t
FabricPartition::RankOfPodSwitch(uint32_t sw) const
{
    return RankOfPod(m_topology.PodOfSwitch(sw));
}

uint32_t
FabricPartition::RankOfCore(uint32_t core) const
{
    return static_cast<uint32_t>(static_cast<uint64_t>(core) * m_ranks / m_topology.CoreCount());
}

std::optional<std::string>
FabricPartition::FindTriggerAcrossRanks(const ConnectionMatrix& traffic) const
{
    std::map<uint32_t, uint32_t> rankOfTrigger; // trigger id -> the rank it runs on
    auto onRank =
        [&](uint32_t trigger, uint32_t host, const MatrixFlow& flow) -> std::optional<std::string> {
        const uint32_t rank = RankOfHost(host);
        const auto [it, first] = rankOfTrigger.emplace(trigger, rank);
        if (first || it->second == rank)
        {
            return std::nullopt;
        }
        return "trigger " + std::to_string(trigger) + " would run on ranks " +
               std::to_string(it->second) + " and " + std::to_string(rank) + " (flow " +
               std::to_string(flow.id) + ", host " + std::to_string(host) + ")";
    };
    for (const MatrixFlow& flow : traffic.flows)
    {
        const std::pair<std::optional<uint32_t>, uint32_t> uses[] = {
            {flow.trigger, flow.source},
            {flow.sendDoneTrigger, flow.source},
            {flow.recvDoneTrigger, flow.destination}};
        for (const auto& [trigger, host] : uses)
        {
            if (trigger)
            {
                if (std::optional<std::string> clash = onRank(*trigger, host, flow))
                {
                    return clash;
                }
            }
        }
    }
    return std::nullopt;
}

} // namespace fabriclb
} // namespace ns3
