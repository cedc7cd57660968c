/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_ROCE_DCQCN_H
#define FABRIC_LB_ROCE_DCQCN_H

#include "roce-congestion-ops.h"

#include "ns3/data-rate.h"
#include "ns3/nstime.h"

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief `dcqcn`: RoCE's ECN-based rate control (fabriclb::DcqcnController at
 * the sender); receivers answer CE-marked data with a CNP, at most one per
 * queue pair per CnpInterval. Switch queues must mark RED-style
 * (FabricQueueDisc::Marking).
 */
class RoceDcqcn : public RoceCongestionOps
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    std::unique_ptr<fabriclb::CongestionController> CreateController(
        const fabriclb::CongestionContext& context) const override;
    std::optional<Time> GetCnpInterval() const override;

  private:
    Time m_cnpInterval;          //!< least time between CNPs per queue pair
    DataRate m_minRate;          //!< the rate floor
    double m_g;                  //!< alpha's gain
    Time m_alphaPeriod;          //!< alpha update period
    Time m_rateIncreasePeriod;   //!< rate-increase timer
    uint64_t m_byteCounter;      //!< byte counter
    uint32_t m_fastRecovery;     //!< F
    DataRate m_additiveIncrease; //!< R_AI
    DataRate m_hyperIncrease;    //!< R_HAI
};

} // namespace ns3

#endif /* FABRIC_LB_ROCE_DCQCN_H */
