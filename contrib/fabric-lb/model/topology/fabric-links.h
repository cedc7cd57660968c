/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FABRIC_LINKS_H
#define FABRIC_LB_FABRIC_LINKS_H

#include "fat-tree-topology.h"

#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief The fabric's switch-to-switch links: ids, printable names, ends.
 *
 * Pure logic. Edge-aggregation link (edge e, aggregation position a) has id
 * e * k/2 + a; aggregation-core link (aggregation g, up port c) has id
 * k^3/4 + g * k/2 + c, where core CoreAbove(g mod k/2, c) is at its top. Names:
 * `edge-p<pod>-<position>:agg-p<pod>-<position>` and
 * `agg-p<pod>-<position>:core-<core>`. A failure takes a link down in both
 * directions.
 */
class FabricLinks
{
  public:
    /// \param topology the fabric
    explicit FabricLinks(const FatTreeTopology& topology);

    /// \return the number of links: k^3/2
    uint32_t Count() const
    {
        return 2 * m_edgeAggLinks;
    }

    /// \return the id of the link from edge switch \p edge (fabric-wide) to its aggregation \p
    /// position
    uint32_t EdgeAggregation(uint32_t edge, uint32_t position) const
    {
        return edge * m_topology.Half() + position;
    }

    /// \return the id of the link from aggregation switch \p agg (fabric-wide) up port \p port
    uint32_t AggregationCore(uint32_t agg, uint32_t port) const
    {
        return m_edgeAggLinks + agg * m_topology.Half() + port;
    }

    /// \return whether \p link joins an edge and an aggregation switch
    bool IsEdgeAggregation(uint32_t link) const
    {
        return link < m_edgeAggLinks;
    }

    /**
     * \param link a link id
     * \return (lower switch, its up port): an edge switch for an edge-aggregation link,
     * otherwise an aggregation switch, both fabric-wide indices
     */
    std::pair<uint32_t, uint32_t> Lower(uint32_t link) const;

    /**
     * \param link a link id
     * \return (upper switch, its down port): an aggregation switch (fabric-wide) and the
     * edge position below, or a core switch and the pod below
     */
    std::pair<uint32_t, uint32_t> Upper(uint32_t link) const;

    /// \return the printable name of \p link
    std::string Name(uint32_t link) const;

    /// \return the id of the link called \p name, if there is one
    std::optional<uint32_t> Find(const std::string& name) const;

    /**
     * \brief A link as the study's simulator (htsim) names it in a failure line.
     * \param switchType EDGE (htsim's TOR), AGGREGATION (AGG) or CORE
     * \param switchId the switch, fabric-wide, in htsim's numbering (core k sits
     * above aggregation position k mod k/2, as that position's uplink k div k/2)
     * \param linkId an uplink (TOR, AGG) or the pod below (CORE)
     * \return the link id, if the fabric has that link
     */
    std::optional<uint32_t> FromHtsim(FabricRole switchType,
                                      uint32_t switchId,
                                      uint32_t linkId) const;

    /**
     * \param link a link id
     * \return its name in htsim's terms: (EDGE or AGGREGATION, switch id, uplink)
     */
    std::tuple<FabricRole, uint32_t, uint32_t> ToHtsim(uint32_t link) const;

  private:
    FatTreeTopology m_topology; //!< the fabric
    uint32_t m_edgeAggLinks;    //!< edge-aggregation links, k^3/4 (as many go to the cores)
};

/**
 * \ingroup fabric-lb
 * \brief W-ECMP weights of an edge switch's uplinks towards a destination edge switch.
 *
 * Uplink a weighs the number of shortest paths through it whose links are all up:
 * within the pod 1 (or 0); to another pod, the cores reachable through aggregation
 * switch a that still reach the destination pod's aggregation switch a (the study's
 * weights), times whether that switch still reaches the destination edge switch.
 *
 * \param links the fabric's links
 * \param topology the fabric
 * \param down which links this switch believes down
 * \param edge the edge switch (fabric-wide index)
 * \param destinationEdge the destination's edge switch, not \p edge
 * \return a weight per uplink
 */
std::vector<uint64_t> EdgeUplinkWeights(const FabricLinks& links,
                                        const FatTreeTopology& topology,
                                        const LinkStates& down,
                                        uint32_t edge,
                                        uint32_t destinationEdge);

/**
 * \ingroup fabric-lb
 * \brief W-ECMP weights of an aggregation switch's uplinks towards another pod: a
 * core weighs 1 if the links to it and from it to the destination pod's matching
 * aggregation switch are up, else 0.
 *
 * \param links the fabric's links
 * \param topology the fabric
 * \param down which links this switch believes down
 * \param agg the aggregation switch (fabric-wide index)
 * \param destinationPod another pod
 * \return a weight per uplink
 */
std::vector<uint64_t> AggregationUplinkWeights(const FabricLinks& links,
                                               const FatTreeTopology& topology,
                                               const LinkStates& down,
                                               uint32_t agg,
                                               uint32_t destinationPod);

/**
 * \ingroup fabric-lb
 * \brief Computes a switch's uplink view from the links it believes down.
 *
 * \param links the fabric's links
 * \param topology the fabric
 * \param role EDGE or AGGREGATION
 * \param index the switch's fabric-wide index
 * \param down which links the switch believes down
 * \return the view (failuresKnown false and no tables if no link is down)
 */
UplinkView BuildUplinkView(const FabricLinks& links,
                           const FatTreeTopology& topology,
                           FabricRole role,
                           uint32_t index,
                           const LinkStates& down);

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_FABRIC_LINKS_H */
