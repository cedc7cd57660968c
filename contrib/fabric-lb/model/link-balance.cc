/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "link-balance.h"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <utility>

namespace ns3
{
namespace fabriclb
{

std::vector<double>
WorstLinkOverload(const std::vector<LinkLoad>& links, size_t stageCount)
{
    struct Group
    {
        double bytes{0};   // summed over its links
        uint32_t links{0}; // how many
        double most{0};    // its busiest link's bytes
    };

    std::map<std::pair<size_t, uint64_t>, Group> groups;
    for (const LinkLoad& link : links)
    {
        if (link.stage >= stageCount || link.bytes < 0)
        {
            throw std::invalid_argument("a link load needs a known stage and bytes >= 0");
        }
        Group& group = groups[{link.stage, link.group}];
        group.bytes += link.bytes;
        ++group.links;
        group.most = std::max(group.most, link.bytes);
    }
    std::vector<double> worst(stageCount, 0.0);
    for (const auto& [key, group] : groups)
    {
        if (group.bytes > 0)
        {
            worst[key.first] = std::max(worst[key.first], group.most * group.links / group.bytes);
        }
    }
    return worst;
}

} // namespace fabriclb
} // namespace ns3
