/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "collectives.h"

namespace ns3
{
namespace fabriclb
{

ConnectionMatrix
StartingTogether(uint32_t hosts, const std::vector<MessageSpec>& messages)
{
    ConnectionMatrix traffic{};
    traffic.nodes = hosts;
    traffic.flows.reserve(messages.size());
    for (const MessageSpec& m : messages)
    {
        MatrixFlow flow{};
        flow.source = m.source;
        flow.destination = m.destination;
        flow.id = static_cast<uint32_t>(traffic.flows.size() + 1);
        flow.bytes = m.bytes;
        flow.startPs = 0;
        traffic.flows.push_back(flow);
    }
    return traffic;
}

} // namespace fabriclb
} // namespace ns3
