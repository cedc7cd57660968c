/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "quantised-adaptive-discipline.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/fabric-registry.h"
#include "ns3/simulator.h"
#include "ns3/value-limits.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(QuantisedAdaptiveDiscipline);

namespace
{
/// The `switch-ar` scheme.
const fabriclb::Registration<fabriclb::LbScheme> g_switchArScheme(
    {"switch-ar",
     "switch adaptive routing: shortest quantised queue (bands 5/10/20% of the "
     "buffer, refreshed after 100 ns)",
     fabriclb::LbSite::SWITCH,
     "ns3::FixedLabelPathPolicy",
     "ns3::QuantisedAdaptiveDiscipline",
     0});
} // namespace

TypeId
QuantisedAdaptiveDiscipline::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::QuantisedAdaptiveDiscipline")
            .SetParent<SwitchDiscipline>()
            .SetGroupName("FabricLb")
            .AddConstructor<QuantisedAdaptiveDiscipline>()
            .AddAttribute("Band1",
                          "Lowest band threshold, a fraction of the buffer",
                          DoubleValue(0.05),
                          MakeDoubleAccessor(&QuantisedAdaptiveDiscipline::m_band1),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("Band2",
                          "Middle band threshold, a fraction of the buffer",
                          DoubleValue(0.10),
                          MakeDoubleAccessor(&QuantisedAdaptiveDiscipline::m_band2),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("Band3",
                          "Highest band threshold, a fraction of the buffer",
                          DoubleValue(0.20),
                          MakeDoubleAccessor(&QuantisedAdaptiveDiscipline::m_band3),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute(
                "RefreshInterval",
                "An uplink's band is recomputed from its backlog when "
                "it is older than this (0: at every packet)",
                TimeValue(NanoSeconds(100)),
                MakeTimeAccessor(&QuantisedAdaptiveDiscipline::m_refreshInterval),
                MakeTimeChecker(Time(0), PicoSeconds(fabriclb::ValueLimits::MAX_DELAY_PS)));
    return tid;
}

void
QuantisedAdaptiveDiscipline::DoInitialize()
{
    NS_ABORT_MSG_UNLESS(m_band1 <= m_band2 && m_band2 <= m_band3,
                        "QuantisedAdaptiveDiscipline bands must increase");
    m_bands.emplace(Uplinks(),
                    m_context.uplinkQueues.front()->GetBufferBytes(),
                    static_cast<uint64_t>(m_refreshInterval.GetPicoSeconds()),
                    std::vector<double>{m_band1, m_band2, m_band3});
    SwitchDiscipline::DoInitialize();
}

uint32_t
QuantisedAdaptiveDiscipline::DoSelectUplink(const UplinkCandidates& candidates,
                                            const UplinkRequest& /* request */)
{
    const uint64_t nowPs = Simulator::Now().GetPicoSeconds();
    auto backlog = [this](uint32_t port) { return Backlog(port); };
    return fabriclb::ChooseShortest(m_bands->Read(nowPs, backlog), candidates.Ports(), m_draw);
}

} // namespace ns3
