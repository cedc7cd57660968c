/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FIXED_LABEL_PATH_POLICY_H
#define FABRIC_LB_FIXED_LABEL_PATH_POLICY_H

#include "host-path-policy.h"

#include <vector>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief One random label per queue pair, kept for its whole life (the host
 * side of ECMP, and of every switch-side scheme: those are registered beside
 * their switch disciplines).
 */
class FixedLabelPathPolicy : public HostPathPolicy
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

    std::vector<uint16_t> m_labels; //!< label of each queue pair
};

} // namespace ns3

#endif /* FABRIC_LB_FIXED_LABEL_PATH_POLICY_H */
