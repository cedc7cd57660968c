/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_LOWER_BOUND_H
#define FABRIC_LB_LOWER_BOUND_H

#include "ns3/connection-matrix.h"
#include "ns3/fabric-topology.h"
#include "ns3/wire-model.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief The exact permutation lower bound of the study.
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

/**
 * \param wire link and packet parameters
 * \param packets m, packets of the message (at least 1)
 * \param hops H, links between sender and receiver
 * \return the completion-time bound of one message alone on an idle fabric: its
 * m data packets back to back (m*d - Tg), the last one's remaining (H-1)*Td + p
 * to the receiver, and its ACK's H*Ta + p back
 */
uint64_t ComputeLoneMessageBound(const WireModel& wire, uint32_t packets, uint32_t hops);

/**
 * \ingroup fabric-lb
 * \brief The bound of a message whose sender may release a packet only every
 * \p gapPs (a fixed rate below the line's, rho_max under failures): its last packet
 * leaves (m-1) gaps after its first, then takes a lone packet's time to be ACKed.
 *
 * \param wire packet sizes, rate and delay (the physical model for the study's bound)
 * \param packets m, the message's data packets (at least 1)
 * \param hops links between the two hosts
 * \param gapPs the sender's gap between packets
 * \return the completion-time bound in picoseconds
 */
uint64_t ComputePacedMessageBound(const WireModel& wire,
                                  uint32_t packets,
                                  uint32_t hops,
                                  uint64_t gapPs);

/**
 * \ingroup fabric-lb
 * \brief The one-way part of ComputeLoneMessageBound: when the last data packet of a
 * message alone on an idle fabric has reached its receiver.
 * \param wire packet sizes, rate and delay
 * \param packets m, at least 1
 * \param hops links between the two hosts
 * \return that time after the message's start, in picoseconds
 */
uint64_t ComputeArrivalBound(const WireModel& wire, uint32_t packets, uint32_t hops);

/**
 * \ingroup fabric-lb
 * \brief Where a flow's packets take turns with other flows' packets, for
 * ComputeEarliestStarts: the link its data arrives by at its receiver and the one it leaves by
 * at its sender, each an id of the caller's (flows on one id share that link, of one wire), or
 * none where the caller does not say.
 */
struct SharedLinkUse
{
    std::optional<uint32_t> arrivesBy; //!< the link its data reaches its receiver by
    std::optional<uint32_t> leavesBy;  //!< the link its data leaves its sender by
    uint32_t packets{0};               //!< its data packets
    uint32_t hops{0};                  //!< links from where its packets cross to the receiver
    WireModel wire;                    //!< the wire of those links
};

/**
 * \ingroup fabric-lb
 * \brief The earliest time each flow of a matrix can start: its start time, or
 * when its trigger can fire at the earliest, every flow taking no less than its
 * lone times. Triggers act as CollectiveTriggers does (oneshot on the first
 * signal, barrier on the count-th, multishot one waiting flow per signal, in
 * file order); a flow's recv_done_trigger signals at its start plus \p arrivalPs,
 * its send_done_trigger at its start plus \p completionPs.
 *
 * A barrier whose count is every signal it can get waits for all its flows and computes, so
 * it also fires no earlier than they can have shared what they share: the flows that signal
 * it on arrival through one link (\p sharedLinks' arrivesBy) from the earliest one's start,
 * their packets one after another (ComputeArrivalBound of them all, over the fewest hops); the
 * flows that signal it once acknowledged and leave by one link (leavesBy) likewise
 * (ComputeLoneMessageBound); and the computes of one host, one after another from the earliest
 * one's start.
 *
 * \param matrix the flows and triggers (each trigger's waiting flows filled in)
 * \param arrivalPs by flow: start to the receiver holding every packet, at the least
 * \param completionPs by flow: start to the sender holding every ACK, at the least
 * \param computeStarts if given, takes by compute its earliest start (a compute signals its
 * done_trigger its duration after its start: the computes of a host taken as if they could
 * overlap, but for a barrier that waits on them all, which keeps the times a lower bound)
 * \param sharedLinks if given, by flow: the links it shares (none given: flows share nothing)
 * \return by flow, its earliest start, or nothing if it can never start
 */
