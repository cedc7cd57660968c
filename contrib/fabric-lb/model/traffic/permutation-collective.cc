/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The study's permutation (workload.h's PermutationWorkload), registered as a workload.
 */

#include "collectives.h"

namespace ns3
{
namespace fabriclb
{
namespace
{

const Registration<Collective> g_permutation(
    {"permutation",
     "every host sends one message to another and receives one (a random derangement)",
     CollectiveBound::PERMUTATION,
     {"msgBytes"},
     [](const CollectiveParams& p) { return static_cast<uint64_t>(p.hosts); },
     [](const CollectiveParams& p) {
         return StartingTogether(p.hosts, PermutationWorkload(p.hosts, p.bytes, p.draw));
     }});

} // namespace
} // namespace fabriclb
} // namespace ns3
