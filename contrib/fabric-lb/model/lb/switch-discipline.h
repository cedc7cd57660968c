/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_SWITCH_DISCIPLINE_H
#define FABRIC_LB_SWITCH_DISCIPLINE_H

#include "flow-hash.h"

#include "ns3/egress-port.h"
#include "ns3/fabric-topology.h"
#include "ns3/ipv4-header.h"
#include "ns3/object.h"
#include "ns3/packet.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traced-callback.h"
#include "ns3/uniform-index.h"

#include <algorithm>
#include <functional>
#include <memory>
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
 * \brief The uplinks a discipline may choose among for one packet: those that
 * reach its destination as far as the switch knows (all of them until it
 * learns of a failure), with their W-ECMP weights, and the destination key the
 * topology gives the packet at this switch.
 */
class UplinkCandidates
{
  public:
    /**
     * \param ports the usable uplinks, increasing, not empty
     * \param weights every uplink's weight towards the destination, by port
     * \param key the destination key (below SwitchContext::destinationKeys)
     * \param everyUplink whether \p ports is every uplink of the switch
     */
    UplinkCandidates(const std::vector<uint32_t>& ports,
                     const std::vector<uint64_t>& weights,
                     uint32_t key,
                     bool everyUplink)
        : m_ports(ports),
          m_weights(weights),
          m_key(key),
          m_everyUplink(everyUplink)
    {
    }

    /// \return the usable uplinks, increasing
    const std::vector<uint32_t>& Ports() const
    {
        return m_ports;
    }

    /// \return how many uplinks are usable (at least 1)
    uint32_t Size() const
    {
        return m_ports.size();
    }

    /// \return the \p i-th usable uplink
    uint32_t operator[](uint32_t i) const
    {
        return m_ports[i];
    }

    /// \return whether \p port is usable
    bool Contains(uint32_t port) const
    {
        return m_everyUplink ? port < m_ports.size()
                             : std::binary_search(m_ports.begin(), m_ports.end(), port);
    }

    /// \return whether every uplink is usable (no failure known)
    bool EveryUplink() const
    {
        return m_everyUplink;
    }

    /// \return every uplink's weight towards the destination, by port (0: unusable)
    const std::vector<uint64_t>& Weights() const
    {
        return m_weights;
    }

    /// \return the destination key: what a rotation keeps one pointer for
    uint32_t Key() const
    {
        return m_key;
    }

  private:
    const std::vector<uint32_t>& m_ports;   //!< usable uplinks
    const std::vector<uint64_t>& m_weights; //!< weights by port
    uint32_t m_key;                         //!< destination key
    bool m_everyUplink;                     //!< no failure known
};

/**
 * \ingroup fabric-lb
 * \brief What a discipline knows of its switch: its uplinks' buffers and how
 * the topology groups destinations. Nothing of tiers, pods or radix.
 */
struct SwitchContext
{
    std::vector<const EgressPort*> uplinkQueues; //!< the uplinks' egress buffers, by port
    /// The destination key of a destination host at this switch (Ofan: its edge
    /// switch at an edge switch, its pod at an aggregation switch).
    std::function<uint32_t(uint32_t)> destinationKey;
    uint32_t destinationKeys{1}; //!< how many keys destinationKey gives
    /// Host DR's label decoding: this switch takes uplink (label / labelDivisor) mod uplinks.
    uint32_t labelDivisor{1};
};

/**
 * \ingroup fabric-lb
 * \brief Load balancing at a switch: which of its uplinks a packet takes.
 *
 * Downward hops are fixed by the destination, so the fabric routing protocol
 * asks its discipline only for upward hops. The base class does what every
 * discipline shares: it finds the candidates (the uplinks that reach the
 * destination, with their weights, from the routing's UplinkView), drops the
 * packet when there are none, logs, asks DoSelectUplink, and fires the
 * UplinkChosen trace. A new discipline fills DoSelectUplink alone (and
 * registers a scheme that uses it: a fabriclb::Registration<fabriclb::LbScheme>
 * beside it, as each discipline of the module does in its own file). One instance
 * serves one switch; FabricHelper aggregates it to the switch node, so that
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
    uint32_t SelectUplink(const UplinkRequest& request);

    /**
     * \brief Tells the discipline which uplinks reach which destinations, and their
     * W-ECMP weights (FabricRouting calls it whenever its switch learns of failures).
     * \param view the switch's view of its uplinks, by destination key
     */
    virtual void SetUplinkView(std::shared_ptr<const fabriclb::UplinkView> view);

    /// What SelectUplink returns when no uplink reaches the destination.
    static constexpr uint32_t NO_UPLINK = UINT32_MAX;

    /**
     * \param stream first stream index to use
     * \return the number of streams used
     */
    virtual int64_t AssignStreams(int64_t stream);

    /**
     * TracedCallback signature of a switch's uplink choice.
     * \param packet the packet (IPv4 header removed)
     * \param destinationHost its destination host
     * \param port the uplink chosen, or NO_UPLINK when none reaches the destination
     */
    typedef void (*UplinkChosenTracedCallback)(Ptr<const Packet> packet,
                                               uint32_t destinationHost,
                                               uint32_t port);

  protected:
    void DoDispose() override;

    /**
     * \brief The discipline's own rule.
     * \param candidates the usable uplinks (never empty), their weights, the destination key
     * \param request the packet
     * \return one of the candidates
     */
    virtual uint32_t DoSelectUplink(const UplinkCandidates& candidates,
                                    const UplinkRequest& request) = 0;

    /// \return the number of uplinks
    uint32_t Uplinks() const
    {
        return m_context.uplinkQueues.size();
    }

    /// \return uplink \p port's backlog in bytes (queue disc and device)
    uint32_t Backlog(uint32_t port) const;

    /// \return every uplink's backlog in bytes, by port
    const std::vector<uint32_t>& ReadBacklogs();

    /// \return a flow hash salt drawn from this switch's stream (call in DoInitialize)
    uint32_t DrawSalt();

    /// \return the size bin of a packet: 0 for data, 1 for ACKs (at most AckBinBytes)
    uint32_t SizeBin(const UplinkRequest& request) const;

    SwitchContext m_context;          //!< the switch
    Ptr<UniformRandomVariable> m_rng; //!< this switch's random stream
    fabriclb::UniformIndex m_draw;    //!< uniform integers from m_rng

  private:
    std::shared_ptr<const fabriclb::UplinkView> m_view; //!< usable uplinks and weights
    std::vector<uint32_t> m_everyPort;                  //!< 0 .. uplinks-1
    std::vector<uint64_t> m_unitWeights;                //!< weight 1 on every uplink
    uint32_t m_ackBinBytes{};                           //!< largest IP payload counted as an ACK
    std::vector<uint32_t> m_backlogs;                   //!< scratch for ReadBacklogs
    TracedCallback<Ptr<const Packet>, uint32_t, uint32_t> m_uplinkChosenTrace; //!< every choice
};

} // namespace ns3

#endif /* FABRIC_LB_SWITCH_DISCIPLINE_H */
