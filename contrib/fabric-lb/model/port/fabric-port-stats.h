/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FABRIC_PORT_STATS_H
#define FABRIC_LB_FABRIC_PORT_STATS_H

#include <cstdint>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief What a FabricPortDevice has done since it was made (its Stats), counted
 * by the device and its parts (PortAdmission, PortEgressQueue).
 */
struct FabricPortStats
{
    uint64_t packetsAdmitted{0}; //!< packets taken into the buffer
    uint64_t bytesAdmitted{0};   //!< their framed bytes
    uint64_t packetsDropped{0};  //!< packets the full buffer dropped
    uint64_t bytesDropped{0};    //!< their IPv4 bytes
    uint64_t packetsTrimmed{0};  //!< data packets trimmed (fabriclb::PacketTrimming)
    uint64_t bytesTrimmed{0};    //!< the payload bytes trimming cut off them
    uint64_t packetsMarked{0};   //!< packets CE-marked on arrival
    uint64_t framesSent{0};      //!< frames put on the wire
    uint64_t framesReceived{0};  //!< frames taken off the wire, whole or lost
    uint64_t framesLost{0};      //!< of those, what the receive error model lost
    uint32_t maxBacklogBytes{0}; //!< the most framed bytes waiting at any instant
    uint64_t pauseFramesSent{0}; //!< PFC PAUSE frames sent (resumes included)
    uint64_t watchdogDrops{0};   //!< data frames the PFC watchdog dropped
};

} // namespace ns3

#endif /* FABRIC_LB_FABRIC_PORT_STATS_H */
