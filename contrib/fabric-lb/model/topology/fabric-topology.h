/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FABRIC_TOPOLOGY_H
#define FABRIC_LB_FABRIC_TOPOLOGY_H

#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief Where a node sits in a fat tree: a host or a switch tier (as the study's simulator,
 * htsim, names a failed link's switch).
 */
enum class FabricRole
{
    HOST,        //!< a host
    EDGE,        //!< an edge (ToR) switch
    AGGREGATION, //!< an aggregation switch
    CORE         //!< a core switch
};

/**
 * \ingroup fabric-lb
 * \brief A link as the study's simulator (htsim) names it in a failure line: a switch
 * and one of its links.
 */
using HtsimLinkName = std::tuple<FabricRole, uint32_t, uint32_t>;

/// Which links are down, by link id.
using LinkStates = std::vector<bool>;

/**
 * \ingroup fabric-lb
 * \brief What a switch that chooses among uplinks believes of them: per destination key
 * (FabricTopology::DestinationKey) the W-ECMP weight of every uplink and the usable ones.
 */
struct UplinkView
{
    bool failuresKnown{false};                  //!< false: every uplink usable, weight 1
    std::vector<std::vector<uint64_t>> weights; //!< by key, by uplink
    std::vector<std::vector<uint32_t>> usable;  //!< by key: the uplinks of positive weight
};

/**
 * \ingroup fabric-lb
 * \brief A switch of a fabric: its tier (0: the switches the hosts attach to, rising
 * towards the top of the fabric) and its index within the tier.
 */
struct SwitchRef
{
    uint32_t tier;  //!< 0 for the hosts' switches
    uint32_t index; //!< within the tier
};

/**
 * \ingroup fabric-lb
 * \brief The two ends of a switch-to-switch link: the lower switch's up port and the
 * upper switch's down port.
 */
struct LinkEnds
{
    SwitchRef lower;   //!< the switch nearer the hosts
    uint32_t upPort;   //!< its up port
    SwitchRef upper;   //!< the switch above
    uint32_t downPort; //!< its down port
};

/**
 * \ingroup fabric-lb
 * \brief A shortest path between two tier-0 switches: its switch-to-switch links, up
 * (from the source's switch) then down (to the destination's).
 */
struct LeafPath
{
    std::vector<uint32_t> up;   //!< link ids towards the top
    std::vector<uint32_t> down; //!< link ids towards the destination
};

/**
 * \ingroup fabric-lb
 * \brief One cut of a fabric: hosts in groups (a tier-0 switch's, a pod's), each group
 * behind as many links out as in, which every message leaving or entering it crosses.
 */
struct HostCut
{
    std::vector<uint32_t> groupOfHost; //!< by host: its group
    uint32_t linksPerGroup;            //!< the links out of (and into) each group
};

/**
 * \ingroup fabric-lb
 * \brief Where a host attaches: a switch of tier 0 and its down port.
 */
struct HostAttachment
{
    uint32_t leaf;     //!< the tier-0 switch
    uint32_t downPort; //!< its port to the host
};

/**
 * \ingroup fabric-lb
 * \brief What routing, switch disciplines and the host-DR labels read of a fabric, in
 * place of one fabric's arithmetic: its hosts and switches, where a switch sends a
 * packet for a host (down one port, or up among its uplinks), the destination key a
 * rotation keeps a pointer for, the digit of a host-DR label a switch reads, the link
 * behind each switch port and the uplinks that still reach each key.
 *
 * Pure logic, no ns-3 objects. FatTreeTopology is one; a new fabric is another.
 */
class FabricTopology
{
  public:
    /// DownPortToward's answer when the packet goes up.
    static constexpr uint32_t GO_UP = UINT32_MAX;

    /// DownPortToward's arrival for a packet that came down from above (or from nowhere).
    static constexpr uint32_t FROM_ABOVE = UINT32_MAX;

    /// The host links' block, 10.0.0.0/10: host h owns HOST_NETWORK + 4 h + 1.
    static constexpr uint32_t HOST_NETWORK = 0x0A000000;

    /// The most hosts the address plan holds: 4 addresses each in the /10.
    static constexpr uint32_t MAX_HOSTS = 1U << 20;

    virtual ~FabricTopology() = default;

