/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_SHORTEST_QUEUE_DISCIPLINE_H
#define FABRIC_LB_SHORTEST_QUEUE_DISCIPLINE_H

#include "switch-discipline.h"

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief JSQ: the uplink with the fewest queued bytes, random tie-break.
 */
class ShortestQueueDiscipline : public SwitchDiscipline
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

#endif /* FABRIC_LB_SHORTEST_QUEUE_DISCIPLINE_H */
