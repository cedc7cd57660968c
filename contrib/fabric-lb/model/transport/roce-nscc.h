/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_ROCE_NSCC_H
#define FABRIC_LB_ROCE_NSCC_H

#include "roce-congestion-ops.h"

#include "ns3/nstime.h"

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief `nscc`: Ultra Ethernet's network-signalled congestion control
 * (fabriclb::NsccController): a window moved by ECN and queueing delay together, with
 * quick adapt and a loss decrease; switch queues mark RED-style for it. Zeros are derived
 * from the fabric's line rate and base round trip.
 */
class RoceNscc : public RoceCongestionOps
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
    Time m_baseRtt;                  //!< base round trip (0: the fabric's)
    Time m_targetDelay;              //!< target queueing delay (0: 3/4 base round trip)
    uint64_t m_maxWindow;            //!< largest window, bytes (0: 1.5 BDP)
    uint64_t m_initialWindow;        //!< first window, bytes (0: the largest)
    uint64_t m_minWindow;            //!< smallest window, bytes (0: a packet)
    uint64_t m_fairIncrease;         //!< bytes per window (0: derived)
    uint64_t m_proportionalIncrease; //!< bytes per window at no delay (0: derived)
    double m_fastIncreaseFactor;     //!< per byte acknowledged (0: derived)
    Time m_fastIncreaseDelay;        //!< fast increase below this delay
    uint64_t m_periodicIncrease;     //!< eta, bytes per period (0: derived)
    double m_decreaseGain;           //!< gamma
    double m_maxDecrease;            //!< largest fraction of one decrease
    double m_delayAverageGain;       //!< the average delay's gain
    double m_quickAdaptDelayFactor;  //!< quick adapt beyond this many targets
    uint32_t m_quickAdaptGate;       //!< qa_gate
    uint32_t m_adjustPackets;        //!< packets between adjustments
    Time m_adjustPeriod;             //!< longest time between adjustments (0: base RTT)
};

} // namespace ns3

#endif /* FABRIC_LB_ROCE_NSCC_H */