    /// \return the kind of fabric, as --topology names it ("fat-tree", "leaf-spine")
    virtual std::string Name() const = 0;

    /// \return this fabric's size as its flags give it, no commas ("k=8",
    /// "leaf-spine leaves=8 spines=8 hostsPerLeaf=8 linksPerSpine=1")
    virtual std::string Describe() const = 0;

    /// \return the number of hosts
    virtual uint32_t HostCount() const = 0;

    /// \return the number of switch tiers
    virtual uint32_t TierCount() const = 0;

    /// \return the number of switches in \p tier
    virtual uint32_t SwitchCount(uint32_t tier) const = 0;

    /// \return what the switches of \p tier are called, as results name their stages
    /// ("edge", "leaf")
    virtual std::string TierName(uint32_t tier) const = 0;

    /// \return the number of switch-to-switch links (their ids run from 0)
    virtual uint32_t LinkCount() const = 0;

    /// \return the number of up ports of \p sw (0 at the top tier)
    virtual uint32_t UpPortCount(SwitchRef sw) const = 0;

    /// \return the number of down ports of \p sw (its hosts' at tier 0)
    virtual uint32_t DownPortCount(SwitchRef sw) const = 0;

    /// \return the ends of link \p link; a fabric is built link by link in id order
    virtual LinkEnds EndsOf(uint32_t link) const = 0;

    /// \return link \p link's name, as logs, failures and results print it
    virtual std::string LinkName(uint32_t link) const = 0;

    /// \return the id of the link called \p name (LinkName), if there is one
    virtual std::optional<uint32_t> FindLink(const std::string& name) const;

    /// \return the number of shortest paths between tier-0 switches \p from and \p to
    /// (1 if they are the same)
    virtual uint32_t LeafPathCount(uint32_t from, uint32_t to) const = 0;

    /**
     * \param from a tier-0 switch
     * \param to a tier-0 switch
     * \param slot a path, below LeafPathCount(from, to): host DR's label slot, whose digits
     *        are the up ports taken tier by tier (the lowest digit at tier 0)
     * \return its links (none from a switch to itself)
     */
    virtual LeafPath LeafPathOf(uint32_t from, uint32_t to, uint32_t slot) const = 0;

    /// \return the most shortest paths between two hosts: the product of the host ports and the
    /// up port counts of the tiers below the top, the block host DR's labels are numbered in
    uint32_t PathSlots() const;

    /// \return where host \p host attaches (its first port's switch, with several ports)
    virtual HostAttachment AttachmentOf(uint32_t host) const = 0;

    /**
     * \return the hosts of a server (consecutive hosts: server h / HostsPerServer()), which
     * reach each other over their server's own switch (NVLink), not the fabric; 1: every host
     * is a server of its own
     */
    virtual uint32_t HostsPerServer() const
    {
        return 1;
    }

    /// \return whether hosts \p a and \p b are two of one server's (HostsPerServer)
    bool SameServer(uint32_t a, uint32_t b) const
    {
        return a != b && HostsPerServer() > 1 && a / HostsPerServer() == b / HostsPerServer();
    }

    /**
     * \param source a host
     * \param destination a host of another server
     * \return the host whose fabric port carries \p source's packets to \p destination:
     *         \p source itself, or (PXN) a host of its server that first receives them over
     *         the server's switch
     */
    virtual uint32_t FabricEntryOf(uint32_t source, uint32_t /* destination */) const
    {
        return source;
    }

    /// \return the plane of link \p link (0 unless the fabric has planes)
    virtual uint32_t PlaneOfLink(uint32_t /* link */) const
    {
        return 0;
    }

    /// \return the NIC ports of every host, one per plane (1 unless the fabric has planes)
    virtual uint32_t HostPorts() const
    {
        return 1;
    }

    /**
     * \param host a host
     * \param port one of its ports, below HostPorts()
     * \return where that port attaches (AttachmentOf for the only port)
     */
    virtual HostAttachment PortAttachment(uint32_t host, uint32_t /* port */) const
    {
        return AttachmentOf(host);
    }

    /**
     * \param sw a switch
     * \param host a destination host
     * \param arrival the down port the packet came in on, or FROM_ABOVE: where parallel
     *        links join two switches, a packet turning down keeps the lane it came up on
     * \return the down port of \p sw that leads to \p host, or GO_UP if the packet goes up
     */
    virtual uint32_t DownPortToward(SwitchRef sw, uint32_t host, uint32_t arrival) const = 0;

