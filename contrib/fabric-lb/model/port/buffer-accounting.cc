/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "buffer-accounting.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>

namespace ns3
{
namespace fabriclb
{

uint64_t
HeadroomBytes(uint64_t rateBps,
              uint64_t delayPs,
              uint32_t largestFrameBytes,
              uint32_t pauseFrameBytes)
{
    // Bytes on the wire out and back: 2 d R / 8, in bit-picoseconds, rounded up.
    const unsigned __int128 bitPs = static_cast<unsigned __int128>(rateBps) * 2 * delayPs;
    const unsigned __int128 perByte = static_cast<unsigned __int128>(8) * 1000000000000ULL;
    const auto wireBytes = static_cast<uint64_t>((bitPs + perByte - 1) / perByte);
    return wireBytes + 3ULL * largestFrameBytes + pauseFrameBytes;
}

void
BufferSettings::Validate() const
{
    using std::to_string;
    if (sharing == BufferSharing::DYNAMIC && !(alpha > 0))
    {
        throw std::invalid_argument("the buffer's alpha must be positive, got " + to_string(alpha));
    }
    if (sharing == BufferSharing::DYNAMIC && bufferBytes < largestFrameBytes)
    {
        throw std::invalid_argument("the switch buffer of " + to_string(bufferBytes) +
                                    " B holds no frame (" + to_string(largestFrameBytes) + " B)");
    }
    if (!lossless)
    {
        return;
    }
    if (xoffBytes > 0 && xonBytes > 0 && xonBytes >= xoffBytes)
    {
        throw std::invalid_argument("PFC's XON threshold (" + to_string(xonBytes) +
                                    " B) must lie below its XOFF threshold (" +
                                    to_string(xoffBytes) + " B)");
    }
    uint64_t headroomTotal = 0;
    for (uint32_t port = 0; port < headroomBytes.size(); ++port)
    {
        const uint32_t headroom = headroomBytes[port];
        if (headroom == 0)
        {
            continue;
        }
        if (headroom < largestFrameBytes)
        {
            throw std::invalid_argument("PFC headroom of " + to_string(headroom) +
                                        " B is below one frame (" + to_string(largestFrameBytes) +
                                        " B)");
        }
        if (sharing == BufferSharing::STATIC && uint64_t(headroom) + largestFrameBytes > portBytes)
        {
            throw std::invalid_argument("a port's buffer of " + to_string(portBytes) +
                                        " B is smaller than its PFC headroom of " +
                                        to_string(headroom) + " B and a frame");
        }
        const uint32_t xoff = xoffBytes > 0 ? xoffBytes : portBytes - headroom;
        if (sharing == BufferSharing::STATIC && xoffBytes == 0 && xonBytes >= xoff)
        {
            throw std::invalid_argument("PFC's XON threshold (" + to_string(xonBytes) +
                                        " B) must lie below its XOFF threshold (" +
                                        to_string(xoff) + " B, a port's buffer less headroom)");
        }
        if (sharing == BufferSharing::STATIC && xoffBytes > portBytes - headroom)
        {
            throw std::invalid_argument("PFC's XOFF threshold (" + to_string(xoffBytes) +
                                        " B) is above what a port's buffer of " +
                                        to_string(portBytes) + " B leaves beside its " +
                                        to_string(headroom) + " B of headroom");
        }
        headroomTotal += headroom;
    }
    if (sharing == BufferSharing::DYNAMIC && headroomTotal + largestFrameBytes > bufferBytes)
    {
        throw std::invalid_argument("the switch buffer of " + to_string(bufferBytes) +
                                    " B is smaller than its ports' PFC headroom of " +
                                    to_string(headroomTotal) + " B and a frame");
    }
    // Under dynamic sharing, XOFF is alpha times the free buffer: at most alpha times the pool.
    const double largestXoff = alpha * static_cast<double>(bufferBytes - headroomTotal);
    if (sharing == BufferSharing::DYNAMIC && xoffBytes == 0 && xonBytes >= largestXoff)
    {
        throw std::invalid_argument("PFC's XON threshold (" + to_string(xonBytes) +
                                    " B) must lie below its XOFF threshold, at most alpha times "
                                    "the free buffer (" +
                                    to_string(static_cast<uint64_t>(largestXoff)) + " B)");
    }
}

BufferAccounting::BufferAccounting(uint32_t ports, BufferSettings settings)
    : m_ports(ports),
      m_settings(std::move(settings)),
      m_ingress(ports),
      m_egressBytes(ports * TRAFFIC_CLASS_COUNT, 0),
      m_held(m_settings.lossless ? ports * ports : 0, 0)
{
    m_settings.headroomBytes.resize(ports, 0);
    uint64_t headroomTotal = 0;
    if (m_settings.lossless)
    {
        headroomTotal = std::accumulate(m_settings.headroomBytes.begin(),
                                        m_settings.headroomBytes.end(),
                                        uint64_t{0});
    }
    m_poolBytes =
        m_settings.bufferBytes > headroomTotal ? m_settings.bufferBytes - headroomTotal : 0;
}

uint64_t
BufferAccounting::FreeBytes() const
{
    return m_poolBytes > m_usedBytes ? m_poolBytes - m_usedBytes : 0;
}

uint64_t
BufferAccounting::XoffThreshold(uint32_t port) const
{
    if (m_settings.xoffBytes > 0)
    {
        return m_settings.xoffBytes;
    }
    if (m_settings.sharing == BufferSharing::STATIC)
    {
        return m_settings.portBytes - m_settings.headroomBytes[port];
    }
    return static_cast<uint64_t>(m_settings.alpha * static_cast<double>(FreeBytes()));
}

uint64_t
BufferAccounting::XonThreshold(uint32_t port) const
{
    if (m_settings.xonBytes > 0)
    {
        return m_settings.xonBytes;
    }
    const uint64_t xoff = XoffThreshold(port);
    const uint64_t gap = 2ULL * m_settings.largestFrameBytes;
    return xoff > gap ? xoff - gap : 0;
}

bool
BufferAccounting::EgressFits(uint32_t egress, TrafficClass cls, uint32_t bytes) const
{
    const uint64_t queued = m_egressBytes[QueueIndex(egress, cls)];
    if (m_settings.sharing == BufferSharing::STATIC)
    {
        return queued + bytes <= m_settings.portBytes;
    }
    const uint64_t limit =
        static_cast<uint64_t>(m_settings.alpha * static_cast<double>(FreeBytes()));
    return queued + bytes <= limit && m_usedBytes + bytes <= m_poolBytes;
}

void
BufferAccounting::TakeEgress(uint32_t egress, TrafficClass cls, uint32_t bytes)
{
    m_egressBytes[QueueIndex(egress, cls)] += bytes;
    m_usedBytes += bytes;
    m_stats.maxSharedBytes = std::max(m_stats.maxSharedBytes, m_usedBytes);
}

BufferAccounting::Verdict
BufferAccounting::Refuse(uint32_t egress, Verdict refusal, uint32_t trimmedBytes)
{
    if (trimmedBytes > 0 && EgressFits(egress, TrafficClass::CONTROL, trimmedBytes))
    {
        TakeEgress(egress, TrafficClass::CONTROL, trimmedBytes);
        return Verdict::TRIMMED;
    }
    ++(refusal == Verdict::OVERFLOW ? m_stats.overflows : m_stats.drops);
    return refusal;
}

BufferAccounting::Admission
BufferAccounting::Admit(uint32_t ingress,
                        uint32_t egress,
                        TrafficClass cls,
                        uint32_t bytes,
                        uint32_t trimmedBytes)
{
    Admission admission;
    const bool lossless = m_settings.lossless && cls == TrafficClass::DATA && ingress < m_ports;
    if (!lossless)
    {
        if (EgressFits(egress, cls, bytes))
        {
            TakeEgress(egress, cls, bytes);
        }
        else
        {
            admission.verdict = Refuse(egress, Verdict::DROPPED, trimmedBytes);
        }
        return admission;
    }
    Ingress& in = m_ingress[ingress];
    const bool poolFits =
        m_settings.sharing == BufferSharing::STATIC || m_usedBytes + bytes <= m_poolBytes;
    if (!in.xoff && poolFits && in.sharedBytes + bytes <= XoffThreshold(ingress))
    {
        in.sharedBytes += bytes;
        m_usedBytes += bytes;
        m_stats.maxSharedBytes = std::max(m_stats.maxSharedBytes, m_usedBytes);
    }
    else if (uint64_t(in.headroomBytes) + bytes <= m_settings.headroomBytes[ingress])
    {
        in.headroomBytes += bytes;
        m_headroomTotal += bytes;
        m_stats.maxHeadroomBytes = std::max(m_stats.maxHeadroomBytes, in.headroomBytes);
        admission.verdict = Verdict::HEADROOM;
    }
    else
    {
        admission.verdict = Refuse(egress, Verdict::OVERFLOW, trimmedBytes);
    }
    if (admission.verdict != Verdict::ADMITTED && !in.xoff)
    {
        in.xoff = true;
        ++m_stats.xoffs;
        admission.pause = true;
    }
    if (admission.verdict == Verdict::ADMITTED || admission.verdict == Verdict::HEADROOM)
    {
        m_held[ingress * m_ports + egress] += bytes;
    }
    return admission;
}

bool
BufferAccounting::Release(uint32_t ingress, uint32_t egress, TrafficClass cls, uint32_t bytes)
{
    const bool lossless = m_settings.lossless && cls == TrafficClass::DATA && ingress < m_ports;
    if (!lossless)
    {
        m_egressBytes[QueueIndex(egress, cls)] -= bytes;
        m_usedBytes -= bytes;
        return false;
    }
    m_held[ingress * m_ports + egress] -= bytes;
    Ingress& in = m_ingress[ingress];
    const uint32_t fromHeadroom = std::min(in.headroomBytes, bytes);
    in.headroomBytes -= fromHeadroom;
    m_headroomTotal -= fromHeadroom;
    in.sharedBytes -= bytes - fromHeadroom;
    m_usedBytes -= bytes - fromHeadroom;
    if (in.xoff && in.headroomBytes == 0 && in.sharedBytes <= XonThreshold(ingress))
    {
        in.xoff = false;
        return true;
    }
    return false;
}

std::vector<uint32_t>
FindCycle(const std::vector<std::vector<uint32_t>>& successors)
{
    // Depth-first search, iterative; a successor on the current path closes a cycle.
    enum Mark : uint8_t
    {
        UNSEEN,
        ON_PATH,
        DONE
    };

    const auto n = static_cast<uint32_t>(successors.size());
    std::vector<Mark> mark(n, UNSEEN);
    std::vector<std::pair<uint32_t, size_t>> path; // vertex, next successor to try
    for (uint32_t root = 0; root < n; ++root)
    {
        if (mark[root] != UNSEEN)
        {
            continue;
        }
        path.emplace_back(root, 0);
        mark[root] = ON_PATH;
        while (!path.empty())
        {
            auto& [vertex, next] = path.back();
            if (next == successors[vertex].size())
            {
                mark[vertex] = DONE;
                path.pop_back();
                continue;
            }
            const uint32_t to = successors[vertex][next++];
            if (mark[to] == ON_PATH)
            {
                std::vector<uint32_t> cycle;
                auto it = std::find_if(path.begin(), path.end(), [to](const auto& step) {
                    return step.first == to;
                });
                for (; it != path.end(); ++it)
                {
                    cycle.push_back(it->first);
                }
                std::rotate(cycle.begin(),
                            std::min_element(cycle.begin(), cycle.end()),
                            cycle.end());
                return cycle;
            }
            if (mark[to] == UNSEEN)
            {
                mark[to] = ON_PATH;
                path.emplace_back(to, 0);
            }
        }
    }
    return {};
}

} // namespace fabriclb
} // namespace ns3
