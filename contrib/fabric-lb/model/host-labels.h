/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_HOST_LABELS_H
#define FABRIC_LB_HOST_LABELS_H

#include "fat-tree-topology.h"
#include "rotation.h"
#include "uniform-index.h"

#include <cstdint>
#include <deque>
#include <unordered_map>

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

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_HOST_LABELS_H */
