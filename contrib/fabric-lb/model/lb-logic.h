/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_LB_LOGIC_H
#define FABRIC_LB_LB_LOGIC_H

#include "fat-tree-topology.h"
#include "workload.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <unordered_map>
#include <vector>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief Round-robin over n ports in a (possibly shuffled) order.
 *
 * Pure logic for the switch `rr` (reshuffle every 5 wrap-arounds), `simple-rr`
 * (never reshuffle) and the Ofan destination pointers (random start and random
 * order per pointer, never reshuffled). Ports are 0 .. n-1; Next() walks the
 * order from the current position, and a wrap-around is counted each time the
 * position passes from the last slot of the order back to the first. Every
 * stretch between two wrap-arounds therefore visits each port exactly once.
 */
class RotationPointer
{
  public:
    /**
     * \param n number of ports (at least 1)
     * \param reshuffleEveryWraps draw a fresh uniformly random order after every
     * this many wrap-arounds; 0 never reshuffles
     * \param draw source of uniform integers; copied only if reshuffleEveryWraps > 0
     * \param randomStart start at a uniformly random position of the order
     * (otherwise at its first slot)
     * \param randomOrder start with a uniformly random order (otherwise 0, 1, .., n-1)
     * \throws std::invalid_argument if n is 0
     */
    RotationPointer(uint32_t n,
                    uint32_t reshuffleEveryWraps,
                    const UniformIndex& draw,
                    bool randomStart,
                    bool randomOrder = true);

    /**
     * \param order the rotation order: a permutation of 0 .. order.size()-1
     * \param start index into \p order of the first port Next() returns
     * \throws std::invalid_argument if \p order is empty or not a permutation,
     * or \p start is out of range
     *
     * A deterministic pointer that never reshuffles.
     */
    RotationPointer(std::vector<uint32_t> order, uint32_t start);

    /// \return the next port, advancing the pointer (may reshuffle at a wrap-around)
    uint32_t Next();

    /**
     * Ofan under failures: next hops that are down are skipped.
     *
     * \param usable predicate telling whether a port may be used now
     * \return the next usable port in rotation order, or Size() if no port is
     * usable (the pointer then has advanced by one full rotation)
     */
    uint32_t NextUsable(const std::function<bool(uint32_t)>& usable);

    /// \return the number of ports
    uint32_t Size() const
    {
        return static_cast<uint32_t>(m_order.size());
    }

    /// \return how many wrap-arounds happened so far
    uint64_t Wraps() const
    {
        return m_wraps;
    }

    /// \return the current rotation order
    const std::vector<uint32_t>& Order() const
    {
        return m_order;
    }

    /// \return the index into Order() of the port the next call to Next() returns
    uint32_t Position() const
    {
        return m_position;
    }

  private:
    std::vector<uint32_t> m_order; //!< rotation order, a permutation of 0 .. n-1
    uint32_t m_position;           //!< index into m_order of the next port
    uint64_t m_wraps;              //!< wrap-arounds so far
    uint32_t m_reshuffleEvery;     //!< wraps between reshuffles; 0 = never
    UniformIndex m_draw;           //!< kept only when reshuffling
};

/**
 * \param n number of elements
 * \param draw source of uniform integers
 * \return a uniformly random permutation of 0 .. n-1 (Fisher-Yates)
 */
std::vector<uint32_t> ShuffledOrder(uint32_t n, const UniformIndex& draw);

/**
 * \return the greatest common divisor of the non-zero \p weights, 0 if all are zero
 */
uint64_t WeightGcd(const std::vector<uint64_t>& weights);

