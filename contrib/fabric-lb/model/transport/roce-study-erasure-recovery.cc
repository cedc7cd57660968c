/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "roce-study-erasure-recovery.h"

#include "study-erasure-logic.h"

#include "ns3/boolean.h"
#include "ns3/fabric-registry.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(RoceStudyErasureRecovery);

namespace
{
/// The `study-erasure` recovery.
const fabriclb::Registration<fabriclb::RecoveryStrategy> g_studyErasure(
    {"study-erasure",
     "the study's simulator's erasure sender (counts reordering as loss; for "
     "cross-checks)",
     "ns3::RoceStudyErasureRecovery"});
} // namespace

TypeId
RoceStudyErasureRecovery::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RoceStudyErasureRecovery")
            .SetParent<RoceRecoveryOps>()
            .SetGroupName("FabricLb")
            .AddConstructor<RoceStudyErasureRecovery>()
            .AddAttribute("Lossless",
                          "Never send beyond the first m packets in flight (the study's "
                          "-lossless); false: one more packet per opportunity once the "
                          "smoothed RTT has passed since enough were in flight",
                          BooleanValue(true),
                          MakeBooleanAccessor(&RoceStudyErasureRecovery::m_lossless),
                          MakeBooleanChecker());
    return tid;
}

std::unique_ptr<fabriclb::RecoverySender>
RoceStudyErasureRecovery::CreateSender(uint32_t packets,
                                       const fabriclb::CongestionContext& /* context */) const
{
    return std::make_unique<fabriclb::StudyErasureSender>(packets, m_lossless);
}

std::unique_ptr<fabriclb::RecoveryReceiver>
RoceStudyErasureRecovery::CreateReceiver(uint32_t packets) const
{
    return std::make_unique<fabriclb::StudyErasureReceiver>(packets);
}

} // namespace ns3
