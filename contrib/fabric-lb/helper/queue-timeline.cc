/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "queue-timeline.h"

#include "fabric-helper.h"

#include "ns3/fabric-ranks.h"
#include "ns3/port-monitor.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <map>
#include <stdexcept>

namespace ns3
{

QueueTimeline::QueueTimeline(const FabricHelper& fabric, const std::string& path, Time interval)
    : m_interval(interval)
{
    if (FabricRanks::Count() > 1)
    {
        throw std::invalid_argument(
            "--queueTimeline watches one process's ports: run it on one rank");
    }
    if (!interval.IsStrictlyPositive())
    {
        throw std::invalid_argument("--queueTimelineInterval must be positive, not " +
                                    std::to_string(interval.GetPicoSeconds()) + " ps");
    }
    m_file.open(path);
    if (!m_file)
    {
        throw std::invalid_argument("cannot write --queueTimeline file '" + path + "'");
    }
    m_file.precision(15); // a time of 2 ms is 2000000 ns, not 2e+06
    m_file << "time_ns,stage,bytes,largest_port_bytes\n";
    std::map<FabricStage, uint32_t> stageIndex;
    for (const auto& [stage, name] : SwitchStagesOf(fabric.GetTopology()))
    {
        stageIndex.emplace(stage, static_cast<uint32_t>(m_stageNames.size()));
        m_stageNames.push_back(name);
    }
    for (const Ptr<PortMonitor>& monitor : fabric.GetPortMonitors())
    {
        const auto found = stageIndex.find(monitor->GetStage());
        if (found == stageIndex.end())
        {
            continue; // a host's or a server's port
        }
        const auto port = static_cast<uint32_t>(m_portBytes.size());
        m_portBytes.push_back(0);
        m_stageOfPort.push_back(found->second);
        monitor->TraceBacklog(
            MakeBoundCallback(&QueueTimeline::Changed, Ptr<QueueTimeline>(this), port));
    }
}

void
QueueTimeline::Changed(Ptr<QueueTimeline> timeline,
                       uint32_t port,
                       uint32_t oldBytes,
                       uint32_t newBytes)
{
    if (timeline->m_finished)
    {
        return;
    }
    timeline->WriteUntil(Simulator::Now(), false);
    timeline->m_portBytes[port] += static_cast<int64_t>(newBytes) - static_cast<int64_t>(oldBytes);
}

void
QueueTimeline::WriteUntil(Time end, bool inclusive)
{
    const auto due = [this, end, inclusive]() {
        const Time instant = m_interval * static_cast<int64_t>(m_nextInstant);
        return instant < end || (instant == end && inclusive);
    };
    if (!due())
    {
        return;
    }
    // The backlogs hold until the next change: every instant due now has the same sums.
    std::vector<uint64_t> bytes(m_stageNames.size(), 0);
    std::vector<uint64_t> largest(m_stageNames.size(), 0);
    for (uint32_t port = 0; port < m_portBytes.size(); ++port)
    {
        const uint32_t stage = m_stageOfPort[port];
        bytes[stage] += m_portBytes[port];
        largest[stage] = std::max(largest[stage], m_portBytes[port]);
    }
    for (; due(); ++m_nextInstant)
    {
        const Time instant = m_interval * static_cast<int64_t>(m_nextInstant);
        const double ns = static_cast<double>(instant.GetPicoSeconds()) / 1000;
        for (uint32_t stage = 0; stage < m_stageNames.size(); ++stage)
        {
            m_file << ns << ',' << m_stageNames[stage] << ',' << bytes[stage] << ','
                   << largest[stage] << '\n';
        }
    }
}

void
QueueTimeline::Finish()
{
    WriteUntil(Simulator::Now(), true);
    m_file.close();
    m_finished = true;
}

} // namespace ns3
