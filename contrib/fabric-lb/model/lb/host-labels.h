/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_HOST_LABELS_H
#define FABRIC_LB_HOST_LABELS_H

#include "rotation.h"

#include "ns3/fabric-topology.h"
#include "ns3/uniform-index.h"

#include <cstdint>
#include <deque>
#include <memory>
#include <unordered_map>
#include <vector>

namespace ns3
{
namespace fabriclb
{

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
 * Freezing (as the study's simulator): OnTimeout() freezes the cache for
 * `freezePs`, unless it is frozen already (a timeout during a freeze does not
 * extend it). What calls it is the trigger. By default, as the study's
 * simulator, a lost label is remembered as overdue until an ACK of that label
 * comes back, and a freeze starts when NextLabel() picks an overdue label again
 * (which it then forgets and skips, picking the next); since a lost label is
 * never recycled, only a copy still cached or an exploration that draws it
 * again brings it back. With `freezeAtEveryLoss`, every OnLoss()
 * freezes at once. While frozen, a label that
 * NextLabel() hands out stays cached (it moves from the front to the back, so the
 * known-good labels are reused round-robin without waiting for their ACKs), no
 * fresh label is explored as long as the cache holds one, unmarked ACKs only add
 * labels not already cached, and marked ACKs and losses still evict their label.
 * Only when a frozen cache is empty does NextLabel() explore, as nothing else can
 * be sent. When a freeze ends the cache is emptied: the next labels are fresh.
 */
class RepsLabelCache
{
  public:
    /**
     * \param capacity maximum number of cached labels (at least 1)
     * \param freezePs length of a freeze in picoseconds (the study's simulator: 10 ms)
     * \param minLabel smallest label ever explored
     * \param freezeAtEveryLoss freeze at every OnLoss(), not when an overdue label
     * is picked again
     * \throws std::invalid_argument if capacity is 0 or minLabel is 0
     */
    explicit RepsLabelCache(uint32_t capacity = 64,
                            uint64_t freezePs = 10000000000ULL,
                            uint16_t minLabel = 1024,
                            bool freezeAtEveryLoss = false);

    /**
     * \param label the label the ACKed packet carried
     * \param ecnMarked whether the ACK echoed an ECN mark
     */
    void OnAck(uint16_t label, bool ecnMarked);

    /**
     * \param label the label of a packet found lost (or timed out): evicted, never
     * recycled, overdue until an ACK of it comes back
     * \param nowPs the current time in picoseconds
     */
    void OnLoss(uint16_t label, uint64_t nowPs);

    /**
     * A retransmission timeout: unless frozen already, starts a freeze of freezePs
     * (only cached labels, no exploration). Report its labels with OnLoss().
     * \param nowPs the current time in picoseconds
     */
    void OnTimeout(uint64_t nowPs);

    /**
     * \param nowPs the current time in picoseconds (a freeze that has run its
     * length ends: the cache is emptied and fresh labels are explored)
     * \param draw source of uniform integers, for exploration
     * \return the label for the next packet, never an overdue one
     */
    uint16_t NextLabel(uint64_t nowPs, const UniformIndex& draw);

    /// \return whether the cache is frozen
    bool Frozen() const
    {
        return m_frozen;
    }

    /// \return how many freezes started so far
    uint64_t Freezes() const
    {
        return m_freezes;
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
    /// \return the oldest cached label or a fresh one, overdue or not
    uint16_t PickLabel(uint64_t nowPs, const UniformIndex& draw);

    std::deque<uint16_t> m_cache;    //!< recycled labels, oldest first
    uint32_t m_capacity;             //!< maximum cache size
    uint64_t m_freezePs;             //!< length of a freeze
    bool m_frozen{false};            //!< in a freeze
    uint64_t m_thawPs{0};            //!< when the current freeze ends
    uint64_t m_freezes{0};           //!< freezes started
    uint16_t m_minLabel;             //!< smallest explored label
    uint64_t m_explored;             //!< fresh labels so far
    bool m_freezeAtEveryLoss;        //!< OnLoss() freezes at once
    std::vector<uint16_t> m_overdue; //!< labels lost and not ACKed since
};

/**
 * \ingroup fabric-lb
 * \brief PLB host logic, as the study's hosts run it: repath when the path has
 * not been good for longer than a congested interval, or after a loss.
 *
 * The ECN marks of the last `windowAcks` ACKs are kept (fewer before that many
 * came). An ACK after which fewer than `markedAcks` of them are marked finds the
 * path good: its time becomes the last good time, and a fresh congested interval
 * is drawn uniformly in [congestedGapsMin, congestedGapsMax) pacing gaps. An ACK
 * that finds the path not good asks for a repath when more than the congested
 * interval has passed since the last good time; before the first good ACK there
 * is no interval and no such repath. A loss (no ACK within the retransmission
 * timeout) asks for a repath at once. A repath counts as a good time; the marks
 * and the interval stay as they are.
 */
class PlbState
{
  public:
    /**
     * \param windowAcks ACKs whose marks are kept (at least 1)
     * \param markedAcks the path is good while fewer than this many are marked
     * \param congestedGapsMin smallest congested interval, in pacing gaps
     * \param congestedGapsMax largest congested interval (excluded unless equal to
     * the smallest), in pacing gaps
     * \throws std::invalid_argument if windowAcks is 0 or congestedGapsMax < congestedGapsMin
     */
    explicit PlbState(uint32_t windowAcks = 10,
                      uint32_t markedAcks = 4,
                      uint32_t congestedGapsMin = 10,
                      uint32_t congestedGapsMax = 12);

    /**
     * \param marked whether this ACK echoed an ECN mark
     * \param nowPs the current time in picoseconds (non-decreasing)
     * \param pacingGapPs the flow's packet interval in picoseconds
     * \param draw source of uniform integers, for the congested interval
     * \return true if the caller must repath now
     */
    bool OnAck(bool marked, uint64_t nowPs, uint64_t pacingGapPs, const UniformIndex& draw);

    /**
     * A loss: the caller repaths now.
     * \param nowPs the current time in picoseconds
     */
    void OnLoss(uint64_t nowPs);

    /// \return marked ACKs among the last windowAcks
    uint32_t MarkedAcks() const
    {
        return m_marked;
    }

    /// \return whether a good ACK has drawn a congested interval yet
    bool HasInterval() const
    {
        return m_hasInterval;
    }

    /// \return the current congested interval in picoseconds (0 before the first good ACK)
    uint64_t CongestedIntervalPs() const
    {
        return m_intervalPs;
    }

    /// \return the last good time (or repath) in picoseconds
    uint64_t LastGoodPs() const
    {
        return m_lastGoodPs;
    }

    /// \return how many repaths OnAck() and OnLoss() requested so far
    uint64_t Repaths() const
    {
        return m_repaths;
    }

  private:
    uint32_t m_windowAcks;     //!< ACKs whose marks are kept
    uint32_t m_markedAcks;     //!< marks that make the path not good
    uint32_t m_gapsMin;        //!< congested interval, smallest, in pacing gaps
    uint32_t m_gapsMax;        //!< congested interval, largest, in pacing gaps
    std::deque<bool> m_window; //!< the last marks, oldest first
    uint32_t m_marked{0};      //!< marks in m_window
    bool m_hasInterval{false}; //!< whether a good ACK came yet
    uint64_t m_intervalPs{0};  //!< the congested interval
    uint64_t m_lastGoodPs{0};  //!< last good time or repath
    uint64_t m_repaths{0};     //!< repaths requested
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
 * \param slots the paths a label numbers (FabricTopology::PathSlots)
 * \return the first host DR label of a fabric: the smallest multiple of \p slots that is
 * at least 1024
 * \throws std::invalid_argument if the labels would not fit in 16 bits
 */
uint16_t DrLabelBaseForSlots(uint32_t slots);

/**
 * \param half k/2
 * \param edgeUplink the edge switch uplink (= aggregation switch in the pod), 0 .. half-1
 * \param aggUplink the aggregation switch uplink (= core port), 0 .. half-1
 * \return the label that makes the switches take these uplinks
 * \throws std::invalid_argument if an uplink is out of range or the label would not fit
 */
uint16_t DrLabel(uint32_t half, uint32_t edgeUplink, uint32_t aggUplink);

/**
 * A DR label is a number in mixed radix, one digit per tier that chooses an
 * uplink: a switch reads its own digit.
 *
 * \param label the label
 * \param divisor the product of the radices of the tiers below this switch (1 at the lowest)
 * \param uplinks this switch's uplinks, the radix of its digit
 * \return the uplink \p label asks this switch for
 */
inline uint32_t
LabelUplink(uint16_t label, uint32_t divisor, uint32_t uplinks)
{
    return (label / divisor) % uplinks;
}

/// \return the edge switch uplink a DR \p label asks for
inline uint32_t
DrEdgeUplink(uint16_t label, uint32_t half)
{
    return LabelUplink(label, 1, half);
}

/// \return the aggregation switch uplink a DR \p label asks for
inline uint32_t
DrAggUplink(uint16_t label, uint32_t half)
{
    return LabelUplink(label, half, half);
}

/**
 * \ingroup fabric-lb
 * \brief Host DR (DRB): one rotation pointer per (destination host, size bin).
 *
 * A pointer rotates over the shortest paths to the destination
 * (FabricTopology::LeafPathOf): in a fat tree the half*half (aggregation, core)
 * pairs for a destination in another pod, the half aggregation switches for one
 * in the same pod, and nothing for one under the same edge switch; in a
 * leaf-spine the (spine, lane) pairs. Rotation slot i is label
 * DrLabelBaseForSlots + i, whose digits the switches read (in a fat tree
 * aggregation switch i % half and core port i / half, so successive packets
 * alternate aggregation switches and each window of half*half packets uses
 * every pair once). Each pointer starts at a random slot; with known failures
 * it skips the slots whose path has a link down.
 */
class HostDrRotation
{
  public:
    /**
     * \param topology the fabric
     * \param source the sending host
     */
    HostDrRotation(std::shared_ptr<const FabricTopology> topology, uint32_t source);

    /**
     * \param destination destination host
     * \param sizeBin packet-size bin (e.g. 0 data, 1 ACK)
     * \param draw source of uniform integers, for a new pointer's start
     * \return the DR label for the next packet to \p destination in \p sizeBin
     */
    uint16_t NextLabel(uint32_t destination, uint32_t sizeBin, const UniformIndex& draw);

    /// \return the number of rotation slots towards \p destination (1, half or half*half)
    uint32_t Choices(uint32_t destination) const;

    /**
     * \brief From now on, skip paths through links known to be down (a path
     * stays in the rotation when no path to its destination is usable).
     * \param down by link id, true if down
     */
    void SetKnownFailures(std::shared_ptr<const LinkStates> down);

    /// \return the number of pointers created so far
    uint32_t Pointers() const
    {
        return static_cast<uint32_t>(m_pointers.size());
    }

  private:
    std::shared_ptr<const FabricTopology> m_topology; //!< the fabric
    uint32_t m_source;                                //!< the sending host
    uint16_t m_labelBase; //!< DrLabelBase of the fabric: the label of path (0, 0)
    std::unordered_map<uint64_t, RotationPointer> m_pointers; //!< per (destination, bin)
    std::shared_ptr<const LinkStates> m_down;                 //!< links known down, if any
};

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_HOST_LABELS_H */
