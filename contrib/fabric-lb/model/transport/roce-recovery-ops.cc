/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "roce-recovery-ops.h"

#include "erasure-logic.h"
#include "go-back-n-logic.h"
#include "selective-repeat-logic.h"
#include "study-erasure-logic.h"

#include "ns3/boolean.h"
#include "ns3/fabric-registry.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(RoceRecoveryOps);
NS_OBJECT_ENSURE_REGISTERED(RoceErasureRecovery);
NS_OBJECT_ENSURE_REGISTERED(RoceStudyErasureRecovery);
NS_OBJECT_ENSURE_REGISTERED(RoceGoBackNRecovery);
NS_OBJECT_ENSURE_REGISTERED(RoceSelectiveRepeatRecovery);

TypeId
RoceRecoveryOps::GetTypeId()
{
    static TypeId tid = TypeId("ns3::RoceRecoveryOps").SetParent<Object>().SetGroupName("FabricLb");
    return tid;
}

namespace
{
/// The `erasure` recovery.
const fabriclb::Registration<fabriclb::RecoveryStrategy> g_erasure(
    {"erasure",
     "ideal: rateless erasure coding, every packet useful, no retransmission",
     "ns3::RoceErasureRecovery"});
} // namespace

TypeId
RoceErasureRecovery::GetTypeId()
{
    static TypeId tid = TypeId("ns3::RoceErasureRecovery")
                            .SetParent<RoceRecoveryOps>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<RoceErasureRecovery>();
    return tid;
}

std::unique_ptr<fabriclb::RecoverySender>
RoceErasureRecovery::CreateSender(uint32_t packets) const
{
    return std::make_unique<fabriclb::ErasureSender>(packets);
}

std::unique_ptr<fabriclb::RecoveryReceiver>
RoceErasureRecovery::CreateReceiver(uint32_t packets) const
{
    return std::make_unique<fabriclb::ErasureReceiver>(packets);
}

bool
RoceErasureRecovery::SharesRttEstimate() const
{
    return true;
}

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
RoceStudyErasureRecovery::CreateSender(uint32_t packets) const
{
    return std::make_unique<fabriclb::StudyErasureSender>(packets, m_lossless);
}

std::unique_ptr<fabriclb::RecoveryReceiver>
RoceStudyErasureRecovery::CreateReceiver(uint32_t packets) const
{
    return std::make_unique<fabriclb::StudyErasureReceiver>(packets);
}

bool
RoceStudyErasureRecovery::SharesRttEstimate() const
{
    return false;
}

namespace
{
/// The `gbn` recovery.
const fabriclb::Registration<fabriclb::RecoveryStrategy> g_goBackN(
    {"gbn",
     "RoCEv2 go-back-N: one NACK per gap, timeout with back-off",
     "ns3::RoceGoBackNRecovery"});
} // namespace

TypeId
RoceGoBackNRecovery::GetTypeId()
{
    static TypeId tid = TypeId("ns3::RoceGoBackNRecovery")
                            .SetParent<RoceRecoveryOps>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<RoceGoBackNRecovery>();
    return tid;
}

std::unique_ptr<fabriclb::RecoverySender>
RoceGoBackNRecovery::CreateSender(uint32_t packets) const
{
    return std::make_unique<fabriclb::GoBackNSender>(packets);
}

std::unique_ptr<fabriclb::RecoveryReceiver>
RoceGoBackNRecovery::CreateReceiver(uint32_t packets) const
{
    return std::make_unique<fabriclb::GoBackNReceiver>(packets);
}

bool
RoceGoBackNRecovery::SharesRttEstimate() const
{
    return false;
}

namespace
{
/// The `sack` recovery.
const fabriclb::Registration<fabriclb::RecoveryStrategy> g_selectiveRepeat(
    {"sack",
     "selective repeat: a 64-packet SACK bitmap, a hole with more than the reorder "
     "threshold acknowledged after it is lost",
     "ns3::RoceSelectiveRepeatRecovery"});
} // namespace

TypeId
RoceSelectiveRepeatRecovery::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RoceSelectiveRepeatRecovery")
            .SetParent<RoceRecoveryOps>()
            .SetGroupName("FabricLb")
            .AddConstructor<RoceSelectiveRepeatRecovery>()
            .AddAttribute("ReorderThreshold",
                          "A hole with more than this many later packets acknowledged is a loss "
                          "(the study: 6 for all-to-all, 32 for permutation)",
                          UintegerValue(6),
                          MakeUintegerAccessor(&RoceSelectiveRepeatRecovery::m_reorderThreshold),
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

std::unique_ptr<fabriclb::RecoverySender>
RoceSelectiveRepeatRecovery::CreateSender(uint32_t packets) const
{
    return std::make_unique<fabriclb::SelectiveRepeatSender>(packets, m_reorderThreshold);
}

std::unique_ptr<fabriclb::RecoveryReceiver>
RoceSelectiveRepeatRecovery::CreateReceiver(uint32_t packets) const
{
    return std::make_unique<fabriclb::SelectiveRepeatReceiver>(packets);
}

bool
RoceSelectiveRepeatRecovery::SharesRttEstimate() const
{
    return false;
}

} // namespace ns3