    /**
     * \param sw a switch with uplinks
     * \param host a destination host
     * \return the key a destination rotation at \p sw keeps its pointer for (Ofan's)
     */
    virtual uint32_t DestinationKey(SwitchRef sw, uint32_t host) const = 0;

    /// \return the number of destination keys at \p sw (keys run from 0)
    virtual uint32_t DestinationKeyCount(SwitchRef sw) const = 0;

    /// \return what a host-DR label is divided by before \p sw takes its uplink digit
    virtual uint32_t LabelDivisor(SwitchRef sw) const = 0;

    /**
     * \param sw a switch
     * \param up an up port (true) or a down port
     * \param port its index among the up or the down ports
     * \return the switch-to-switch link behind it, or nothing (a host's link)
     */
    virtual std::optional<uint32_t> LinkOfPort(SwitchRef sw, bool up, uint32_t port) const = 0;

    /**
     * \param sw a switch with uplinks
     * \param down the links \p sw believes down, by link id
     * \return the uplinks' weights and the usable ones per destination key
     */
    virtual UplinkView BuildUplinkView(SwitchRef sw, const LinkStates& down) const = 0;

    /// \return the radix k of a fabric built from k-port switches (a fat tree's), or nothing
    virtual std::optional<uint32_t> Radix() const
    {
        return std::nullopt;
    }

    /**
     * \brief A link as the study's simulator (htsim) names it in a failure line.
     * \param switchType EDGE (htsim's TOR), AGGREGATION (AGG) or CORE
     * \param switchId the switch
     * \param linkId one of its links: an uplink (TOR, AGG) or the pod below (CORE)
     * \return the link id, if the fabric has that link (nothing if htsim names no link of it)
     */
    virtual std::optional<uint32_t> LinkFromHtsim(FabricRole /* switchType */,
                                                  uint32_t /* switchId */,
                                                  uint32_t /* linkId */) const
    {
        return std::nullopt;
    }

    /// \return link \p link's name in htsim's terms (LinkFromHtsim), if htsim names it
    virtual std::optional<HtsimLinkName> HtsimNameOf(uint32_t /* link */) const
    {
        return std::nullopt;
    }

    /**
     * \param sw a switch one tier below the top
     * \return the group whose links down from the top tier share the traffic into \p sw
     * (a fat tree's pod), or nothing if each top switch's links into \p sw are their own
     */
    virtual std::optional<uint32_t> TopDownGroupOf(SwitchRef /* sw */) const
    {
        return std::nullopt;
    }

    /// \return the groups a distributed run keeps whole on one rank (a fat tree's pods)
    virtual uint32_t PartitionGroupCount() const = 0;

    /// \return what a partition group is called ("pod", "leaf")
    virtual std::string PartitionGroupName() const = 0;

    /// \return the partition group of \p sw, a switch below the top tier
    virtual uint32_t PartitionGroupOf(SwitchRef sw) const = 0;

    /// \return the fabric's cuts above the host links, lowest first (the bounds' busiest cut)
    virtual std::vector<HostCut> Cuts() const = 0;

    /// \return the number of links on a shortest path between hosts \p a and \p b
    virtual uint32_t Hops(uint32_t a, uint32_t b) const = 0;

    /// \return the links on the longest shortest path between two hosts: up to the top tier
    /// and down, 2 x TierCount() (a fat tree's 6, a leaf-spine's 4)
    virtual uint32_t LongestPathHops() const
    {
        return 2 * TierCount();
    }

    /// \return the number of distinct shortest paths between hosts \p a and \p b
    virtual uint32_t PathCount(uint32_t a, uint32_t b) const = 0;

    /**
     * \param host host index (below MAX_HOSTS)
     * \return the host's IPv4 address as an integer: 10.0.0.0 + 4*host + 1, the first
     * address of the host link's /30 (its switch's side gets + 1)
     */
    static uint32_t HostAddress(uint32_t host)
    {
        return HOST_NETWORK + 4 * host + 1;
    }

    /**
     * \param address an IPv4 address as an integer
     * \return the index of the host that owns it, or HostCount() if none does
     */
    uint32_t HostFromAddress(uint32_t address) const;
};

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_FABRIC_TOPOLOGY_H */
