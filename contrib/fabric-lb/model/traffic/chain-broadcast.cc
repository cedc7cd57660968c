/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "chain-broadcast.h"

#include <stdexcept>
#include <string>

namespace ns3
{
namespace fabriclb
{

ConnectionMatrix
ChainBroadcast(uint32_t hosts, uint64_t bytes)
{
    if (hosts < 2 || bytes == 0)
    {
        throw std::invalid_argument("a broadcast needs at least 2 hosts and 1 byte, not " +
                                    std::to_string(hosts) + " hosts and " + std::to_string(bytes) +
                                    " bytes");
    }
    const uint32_t links = hosts - 1;
    const uint32_t chunks = hosts;
    const uint64_t chunk = (bytes + chunks - 1) / chunks;
    ConnectionMatrix traffic{};
    traffic.nodes = hosts;
    // Flow (link h, chunk c) has index h * chunks + c; the trigger it waits on, if any, bears
    // its id.
    const auto indexOf = [chunks](uint32_t link, uint32_t c) { return link * chunks + c; };
    for (uint32_t link = 0; link < links; ++link)
    {
        for (uint32_t c = 0; c < chunks; ++c)
        {
            MatrixFlow flow{};
            flow.source = link;
            flow.destination = link + 1;
            flow.id = indexOf(link, c) + 1;
            flow.bytes = chunk;
            const uint32_t conditions = (link > 0 ? 1 : 0) + (c > 0 ? 1 : 0);
            if (conditions == 0)
            {
                flow.startPs = 0;
            }
            else
            {
                flow.trigger = flow.id;
                traffic.triggers.push_back(
                    MatrixTrigger{flow.id,
                                  conditions == 1 ? TriggerKind::ONESHOT : TriggerKind::BARRIER,
                                  conditions,
                                  {indexOf(link, c)},
                                  0});
            }
            traffic.flows.push_back(flow);
        }
    }
    for (uint32_t link = 0; link < links; ++link)
    {
        for (uint32_t c = 0; c < chunks; ++c)
        {
            MatrixFlow& flow = traffic.flows[indexOf(link, c)];
            if (link + 1 < links)
            {
                flow.recvDoneTrigger = indexOf(link + 1, c) + 1; // the next link forwards it
            }
            if (c + 1 < chunks)
            {
                flow.sendDoneTrigger = indexOf(link, c + 1) + 1; // the next chunk may go
            }
        }
    }
    return traffic;
}

} // namespace fabriclb
} // namespace ns3
