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

} // namespace fabriclb
} // namespace ns3
