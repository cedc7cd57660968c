/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "nscc-logic.h"

#include <algorithm>
#include <stdexcept>

namespace ns3
{
namespace fabriclb
{

namespace
{

/// bits per byte times ps per s: bit/s * ps / this is bytes
constexpr double BITS_PS_PER_BYTE_S = 8e12;
/// The specification's reference fabric for scaling: 100 Gb/s ...
constexpr double REFERENCE_RATE_BPS = 100e9;
/// ... and a 12 us base round trip.
constexpr double REFERENCE_RTT_PS = 12e6;
/// The target as a share of the base round trip (uet-htsim with trimming).
constexpr double TARGET_SHARE_OF_RTT = 0.75;
/// The largest window in bandwidth-delay products (uet-htsim: 1.5).
constexpr double MAX_WINDOW_BDPS = 1.5;
/// Fair increase per window at the reference fabric, packets.
constexpr double FAIR_INCREASE_PACKETS = 5;
/// Proportional increase per window at no delay on the reference fabric, packets.
constexpr double PROPORTIONAL_INCREASE_PACKETS = 4;
/// Fast increase per byte acknowledged at the reference fabric.
constexpr double FAST_INCREASE_FACTOR = 0.25;
/// eta at the reference fabric, packets.
constexpr double PERIODIC_INCREASE_PACKETS = 0.15;

/// \return bytes a link of \p rateBps carries in \p ps
double
BytesIn(double rateBps, int64_t ps)
{
    return rateBps * static_cast<double>(ps) / BITS_PS_PER_BYTE_S;
}

/// \return \p value if set, else \p derived rounded down
uint64_t
OrDerived(uint64_t value, double derived)
{
    return value > 0 ? value : static_cast<uint64_t>(derived);
}

/// \return \p params with every zero resolved from \p context
NsccParams
Resolve(const CongestionContext& context, NsccParams params)
{
    if (params.baseRttPs == 0)
    {
        params.baseRttPs = static_cast<int64_t>(context.baseRttPs);
    }
    if (params.baseRttPs <= 0)
    {
        throw std::invalid_argument("NSCC needs the fabric's base round trip");
    }
    if (params.targetDelayPs == 0)
    {
        params.targetDelayPs = static_cast<int64_t>(TARGET_SHARE_OF_RTT * params.baseRttPs);
    }
    const double packet = context.slotBytes;
    const double a = BytesIn(context.lineRateBps, params.baseRttPs) /
                     (REFERENCE_RATE_BPS * REFERENCE_RTT_PS / BITS_PS_PER_BYTE_S);
    const double b = params.targetDelayPs / REFERENCE_RTT_PS;
    params.minWindowBytes = OrDerived(params.minWindowBytes, packet);
    params.fairIncreaseBytes =
        OrDerived(params.fairIncreaseBytes, FAIR_INCREASE_PACKETS * packet * a);
    params.proportionalIncreaseBytes =
        OrDerived(params.proportionalIncreaseBytes, PROPORTIONAL_INCREASE_PACKETS * packet * a * b);
    if (params.fastIncreaseFactor == 0)
    {
        params.fastIncreaseFactor = FAST_INCREASE_FACTOR * a;
    }
    params.periodicIncreaseBytes =
        OrDerived(params.periodicIncreaseBytes, PERIODIC_INCREASE_PACKETS * packet * a);
    if (params.adjustPeriodPs == 0)
    {
        params.adjustPeriodPs = params.baseRttPs;
    }
    return params;
}

} // namespace

NsccController::NsccController(const CongestionContext& context, const NsccParams& params)
    : m_context(context),
      m_params(Resolve(context, params)),
      m_baseRttPerPath(params.baseRttPs == 0 && context.longestPathHops > 0)
{
    m_params.maxWindowBytes =
        OrDerived(m_params.maxWindowBytes,
                  MAX_WINDOW_BDPS * BytesIn(context.lineRateBps, m_params.baseRttPs));
    m_params.initialWindowBytes = OrDerived(m_params.initialWindowBytes, m_params.maxWindowBytes);
    m_windowBytes = static_cast<int64_t>(m_params.initialWindowBytes);
    ClampWindow();
}

uint64_t
NsccController::PacingGapPs() const
{
    return 0;
}

bool
NsccController::WindowOpen(uint32_t inFlight) const
{
    return inFlight == 0 ||
           (static_cast<int64_t>(inFlight) + 1) * m_context.slotBytes <= m_windowBytes;
}

double
NsccController::RateBps() const
{
    const double rate =
        m_windowBytes * BITS_PS_PER_BYTE_S / static_cast<double>(m_params.baseRttPs);
    return std::min(rate, m_context.lineRateBps);
}

std::optional<double>
NsccController::WindowPackets() const
{
    return static_cast<double>(m_windowBytes) / m_context.slotBytes;
}

void
NsccController::AverageDelay(double samplePs)
{
    m_averageDelayPs =
        m_params.delayAverageGain * samplePs + (1 - m_params.delayAverageGain) * m_averageDelayPs;
}

void
NsccController::ClampWindow()
{
    m_windowBytes = std::clamp<int64_t>(
        m_windowBytes,
        static_cast<int64_t>(m_params.minWindowBytes),
        static_cast<int64_t>(std::max(m_params.maxWindowBytes, m_params.minWindowBytes)));
}

bool
NsccController::QuickAdapt(int64_t nowPs, bool ecn, int64_t delayPs)
{
    bool done = false;
    if (ecn && m_bytesIgnored < m_bytesToIgnore)
    {
        done = true;
    }
    else if (!m_quickAdaptEndPs || nowPs > *m_quickAdaptEndPs)
    {
        const bool trouble =
            m_quickAdaptAsked ||
            static_cast<double>(delayPs) >
                m_params.quickAdaptDelayFactor * static_cast<double>(m_params.targetDelayPs);
        if (m_quickAdaptEndPs && trouble &&
            m_achievedBytes < (m_params.maxWindowBytes >> m_params.quickAdaptGate))
        {
            m_bytesToIgnore = m_windowBytes;
            m_bytesIgnored = 0;
            m_windowBytes = std::max<int64_t>(m_achievedBytes, m_params.minWindowBytes);
            m_quickAdaptAsked = false;
            done = true;
        }
        m_achievedBytes = 0;
        m_quickAdaptEndPs = nowPs + m_params.baseRttPs + m_params.targetDelayPs;
    }
    if (done)
    {
        m_pendingIncrease = 0;
        m_ackedSinceAdjustBytes = 0;
    }
    return done;
}

void
NsccController::IncreaseBelowTarget(int64_t delayPs)
{
    const uint32_t acked = m_context.slotBytes;
    if (delayPs < m_params.fastIncreaseDelayPs)
    {
        m_fastIncreaseBytes += acked;
        if (m_fastIncreasing || m_fastIncreaseBytes > static_cast<uint64_t>(m_windowBytes))
        {
            m_windowBytes += static_cast<int64_t>(acked * m_params.fastIncreaseFactor);
            m_fastIncreasing = true;
            return;
        }
    }
    else
    {
        m_fastIncreaseBytes = 0;
    }
    m_fastIncreasing = false;
    m_pendingIncrease += static_cast<double>(m_params.proportionalIncreaseBytes) * acked *
                         static_cast<double>(m_params.targetDelayPs - delayPs) /
                         static_cast<double>(m_params.targetDelayPs);
}

void
NsccController::DecreaseMultiplicatively(int64_t nowPs)
{
    m_fastIncreasing = false;
    m_fastIncreaseBytes = 0;
    const double target = static_cast<double>(m_params.targetDelayPs);
    if (m_averageDelayPs <= target ||
        (m_lastDecreasePs && nowPs - *m_lastDecreasePs <= m_params.baseRttPs))
    {
        return;
    }
    const double factor =
        std::max(1 - m_params.decreaseGain * (m_averageDelayPs - target) / m_averageDelayPs,
                 1 - m_params.maxDecrease);
    m_windowBytes = static_cast<int64_t>(static_cast<double>(m_windowBytes) * factor);
    m_lastDecreasePs = nowPs;
}

void
NsccController::ApplyPendingIncrease(int64_t nowPs)
{
    m_windowBytes += static_cast<int64_t>(m_pendingIncrease / static_cast<double>(m_windowBytes));
    if (nowPs - *m_lastAdjustPs >= m_params.adjustPeriodPs)
    {
        m_windowBytes += static_cast<int64_t>(m_params.periodicIncreaseBytes);
        m_lastAdjustPs = nowPs;
    }
    m_pendingIncrease = 0;
    m_ackedSinceAdjustBytes = 0;
}

void
NsccController::OnAck(const AckFeedback& ack)
{
    const int64_t nowPs = ack.nowPs;
    const uint32_t acked = m_context.slotBytes;
    if (!m_lastAdjustPs)
    {
        m_lastAdjustPs = nowPs;
    }
    m_achievedBytes += acked;
    m_ackedSinceAdjustBytes += acked;
    m_bytesIgnored += acked;
    // The path's unloaded round trip: the fabric's longest path's, in proportion to links.
    const int64_t baseRttPs = m_baseRttPerPath && ack.hops > 0
                                  ? m_params.baseRttPs * (ack.hops + 1) / m_context.longestPathHops
                                  : m_params.baseRttPs;
    const int64_t delayPs = std::max<int64_t>(ack.delayPs - baseRttPs, 0);
    const bool aboveTarget = delayPs >= m_params.targetDelayPs;
    const bool unmarkedAboveTarget = !ack.ecnMarked && delayPs > m_params.targetDelayPs;
    AverageDelay(unmarkedAboveTarget ? baseRttPs / 4.0 : static_cast<double>(delayPs));
    if (QuickAdapt(nowPs, ack.ecnMarked, delayPs))
    {
        ClampWindow();
        return;
    }
    if (!ack.ecnMarked && !aboveTarget)
    {
        IncreaseBelowTarget(delayPs);
    }
    else if (!ack.ecnMarked)
    {
        m_pendingIncrease += static_cast<double>(m_params.fairIncreaseBytes) * acked;
    }
    else if (aboveTarget)
    {
        DecreaseMultiplicatively(nowPs);
    }
    ClampWindow();
    if (m_ackedSinceAdjustBytes > uint64_t{m_params.adjustPackets} * acked ||
        nowPs - *m_lastAdjustPs > m_params.adjustPeriodPs)
    {
        ApplyPendingIncrease(nowPs);
        ClampWindow();
    }
}

void
NsccController::OnLoss(int64_t /* nowPs */)
{
    m_windowBytes -= m_context.slotBytes;
    ClampWindow();
}

void
NsccController::OnNack(int64_t nowPs)
{
    const uint32_t lost = m_context.slotBytes;
    m_bytesIgnored += lost;
    AverageDelay(static_cast<double>(m_params.baseRttPs));
    m_quickAdaptAsked = true;
    if (!QuickAdapt(nowPs, true, 0))
    {
        m_windowBytes -= lost;
    }
    ClampWindow();
}

} // namespace fabriclb
} // namespace ns3