/**
 * Interleaved weighted round-robin (IWRR) schedule of W-ECMP weights.
 *
 * The weights are divided by their GCD; then round r = 1 .. max reduced weight
 * lists, in \p portOrder, every port whose reduced weight is at least r. A port
 * of weight 0 (failed) never appears. Example (paper section 4): weights
 * [1600,1600,1600,800] reduce to [2,2,2,1]; with order [2,1,3,0] the schedule is
 * [2,1,3,0,2,1,0]. Within the schedule and across its wrap-around a port repeats
 * back to back only when a round holds that port alone next to a round that
 * starts with it, i.e. when the weights leave no other choice or one port of
 * dominant weight comes first in \p portOrder.
 *
 * \param weights weight of each port (index = port)
 * \param portOrder permutation of 0 .. weights.size()-1
 * \return the schedule (port indices); empty if every weight is zero
 * \throws std::invalid_argument if \p portOrder is not a permutation of the ports
 */
std::vector<uint32_t> BuildIwrrSchedule(const std::vector<uint64_t>& weights,
                                        const std::vector<uint32_t>& portOrder);

/**
 * \ingroup fabric-lb
 * \brief Rotation over an IWRR schedule (Ofan with W-ECMP weights).
 */
class WeightedRotation
{
  public:
    /**
     * \param schedule a schedule, e.g. from BuildIwrrSchedule; may be empty
     * \param draw source of uniform integers, for a random start position
     * \param shiftEveryWraps skip one slot after every this many wrap-arounds,
     * i.e. every shiftEveryWraps x schedule-length ports returned (the study's
     * variant of Ofan against persistent pinning); 0 never shifts
     */
    WeightedRotation(std::vector<uint32_t> schedule,
                     const UniformIndex& draw,
                     uint32_t shiftEveryWraps = 0);

    /**
     * \param weights weight of each port (0 = unusable)
     * \param draw source of uniform integers: shuffles the port order, then picks
     * a random start position
     * \param shiftEveryWraps as in the constructor
     * \return a rotation over the IWRR schedule of \p weights in a random port order
     */
    static WeightedRotation FromWeights(const std::vector<uint64_t>& weights,
                                        const UniformIndex& draw,
                                        uint32_t shiftEveryWraps = 0);

    /**
     * \return the next port of the schedule, advancing the position
     * \throws std::logic_error if the schedule is empty (no usable port)
     */
    uint32_t Next();

    /// \return true if the schedule is empty (no usable port)
    bool Empty() const
    {
        return m_schedule.empty();
    }

    /// \return the schedule
    const std::vector<uint32_t>& Schedule() const
    {
        return m_schedule;
    }

    /// \return the index into Schedule() of the port the next call to Next() returns
    uint32_t Position() const
    {
        return m_position;
    }

  private:
    std::vector<uint32_t> m_schedule; //!< ports, one per slot
    uint32_t m_position;              //!< next slot
    uint64_t m_served;                //!< ports returned so far
    uint32_t m_shiftEvery;            //!< wraps (schedule lengths) between shifts; 0 = never
};

/// The default quantisation thresholds of switch adaptive routing, as fractions of the buffer.
const std::vector<double>& DefaultBandThresholds();

/**
 * \param backlogBytes a port's queue backlog in bytes
 * \param bufferBytes the port's buffer size in bytes
 * \param thresholds increasing fractions of the buffer (default 0.05, 0.10, 0.20)
 * \return the band: the number of thresholds t with backlog >= t * buffer, so
 * 0 (below 5%), 1 ([5%, 10%)), 2 ([10%, 20%)) or 3 (20% and more) by default
 */
uint32_t QuantisedBand(uint64_t backlogBytes,
                       uint64_t bufferBytes,
                       const std::vector<double>& thresholds = DefaultBandThresholds());

/**
 * Switch adaptive routing (Spectrum-X style): the shortest quantised queue.
 *
 * \param backlogs backlog in bytes of each candidate port
 * \param bufferBytes per-port buffer size in bytes
 * \param draw source of uniform integers, for the tie-break
 * \param thresholds band thresholds, see QuantisedBand
 * \return the index of a uniformly random candidate among those in the lowest band
 * \throws std::invalid_argument if \p backlogs is empty
 */
