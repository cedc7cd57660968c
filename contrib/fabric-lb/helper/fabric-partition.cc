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

FabricPartition::FabricPartition(const FabricTopology& topology, uint32_t ranks)
    : m_topology(topology),
      m_ranks(ranks)
{
    const uint32_t groups = topology.PartitionGroupCount();
    if (ranks == 0 || ranks > groups)
    {
        throw std::invalid_argument("a " + topology.Describe() +
                                    " fabric can be spread over 1 to " + std::to_string(groups) +
                                    " ranks (one " + topology.PartitionGroupName() +
                                    " at least each), not " + std::to_string(ranks));
    }
}

uint32_t
FabricPartition::RankOfGroup(uint32_t group) const
{
    return static_cast<uint32_t>(static_cast<uint64_t>(group) * m_ranks /
                                 m_topology.PartitionGroupCount());
}

uint32_t
FabricPartition::RankOfHost(uint32_t host) const
{
    return RankOfSwitch({0, m_topology.AttachmentOf(host).leaf});
}

uint32_t
FabricPartition::RankOfSwitch(SwitchRef sw) const
{
    const uint32_t top = m_topology.TierCount() - 1;
    if (sw.tier < top)
    {
        return RankOfGroup(m_topology.PartitionGroupOf(sw));
    }
    return static_cast<uint32_t>(static_cast<uint64_t>(sw.index) * m_ranks /
                                 m_topology.SwitchCount(top));
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
