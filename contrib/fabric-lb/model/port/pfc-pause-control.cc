/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "pfc-pause-control.h"

#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PfcPauseControl");

PfcPauseControl::PfcPauseControl(PfcPausedPort& port, uint32_t framingBytes, Traces traces)
    : m_port(port),
      m_framingBytes(framingBytes),
      m_traces(traces)
{
}

void
PfcPauseControl::SendPause(fabriclb::TrafficClass cls, uint16_t quanta)
{
    PfcPauseHeader header;
    header.SetFramingBytes(m_framingBytes);
    header.Set(cls, quanta);
    const Ptr<Packet> pause = Create<Packet>();
    pause->AddHeader(header);
    if (!m_traces.sent.IsEmpty())
    {
        m_traces.sent(PfcPauseHeader::PriorityOf(cls), quanta);
    }
    m_port.SendPauseFrame(pause);
}

void
PfcPauseControl::PausePeer(fabriclb::TrafficClass cls, uint16_t quanta)
{
    SendPause(cls, quanta);
    m_peerPauseRefresh[static_cast<uint32_t>(cls)] =
        Simulator::Schedule(PfcPauseHeader::PauseTime(m_rate, quanta) / 2,
                            &PfcPauseControl::PausePeer,
                            this,
                            cls,
                            quanta);
}

void
PfcPauseControl::ResumePeer(fabriclb::TrafficClass cls)
{
    m_peerPauseRefresh[static_cast<uint32_t>(cls)].Cancel();
    SendPause(cls, 0);
}

void
PfcPauseControl::Receive(const Ptr<Packet>& frame)
{
    PfcPauseHeader header;
    header.SetFramingBytes(m_framingBytes);
    frame->PeekHeader(header);
    ++m_stats.pauseFramesReceived;
    for (uint32_t c = 0; c < fabriclb::TRAFFIC_CLASS_COUNT; ++c)
    {
        const auto cls = static_cast<fabriclb::TrafficClass>(c);
        if (!header.Enables(cls))
        {
            continue;
        }
        const uint16_t quanta = header.GetQuanta(cls);
        m_traces.received(PfcPauseHeader::PriorityOf(cls), quanta);
        if (WatchdogDrops(cls))
        {
            // Not honoured: the storm goes on as long as PAUSEs keep coming.
            m_watchdogRestore.Cancel();
            m_watchdogRestore =
                Simulator::Schedule(m_watchdogTime, &PfcPauseControl::WatchdogRestore, this);
            continue;
        }
        m_expiry[c].Cancel();
        if (quanta == 0)
        {
            SetPaused(cls, false);
            continue;
        }
        SetPaused(cls, true);
        m_expiry[c] = Simulator::Schedule(PfcPauseHeader::PauseTime(m_rate, quanta),
                                          &PfcPauseControl::SetPaused,
                                          this,
                                          cls,
                                          false);
    }
}

void
PfcPauseControl::SetPaused(fabriclb::TrafficClass cls, bool paused)
{
    const auto c = static_cast<uint32_t>(cls);
    if (m_paused[c] == paused)
    {
        return;
    }
    m_paused[c] = paused;
    const int64_t nowPs = Simulator::Now().GetPicoSeconds();
    const bool data = cls == fabriclb::TrafficClass::DATA;
    if (paused)
    {
        m_sincePs[c] = nowPs;
        m_stats.pauses += data ? 1 : 0;
        if (data && m_watchdogTime.IsStrictlyPositive())
        {
            m_watchdogCheck =
                Simulator::Schedule(m_watchdogTime, &PfcPauseControl::WatchdogCheck, this);
        }
    }
    else
    {
        const int64_t pausedPs = nowPs - m_sincePs[c];
        if (data)
        {
            m_stats.pausedPs += pausedPs;
            m_stats.longestPausePs = std::max(m_stats.longestPausePs, pausedPs);
            m_watchdogCheck.Cancel();
        }
        m_traces.resumed(PfcPauseHeader::PriorityOf(cls), PicoSeconds(pausedPs));
    }
    m_port.HoldClass(cls, paused);
}

void
PfcPauseControl::WatchdogCheck()
{
    NS_LOG_LOGIC("PFC watchdog: the data class stayed paused for " << m_watchdogTime.As(Time::US));
    ++m_stats.watchdogTrips;
    m_watchdogTripped = true;
    m_expiry[static_cast<uint32_t>(fabriclb::TrafficClass::DATA)].Cancel();
    m_port.DropWaiting(fabriclb::TrafficClass::DATA);
    SetPaused(fabriclb::TrafficClass::DATA, false);
    m_watchdogRestore =
        Simulator::Schedule(m_watchdogTime, &PfcPauseControl::WatchdogRestore, this);
}

void
PfcPauseControl::WatchdogRestore()
{
    NS_LOG_LOGIC("PFC watchdog: pauses are honoured again");
    m_watchdogTripped = false;
}

void
PfcPauseControl::Cancel()
{
    for (EventId& expiry : m_expiry)
    {
        expiry.Cancel();
    }
    for (EventId& refresh : m_peerPauseRefresh)
    {
        refresh.Cancel();
    }
    m_watchdogCheck.Cancel();
    m_watchdogRestore.Cancel();
}

} // namespace ns3
