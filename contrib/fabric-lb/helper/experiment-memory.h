/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_EXPERIMENT_MEMORY_H
#define FABRIC_LB_EXPERIMENT_MEMORY_H

#include "ns3/fabric-topology.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \param hosts hosts of the fat tree
 * \param flows messages of the collective
 * \return the peak memory a run is expected to take, from measurements on Debian's ns-3.37
 */
uint64_t EstimatePeakMemoryBytes(uint32_t hosts, uint64_t flows);

/**
 * \ingroup fabric-lb
 * \brief Refuses a fabric and \p flows messages beyond the machine's memory; announces the
 * memory that a large fabric expects on stderr.
 * \param topology the fabric
 * \param flows messages of the run
 * \throws std::invalid_argument if the run would not fit
 */
void CheckMemory(const fabriclb::FabricTopology& topology, uint64_t flows);

} // namespace ns3

#endif /* FABRIC_LB_EXPERIMENT_MEMORY_H */
