/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_LABEL_PATH_DISCIPLINE_H
#define FABRIC_LB_LABEL_PATH_DISCIPLINE_H

#include "switch-discipline.h"

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief The switch side of host DR: the label (UDP source port) names the
 * path; a switch takes uplink (label / SwitchContext::labelDivisor) mod uplinks
 * (in a fat tree: label mod k/2 at an edge switch, (label / (k/2)) mod k/2 at
 * an aggregation switch), or the next usable one after it when that one is not.
 * Its scheme, host-dr, is registered beside HostDrPathPolicy, which makes it.
 */
class LabelPathDiscipline : public SwitchDiscipline
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

  protected:
    uint32_t DoSelectUplink(const UplinkCandidates& candidates,
                            const UplinkRequest& request) override;
};

} // namespace ns3

#endif /* FABRIC_LB_LABEL_PATH_DISCIPLINE_H */
