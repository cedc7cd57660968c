/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "flowlet-discipline.h"

#include "flow-hash.h"

#include "ns3/double.h"
#include "ns3/fabric-registry.h"
#include "ns3/simulator.h"
#include "ns3/value-limits.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(FlowletDiscipline);

namespace
{
/// The `flowlet` scheme.
const fabriclb::Registration<fabriclb::LbScheme> g_flowletScheme(
    {"flowlet",
     "switch flowlet switching (LetFlow): after a 10 us idle gap, a new random "
     "uplink with probability 1/2",
     fabriclb::LbSite::SWITCH,
     "ns3::FixedLabelPathPolicy",
     "ns3::FlowletDiscipline",
     0});
} // namespace

TypeId
FlowletDiscipline::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::FlowletDiscipline")
            .SetParent<SwitchDiscipline>()
            .SetGroupName("FabricLb")
            .AddConstructor<FlowletDiscipline>()
            .AddAttribute(
                "IdleGap",
                "A flow idle for longer than this starts a new flowlet",
                TimeValue(MicroSeconds(10)),
                MakeTimeAccessor(&FlowletDiscipline::m_idleGap),
                MakeTimeChecker(Time(0), PicoSeconds(fabriclb::ValueLimits::MAX_DELAY_PS)))
            .AddAttribute("RepathProbability",
                          "Chance that a flow draws a new uplink after an idle gap",
                          DoubleValue(fabriclb::FlowletTable::DEFAULT_REPATH_PROBABILITY),
                          MakeDoubleAccessor(&FlowletDiscipline::m_repathProbability),
                          MakeDoubleChecker<double>(0, 1));
    return tid;
}

void
FlowletDiscipline::DoInitialize()
{
    m_salt = DrawSalt();
    m_table.emplace(static_cast<uint64_t>(m_idleGap.GetPicoSeconds()),
                    fabriclb::FlowletTable::DEFAULT_SLOTS,
                    m_repathProbability);
    SwitchDiscipline::DoInitialize();
}

uint32_t
FlowletDiscipline::DoSelectUplink(const UplinkCandidates& candidates, const UplinkRequest& request)
{
    return m_table->Select(fabriclb::SaltedFlowHash(m_salt, request.Tuple()),
                           Simulator::Now().GetPicoSeconds(),
                           candidates.Ports(),
                           m_draw);
}

} // namespace ns3
