/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_ROCE_HPCC_H
#define FABRIC_LB_ROCE_HPCC_H

#include "roce-congestion-ops.h"

#include "ns3/data-rate.h"
#include "ns3/nstime.h"

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief `hpcc`: HPCC's window and rate from in-band telemetry
 * (fabriclb::HpccController): each hop's queue and transmit rate, measured
 * per port so spraying does not mix paths. No CNPs, no ECN marking.
 */
class RoceHpcc : public RoceCongestionOps
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    std::unique_ptr<fabriclb::CongestionController> CreateController(
        const fabriclb::CongestionContext& context) const override;
    bool ReadsTelemetry() const override;

  private:
    double m_targetUtilisation; //!< eta
    uint32_t m_maxStage;        //!< additive updates before a multiplicative one
    double m_additiveIncrease;  //!< W_AI, bytes (0: W_init / 2500)
    Time m_baseRtt;             //!< T (0: the context's)
    DataRate m_minRate;         //!< the rate floor
};

} // namespace ns3

#endif /* FABRIC_LB_ROCE_HPCC_H */
