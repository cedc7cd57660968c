/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "hierarchical-collectives.h"

#include "ring-collectives.h"

#include "ns3/attribute-construction-list.h"
#include "ns3/object-base.h"
#include "ns3/uinteger.h"

#include <stdexcept>
#include <string>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief The hierarchical collectives' parameter (--localRanks), read from the attribute's
 * default when a collective is built.
 */
class HierarchicalAlgorithm : public ObjectBase
{
  public:
    /// \return the attributes
    static TypeId GetTypeId()
    {
        static TypeId tid =
            TypeId("ns3::HierarchicalAlgorithm")
                .SetParent<ObjectBase>()
                .SetGroupName("FabricLb")
                .AddAttribute("LocalRanks",
                              "hosts per server of a hierarchical collective (--algorithm="
                              "hierarchical): its first and last phases run in each server "
                              "(NVLink on a rail fabric: give its --gpusPerServer), the middle "
                              "one on each rail across servers",
                              UintegerValue(8),
                              MakeUintegerAccessor(&HierarchicalAlgorithm::localRanks),
                              MakeUintegerChecker<uint32_t>(1, 1U << 20));
        return tid;
    }

    TypeId GetInstanceTypeId() const override
    {
        return GetTypeId();
    }

    /// Takes the attributes' defaults.
    HierarchicalAlgorithm()
    {
        ConstructSelf(AttributeConstructionList());
    }

    uint32_t localRanks{0}; //!< hosts per server
};

NS_OBJECT_ENSURE_REGISTERED(HierarchicalAlgorithm);

namespace fabriclb
{

std::pair<std::string, std::string>
LocalRanksFlag()
{
    return {"localRanks", "ns3::HierarchicalAlgorithm::LocalRanks"};
}

uint32_t
HierarchicalLocalRanks()
{
    return HierarchicalAlgorithm().localRanks;
}

namespace
{

/// Where a phase's rings run.
enum class Scope
{
    SERVER, //!< each server's hosts
    RAIL    //!< each rail's hosts: the group's hosts of one local rank
};

/// One phase of a hierarchical collective: its rings' scope, steps and chunk.
struct Phase
{
    Scope scope;    //!< where its rings run
    uint32_t steps; //!< steps of each ring
    uint64_t chunk; //!< bytes a step
};

/// \return the servers of a group of \p group hosts, \p local a server \throws unless it divides
uint32_t
ServersOf(uint32_t group, uint32_t local)
{
    if (local == 0 || group % local != 0)
    {
        throw std::invalid_argument("servers of " + std::to_string(local) +
                                    " hosts must divide the group of " + std::to_string(group) +
                                    " hosts (--localRanks)");
    }
    return group / local;
}

/// \return the phases of \p kind over a group of \p group hosts, \p local a server
std::vector<Phase>
PhasesOf(HierarchicalKind kind, uint32_t group, uint32_t local, uint64_t bytes)
{
    const uint32_t servers = ServersOf(group, local);
    const uint64_t serverChunk = (bytes + local - 1) / local;
    const uint64_t railChunk = (bytes + group - 1) / group;
    const Phase inServer{Scope::SERVER, local - 1, serverChunk};
    switch (kind)
    {
    case HierarchicalKind::ALL_REDUCE:
        return {inServer, {Scope::RAIL, 2 * (servers - 1), railChunk}, inServer};
    case HierarchicalKind::REDUCE_SCATTER:
        return {inServer, {Scope::RAIL, servers - 1, railChunk}};
    case HierarchicalKind::ALL_GATHER:
        return {{Scope::RAIL, servers - 1, railChunk}, inServer};
    }
    throw std::logic_error("unknown hierarchical collective");
}

} // namespace

ConnectionMatrix
HierarchicalCollective(HierarchicalKind kind,
                       uint32_t hosts,
                       uint32_t group,
                       uint32_t local,
                       uint64_t bytes)
{
    const uint32_t g = CollectiveGroupSize(hosts, group, "hierarchical");
    if (bytes == 0)
    {
        throw std::invalid_argument("a hierarchical collective needs at least one byte");
    }
    const std::vector<Phase> phases = PhasesOf(kind, g, local, bytes);
    const uint32_t servers = g / local;
    return InGroups(hosts, g, [&](ConnectionMatrix& traffic, const std::vector<uint32_t>& members) {
        // By host of the group: the flow whose arrival ends its part of the phase before.
        RingReady ready(g);
        for (const Phase& phase : phases)
        {
            const uint32_t rings = phase.scope == Scope::SERVER ? servers : local;
            const uint32_t size = phase.scope == Scope::SERVER ? local : servers;
            for (uint32_t ring = 0; ring < rings; ++ring)
            {
                // A server's hosts are consecutive; a rail's are a server apart.
                std::vector<uint32_t> hostsOfRing;
                RingReady readyOfRing;
                for (uint32_t rank = 0; rank < size; ++rank)
                {
                    const uint32_t position =
                        phase.scope == Scope::SERVER ? ring * local + rank : rank * local + ring;
                    hostsOfRing.push_back(members[position]);
                    readyOfRing.push_back(ready[position]);
                }
                const RingReady received =
                    AppendGatedRing(traffic, hostsOfRing, phase.steps, phase.chunk, readyOfRing);
                for (uint32_t rank = 0; rank < size; ++rank)
                {
                    const uint32_t position =
                        phase.scope == Scope::SERVER ? ring * local + rank : rank * local + ring;
                    ready[position] = received[rank];
                }
            }
        }
    });
}

uint64_t
HierarchicalMessages(HierarchicalKind kind, uint32_t hosts, uint32_t group, uint32_t local)
{
    const uint32_t g = CollectiveGroupSize(hosts, group, "hierarchical");
    uint64_t perGroup = 0;
    for (const Phase& phase : PhasesOf(kind, g, local, 1))
    {
        // Every host of the group sends one flow a step of its phase.
        perGroup += static_cast<uint64_t>(phase.steps) * g;
    }
    return perGroup * (hosts / g);
}

} // namespace fabriclb
} // namespace ns3
