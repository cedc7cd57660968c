/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_HOST_DR_PATH_POLICY_H
#define FABRIC_LB_HOST_DR_PATH_POLICY_H

#include "host-labels.h"
#include "host-path-policy.h"

#include <memory>
#include <optional>
#include <vector>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief Host destination-based rotation (DR): per (destination host, size bin)
 * a pointer rotates over the lowest common tier's switches, and the label
 * names the path (LabelPathDiscipline decodes it at the switches). ACKs rotate
 * in their own bin.
 */
class HostDrPathPolicy : public HostPathPolicy
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    void Setup(std::shared_ptr<const fabriclb::FabricTopology> topology, uint32_t host) override;
    void AddQueuePair(uint32_t queuePair, uint32_t destinationHost) override;
    uint16_t SelectAckLabel(Ipv4Address dataSender, uint16_t dataLabel) override;
    void SetKnownFailures(std::shared_ptr<const fabriclb::LinkStates> down) override;

  protected:
    uint16_t DoSelectLabel(uint32_t queuePair) override;

  private:
    std::optional<fabriclb::HostDrRotation> m_rotation; //!< pointers per (destination, bin)
    std::vector<uint32_t> m_destinations;               //!< each queue pair's destination
};

} // namespace ns3

#endif /* FABRIC_LB_HOST_DR_PATH_POLICY_H */
