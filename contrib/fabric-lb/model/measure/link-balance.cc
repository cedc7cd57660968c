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
        double bytes{0};    // summed over its links
        double capacity{0}; // summed over its links
    };

    std::map<std::pair<size_t, uint64_t>, Group> groups;
    for (const LinkLoad& link : links)
    {
        if (link.stage >= stageCount || !(link.bytes >= 0) || !(link.capacity >= 0))
        {
            throw std::invalid_argument(
                "a link load needs a known stage, bytes >= 0 and a capacity >= 0");
        }
        Group& group = groups[{link.stage, link.group}];
        group.bytes += link.bytes;
        group.capacity += link.capacity;
    }
    std::vector<double> worst(stageCount, 0.0);
    for (const LinkLoad& link : links)
    {
        const Group& group = groups.at({link.stage, link.group});
        if (link.capacity > 0 && group.bytes > 0)
        {
            const double share = group.bytes * link.capacity / group.capacity;
            worst[link.stage] = std::max(worst[link.stage], link.bytes / share);
        }
    }
    return worst;
}

} // namespace fabriclb
} // namespace ns3
