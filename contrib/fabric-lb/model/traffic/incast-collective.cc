/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * An incast (workload.h's IncastWorkload), registered as a workload.
 */

#include "collectives.h"

namespace ns3
{
namespace fabriclb
{
namespace
{

const Registration<Collective> g_incast(
    {"incast",
     "every host sends one message to host 0 (in a jobs file, to the job's receiver)",
     CollectiveBound::MATRIX,
     {"msgBytes"},
     [](const CollectiveParams& p) { return static_cast<uint64_t>(p.hosts) - 1; },
     [](const CollectiveParams& p) {
         return StartingTogether(p.hosts, IncastWorkload(p.hosts, p.bytes));
     }});

} // namespace
} // namespace fabriclb
} // namespace ns3
