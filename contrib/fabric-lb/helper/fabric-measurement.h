/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FABRIC_MEASUREMENT_H
#define FABRIC_LB_FABRIC_MEASUREMENT_H

#include "ns3/experiment-result.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <vector>

namespace ns3
{

class FabricHelper;

/**
 * \ingroup fabric-lb
 * \brief Adds what a fabric's ports and NICs counted in a run to \p result,
 * whole over the MPI ranks: each stage's queues, overloads and worst-case link
 * overload, q(m) and the largest queue, drops, trims, marks, packet hops and packets
 * left in flight, the NICs' packet, loss and recovery counters and final rates.
 * The counts \p result already holds (messages completed, events, black-hole
 * drops) are summed over the ranks too, and its wall time takes the longest;
 * the messages' start and completion times are made whole over the ranks in
 * place. \p result must already hold the host count (the NICs read).
 * \param fabric the fabric, after the run
 * \param end the collective's completion time
 * \param dataPacketBytes a data packet's wire size: queues in packets are in this unit
 * \param linkCapacities by link id, each link's share of its rate (0: failed);
 * empty: every link whole
 * \param startsPs the messages' start times (-1: not seen on this rank), made
 * whole over the ranks in place
 * \param completionsPs the messages' completion times, likewise
 * \param result where the measurements go
 */
void MeasureFabric(const FabricHelper& fabric,
                   Time end,
                   double dataPacketBytes,
                   const std::vector<double>& linkCapacities,
                   std::vector<int64_t>& startsPs,
                   std::vector<int64_t>& completionsPs,
                   ExperimentResult& result);

} // namespace ns3

#endif /* FABRIC_LB_FABRIC_MEASUREMENT_H */
