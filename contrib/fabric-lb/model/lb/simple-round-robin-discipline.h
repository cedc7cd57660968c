/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_SIMPLE_ROUND_ROBIN_DISCIPLINE_H
#define FABRIC_LB_SIMPLE_ROUND_ROBIN_DISCIPLINE_H

#include "round-robin-discipline.h"

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief The theory's simple round-robin: uplinks 0, 1, .., n-1 in turn, every
 * switch in step, never reshuffled (ReshuffleWraps and RandomStart do not apply).
 */
class SimpleRoundRobinDiscipline : public RoundRobinDiscipline
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    SimpleRoundRobinDiscipline();
};

} // namespace ns3

#endif /* FABRIC_LB_SIMPLE_ROUND_ROBIN_DISCIPLINE_H */
