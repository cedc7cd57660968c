/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ring-collectives.h"

#include "collectives.h"

#include <stdexcept>
#include <string>

namespace ns3
{
namespace fabriclb
{

namespace
{

/// Registers the ring collective of \p kind as \p name.
Registration<Collective>
RegisterRing(const std::string& name, const std::string& description, RingKind kind)
{
    return Registration<Collective>(
        {name,
         description,
         CollectiveBound::MATRIX,
         {"msgBytes", "group"},
         [kind](const CollectiveParams& p) {
             return static_cast<uint64_t>(p.hosts) *
                    RingSteps(kind, CollectiveGroupSize(p.hosts, p.group, "ring"));
         },
         [kind](const CollectiveParams& p) {
             return RingCollective(kind, p.hosts, p.group, p.bytes);
         }});
}

const Registration<Collective> g_allGather =
    RegisterRing("ring-allgather",
                 "ring all-gather of a --msgBytes buffer over --group hosts: g-1 steps of a chunk",
                 RingKind::ALL_GATHER);
const Registration<Collective> g_reduceScatter =
    RegisterRing("ring-reducescatter",
                 "ring reduce-scatter of a --msgBytes buffer over --group hosts: g-1 steps",
                 RingKind::REDUCE_SCATTER);
const Registration<Collective> g_allReduce =
    RegisterRing("ring-allreduce",
                 "ring all-reduce (reduce-scatter, then all-gather): 2(g-1) steps",
                 RingKind::ALL_REDUCE);

} // namespace

uint32_t
CollectiveGroupSize(uint32_t hosts, uint32_t group, const std::string& kind)
{
    const uint32_t size = group == 0 ? hosts : group;
    if (size < 2 || hosts % size != 0)
    {
        throw std::invalid_argument("a " + kind + " group of " + std::to_string(size) +
                                    " hosts must have at least 2 and divide the " +
                                    std::to_string(hosts) + " hosts");
    }
    return size;
}

uint32_t
RingSteps(RingKind kind, uint32_t group)
{
    return (kind == RingKind::ALL_REDUCE ? 2 : 1) * (group - 1);
}

ConnectionMatrix
RingCollective(RingKind kind, uint32_t hosts, uint32_t group, uint64_t bytes)
{
    const uint32_t g = CollectiveGroupSize(hosts, group, "ring");
    if (bytes == 0)
    {
        throw std::invalid_argument("a ring collective needs a buffer of at least one byte");
    }
    return InGroups(
        hosts,
        g,
        [kind, g, bytes](ConnectionMatrix& traffic, const std::vector<uint32_t>& members) {
            AppendRing(traffic, members, RingSteps(kind, g), (bytes + g - 1) / g);
        });
}

ConnectionMatrix
InGroups(uint32_t hosts, uint32_t group, const AppendGroup& append)
{
    ConnectionMatrix traffic{};
    traffic.nodes = hosts;
    std::vector<uint32_t> members(group);
    for (uint32_t first = 0; first < hosts; first += group)
    {
        for (uint32_t rank = 0; rank < group; ++rank)
        {
            members[rank] = first + rank;
        }
        append(traffic, members);
    }
    return traffic;
}

void
AppendRing(ConnectionMatrix& traffic,
           const std::vector<uint32_t>& members,
           uint32_t steps,
           uint64_t chunk)
{
    AppendGatedRing(traffic, members, steps, chunk, RingReady(members.size()));
}

RingReady
AppendGatedRing(ConnectionMatrix& traffic,
                const std::vector<uint32_t>& members,
                uint32_t steps,
                uint64_t chunk,
                const RingReady& ready)
{
    const auto g = static_cast<uint32_t>(members.size());
    if (steps == 0)
    {
        return ready;
    }
    const auto wait = [&traffic](MatrixFlow& flow, size_t input) {
        flow.trigger = flow.id;
        traffic.flows[input].recvDoneTrigger = flow.id;
        traffic.triggers.push_back(MatrixTrigger{flow.id,
                                                 TriggerKind::ONESHOT,
                                                 1,
                                                 {static_cast<uint32_t>(flow.id - 1)},
                                                 0});
    };
    // Flow (step, rank) has index base + step * g + rank.
    const size_t base = traffic.flows.size();
    for (uint32_t step = 0; step < steps; ++step)
    {
        for (uint32_t rank = 0; rank < g; ++rank)
        {
            MatrixFlow flow{};
            flow.source = members[rank];
            flow.destination = members[(rank + 1) % g];
            flow.id = static_cast<uint32_t>(traffic.flows.size() + 1);
            flow.bytes = chunk;
            if (step > 0)
            {
                wait(flow, base + (step - 1) * g + (rank + g - 1) % g);
            }
            else if (ready[rank])
            {
                wait(flow, *ready[rank]);
            }
            else
            {
                flow.startPs = 0;
            }
            traffic.flows.push_back(flow);
        }
    }
    RingReady received(g);
    for (uint32_t rank = 0; rank < g; ++rank)
    {
        received[rank] = base + (steps - 1) * g + (rank + g - 1) % g;
    }
    return received;
}

} // namespace fabriclb
} // namespace ns3
