/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_ROCE_RUD_RECOVERY_H
#define FABRIC_LB_ROCE_RUD_RECOVERY_H

#include "roce-recovery-ops.h"

#include "ns3/nstime.h"

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief `rud`: reliable unordered delivery as Ultra Ethernet's transport does it
 * (fabriclb::RudSender, fabriclb::RudReceiver): reordering is never a loss; a loss is
 * learned from a trimmed header's NACK, from time (a packet sent ReorderWindow later
 * has arrived) or from the retransmission timer (Timeout). Retransmissions take whatever
 * path the load balancer gives them.
 */
class RoceRudRecovery : public RoceRecoveryOps
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
    Time m_reorderWindow; //!< ReorderWindow (zero: the longest path's buffers drained)
    Time m_timeout;       //!< Timeout (zero: the base RTT and the longest path's buffers)
};

} // namespace ns3

#endif /* FABRIC_LB_ROCE_RUD_RECOVERY_H */
