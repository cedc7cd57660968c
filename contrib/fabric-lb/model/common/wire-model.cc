/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "wire-model.h"

#include <stdexcept>

namespace ns3
{
namespace fabriclb
{

namespace
{
constexpr uint64_t PS_PER_SECOND = 1000000000000ULL;
} // namespace

WireKind
ParseWireKind(const std::string& name)
{
    if (name == "physical")
    {
        return WireKind::PHYSICAL;
    }
    if (name == "study")
    {
        return WireKind::STUDY;
    }
    throw std::invalid_argument("unknown wire model '" + name + "' (physical, study)");
}

const char*
WireKindName(WireKind kind)
{
    return kind == WireKind::STUDY ? "study" : "physical";
}

void
WireModel::CheckLinkRate(uint64_t linkRateBps, const std::string& what)
{
    if (linkRateBps < MIN_LINK_RATE_BPS || linkRateBps > MAX_LINK_RATE_BPS)
    {
        throw std::invalid_argument(
            what + " of " + std::to_string(linkRateBps) + " bit/s is " +
            (linkRateBps < MIN_LINK_RATE_BPS ? "below 1Mbps" : "above 100Tbps") +
            ": the wire model times packets in whole picoseconds, gaps "
            "and delays within a second");
    }
}

WireModel
WireModel::Make(WireKind kind,
                uint64_t linkRateBps,
                uint64_t linkDelayPs,
                uint32_t payloadBytes,
                uint32_t physicalAckBytes,
                uint32_t physicalGapBytes)
{
    CheckLinkRate(linkRateBps, "a link rate");
    WireModel wire;
    wire.linkRateBps = linkRateBps;
    wire.linkDelayPs = linkDelayPs;
    wire.payloadBytes = payloadBytes;
    if (kind == WireKind::PHYSICAL)
    {
        wire.dataWireBytes = payloadBytes + PHYSICAL_HEADER_BYTES;
        wire.ackWireBytes = physicalAckBytes;
        wire.gapBytes = physicalGapBytes;
        return wire;
    }
    wire.dataWireBytes = payloadBytes;
    wire.ackWireBytes = STUDY_ACK_BYTES;
    wire.gapBytes = 0;
    wire.paceSlotBytes = payloadBytes + STUDY_ACK_BYTES;
    wire.paceJitter = STUDY_PACING_JITTER;
    wire.bufferSlotBytes = wire.paceSlotBytes;
    return wire;
}

uint64_t
WireModel::SerialisationPs(uint64_t bytes) const
{
    // bits * 1e12 / rate, rounded to nearest; exact in 64 bits for packet sizes.
    if (bytes > MAX_SERIALISED_BYTES)
    {
        throw std::invalid_argument("SerialisationPs is for packets, not " + std::to_string(bytes) +
                                    " bytes");
    }
    return (bytes * 8 * PS_PER_SECOND + linkRateBps / 2) / linkRateBps;
}

uint64_t
WireModel::PacingGapPs(double flowsPerHost) const
{
    // As the study's simulator: the host's rate split over its flows, truncated to a ps.
    return static_cast<uint64_t>(flowsPerHost * paceSlotBytes * 8.0 *
                                 static_cast<double>(PS_PER_SECOND) /
                                 static_cast<double>(linkRateBps));
}

uint64_t
WireModel::PacingGapPsAtShare(double share) const
{
    // Unpaced hosts: a data packet and the ACK a host owes, each with its gap.
    const uint32_t slotBytes =
        paceSlotBytes > 0 ? paceSlotBytes : dataWireBytes + ackWireBytes + 2 * gapBytes;
    return static_cast<uint64_t>(slotBytes * 8.0 * static_cast<double>(PS_PER_SECOND) /
                                 (static_cast<double>(linkRateBps) * share));
}

} // namespace fabriclb
} // namespace ns3