std::vector<std::optional<uint64_t>> ComputeEarliestStarts(
    const ConnectionMatrix& matrix,
    const std::vector<uint64_t>& arrivalPs,
    const std::vector<uint64_t>& completionPs,
    std::vector<std::optional<uint64_t>>* computeStarts = nullptr,
    const std::vector<SharedLinkUse>* sharedLinks = nullptr);

/**
 * \ingroup fabric-lb
 * \brief What a FlowLoad carries from its source to its destination.
 */
enum class Carries : uint8_t
{
    MESSAGE, //!< a message: its data there, its ACKs back the same way
    DATA,    //!< a message's data alone: its ACKs return another way (PXN)
    ACKS     //!< a message's ACKs alone, one per data packet (PXN)
};

/**
 * \ingroup fabric-lb
 * \brief One message of a collective, or one leg of it, as the bound sees it.
 */
struct FlowLoad
{
    uint32_t source;                   //!< sending host
    uint32_t destination;              //!< receiving host
    uint32_t packets;                  //!< m, its data packets (at least 1)
    uint32_t hops;                     //!< links between the two hosts
    uint64_t startPs{0};               //!< when it may start
    Carries carries{Carries::MESSAGE}; //!< what crosses those links
};

/**
 * \ingroup fabric-lb
 * \brief A stretch of a message's path over links of one kind: a server's own links
 * (NVLink), or the fabric.
 */
struct PathLeg
{
    WireModel wire; //!< its links' packets, rate and delay
    uint32_t hops;  //!< its links
};

/**
 * \ingroup fabric-lb
 * \brief When the last data packet of a message alone on an idle fabric can reach its
 * receiver over a path of legs (PXN: the source server's links, then the fabric): every link's
 * store and forward of a packet and its propagation, and the m - 1 packets behind it at the
 * slowest link's pace. Over one leg it is ComputeArrivalBound.
 * \param legs the data's path, in order (at least one link)
 * \param packets m, at least 1
 * \return that time after the message's start, in picoseconds
 */
uint64_t ComputeLegsArrivalBound(const std::vector<PathLeg>& legs, uint32_t packets);

/**
 * \ingroup fabric-lb
 * \param legs an ACK's path
 * \return its trip alone: every link's store and forward and propagation
 */
uint64_t ComputeAckTripPs(const std::vector<PathLeg>& legs);

/**
 * \param wire link and packet parameters
 * \param hosts number of hosts (host indices are below it)
 * \param flows the collective's messages (at least one), each with a start time
 * \return a lower bound on the time the last sender holds its last ACK: the
 * largest of (a) each message's start plus ComputeLoneMessageBound, and (b) each host link's load:
 * from the earliest start of a message that uses it, its data and ACK packets back to back, minus
 * the last gap, plus what the last packet still needs. On a host's uplink that is the least of
 * what its kinds of packet need: an ACK's p + (H-1)*Ta, a data packet's trip and its ACK's return,
 * a leg's data packet's trip to the leg's end, (H-1)*Td + p; on its downlink nothing after an ACK
 * or a leg's packet, a data packet's ACK's return otherwise. H is the largest hop count among the
 * host's peers, the convention of ComputeAllToAllBound. A leg (Carries::DATA, Carries::ACKS)
 * loads the links at its ends alone: its message's own bound is the caller's. For an all-to-all
 * this is ComputeAllToAllBound; for a permutation it is below ComputePermutationBound, which
 * also uses how the ACKs of every host's incoming message interleave.
 */
uint64_t ComputeMatrixBound(const WireModel& wire,
                            uint32_t hosts,
                            const std::vector<FlowLoad>& flows);

/**
 * \ingroup fabric-lb
 * \brief The bound of the busiest cut above the host links, where one carries more per link
 * than the busiest host link does (an oversubscribed tier).
 *
 * For each group of each cut and each direction, V = d x the data packets and a x the ACKs
 * that cross it (each leg of a message its own: FlowLoad::carries) (d = Td + Tg, a = Ta + Tg),
 * spread at best evenly over its links: from the earliest start of a message that crosses, the
 * first data packet reaches the group's switch (Td + one link delay), the links are busy V / links
 * - Tg, and the last packet still crosses its link and at least one more to a host (2 link delays +
 * Ta). \param wire link and packet parameters (a plane's, with several) \param topology the fabric:
 * its hosts, their ports and its cuts (FabricTopology::Cuts) \param flows the collective's messages
 * \return the largest such bound over the groups whose V per link exceeds the busiest host
 * link's d x data + a x ACKs (a host's spread over its ports); 0 if none does (the host
 * links' bounds are then the fabric's)
 */
