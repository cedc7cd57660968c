/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ofan-discipline.h"

#include "ns3/fabric-registry.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"
#include "ns3/value-limits.h"

#include <algorithm>

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(OfanDiscipline);

namespace
{
/// The `ofan` scheme.
const fabriclb::Registration<fabriclb::LbScheme> g_ofanScheme(
    {"ofan",
     "Ofan: switch destination rotation, a pointer per (destination edge or pod, "
     "size bin)",
     fabriclb::LbSite::SWITCH,
     "ns3::FixedLabelPathPolicy",
     "ns3::OfanDiscipline",
     0});
} // namespace

TypeId
OfanDiscipline::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::OfanDiscipline")
            .SetParent<SwitchDiscipline>()
            .SetGroupName("FabricLb")
            .AddConstructor<OfanDiscipline>()
            .AddAttribute("ShiftWraps",
                          "Shift every pointer by one slot after this many wrap-arounds "
                          "(the study's variant: 10; 0: never)",
                          UintegerValue(0),
                          MakeUintegerAccessor(&OfanDiscipline::m_shiftWraps),
                          MakeUintegerChecker<uint32_t>(0, fabriclb::ValueLimits::MAX_STEPS));
    return tid;
}

void
OfanDiscipline::Setup(const SwitchContext& context)
{
    SwitchDiscipline::Setup(context);
    m_pointers.assign(2 * context.destinationKeys, std::nullopt);
}

uint32_t
OfanDiscipline::GetPointersInUse() const
{
    return std::count_if(m_pointers.begin(), m_pointers.end(), [](const auto& p) {
        return p.has_value();
    });
}

uint32_t
OfanDiscipline::DoSelectUplink(const UplinkCandidates& candidates, const UplinkRequest& request)
{
    std::optional<fabriclb::WeightedRotation>& pointer =
        m_pointers[2 * candidates.Key() + SizeBin(request)];
    if (!pointer)
    {
        // Equal weights until failures are known, then the W-ECMP weights: an IWRR
        // schedule in a random port order, from a random start.
        pointer.emplace(
            fabriclb::WeightedRotation::FromWeights(candidates.Weights(), m_draw, m_shiftWraps));
    }
    return pointer->Next();
}

void
OfanDiscipline::SetUplinkView(std::shared_ptr<const fabriclb::UplinkView> view)
{
    // Logged under the base class's component, as every discipline's choices are.
    NS_LOG_STATIC_TEMPLATE_DEFINE("SwitchDiscipline");
    SwitchDiscipline::SetUplinkView(std::move(view));
    NS_LOG_LOGIC("the view changed: every pointer is rebuilt from its weights");
    std::fill(m_pointers.begin(), m_pointers.end(), std::nullopt);
}

} // namespace ns3
