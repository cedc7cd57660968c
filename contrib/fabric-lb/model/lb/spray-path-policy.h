/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_SPRAY_PATH_POLICY_H
#define FABRIC_LB_SPRAY_PATH_POLICY_H

#include "host-path-policy.h"

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief Host packet spraying (OPS/RPS): a fresh random label for every packet.
 */
class SprayPathPolicy : public HostPathPolicy
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    void AddQueuePair(uint32_t queuePair, uint32_t destinationHost) override;

  protected:
    uint16_t DoSelectLabel(uint32_t queuePair) override;
};

} // namespace ns3

#endif /* FABRIC_LB_SPRAY_PATH_POLICY_H */
