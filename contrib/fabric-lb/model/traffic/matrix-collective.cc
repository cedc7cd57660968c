/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * An htsim connection-matrix file (connection-matrix.h), registered as a workload.
 */

#include "collectives.h"

#include <stdexcept>

namespace ns3
{
namespace fabriclb
{
namespace
{

const Registration<Collective> g_matrix(
    {"matrix",
     "an htsim connection-matrix file (--matrix): start times, triggers, failures",
     CollectiveBound::MATRIX,
     {"matrix"},
     [](const CollectiveParams&) { return uint64_t{0}; },
     [](const CollectiveParams& p) {
         if (p.matrixFile.empty())
         {
             throw std::invalid_argument("--workload=matrix needs --matrix=FILE");
         }
         return ReadConnectionMatrix(p.matrixFile, p.hosts);
     }});

} // namespace
} // namespace fabriclb
} // namespace ns3
