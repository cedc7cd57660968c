/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_ROCE_RECOVERY_OPS_H
#define FABRIC_LB_ROCE_RECOVERY_OPS_H

#include "roce-recovery-logic.h"

#include "ns3/object.h"

#include <memory>
#include <string>

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
     * \return the sender side's state
     */
    virtual std::unique_ptr<fabriclb::RecoverySender> CreateSender(uint32_t packets) const = 0;

    /**
     * \param packets m, the message's packets
     * \return the receiver side's state
     */
    virtual std::unique_ptr<fabriclb::RecoveryReceiver> CreateReceiver(uint32_t packets) const = 0;

    /// \return true if the NIC's queue pairs share one RTT estimate, false if each keeps its own
    virtual bool SharesRttEstimate() const = 0;
};

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
    std::unique_ptr<fabriclb::RecoverySender> CreateSender(uint32_t packets) const override;
    std::unique_ptr<fabriclb::RecoveryReceiver> CreateReceiver(uint32_t packets) const override;
    bool SharesRttEstimate() const override;
};

/**
 * \ingroup fabric-lb
 * \brief `study-erasure`: the erasure sender of the study's simulator
 * (fabriclb::StudyErasureSender, fabriclb::StudyErasureReceiver), which counts
 * reordering as loss and so sends extra coded packets under spraying; for
 * cross-checking against that simulator. Its queue pairs keep the study's own
 * RTT estimate.
 */
class RoceStudyErasureRecovery : public RoceRecoveryOps
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    std::unique_ptr<fabriclb::RecoverySender> CreateSender(uint32_t packets) const override;
    std::unique_ptr<fabriclb::RecoveryReceiver> CreateReceiver(uint32_t packets) const override;
    bool SharesRttEstimate() const override;

  private:
    bool m_lossless{}; //!< never send beyond the first m in flight
};

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
    std::unique_ptr<fabriclb::RecoverySender> CreateSender(uint32_t packets) const override;
    std::unique_ptr<fabriclb::RecoveryReceiver> CreateReceiver(uint32_t packets) const override;
    bool SharesRttEstimate() const override;
};

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
    std::unique_ptr<fabriclb::RecoverySender> CreateSender(uint32_t packets) const override;
    std::unique_ptr<fabriclb::RecoveryReceiver> CreateReceiver(uint32_t packets) const override;
    bool SharesRttEstimate() const override;

  private:
    uint32_t m_reorderThreshold{}; //!< x
};

} // namespace ns3

#endif /* FABRIC_LB_ROCE_RECOVERY_OPS_H */
