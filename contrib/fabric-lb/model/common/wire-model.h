/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_WIRE_MODEL_H
#define FABRIC_LB_WIRE_MODEL_H

#include <cstdint>
#include <string>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief The two accountings of bytes on a link.
 *
 * - PHYSICAL: what a real RoCEv2 link does, as the study fixes it: a data packet
 *   is its payload plus 62 B of headers, an ACK 64 B, and a 20 B gap follows
 *   every packet at every port; hosts send at line rate.
 * - STUDY: the study's simulator's accounting: a data packet is serialised at
 *   its payload size and an ACK at 82 B, with no gap anywhere; hosts pace
 *   every flow at one packet per (payload + 82 B) of line time times the flows
 *   per host, each gap stretched by a uniform 0 to 1%, and buffers are whole
 *   multiples of that slot.
 */
enum WireKind // unscoped: the type of an ns-3 enum attribute (FabricHelper::Wire)
{
    PHYSICAL, //!< RoCEv2 frames and gaps
    STUDY     //!< the study's simulator's accounting
};

/**
 * \param name "physical" or "study"
 * \return the wire kind
 * \throws std::invalid_argument naming the value otherwise
 */
WireKind ParseWireKind(const std::string& name);

/// \return the name ParseWireKind reads
const char* WireKindName(WireKind kind);

/**
 * \ingroup fabric-lb
 * \brief Link and packet parameters that fix every serialisation time: the one
 * source of truth for sizes and rates, read by the NICs, the queues and the bound.
 *
 * All times are integer picoseconds so that the bound arithmetic is exact.
 */
struct WireModel
{
    /// Bytes a RoCEv2 data packet carries besides its payload on a physical link.
    static constexpr uint32_t PHYSICAL_HEADER_BYTES = 62;
    /// The study's simulator: ACK size, and what a pacing slot adds to the payload.
    static constexpr uint32_t STUDY_ACK_BYTES = 82;
    /// The study's simulator stretches every pacing gap by up to this fraction.
    static constexpr double STUDY_PACING_JITTER = 0.01;
    /// The fastest link: a 20 B gap still takes more than a picosecond, the model's unit.
    static constexpr uint64_t MAX_LINK_RATE_BPS = 100000000000000ULL;
    /// The slowest link: 1 Mb/s, at which a 65,000 B frame still takes under a second (the
    /// longest gap, delay or timer an attribute takes, fabriclb::ValueLimits).
    static constexpr uint64_t MIN_LINK_RATE_BPS = 1000000ULL;

    /**
     * \param linkRateBps a link's rate, bit/s
     * \param what the rate, for the error line ("a server link's rate")
     * \throws std::invalid_argument unless it lies in [MIN_LINK_RATE_BPS, MAX_LINK_RATE_BPS]
     */
    static void CheckLinkRate(uint64_t linkRateBps, const std::string& what);

    uint64_t linkRateBps{800000000000ULL}; //!< link rate, bit/s
    uint64_t linkDelayPs{500000};          //!< one-way propagation per link, ps
    uint32_t payloadBytes{4096};           //!< message bytes per data packet
    uint32_t dataWireBytes{4158};          //!< data packet on the wire (4096 B payload + 62 B)
    uint32_t ackWireBytes{64};             //!< ACK on the wire
    uint32_t gapBytes{20};                 //!< inter-packet gap after every packet
    uint32_t paceSlotBytes{0};   //!< a host's line time per paced packet; 0: line rate, unpaced
    double paceJitter{0};        //!< each pacing gap grows by a uniform fraction up to this
    uint32_t bufferSlotBytes{1}; //!< port buffers are whole multiples of this

    /**
     * \param kind which accounting
     * \param linkRateBps link rate, bit/s
     * \param linkDelayPs propagation per link, ps
     * \param payloadBytes message bytes per data packet
     * \param physicalAckBytes an ACK's size on a physical link
     * \param physicalGapBytes the gap after every packet on a physical link
     * \return the model
     * \throws std::invalid_argument for a rate outside CheckLinkRate's range
     */
    static WireModel Make(WireKind kind,
                          uint64_t linkRateBps,
                          uint64_t linkDelayPs,
                          uint32_t payloadBytes,
                          uint32_t physicalAckBytes,
                          uint32_t physicalGapBytes);

    /// Largest size SerialisationPs takes (its arithmetic stays exact in 64 bits).
    static constexpr uint64_t MAX_SERIALISED_BYTES = 1000000;

    /**
     * \param bytes a packet size, at most MAX_SERIALISED_BYTES
     * \return the time to serialise it at the link rate, rounded to the nearest ps
     */
    uint64_t SerialisationPs(uint64_t bytes) const;

    /// \return Td, a data packet's serialisation time
    uint64_t DataPs() const
    {
        return SerialisationPs(dataWireBytes);
    }

    /// \return Ta, an ACK's serialisation time
    uint64_t AckPs() const
    {
        return SerialisationPs(ackWireBytes);
    }

    /// \return Tg, the gap's duration
    uint64_t GapPs() const
    {
        return SerialisationPs(gapBytes);
    }

    /**
     * \param flowsPerHost flows sharing a host's rate
     * \return the pacing gap of each flow, before jitter (0 if hosts do not pace)
     */
    uint64_t PacingGapPs(double flowsPerHost) const;

    /**
     * \param links parallel links a host sends over (its ports, one per plane), at least 1
     * \return the same packets and gaps at the links' summed rate: what a NIC of that many
     * ports, and the bounds of its host, see
     */
    WireModel OverLinks(uint32_t links) const
    {
        WireModel wire = *this;
        wire.linkRateBps *= links;
        return wire;
    }

    /**
     * \param share a flow's rate as a fraction of the link rate, in (0, 1]
     * \return the gap between a flow's packets at that rate: its pacing slot
     * (paceSlotBytes, or a data packet and an ACK with their gaps when hosts do not
     * pace) at the share
     */
    uint64_t PacingGapPsAtShare(double share) const;

    /**
     * \param requested a port buffer in bytes
     * \return the buffer a port gets: \p requested rounded down to whole slots
     */
    uint32_t PortBufferBytes(uint32_t requested) const
    {
        return requested / bufferSlotBytes * bufferSlotBytes;
    }
};

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_WIRE_MODEL_H */
