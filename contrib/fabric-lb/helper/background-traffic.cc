/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "background-traffic.h"

#include "ns3/command-line-values.h"
#include "ns3/double.h"
#include "ns3/error-text.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/value-limits.h"
#include "ns3/workload.h"

#include <filesystem>

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(BackgroundTraffic);

TypeId
BackgroundTraffic::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::BackgroundTraffic")
            .SetParent<Object>()
            .SetGroupName("FabricLb")
            .AddConstructor<BackgroundTraffic>()
            .AddAttribute("Distribution",
                          "flow sizes of the background traffic: web-search, hadoop, "
                          "data-mining or a CDF file (one 'size probability' a line); empty: "
                          "none",
                          StringValue(""),
                          MakeStringAccessor(&BackgroundTraffic::m_distribution),
                          MakeStringChecker())
            .AddAttribute("Load",
                          "the background's offered load, a share of the hosts' links in (0, 1)",
                          DoubleValue(0.3),
                          MakeDoubleAccessor(&BackgroundTraffic::m_load),
                          MakeDoubleChecker<double>(0, 1));
    return tid;
}

bool
BackgroundTraffic::Wanted()
{
    return !AttributeDefault("ns3::BackgroundTraffic::Distribution").empty();
}

void
BackgroundTraffic::Configure(uint32_t hosts, double hostRateBps)
{
    const fabriclb::FlowSizeCdf* builtin = fabriclb::FlowSizeCdf::Builtin(m_distribution);
    std::error_code noFile; // a name too long to be a file's
    if (!builtin && !std::filesystem::exists(m_distribution, noFile))
    {
        std::string names;
        for (const fabriclb::FlowSizeCdfDescription& d : fabriclb::FlowSizeCdf::Builtins())
        {
            names += (names.empty() ? "" : ", ") + d.name;
        }
        throw std::invalid_argument("--background=" + fabriclb::PrintableText(m_distribution) +
                                    ": neither a distribution (" + names +
                                    ") nor a file that can be read");
    }
    // A file that is there but no CDF (a directory, a pipe, bad lines) is refused as such.
    m_sizes = builtin ? *builtin : fabriclb::FlowSizeCdf::Load(m_distribution);
    m_hosts = hosts;
    m_hostRateBps = hostRateBps;
    // Refuses a load outside (0, 1) now, with the flag's name.
    fabriclb::BackgroundArrivals::ArrivalsPerSecond(hosts, hostRateBps, m_load, *m_sizes);
}

std::string
BackgroundTraffic::GetDistributionName() const
{
    return m_distribution;
}

void
BackgroundTraffic::Start(int64_t stream, SendFlow send, ForegroundDone foregroundDone)
{
    Ptr<UniformRandomVariable> unit = CreateObject<UniformRandomVariable>();
    unit->SetStream(stream);
    Ptr<UniformRandomVariable> hosts = CreateObject<UniformRandomVariable>();
    hosts->SetStream(stream + 1);
    m_arrivals = std::make_unique<fabriclb::BackgroundArrivals>(
        m_hosts,
        m_hostRateBps,
        m_load,
        *m_sizes,
        [unit]() { return unit->GetValue(); },
        fabriclb::UniformIndexFrom(hosts));
    m_send = std::move(send);
    m_foregroundDone = std::move(foregroundDone);
    ScheduleNext();
}

void
BackgroundTraffic::ScheduleNext()
{
    m_next = m_arrivals->Next();
    m_event = Simulator::Schedule(PicoSeconds(m_next.startPs) - Simulator::Now(),
                                  &BackgroundTraffic::Arrive,
                                  this);
}

void
BackgroundTraffic::Arrive()
{
    if (m_foregroundDone())
    {
        return;
    }
    m_send(m_next);
    ScheduleNext();
}

void
BackgroundTraffic::DoDispose()
{
    m_event.Cancel();
    m_send = nullptr;
    m_foregroundDone = nullptr;
    Object::DoDispose();
}

} // namespace ns3
