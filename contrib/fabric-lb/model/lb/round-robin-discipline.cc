/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "round-robin-discipline.h"

#include "ns3/boolean.h"
#include "ns3/fabric-registry.h"
#include "ns3/uinteger.h"
#include "ns3/value-limits.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(RoundRobinDiscipline);

namespace
{
/// The `rr` scheme.
const fabriclb::Registration<fabriclb::LbScheme> g_rrScheme(
    {"rr",
     "switch round-robin spraying, order reshuffled every 5 wrap-arounds",
     fabriclb::LbSite::SWITCH,
     "ns3::FixedLabelPathPolicy",
     "ns3::RoundRobinDiscipline",
     0});
} // namespace

TypeId
RoundRobinDiscipline::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RoundRobinDiscipline")
            .SetParent<SwitchDiscipline>()
            .SetGroupName("FabricLb")
            .AddConstructor<RoundRobinDiscipline>()
            .AddAttribute("ReshuffleWraps",
                          "Draw a new random order after this many wrap-arounds (0: never)",
                          UintegerValue(5),
                          MakeUintegerAccessor(&RoundRobinDiscipline::m_reshuffleWraps),
                          MakeUintegerChecker<uint32_t>(0, fabriclb::ValueLimits::MAX_STEPS))
            .AddAttribute("RandomStart",
                          "Start at a random slot of the first order (the study's switches "
                          "start at its first slot)",
                          BooleanValue(true),
                          MakeBooleanAccessor(&RoundRobinDiscipline::m_randomStart),
                          MakeBooleanChecker());
    return tid;
}

void
RoundRobinDiscipline::DoInitialize()
{
    // Simple RR: ports in index order from the first, never reshuffled (no draw).
    m_pointer.emplace(Uplinks(),
                      m_fixedOrder ? 0 : m_reshuffleWraps,
                      m_draw,
                      !m_fixedOrder && m_randomStart,
                      !m_fixedOrder);
    SwitchDiscipline::DoInitialize();
}

uint32_t
RoundRobinDiscipline::DoSelectUplink(const UplinkCandidates& candidates,
                                     const UplinkRequest& /* request */)
{
    if (candidates.EveryUplink())
    {
        return m_pointer->Next();
    }
    // Uplinks that do not reach the destination are skipped.
    return m_pointer->NextUsable(
        [&candidates](uint32_t port) { return candidates.Contains(port); });
}

} // namespace ns3
