/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_ROCE_GO_BACK_N_RECOVERY_H
#define FABRIC_LB_ROCE_GO_BACK_N_RECOVERY_H

#include "roce-recovery-ops.h"

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief `gbn`: RoCEv2 go-back-N (fabriclb::GoBackNSender,
 * fabriclb::GoBackNReceiver); every queue pair keeps its own RTT estimate.
 */
class RoceGoBackNRecovery : public RoceRecoveryOps
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
};

} // namespace ns3

#endif /* FABRIC_LB_ROCE_GO_BACK_N_RECOVERY_H */
