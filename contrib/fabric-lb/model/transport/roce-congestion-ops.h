/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_ROCE_CONGESTION_OPS_H
#define FABRIC_LB_ROCE_CONGESTION_OPS_H

#include "roce-congestion-logic.h"

#include "ns3/nstime.h"
#include "ns3/object.h"

#include <memory>
#include <optional>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief A congestion-control strategy of RoceNic, chosen by TypeId (the
 * RoceNic::CongestionControl attribute), as TcpCongestionOps is for TCP: it
 * makes each queue pair's congestion-control state (pure logic the NIC
 * drives), whose rate or window gates the queue pair's packets, and says
 * whether receivers send CNPs.
 */
class RoceCongestionOps : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * \param context the NIC and wire
     * \return a queue pair's congestion-control state
     */
    virtual std::unique_ptr<fabriclb::CongestionController> CreateController(
        const fabriclb::CongestionContext& context) const = 0;

    /// \return the least time between two CNPs a receiver sends one queue pair, or
    /// nothing if receivers send none
    virtual std::optional<Time> GetCnpInterval() const;

    /// \return whether its controllers read in-band telemetry (data packets then carry an
    /// IntTelemetryTag that switch ports stamp and receivers echo)
    virtual bool ReadsTelemetry() const;
};

} // namespace ns3

#endif /* FABRIC_LB_ROCE_CONGESTION_OPS_H */