uint64_t ComputeCutBound(const WireModel& wire,
                         const FabricTopology& topology,
                         const std::vector<FlowLoad>& flows);

/**
 * \ingroup fabric-lb
 * \brief An upper estimate of every bound above, in floating point, where their integer
 * arithmetic could overflow: from the latest start, the busiest host's data packets and ACKs
 * back to back, at least \p gapPs apart, and the longest trip there and back; with triggers,
 * every message alone one after another before that (a triggered message starts no later than
 * the messages before it end).
 *
 * \param wire link and packet parameters
 * \param flows the collective's messages, each with its start (0 for a triggered one)
 * \param gapPs the senders' least gap between a message's packets (0: none)
 * \param triggered whether messages start on triggers
 * \return the estimate in picoseconds
 */
double EstimateBoundCeilingPs(const WireModel& wire,
                              const std::vector<FlowLoad>& flows,
                              uint64_t gapPs,
                              bool triggered);

/**
 * \ingroup fabric-lb
 * \brief An upper estimate of the time the links slower than the others (degraded, capacity
 * below 1) need for what may be routed over them: for each such link, every message whose
 * shortest paths (FabricTopology::LeafPathOf, either way: its data or its ACKs) may take it,
 * all its data packets and ACKs back to back at the link's rate; then the longest trip there
 * and back at the slowest of those rates, from the latest start.
 * \param wire a link's packets, rate and delay at capacity 1 (a plane's)
 * \param topology the fabric
 * \param capacity each link's capacity as a fraction of \p wire's rate, by link id (empty:
 * all 1)
 * \param flows the traffic's messages over the fabric, from where they enter it
 * \return the estimate in picoseconds, 0 if no link is slower
 */
double EstimateSlowLinkPs(const WireModel& wire,
                          const FabricTopology& topology,
                          const std::vector<double>& capacity,
                          const std::vector<FlowLoad>& flows);

/// Simulated events a data packet costs a hop, its ACK's included (measured at k=4 and k=8:
/// 3.9 to 4.4).
constexpr double EVENTS_PER_PACKET_HOP = 4.4;

/**
 * \ingroup fabric-lb
 * \brief One message as a run's work estimate sees it.
 */
struct MessageWork
{
    uint32_t source;     //!< sending host
    uint32_t packets;    //!< its data packets
    uint32_t hops;       //!< links on its path
    uint64_t firstAckPs; //!< its first packet's round trip alone
};

/**
 * \ingroup fabric-lb
 * \brief What a run is expected to take (EstimateRunWork).
 */
struct RunWork
{
    double messagePackets{0};  //!< the messages' data packets
    double addedPackets{0};    //!< data packets senders add while they wait for a first ACK
    double events{0};          //!< simulated events
    double inFlight{0};        //!< data packets on the links at once, at the most
    double acksInFlight{0};    //!< ACKs on the links at once, at the most: one a message packet
    uint64_t longestWaitPs{0}; //!< the longest wait for a first ACK beyond a timeout (0: none)
    uint64_t overduePs{0};     //!< the senders' first timeout, which they resend at
};

/**
 * \ingroup fabric-lb
 * \brief Estimates a run's work: every message's packets over its hops at
 * EVENTS_PER_PACKET_HOP, and what a sender adds while it waits for its first ACK beyond its
 * first timeout. The ideal erasure sender counts each packet lost a timeout after its sending
 * and sends another, so until the first ACK is back a message of m packets goes out
 * ceil(first ACK / timeout) times (a link delay of seconds makes that the round trip times the
 * rate, not the message), a host no faster than its line: the sum of its messages' waits
 * over \p packetPs. Go-back-N and selective repeat back off and send less.
 * \param messages the run's messages
 * \param overduePs when a sender first counts a packet lost (its first timeout)
 * \param packetPs the least time a sender takes to put a data packet on its link
 * \param wiresHold the data packets that every link's delay holds at once, both ways: no more
 * are in flight
 * \return the estimate
 */
RunWork EstimateRunWork(const std::vector<MessageWork>& messages,
                        uint64_t overduePs,
                        double packetPs,
                        double wiresHold);

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_LOWER_BOUND_H */
