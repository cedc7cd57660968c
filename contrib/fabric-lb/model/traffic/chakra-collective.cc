/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * A training step given as MLCommons Chakra execution traces (chakra-traffic.h), registered
 * as a workload.
 */

#include "chakra-traffic.h"
#include "collectives.h"

#include <stdexcept>

namespace ns3
{
namespace fabriclb
{
namespace
{

const Registration<Collective> g_chakra(
    {"chakra",
     "a training step as Chakra execution traces, one a rank: --trace=PREFIX reads "
     "PREFIX.0.et, PREFIX.1.et, ... (rank r on host r; all-reduces by --algorithm)",
     CollectiveBound::MATRIX,
     {"trace", "algorithm", "chunkBytes"},
     [](const CollectiveParams&) { return uint64_t{0}; },
     [](const CollectiveParams& p) {
         if (p.traceFile.empty())
         {
             throw std::invalid_argument("--workload=chakra needs --trace=PREFIX");
         }
         return ReadChakraTraffic(p.traceFile, p.hosts, {p.algorithm, p.chunkBytes});
     }});

} // namespace
} // namespace fabriclb
} // namespace ns3
