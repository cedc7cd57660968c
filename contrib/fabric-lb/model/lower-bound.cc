/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "lower-bound.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace ns3
{
namespace fabriclb
{

PermutationBound
ComputePermutationBound(const WireModel& wire, uint32_t packets, uint32_t hops)
{
    if (packets == 0 || hops == 0)
    {
        throw std::invalid_argument("permutation bound needs at least one packet and one hop");
    }
    const uint64_t td = wire.DataPs();
    const uint64_t ta = wire.AckPs();
    const uint64_t tg = wire.GapPs();
    const uint64_t d = td + tg;
    const uint64_t a = ta + tg;
    const uint64_t p = hops * wire.linkDelayPs;

    PermutationBound bound{};
    bound.firstArrivalPs = p + hops * td;
    const uint64_t beforeFirstAck = p + (hops - 1) * td;
    bound.dataBeforeAck = static_cast<uint32_t>((beforeFirstAck + d - 1) / d + 1);

    const uint64_t burst = std::min<uint64_t>(bound.dataBeforeAck, packets);
    const uint64_t lastDataBitsLeave = burst * d + (packets - burst) * (a + d) - tg;
    bound.completionPs = lastDataBitsLeave + (hops - 1) * td + p + hops * ta + p;
    return bound;
}

uint64_t
ComputeAllToAllBound(const WireModel& wire, uint32_t hosts, uint32_t packets, uint32_t hops)
{
    if (hosts < 2 || packets == 0 || hops == 0)
    {
        throw std::invalid_argument("all-to-all bound needs two hosts, one packet and one hop");
    }
    const uint64_t d = wire.DataPs() + wire.GapPs();
    const uint64_t a = wire.AckPs() + wire.GapPs();
    const uint64_t perHost = static_cast<uint64_t>(hosts - 1) * packets;
    return perHost * (d + a) - wire.GapPs() + hops * wire.linkDelayPs + (hops - 1) * wire.AckPs();
}

uint64_t
ComputeLoneMessageBound(const WireModel& wire, uint32_t packets, uint32_t hops)
{
    if (packets == 0 || hops == 0)
    {
        throw std::invalid_argument("a message bound needs at least one packet and one hop");
    }
    const uint64_t p = hops * wire.linkDelayPs;
    return packets * (wire.DataPs() + wire.GapPs()) - wire.GapPs() + (hops - 1) * wire.DataPs() +
           p + hops * wire.AckPs() + p;
}

uint64_t
ComputePacedMessageBound(const WireModel& wire, uint32_t packets, uint32_t hops, uint64_t gapPs)
{
    if (packets == 0)
    {
        throw std::invalid_argument("a message has at least one packet");
    }
    return (packets - 1) * gapPs + ComputeLoneMessageBound(wire, 1, hops);
}

uint64_t
ComputeMatrixBound(const WireModel& wire, uint32_t hosts, const std::vector<FlowLoad>& flows)
{
    if (flows.empty())
    {
        throw std::invalid_argument("a matrix bound needs at least one message");
    }

    struct HostLoad
    {
        uint64_t sent{0};             //!< data packets it sends
        uint64_t received{0};         //!< data packets it receives
        uint32_t hops{0};             //!< largest hop count to a peer
        uint64_t startPs{UINT64_MAX}; //!< earliest start of a message it takes part in
    };

    std::vector<HostLoad> load(hosts);
    uint64_t bound = 0;
    for (const FlowLoad& flow : flows)
    {
        if (flow.source >= hosts || flow.destination >= hosts)
        {
            throw std::invalid_argument("a message's host is beyond the fabric");
        }
        bound =
            std::max(bound, flow.startPs + ComputeLoneMessageBound(wire, flow.packets, flow.hops));
        for (const uint32_t host : {flow.source, flow.destination})
        {
            load[host].hops = std::max(load[host].hops, flow.hops);
            load[host].startPs = std::min(load[host].startPs, flow.startPs);
        }
        load[flow.source].sent += flow.packets;
        load[flow.destination].received += flow.packets;
    }
    const uint64_t td = wire.DataPs();
    const uint64_t ta = wire.AckPs();
    const uint64_t tg = wire.GapPs();
    const uint64_t d = td + tg;
    const uint64_t a = ta + tg;
    for (const HostLoad& host : load)
    {
        if (host.hops == 0)
        {
            continue; // takes part in nothing
        }
        const uint64_t p = host.hops * wire.linkDelayPs;
        const uint64_t ackReturn = host.hops * ta + p;
        const uint64_t upTail =
            host.received > 0 ? p + (host.hops - 1) * ta : (host.hops - 1) * td + p + ackReturn;
        const uint64_t downTail = host.sent > 0 ? 0 : ackReturn;
        const uint64_t up = host.sent * d + host.received * a - tg + upTail;
        const uint64_t down = host.received * d + host.sent * a - tg + downTail;
        bound = std::max(bound, host.startPs + std::max(up, down));
    }
    return bound;
}

} // namespace fabriclb
} // namespace ns3
