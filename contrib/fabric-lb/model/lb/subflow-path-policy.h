/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_SUBFLOW_PATH_POLICY_H
#define FABRIC_LB_SUBFLOW_PATH_POLICY_H

#include "host-path-policy.h"

#include <vector>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief MPTCP-like subflows: each queue pair spreads its packets round-robin
 * over Subflows labels drawn when it starts.
 */
class SubflowPathPolicy : public HostPathPolicy
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

  private:
    uint32_t m_subflows{};                       //!< labels per queue pair
    std::vector<std::vector<uint16_t>> m_labels; //!< each queue pair's labels
    std::vector<uint32_t> m_next;                //!< each queue pair's next subflow
};

} // namespace ns3

#endif /* FABRIC_LB_SUBFLOW_PATH_POLICY_H */
