/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_ROCE_SWIFT_H
#define FABRIC_LB_ROCE_SWIFT_H

#include "roce-congestion-ops.h"

#include "ns3/nstime.h"

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief `swift`: delay-based window control robust to spraying
 * (fabriclb::SwiftController): reordering is not loss.
 */
class RoceSwift : public RoceCongestionOps
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    std::unique_ptr<fabriclb::CongestionController> CreateController(
        const fabriclb::CongestionContext& context) const override;

  private:
    Time m_baseTarget;         //!< target delay before hop scaling
    Time m_perHop;             //!< target delay per hop
    uint32_t m_hops;           //!< hops the target is scaled for
    double m_additiveIncrease; //!< packets per round trip
    double m_beta;             //!< decrease gain
    double m_maxMdf;           //!< largest decrease
    double m_minWindow;        //!< window floor, packets
    double m_maxWindow;        //!< window ceiling, packets (0: a BDP at the target)
};

} // namespace ns3

#endif /* FABRIC_LB_ROCE_SWIFT_H */
