/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fabric-paths.h"

#include <algorithm>
#include <map>
#include <regex>
#include <stdexcept>

namespace ns3
{
namespace fabriclb
{

std::optional<uint64_t>
ParseSimulatedTimePs(const std::string& text)
{
    static const std::regex time(R"((\d{1,12})(\.\d{1,6})?(ps|ns|us|ms|s)?)");
    std::smatch match;
    if (!std::regex_match(text, match, time) || (!match[3].matched && text != "0"))
    {
        return std::nullopt;
    }
    const std::string unit = match[3].str();
    const double scale = unit == "ps"   ? 1
                         : unit == "ns" ? 1e3
                         : unit == "us" ? 1e6
                         : unit == "ms" ? 1e9
                                        : 1e12;
    const double ps = std::stod(match[1].str() + match[2].str()) * scale;
    if (ps > 1e18)
    {
        return std::nullopt;
    }
    return static_cast<uint64_t>(ps + 0.5);
}

std::vector<NamedFailure>
ParseNamedFailures(const std::string& text, const FabricTopology& topology)
{
    std::vector<NamedFailure> failures;
    size_t begin = 0;
    while (begin <= text.size())
    {
        const size_t end = std::min(text.find(',', begin), text.size());
        const std::string item = text.substr(begin, end - begin);
        const size_t at = item.find('@');
        const std::string name = item.substr(0, at);
        const std::optional<uint32_t> link = topology.FindLink(name);
        if (!link)
        {
            throw std::invalid_argument("unknown link '" + name + "' (names look like " +
                                        topology.LinkName(0) + " or " +
                                        topology.LinkName(topology.LinkCount() - 1) + ")");
        }
        std::optional<uint64_t> atPs = 0;
        if (at != std::string::npos)
        {
            atPs = ParseSimulatedTimePs(item.substr(at + 1));
            if (!atPs)
            {
                throw std::invalid_argument("malformed failure time '" + item.substr(at + 1) +
                                            "' for link " + name + " (e.g. 10us)");
            }
        }
        for (const NamedFailure& f : failures)
        {
            if (f.link == *link)
            {
                throw std::invalid_argument("link " + name + " is named twice");
            }
        }
        failures.push_back({*link, *atPs});
        begin = end + 1;
    }
    return failures;
}

bool
PathIsUp(const LeafPath& path, const LinkStates& down)
{
    const auto isDown = [&down](uint32_t link) { return down[link]; };
    return std::none_of(path.up.begin(), path.up.end(), isDown) &&
           std::none_of(path.down.begin(), path.down.end(), isDown);
}

RhoMax
ComputeRhoMax(const FabricTopology& topology,
              const LinkStates& down,
              const std::vector<double>& capacity,
              const std::vector<std::pair<uint32_t, uint32_t>>& flows)
{
    // Flows between the same two tier-0 switches share their paths: count them once.
    std::map<std::pair<uint32_t, uint32_t>, double> edgePairs;
    std::vector<double> hostUp(topology.HostCount(), 0);
    std::vector<double> hostDown(topology.HostCount(), 0);
    for (const auto& [source, destination] : flows)
    {
        if (source == destination)
        {
            continue;
        }
        hostUp[source] += 1;
        hostDown[destination] += 1;
        const uint32_t sourceEdge = topology.AttachmentOf(source).leaf;
        const uint32_t destinationEdge = topology.AttachmentOf(destination).leaf;
        if (sourceEdge != destinationEdge)
        {
            edgePairs[{sourceEdge, destinationEdge}] += 1;
        }
    }

    std::vector<double> upLoad(topology.LinkCount(), 0);   // towards the top
    std::vector<double> downLoad(topology.LinkCount(), 0); // towards the hosts
    std::vector<std::pair<uint32_t, uint32_t>> cutOff;
    for (const auto& [pair, count] : edgePairs)
    {
        std::vector<LeafPath> paths;
        for (uint32_t slot = 0; slot < topology.LeafPathCount(pair.first, pair.second); ++slot)
        {
            LeafPath path = topology.LeafPathOf(pair.first, pair.second, slot);
            if (PathIsUp(path, down))
            {
                paths.push_back(std::move(path));
            }
        }
        if (paths.empty())
        {
            cutOff.push_back(pair);
            continue;
        }
        const double share = count / static_cast<double>(paths.size());
        for (const LeafPath& path : paths)
        {
            for (uint32_t link : path.up)
            {
                upLoad[link] += share;
            }
            for (uint32_t link : path.down)
            {
                downLoad[link] += share;
            }
        }
    }

    RhoMax result;
    auto consider = [&result](double load, double linkCapacity) {
        if (load > 0)
        {
            result.flowUnits = std::max(result.flowUnits, load / linkCapacity);
        }
    };
    const double hostPorts = topology.HostPorts();
    for (uint32_t host = 0; host < topology.HostCount(); ++host)
    {
        consider(hostUp[host], hostPorts);
        consider(hostDown[host], hostPorts);
    }
    for (uint32_t link = 0; link < topology.LinkCount(); ++link)
    {
        const double linkCapacity = capacity.empty() ? 1 : capacity[link];
        consider(upLoad[link], linkCapacity);
        consider(downLoad[link], linkCapacity);
    }
    // F flow units a link: a flow may send at 1 / F links' rate, of a NIC of hostPorts links.
    const double nicUnits = result.flowUnits * hostPorts;
    result.fraction = nicUnits > 1 ? 1 / nicUnits : 1;
    for (uint32_t i = 0; i < flows.size(); ++i)
    {
        const auto [source, destination] = flows[i];
        const std::pair<uint32_t, uint32_t> pair{topology.AttachmentOf(source).leaf,
                                                 topology.AttachmentOf(destination).leaf};
        if (std::find(cutOff.begin(), cutOff.end(), pair) != cutOff.end())
        {
            result.unreachableFlows.push_back(i);
        }
    }
    return result;
}

} // namespace fabriclb
} // namespace ns3
