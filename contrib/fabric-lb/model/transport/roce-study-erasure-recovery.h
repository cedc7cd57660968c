/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_ROCE_STUDY_ERASURE_RECOVERY_H
#define FABRIC_LB_ROCE_STUDY_ERASURE_RECOVERY_H

#include "roce-recovery-ops.h"

namespace ns3
{

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
    std::unique_ptr<fabriclb::RecoverySender> CreateSender(
        uint32_t packets,
        const fabriclb::CongestionContext& context) const override;
    std::unique_ptr<fabriclb::RecoveryReceiver> CreateReceiver(uint32_t packets) const override;

  private:
    bool m_lossless{}; //!< never send beyond the first m in flight
};

} // namespace ns3

#endif /* FABRIC_LB_ROCE_STUDY_ERASURE_RECOVERY_H */
