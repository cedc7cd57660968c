/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The study's all-to-all (workload.h's AllToAllWorkload), registered as a workload.
 */

#include "collectives.h"

namespace ns3
{
namespace fabriclb
{
namespace
{

const Registration<Collective> g_allToAll(
    {"all-to-all",
     "every host sends one message to every other host, all at once",
     CollectiveBound::ALL_TO_ALL,
     {"msgBytes"},
     [](const CollectiveParams& p) { return static_cast<uint64_t>(p.hosts) * (p.hosts - 1); },
     [](const CollectiveParams& p) {
         return StartingTogether(p.hosts, AllToAllWorkload(p.hosts, p.bytes));
     }});

} // namespace
} // namespace fabriclb
} // namespace ns3
