/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_EXPERIMENT_MEMORY_H
#define FABRIC_LB_EXPERIMENT_MEMORY_H

#include "ns3/connection-matrix.h"
#include "ns3/fabric-topology.h"

#include <cstdint>
#include <string>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief What a run's traffic holds in memory at its peak, as EstimatePeakMemoryBytes counts it.
 */
struct TrafficMemory
{
    double messages{0};        //!< messages: a queue pair at each end, their records
    double packetsSent{0};     //!< data packets the senders send: state by PSN at both ends
    double packetsInFlight{0}; //!< data packets on the links at once: a packet and its event each
    double acksInFlight{0};    //!< ACKs on the links at once, as much each
};

/**
 * \ingroup fabric-lb
 * \param hosts hosts of the fabric
 * \param traffic what its traffic holds
 * \return the peak memory a run is expected to take, from measurements on Debian's ns-3.37
 */
double EstimatePeakMemoryBytes(uint32_t hosts, const TrafficMemory& traffic);

/**
 * \ingroup fabric-lb
 * \brief Refuses a fabric and \p flows messages beyond the machine's memory (before their
 * packets are known).
 * \param topology the fabric
 * \param flows messages of the run
 * \throws std::invalid_argument if the run would not fit
 */
void CheckMemory(const fabriclb::FabricTopology& topology, uint64_t flows);

/**
 * \ingroup fabric-lb
 * \brief Refuses messages whose packets, each sent once, do not fit in the machine's memory.
 * \param topology the fabric
 * \param traffic the messages
 * \param payloadBytes a data packet's payload
 * \throws std::invalid_argument if the run would not fit
 */
void CheckMessagesMemory(const fabriclb::FabricTopology& topology,
                         const fabriclb::ConnectionMatrix& traffic,
                         uint32_t payloadBytes);

/**
 * \ingroup fabric-lb
 * \brief Announces on stderr the memory a run on a large fabric (from 8,192 hosts) expects,
 * its traffic's packets counted.
 * \param topology the fabric
 * \param traffic what its traffic holds
 */
void AnnounceMemory(const fabriclb::FabricTopology& topology, const TrafficMemory& traffic);

/**
 * \ingroup fabric-lb
 * \brief Refuses traffic whose packets do not fit in the machine's memory.
 * \param topology the fabric
 * \param traffic what the traffic holds
 * \param what the traffic in words, after "<fabric> with ": its messages and packets
 * \param why what makes it need that memory, after "needs about N MiB" (" (...)", or "")
 * \throws std::invalid_argument if the run would not fit
 */
void CheckTrafficMemory(const fabriclb::FabricTopology& topology,
                        const TrafficMemory& traffic,
                        const std::string& what,
                        const std::string& why);

} // namespace ns3

#endif /* FABRIC_LB_EXPERIMENT_MEMORY_H */
