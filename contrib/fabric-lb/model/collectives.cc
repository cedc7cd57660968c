/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "collectives.h"

#include "workload.h"

#include <algorithm>
#include <stdexcept>

namespace ns3
{
namespace fabriclb
{

namespace
{

/// \return the messages as a matrix of flows that all start at time 0
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

/// \return hosts per ring: \p group, or all hosts for 0
uint32_t
RingSize(uint32_t hosts, uint32_t group)
{
    const uint32_t size = group == 0 ? hosts : group;
    if (size < 2 || hosts % size != 0)
    {
        throw std::invalid_argument("a ring group of " + std::to_string(size) +
                                    " hosts must have at least 2 and divide the " +
                                    std::to_string(hosts) + " hosts");
    }
    return size;
}

/// A ring collective's table entry.
Collective
Ring(const std::string& name, const std::string& description, RingKind kind)
{
    return {name,
            description,
            CollectiveBound::MATRIX,
            [kind](const CollectiveParams& p) {
                return static_cast<uint64_t>(p.hosts) * RingSteps(kind, RingSize(p.hosts, p.group));
            },
            [kind](const CollectiveParams& p) {
                return RingCollective(kind, p.hosts, p.group, p.bytes);
            }};
}

} // namespace

uint32_t
RingSteps(RingKind kind, uint32_t group)
{
    return (kind == RingKind::ALL_REDUCE ? 2 : 1) * (group - 1);
}

ConnectionMatrix
RingCollective(RingKind kind, uint32_t hosts, uint32_t group, uint64_t bytes)
{
    const uint32_t g = RingSize(hosts, group);
    if (bytes == 0)
    {
        throw std::invalid_argument("a ring collective needs a buffer of at least one byte");
    }
    const uint64_t chunk = (bytes + g - 1) / g;
    const uint32_t steps = RingSteps(kind, g);
    ConnectionMatrix traffic{};
    traffic.nodes = hosts;
    // Flow (ring, step, rank) has index (ring * steps + step) * g + rank; a flow of
    // a later step waits on the trigger that bears its id.
    for (uint32_t first = 0; first < hosts; first += g)
    {
        const size_t ringBase = traffic.flows.size();
        for (uint32_t step = 0; step < steps; ++step)
        {
            for (uint32_t rank = 0; rank < g; ++rank)
            {
                MatrixFlow flow{};
                flow.source = first + rank;
                flow.destination = first + (rank + 1) % g;
                flow.id = static_cast<uint32_t>(traffic.flows.size() + 1);
                flow.bytes = chunk;
                if (step == 0)
                {
                    flow.startPs = 0;
                }
                else
                {
                    // It starts when its rank holds the previous step's chunk.
                    flow.trigger = flow.id;
                    MatrixFlow& input =
                        traffic.flows[ringBase + (step - 1) * g + (rank + g - 1) % g];
                    input.recvDoneTrigger = flow.id;
                    traffic.triggers.push_back(
                        MatrixTrigger{flow.id, TriggerKind::ONESHOT, 1, {flow.id - 1U}, 0});
                }
                traffic.flows.push_back(flow);
            }
        }
    }
    return traffic;
}

const std::vector<Collective>&
Collectives()
{
    static const std::vector<Collective> table{
        {"permutation",
         "every host sends one message to another and receives one (a random derangement)",
         CollectiveBound::PERMUTATION,
         [](const CollectiveParams& p) { return static_cast<uint64_t>(p.hosts); },
         [](const CollectiveParams& p) {
             return StartingTogether(p.hosts, PermutationWorkload(p.hosts, p.bytes, p.draw));
         }},
        {"all-to-all",
         "every host sends one message to every other host, all at once",
         CollectiveBound::ALL_TO_ALL,
         [](const CollectiveParams& p) { return static_cast<uint64_t>(p.hosts) * (p.hosts - 1); },
         [](const CollectiveParams& p) {
             return StartingTogether(p.hosts, AllToAllWorkload(p.hosts, p.bytes));
         }},
        Ring("ring-allgather",
             "ring all-gather of a --msgBytes buffer over --group hosts: g-1 steps of a chunk",
             RingKind::ALL_GATHER),
        Ring("ring-reducescatter",
             "ring reduce-scatter of a --msgBytes buffer over --group hosts: g-1 steps",
             RingKind::REDUCE_SCATTER),
        Ring("ring-allreduce",
             "ring all-reduce (reduce-scatter, then all-gather): 2(g-1) steps",
             RingKind::ALL_REDUCE),
        {"matrix",
         "an htsim connection-matrix file (--matrix): start times, triggers, failures",
         CollectiveBound::MATRIX,
         [](const CollectiveParams&) { return uint64_t{0}; },
         [](const CollectiveParams& p) {
             if (p.matrixFile.empty())
             {
                 throw std::invalid_argument("--workload=matrix needs --matrix=FILE");
             }
             return ReadConnectionMatrix(p.matrixFile, p.hosts);
         }},
    };
    return table;
}

const Collective*
FindCollective(const std::string& name)
{
    const std::vector<Collective>& table = Collectives();
    const auto it = std::find_if(table.begin(), table.end(), [&name](const Collective& c) {
        return c.name == name;
    });
    return it == table.end() ? nullptr : &*it;
}

} // namespace fabriclb
} // namespace ns3
