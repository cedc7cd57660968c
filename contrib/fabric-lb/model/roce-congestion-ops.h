/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_ROCE_CONGESTION_OPS_H
#define FABRIC_LB_ROCE_CONGESTION_OPS_H

#include "ns3/object.h"

#include <string>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief A congestion-control strategy of RoceNic, chosen by TypeId (the
 * RoceNic::CongestionControl attribute), as TcpCongestionOps is for TCP: it
 * sets the rate at which a queue pair releases packets to the NIC's scheduler.
 */
class RoceCongestionOps : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// \return the strategy's name (the driver's --cc)
    virtual std::string GetName() const = 0;

    /**
     * \param fairGapPs the pacing gap of a fair share of the host's link (0: line rate)
     * \return the gap between a queue pair's packets, before jitter (0: line rate)
     */
    virtual uint64_t GetPacingGapPs(uint64_t fairGapPs) const = 0;
};

/**
 * \ingroup fabric-lb
 * \brief `fixed`: the study's ideal congestion control; every queue pair sends
 * at a fixed rate, its fair share of the host's link (line rate when the wire
 * model does not pace).
 */
class RoceFixedRate : public RoceCongestionOps
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    std::string GetName() const override;
    uint64_t GetPacingGapPs(uint64_t fairGapPs) const override;
};

} // namespace ns3

#endif /* FABRIC_LB_ROCE_CONGESTION_OPS_H */
