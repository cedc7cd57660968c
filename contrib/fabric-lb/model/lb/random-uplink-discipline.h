/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_RANDOM_UPLINK_DISCIPLINE_H
#define FABRIC_LB_RANDOM_UPLINK_DISCIPLINE_H

#include "switch-discipline.h"

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief RSQ: a uniformly random uplink per packet.
 */
class RandomUplinkDiscipline : public SwitchDiscipline
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

#endif /* FABRIC_LB_RANDOM_UPLINK_DISCIPLINE_H */
