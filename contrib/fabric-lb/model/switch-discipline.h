/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_SWITCH_DISCIPLINE_H
#define FABRIC_LB_SWITCH_DISCIPLINE_H

#include "fabric-links.h"
#include "fabric-queue-disc.h"
#include "fat-tree-topology.h"
#include "flow-hash.h"
#include "flowlet-table.h"
#include "queue-choice.h"
#include "rotation.h"
#include "uniform-index.h"

#include "ns3/ipv4-header.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/random-variable-stream.h"

#include <memory>
#include <optional>
#include <vector>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief What a switch knows about a packet when it must pick an uplink.
 */
struct UplinkRequest
{
    Ptr<const Packet> packet; //!< the packet, IPv4 header removed
    const Ipv4Header& header; //!< its IPv4 header
    uint32_t destinationHost; //!< index of the destination host

    /**
     * \return addresses, ports (the source port is the label) and protocol; the
     * UDP header is read only by the disciplines that ask
     */
    fabriclb::FiveTuple Tuple() const;
};

/**
 * \ingroup fabric-lb
 * \brief Where a discipline's switch sits, and its uplinks' buffers.
 */
struct SwitchContext
{
    std::shared_ptr<const fabriclb::FatTreeTopology> topology; //!< fabric coordinates
    fabriclb::FabricRole tier{fabriclb::FabricRole::EDGE};     //!< edge or aggregation
    std::vector<Ptr<FabricQueueDisc>> uplinkQueues; //!< the uplinks' egress buffers, by port
};

/**
 * \ingroup fabric-lb
 * \brief Load balancing at a switch: which of its uplinks a packet takes.
 *
 * Downward hops of a fat tree are fixed by the destination, so the fabric
 * routing protocol asks its discipline only for upward hops. One instance
 * serves one switch; FatTreeHelper aggregates it to the switch node, so that
 * DoInitialize runs at simulation start, after AssignStreams.
 */
class SwitchDiscipline : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    SwitchDiscipline();

    /**
     * \brief Called once, when the fabric is wired (random draws wait for DoInitialize).
     * \param context the switch and its uplinks
     */
    virtual void Setup(const SwitchContext& context);

    /**
     * \param request what the switch knows about the packet
     * \return the uplink to use, 0 .. uplinks-1, or NO_UPLINK if none reaches the
     * destination (the switch drops the packet)
     */
    virtual uint32_t SelectUplink(const UplinkRequest& request) = 0;

    /**
     * \brief Tells the discipline which uplinks reach which destinations, and their
     * W-ECMP weights (FabricRouting calls it whenever its switch learns of failures).
     * \param view the switch's view of its uplinks
     */
    virtual void SetUplinkView(std::shared_ptr<const fabriclb::UplinkView> view);

    /// What SelectUplink returns when no uplink reaches the destination.
    static constexpr uint32_t NO_UPLINK = UINT32_MAX;

    /**
     * \param stream first stream index to use
     * \return the number of streams used
     */
    virtual int64_t AssignStreams(int64_t stream);

  protected:
    void DoDispose() override;

    /// \return the number of uplinks
    uint32_t Uplinks() const
    {
        return m_context.uplinkQueues.size();
    }

    /// \return uplink \p port's backlog in bytes (queue disc and device)
    uint32_t Backlog(uint32_t port) const;

    /// \return every uplink's backlog in bytes, by port
    const std::vector<uint32_t>& ReadBacklogs();

    /// \return the size bin of a packet: 0 for data, 1 for ACKs (at most AckBinBytes)
    uint32_t SizeBin(const UplinkRequest& request) const;

    /**
     * \param request the packet
     * \return null while the switch knows of no failure (every uplink usable);
     * otherwise the uplinks that reach the packet's destination (maybe none)
     */
    const std::vector<uint32_t>* UsableUplinks(const UplinkRequest& request) const;

    /// \return the uplink view (null until the routing sets one)
    const fabriclb::UplinkView* GetUplinkView() const
    {
        return m_view.get();
    }

    SwitchContext m_context;          //!< the switch
    Ptr<UniformRandomVariable> m_rng; //!< this switch's random stream
    fabriclb::UniformIndex m_draw;    //!< uniform integers from m_rng

  private:
    std::shared_ptr<const fabriclb::UplinkView> m_view; //!< usable uplinks and weights
    uint32_t m_ackBinBytes;                             //!< largest IP payload counted as an ACK
    std::vector<uint32_t> m_backlogs;                   //!< scratch for ReadBacklogs
};

/**
 * \ingroup fabric-lb
 * \brief ECMP: a per-switch-salted hash of the five-tuple picks the uplink.
 */
class EcmpDiscipline : public SwitchDiscipline
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    uint32_t SelectUplink(const UplinkRequest& request) override;

  protected:
    /// Draws the salt.
    void DoInitialize() override;

  private:
    uint32_t m_salt{0}; //!< this switch's salt
};

/**
 * \ingroup fabric-lb
 * \brief Packet spraying by round-robin over the uplinks, the order reshuffled
 * every ReshuffleWraps wrap-arounds (the study's switch Pkt; 0: never). One
 * pointer per switch serves every destination, data and ACKs alike; it starts
 * in a random order, at a random slot unless RandomStart is false.
 */