uint32_t ChooseLowestBand(const std::vector<uint32_t>& backlogs,
                          uint64_t bufferBytes,
                          const UniformIndex& draw,
                          const std::vector<double>& thresholds = DefaultBandThresholds());

/**
 * JSQ: join the shortest queue.
 *
 * \param backlogs backlog of each candidate port (any unit)
 * \param draw source of uniform integers, for the tie-break
 * \return the index of a uniformly random candidate among those of minimal backlog
 * \throws std::invalid_argument if \p backlogs is empty
 */
uint32_t ChooseShortest(const std::vector<uint32_t>& backlogs, const UniformIndex& draw);

/**
 * RSQ: a uniformly random next hop.
 *
 * \param n number of candidates (at least 1)
 * \param draw source of uniform integers
 * \return a uniform index in [0, n)
 * \throws std::invalid_argument if n is 0
 */
uint32_t ChooseUniform(uint32_t n, const UniformIndex& draw);

/**
 * \ingroup fabric-lb
 * \brief Switch-side flowlet switching (LetFlow style).
 *
 * A fixed table of power-of-two size indexed by the low bits of a flow hash
 * (colliding flows share a slot, as in hardware). A packet keeps its slot's
 * port unless the slot is empty, its last packet is more than the idle gap
 * old, or its port is no longer below the candidate count; then it gets a
 * uniformly random port.
 */
class FlowletTable
{
  public:
    /// The default idle gap: 10 us in picoseconds.
    static constexpr uint64_t DEFAULT_IDLE_GAP_PS = 10'000'000;

    /**
     * \param idleGapPs idle gap in picoseconds that starts a new flowlet
     * \param slots table size, a power of two
     * \throws std::invalid_argument if \p slots is not a power of two
     */
    explicit FlowletTable(uint64_t idleGapPs = DEFAULT_IDLE_GAP_PS, uint32_t slots = 4096);

    /**
     * \param hash the packet's flow hash
     * \param nowPs the current time in picoseconds (non-decreasing per slot)
     * \param n number of candidate ports (at least 1)
     * \param draw source of uniform integers
     * \return the port in [0, n) for this packet; records \p nowPs as the slot's last packet
     * \throws std::invalid_argument if n is 0
     */
    uint32_t Select(uint32_t hash, uint64_t nowPs, uint32_t n, const UniformIndex& draw);

    /// \return the number of slots
    uint32_t Slots() const
    {
        return static_cast<uint32_t>(m_entries.size());
    }

    /// \return how many new flowlets (port draws) Select made so far
    uint64_t NewFlowlets() const
    {
        return m_newFlowlets;
    }

  private:
    /// One slot of the table.
    struct Entry
    {
        uint64_t lastPs{0}; //!< time of the slot's last packet
        uint32_t port{0};   //!< the slot's current port
        bool valid{false};  //!< whether the slot was ever used
    };

    std::vector<Entry> m_entries; //!< the slots
    uint64_t m_idleGapPs;         //!< idle gap
    uint64_t m_newFlowlets;       //!< port draws so far
};

/**
 * \ingroup fabric-lb
 * \brief REPS host logic: recycle the path labels that proved good.
 *
 * A FIFO cache of at most `capacity` labels. NextLabel() pops the oldest cached
 * label, or explores a fresh uniformly random label in [minLabel, 65535] when
 * the cache is empty. OnAck() recycles (pushes back) a label whose ACK came back
 * without ECN, if the cache has room, and forgets it otherwise. A marked ACK or a
 * loss is not recycled and also evicts any cached copy of its label (a label can
 * be cached and in flight at once after an exploration collision or a freeze).
 * The caller reports the labels of timed-out packets with OnLoss().
 *
 * Freezing: OnTimeout() freezes the cache for the next `freezePackets` calls of
 * NextLabel() (a new timeout restarts the count). While frozen, a label that
 * NextLabel() hands out stays cached (it moves from the front to the back, so the
 * known-good labels are reused round-robin without waiting for their ACKs), no
 * fresh label is explored as long as the cache holds one, unmarked ACKs only add
 * labels not already cached, and marked ACKs and losses still evict their label.
 * Only when a frozen cache is empty does NextLabel() explore, as nothing else can
 * be sent. After the freeze the cache keeps its labels and normal popping resumes.
 */
