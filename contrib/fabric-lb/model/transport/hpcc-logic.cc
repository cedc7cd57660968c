/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "hpcc-logic.h"

#include <algorithm>
#include <cmath>

namespace ns3
{
namespace fabriclb
{

namespace
{

/// bits per byte times ps per s: bytes * this / ps is bit/s, bit/s * ps / this is bytes
constexpr double BITS_PS_PER_BYTE_S = 8e12;

/// W_init / W_AI of the authors' simulations: RATE_AI, 10 Mb/s per 25 Gb/s of line rate
constexpr double WINDOWS_PER_ADDITIVE_INCREASE = 2500;

/// \return T: \p params' own, else \p context's, else 2 * longestPathHops slot times
int64_t
ResolveBaseRttPs(const CongestionContext& context, const HpccParams& params)
{
    if (params.baseRttPs > 0)
    {
        return params.baseRttPs;
    }
    if (context.baseRttPs > 0)
    {
        return static_cast<int64_t>(context.baseRttPs);
    }
    // A data packet stored and forwarded on every link of the longest path and its ACK
    // back as long; propagation is not in the context, so this is a lower bound.
    const double slotPs = context.slotBytes * BITS_PS_PER_BYTE_S / context.lineRateBps;
    return std::llround(2.0 * std::max<uint32_t>(context.longestPathHops, 1) * slotPs);
}

} // namespace

HpccController::HpccController(const CongestionContext& context, const HpccParams& params)
    : m_context(context),
      m_params(params),
      m_baseRttPs(ResolveBaseRttPs(context, params))
{
    m_maxWindowBytes = context.lineRateBps * static_cast<double>(m_baseRttPs) / BITS_PS_PER_BYTE_S;
    m_minWindowBytes =
        std::min(m_maxWindowBytes,
                 params.minRateBps * static_cast<double>(m_baseRttPs) / BITS_PS_PER_BYTE_S);
    m_additiveIncreaseBytes = params.additiveIncreaseBytes > 0
                                  ? params.additiveIncreaseBytes
                                  : m_maxWindowBytes / WINDOWS_PER_ADDITIVE_INCREASE;
    m_windowBytes = m_maxWindowBytes;
    m_referenceWindowBytes = m_maxWindowBytes;
}

uint64_t
HpccController::PacingGapPs() const
{
    if (m_windowBytes >= m_maxWindowBytes)
    {
        return 0;
    }
    return static_cast<uint64_t>(m_context.slotBytes * BITS_PS_PER_BYTE_S / RateBps());
}

bool
HpccController::WindowOpen(uint32_t inFlight) const
{
    const double window = m_windowBytes / m_context.slotBytes;
    return window < 1 ? inFlight == 0 : inFlight + 1 <= window;
}

double
HpccController::RateBps() const
{
    const double rate = m_windowBytes * BITS_PS_PER_BYTE_S / static_cast<double>(m_baseRttPs);
    return std::min(rate, m_context.lineRateBps);
}

std::optional<double>
HpccController::WindowPackets() const
{
    return m_windowBytes / m_context.slotBytes;
}

void
HpccController::OnAck(const AckFeedback& ack)
{
    if (!ack.telemetry || !MeasureInflight(*ack.telemetry))
    {
        return;
    }
    const bool updateReference = ack.ackedPsn >= m_lastUpdateNextPsn;
    ComputeWindow(updateReference);
    if (updateReference)
    {
        m_lastUpdateNextPsn = std::max(m_lastUpdateNextPsn, ack.nextPsn);
    }
}

bool
HpccController::MeasureInflight(const std::vector<HopTelemetry>& hops)
{
    const double baseRttPs = static_cast<double>(m_baseRttPs);
    std::optional<double> largest; // the largest normalised inflight of a hop
    int64_t largestIntervalPs = 0; // the time between that hop's two samples
    for (const HopTelemetry& hop : hops)
    {
        const auto [entry, first] = m_lastSample.try_emplace(hop.portId, hop);
        HopTelemetry& previous = entry->second;
        if (first || hop.timestampPs <= previous.timestampPs)
        {
            continue;
        }
        const int64_t intervalPs = hop.timestampPs - previous.timestampPs;
        const double txRateBps = static_cast<double>(hop.txBytes - previous.txBytes) *
                                 BITS_PS_PER_BYTE_S / static_cast<double>(intervalPs);
        const double queueBytes =
            static_cast<double>(std::min(hop.queueBytes, previous.queueBytes));
        const double u =
            queueBytes * BITS_PS_PER_BYTE_S / (hop.rateBps * baseRttPs) + txRateBps / hop.rateBps;
        if (!largest || u > *largest)
        {
            largest = u;
            largestIntervalPs = intervalPs;
        }
        previous = hop;
    }
    if (!largest)
    {
        return false;
    }
    const double weight = static_cast<double>(std::min(largestIntervalPs, m_baseRttPs)) / baseRttPs;
    m_utilisation = (1 - weight) * m_utilisation + weight * *largest;
    return true;
}

void
HpccController::ComputeWindow(bool updateReference)
{
    const double eta = m_params.targetUtilisation;
    const bool multiplicative = m_utilisation >= eta || m_increaseStage >= m_params.maxStage;
    double window = m_maxWindowBytes; // an idle path (U = 0) allows the largest window
    if (!multiplicative)
    {
        window = m_referenceWindowBytes + m_additiveIncreaseBytes;
    }
    else if (m_utilisation > 0)
    {
        window = m_referenceWindowBytes / (m_utilisation / eta) + m_additiveIncreaseBytes;
    }
    m_windowBytes = std::clamp(window, m_minWindowBytes, m_maxWindowBytes);
    if (updateReference)
    {
        m_referenceWindowBytes = m_windowBytes;
        m_increaseStage = multiplicative ? 0 : m_increaseStage + 1;
    }
}

} // namespace fabriclb
} // namespace ns3
