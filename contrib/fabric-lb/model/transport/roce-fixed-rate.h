/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_ROCE_FIXED_RATE_H
#define FABRIC_LB_ROCE_FIXED_RATE_H

#include "roce-congestion-ops.h"

namespace ns3
{

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
    std::unique_ptr<fabriclb::CongestionController> CreateController(
        const fabriclb::CongestionContext& context) const override;
};

} // namespace ns3

#endif /* FABRIC_LB_ROCE_FIXED_RATE_H */