class RepsLabelCache
{
  public:
    /**
     * \param capacity maximum number of cached labels (at least 1)
     * \param freezePackets length of a freeze, in NextLabel() calls
     * \param minLabel smallest label ever explored
     * \throws std::invalid_argument if capacity is 0 or minLabel is 0
     */
    explicit RepsLabelCache(uint32_t capacity = 64,
                            uint32_t freezePackets = 1000,
                            uint16_t minLabel = 1024);

    /**
     * \param label the label the ACKed packet carried
     * \param ecnMarked whether the ACK echoed an ECN mark
     */
    void OnAck(uint16_t label, bool ecnMarked);

    /// \param label the label of a packet found lost (or timed out): evicted, never recycled
    void OnLoss(uint16_t label);

    /// A retransmission timeout: starts (or restarts) a freeze. Report its labels with OnLoss().
    void OnTimeout();

    /**
     * \param draw source of uniform integers, for exploration
     * \return the label for the next packet
     */
    uint16_t NextLabel(const UniformIndex& draw);

    /// \return whether the cache is frozen
    bool Frozen() const
    {
        return m_freezeLeft > 0;
    }

    /// \return the number of cached labels
    uint32_t Cached() const
    {
        return static_cast<uint32_t>(m_cache.size());
    }

    /// \return the cached labels, oldest first
    const std::deque<uint16_t>& Cache() const
    {
        return m_cache;
    }

    /// \return how many fresh labels NextLabel() explored so far
    uint64_t Explored() const
    {
        return m_explored;
    }

  private:
    /// Removes every cached copy of \p label.
    void Evict(uint16_t label);

    std::deque<uint16_t> m_cache; //!< recycled labels, oldest first
    uint32_t m_capacity;          //!< maximum cache size
    uint32_t m_freezePackets;     //!< length of a freeze
    uint32_t m_freezeLeft;        //!< NextLabel() calls left in the current freeze
    uint16_t m_minLabel;          //!< smallest explored label
    uint64_t m_explored;          //!< fresh labels so far
};

/**
 * \ingroup fabric-lb
 * \brief PLB host logic: repath when a round of ACKs is too often ECN-marked.
 *
 * ACKs are counted in rounds of `roundAcks`. At the end of a round, if the
 * fraction of marked ACKs is strictly above the threshold, the caller must
 * repath (draw a new label). Either way the next round starts from zero.
 */
class PlbState
{
  public:
    /**
     * \param roundAcks ACKs per round (at least 1)
     * \param threshold marked fraction above which to repath
     * \throws std::invalid_argument if roundAcks is 0
     */
    explicit PlbState(uint32_t roundAcks, double threshold = 0.4);

    /**
     * \param marked whether this ACK echoed an ECN mark
     * \return true if this ACK ended a round whose marked fraction exceeded the
     * threshold: the caller must repath now
     */
    bool OnAck(bool marked);

    /// \return ACKs counted in the current round
    uint32_t Acks() const
    {
        return m_acks;
    }

    /// \return marked ACKs counted in the current round
    uint32_t MarkedAcks() const
    {
        return m_marked;
    }

    /// \return how many repaths OnAck() requested so far
    uint64_t Repaths() const
    {
        return m_repaths;
    }

  private:
    uint32_t m_roundAcks; //!< ACKs per round
    double m_threshold;   //!< marked fraction to exceed
    uint32_t m_acks;      //!< ACKs in this round
    uint32_t m_marked;    //!< marked ACKs in this round
    uint64_t m_repaths;   //!< repaths requested
};

