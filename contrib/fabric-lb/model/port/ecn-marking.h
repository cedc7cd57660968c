/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_ECN_MARKING_H
#define FABRIC_LB_ECN_MARKING_H

#include <algorithm>
#include <cstdint>
#include <utility>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief A port's ECN marking rule, as FabricQueueDisc and FabricPortDevice apply it:
 * a fixed threshold (a load balancer's: REPS, PLB), then RED (DCQCN's) on the
 * instantaneous backlog.
 */
struct EcnMarking
{
    /// What marks a packet.
    enum Rule
    {
        NONE,      //!< no mark
        THRESHOLD, //!< at least thresholdBytes wait
        RED        //!< RED's draw, or above redMaxBytes
    };

    /// The reason a mark at the threshold gives (QueueDisc's Mark trace, FabricPortDevice's).
    static constexpr const char* THRESHOLD_REASON = "Above marking threshold";
    /// The reason a RED mark gives.
    static constexpr const char* RED_REASON = "RED mark";

    uint32_t thresholdBytes{0};  //!< marking threshold; 0 disables it
    bool red{false};             //!< mark RED-style besides
    uint32_t redMinBytes{0};     //!< Kmin
    uint32_t redMaxBytes{0};     //!< Kmax
    double redMaxProbability{0}; //!< Pmax

    /**
     * \param backlog the bytes a packet arrives to
     * \param draw a uniform draw in [0, 1), called only between Kmin and Kmax
     * \return the rule that marks the packet, or NONE
     */
    template <class Draw>
    Rule Decide(uint32_t backlog, Draw&& draw) const
    {
        if (thresholdBytes > 0 && backlog >= thresholdBytes)
        {
            return THRESHOLD;
        }
        if (!red || backlog < redMinBytes)
        {
            return NONE;
        }
        if (backlog > redMaxBytes)
        {
            return RED;
        }
        const double p = redMaxProbability * (backlog - redMinBytes) /
                         std::max<double>(1, redMaxBytes - redMinBytes);
        return draw() < p ? RED : NONE;
    }

    /**
     * \param backlog the bytes a packet arrives to
     * \param draw a uniform draw in [0, 1), called only between Kmin and Kmax
     * \return why the packet is marked (THRESHOLD_REASON or RED_REASON), or null
     */
    template <class Draw>
    const char* Reason(uint32_t backlog, Draw&& draw) const
    {
        switch (Decide(backlog, std::forward<Draw>(draw)))
        {
        case THRESHOLD:
            return THRESHOLD_REASON;
        case RED:
            return RED_REASON;
        default:
            return nullptr;
        }
    }
};

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_ECN_MARKING_H */
