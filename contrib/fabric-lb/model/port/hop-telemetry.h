/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_HOP_TELEMETRY_H
#define FABRIC_LB_HOP_TELEMETRY_H

#include <cstdint>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief What one switch stamped into a data packet (in-band network telemetry,
 * as HPCC reads it): the egress port's state as the packet left it.
 */
struct HopTelemetry
{
    uint64_t queueBytes{0}; //!< the port's backlog
    uint64_t txBytes{0};    //!< bytes the port had sent in all
    int64_t timestampPs{0}; //!< when the packet left
    double rateBps{0};      //!< the port's link rate
    uint64_t portId{0};     //!< fabric-wide id of the egress port that stamped it
};

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_HOP_TELEMETRY_H */