/**
 * Host DR labels. The label (UDP source port) carries the host's path choice so
 * that switches decode it without state: an edge switch takes uplink
 * label % half, an aggregation switch uplink (label / half) % half, with
 * half = k/2. Labels start at DrLabelBase(half), the smallest multiple of
 * half*half that is at least 1024, so they stay out of the well-known ports and
 * decode exactly like their offset.
 *
 * \param half k/2
 * \return the first host DR label
 */
uint16_t DrLabelBase(uint32_t half);

/**
 * \param half k/2
 * \param edgeUplink the edge switch uplink (= aggregation switch in the pod), 0 .. half-1
 * \param aggUplink the aggregation switch uplink (= core port), 0 .. half-1
 * \return the label that makes the switches take these uplinks
 * \throws std::invalid_argument if an uplink is out of range or the label would not fit
 */
uint16_t DrLabel(uint32_t half, uint32_t edgeUplink, uint32_t aggUplink);

/// \return the edge switch uplink a DR \p label asks for
inline uint32_t
DrEdgeUplink(uint16_t label, uint32_t half)
{
    return label % half;
}

/// \return the aggregation switch uplink a DR \p label asks for
inline uint32_t
DrAggUplink(uint16_t label, uint32_t half)
{
    return (label / half) % half;
}

/**
 * \ingroup fabric-lb
 * \brief Host DR (DRB): one rotation pointer per (destination host, size bin).
 *
 * A pointer rotates over the switches of the lowest common tier: the half*half
 * (aggregation, core) pairs for a destination in another pod, the half
 * aggregation switches for one in the same pod, and nothing for one under the
 * same edge switch. Rotation slot i means aggregation switch i % half and core
 * port i / half, so successive packets alternate aggregation switches and each
 * window of half*half packets uses every pair once. Each pointer starts at a
 * random slot. (Failed paths are not modelled here.)
 */
class HostDrRotation
{
  public:
    /**
     * \param k fat-tree radix
     * \param source the sending host
     */
    HostDrRotation(uint32_t k, uint32_t source);

    /**
     * \param destination destination host
     * \param sizeBin packet-size bin (e.g. 0 data, 1 ACK)
     * \param draw source of uniform integers, for a new pointer's start
     * \return the DR label for the next packet to \p destination in \p sizeBin
     */
    uint16_t NextLabel(uint32_t destination, uint32_t sizeBin, const UniformIndex& draw);

    /// \return the number of rotation slots towards \p destination (1, half or half*half)
    uint32_t Choices(uint32_t destination) const;

    /// \return the number of pointers created so far
    uint32_t Pointers() const
    {
        return static_cast<uint32_t>(m_pointers.size());
    }

  private:
    FatTreeTopology m_topology; //!< the fabric
    uint32_t m_source;          //!< the sending host
    uint16_t m_labelBase;       //!< DrLabelBase of the fabric: the label of path (0, 0)
    std::unordered_map<uint64_t, RotationPointer> m_pointers; //!< per (destination, bin)
};

/// The switch tiers that keep Ofan pointers.
enum class OfanTier
{
    EDGE,        //!< an edge (ToR) switch
    AGGREGATION, //!< an aggregation switch
};

/**
 * Ofan pointer count of one switch.
 *
 * An edge switch keeps one pointer per (destination edge switch, size bin) for
 * every edge switch other than itself: k^2/2 - 1 destinations, since traffic to
 * another edge switch of its own pod also picks an uplink. An aggregation switch
 * keeps one per (destination pod, size bin) for every other pod: k - 1, since
 * only inter-pod traffic goes up from it. The module uses two bins (data, ACK).
 * At k = 64 with one bin that is 2047 and 63, the paper's "about 2K pointers per
 * edge switch and 63 per aggregation switch" (the paper's numbers count
 * destination keys); with two bins it is 4094 and 126.
 *
 * \param k fat-tree radix
 * \param tier the switch's tier
 * \param sizeBins number of packet-size bins
 * \return the number of pointers
 */
uint32_t OfanPointerCount(uint32_t k, OfanTier tier, uint32_t sizeBins = 2);

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_LB_LOGIC_H */