class RoundRobinDiscipline : public SwitchDiscipline
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    RoundRobinDiscipline();
    uint32_t SelectUplink(const UplinkRequest& request) override;

  protected:
    /// Builds the pointer.
    void DoInitialize() override;

    bool m_fixedOrder{false}; //!< start at uplink 0 in order 0 .. n-1 and never reshuffle

  private:
    uint32_t m_reshuffleWraps;                          //!< wraps between reshuffles
    bool m_randomStart;                                 //!< start at a random slot
    std::optional<fabriclb::RotationPointer> m_pointer; //!< the rotation
};

/**
 * \ingroup fabric-lb
 * \brief The theory's simple round-robin: uplinks 0, 1, .., n-1 in turn, every
 * switch in step, never reshuffled (ReshuffleWraps and RandomStart do not apply).
 */
class SimpleRoundRobinDiscipline : public RoundRobinDiscipline
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    SimpleRoundRobinDiscipline();
};

/**
 * \ingroup fabric-lb
 * \brief RSQ: a uniformly random uplink per packet.
 */
class RandomUplinkDiscipline : public SwitchDiscipline
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    uint32_t SelectUplink(const UplinkRequest& request) override;
};

/**
 * \ingroup fabric-lb
 * \brief JSQ: the uplink with the fewest queued bytes, random tie-break.
 */
class ShortestQueueDiscipline : public SwitchDiscipline
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    uint32_t SelectUplink(const UplinkRequest& request) override;
};

/**
 * \ingroup fabric-lb
 * \brief Spectrum-X-style adaptive routing: the uplink with the lowest quantised
 * queue (bands at 5%, 10%, 20% of the buffer), random tie-break. An uplink's
 * band is recomputed from its backlog only when it is more than RefreshInterval
 * old (the study's switches: 100 ns); 0 reads every backlog at every packet.
 */
class QuantisedAdaptiveDiscipline : public SwitchDiscipline
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    QuantisedAdaptiveDiscipline();
    uint32_t SelectUplink(const UplinkRequest& request) override;

  protected:
    /// Collects the band thresholds.
    void DoInitialize() override;

  private:
    double m_band1;                                //!< first band threshold, fraction of the buffer
    double m_band2;                                //!< second band threshold
    double m_band3;                                //!< third band threshold
    Time m_refreshInterval;                        //!< age beyond which a band is recomputed
    std::optional<fabriclb::SampledBands> m_bands; //!< the uplinks' cached bands
};

/**
 * \ingroup fabric-lb
 * \brief LetFlow-style flowlet switching: a flow keeps its uplink while its
 * packets come closer than IdleGap; after a longer gap it draws a new one with
 * probability RepathProbability (the study's switches: 1/2), and otherwise
 * keeps it until the next gap.
 */
class FlowletDiscipline : public SwitchDiscipline
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    FlowletDiscipline();
    uint32_t SelectUplink(const UplinkRequest& request) override;

  protected:
    /// Builds the table and draws the hash salt.
    void DoInitialize() override;

  private:
    Time m_idleGap;                                //!< gap that ends a flowlet
    double m_repathProbability;                    //!< chance of a new uplink after a gap
    uint32_t m_salt{0};                            //!< flow hash salt
    std::optional<fabriclb::FlowletTable> m_table; //!< flow -> (uplink, last seen)
};

/**
 * \ingroup fabric-lb
 * \brief Ofan: destination-based rotation at the switch.
 *
 * An edge switch keeps one pointer per (destination edge switch, size bin), an
 * aggregation switch one per (destination pod, size bin); the bins are data and
 * ACK. Each pointer starts at a random uplink and rotates in its own random
 * order over an IWRR schedule of the uplinks' weights (all equal until
 * failures exist), so traffic to any one destination spreads evenly over the
 * cores and the downlinks towards it are balanced too. With ShiftWraps > 0
 * (the study's variant against persistent pinning) every pointer skips one
 * slot after that many wrap-arounds.
 */
class OfanDiscipline : public SwitchDiscipline
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    OfanDiscipline();
    void Setup(const SwitchContext& context) override;
    uint32_t SelectUplink(const UplinkRequest& request) override;
    /// Rebuilds every pointer's IWRR schedule from the new weights, lazily.
    void SetUplinkView(std::shared_ptr<const fabriclb::UplinkView> view) override;

    /// \return the pointers this switch has created: one per (key, bin) it has forwarded up
    uint32_t GetPointersInUse() const;

  private:
    std::vector<std::optional<fabriclb::WeightedRotation>> m_pointers; //!< by (key, bin)
    uint32_t m_shiftWraps; //!< wraps between one-slot shifts of a pointer; 0 = never
};

/**
 * \ingroup fabric-lb
 * \brief The switch side of host DR: the label (UDP source port) names the
 * path, edge uplink = label mod k/2, aggregation uplink = (label / (k/2)) mod k/2.
 */
class LabelPathDiscipline : public SwitchDiscipline
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    uint32_t SelectUplink(const UplinkRequest& request) override;
};

} // namespace ns3

#endif /* FABRIC_LB_SWITCH_DISCIPLINE_H */
