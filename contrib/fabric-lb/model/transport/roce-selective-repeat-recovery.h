/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_ROCE_SELECTIVE_REPEAT_RECOVERY_H
#define FABRIC_LB_ROCE_SELECTIVE_REPEAT_RECOVERY_H

#include "roce-recovery-ops.h"

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief `sack`: selective repeat with SACKs (fabriclb::SelectiveRepeatSender,
 * fabriclb::SelectiveRepeatReceiver), a hole with more than ReorderThreshold
 * later packets acknowledged being a loss; every queue pair keeps its own RTT
 * estimate.
 */
class RoceSelectiveRepeatRecovery : public RoceRecoveryOps
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    std::unique_ptr<fabriclb::RecoverySender> CreateSender(
        uint32_t packets,
        const fabriclb::CongestionContext& context) const override;
    std::unique_ptr<fabriclb::RecoveryReceiver> CreateReceiver(uint32_t packets) const override;

  private:
    uint32_t m_reorderThreshold{}; //!< x
};

} // namespace ns3

#endif /* FABRIC_LB_ROCE_SELECTIVE_REPEAT_RECOVERY_H */
