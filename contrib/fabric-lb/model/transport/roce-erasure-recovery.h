/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_ROCE_ERASURE_RECOVERY_H
#define FABRIC_LB_ROCE_ERASURE_RECOVERY_H

#include "roce-recovery-ops.h"

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief `erasure`: the study's ideal recovery, zero-overhead rateless erasure
 * coding (fabriclb::ErasureSender, fabriclb::ErasureReceiver). Its loss
 * timeouts use one RTT estimate per NIC, fed by every queue pair's ACKs.
 */
class RoceErasureRecovery : public RoceRecoveryOps
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
    bool SharesRttEstimate() const override;
};

} // namespace ns3

#endif /* FABRIC_LB_ROCE_ERASURE_RECOVERY_H */
