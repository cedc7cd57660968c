/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_LOWER_BOUND_H
#define FABRIC_LB_LOWER_BOUND_H

#include <cstdint>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief Link and packet parameters that fix every serialisation time.
 *
 * All times are integer picoseconds so that the bound arithmetic is exact.
 */
struct WireModel
{
    uint64_t linkRateBps{800000000000ULL}; //!< link rate, bit/s
    uint64_t linkDelayPs{500000};          //!< one-way propagation per link, ps
    uint32_t dataWireBytes{4158};          //!< data packet on the wire (4096 B payload + 62 B)
    uint32_t ackWireBytes{64};             //!< ACK on the wire
    uint32_t gapBytes{20};                 //!< inter-packet gap after every packet

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
};

/**
 * \ingroup fabric-lb
 * \brief The exact permutation lower bound of the study (paper.md section 7).
 *
 * Every host sends one message of m packets over H links and receives one; data
 * and ACKs interleave symmetrically on every host link.
 */
struct PermutationBound
{
    uint64_t firstArrivalPs; //!< t1 = p + H*Td, the first data packet's arrival
    uint32_t dataBeforeAck;  //!< i1, data packets a host sends before its first ACK
    uint64_t completionPs;   //!< the completion-time bound
};

/**
 * \param wire link and packet parameters
 * \param packets m, packets per message (at least 1)
 * \param hops H, links between sender and receiver (2, 4 or 6 in a fat tree)
 * \return t1, i1 and the bound.
 *
 * With d = Td+Tg, a = Ta+Tg and p = H * link delay: i1 = ceil((p+(H-1)Td)/d)+1.
 * A host sends min(i1, m) data packets back to back, then alternates ACK and
 * data until its m data packets are out. The last data packet's bits leave
 * the host at n1*d + (m-n1)*(a+d) - Tg (n1 = min(i1, m)), reach the receiver
 * (H-1)*Td + p later, and its ACK, sent at once by an otherwise idle host,
 * needs H*Ta + p more.
 */
PermutationBound ComputePermutationBound(const WireModel& wire, uint32_t packets, uint32_t hops);

/**
 * \param wire link and packet parameters
 * \param hosts number of hosts taking part (each sends to every other)
 * \param packets m, packets per message
 * \param hops H of the path the last packet takes (the fabric's diameter)
 * \return the all-to-all lower bound in ps: each host puts (hosts-1)*m data
 * packets and as many ACKs on its link, (hosts-1)*m*(d+a) - Tg; the last of
 * them, an ACK, still needs p + (H-1)*Ta to reach its sender.
 */
uint64_t ComputeAllToAllBound(const WireModel& wire,
                              uint32_t hosts,
                              uint32_t packets,
                              uint32_t hops);

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_LOWER_BOUND_H */
