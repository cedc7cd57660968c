/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_ROCE_RECOVERY_OPS_H
#define FABRIC_LB_ROCE_RECOVERY_OPS_H

#include "roce-congestion-logic.h"
#include "roce-recovery-logic.h"

#include "ns3/object.h"

#include <memory>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief A loss-recovery strategy of RoceNic, chosen by TypeId (the
 * RoceNic::Recovery attribute), as TcpRecoveryOps is for TCP.
 *
 * It makes the recovery state of each queue pair's two ends: the sender side
 * (RoceRequester) and the receiver side (RoceResponder). The decisions live in
 * that state, pure logic the NIC drives; the strategy also says whether the
 * timeouts of its queue pairs use their own RTT estimates or one the NIC keeps.
 */
class RoceRecoveryOps : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * \param packets m, the message's packets
     * \param context what the queue pair knows of its NIC and the fabric (its base RTT)
     * \return the sender side's state
     */
    virtual std::unique_ptr<fabriclb::RecoverySender> CreateSender(
        uint32_t packets,
        const fabriclb::CongestionContext& context) const = 0;

    /**
     * \param packets m, the message's packets
     * \return the receiver side's state
     */
    virtual std::unique_ptr<fabriclb::RecoveryReceiver> CreateReceiver(uint32_t packets) const = 0;

    /// \return true if the NIC's queue pairs share one RTT estimate, false (by default) if
    /// each keeps its own
    virtual bool SharesRttEstimate() const;
};

} // namespace ns3

#endif /* FABRIC_LB_ROCE_RECOVERY_OPS_H */
