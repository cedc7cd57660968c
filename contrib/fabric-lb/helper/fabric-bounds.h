/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FABRIC_BOUNDS_H
#define FABRIC_LB_FABRIC_BOUNDS_H

#include "ns3/collectives.h"
#include "ns3/connection-matrix.h"
#include "ns3/lower-bound.h"
#include "ns3/ptr.h"
#include "ns3/wire-model.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace ns3
{

class FabricHelper;

/**
 * \ingroup fabric-lb
 * \brief The lower bounds of traffic on a built fabric (lower-bound.h's arithmetic on its
 * wires, hops and servers): each message's alone on the idle fabric, and a collective's.
 */
class FabricBounds
{
  public:
    /**
     * \param fabric the fabric, built
     * \param flowGapPs the flows' pacing gap at rho_max under failures (0: none)
     */
    FabricBounds(Ptr<const FabricHelper> fabric, uint64_t flowGapPs);

    /// The wire models the bounds see.
    struct Wires
    {
        fabriclb::WireModel plane;     //!< one plane's links
        fabriclb::WireModel hostLinks; //!< a host's ports as one link of their summed rate
        fabriclb::WireModel server;    //!< a server's own links (NVLink)
    };

    /// One message's bound alone on the idle fabric.
    struct Message
    {
        uint64_t ps{0};        //!< its bound
        uint64_t pacedPs{0};   //!< at rho_max's pace (0: unpaced)
        uint64_t arrivalPs{0}; //!< when its last byte can arrive
        uint32_t hops{0};      //!< links on its path
        uint32_t packets{0};   //!< its packets
    };

    /// A traffic's bounds.
    struct Traffic
    {
        uint64_t boundPs{0};                   //!< its bound (0: none)
        uint64_t pacedBoundPs{0};              //!< its longest message at rho_max's pace
        std::vector<uint64_t> messageBoundsPs; //!< by message: alone on the idle fabric
    };

    /// \return the wire models the bounds see
    const Wires& GetWires() const
    {
        return m_wires;
    }

    /// \return \p flow's bound alone on the idle fabric
    Message LoneBoundOf(const fabriclb::MatrixFlow& flow) const;

    /**
     * \param traffic messages on the fabric
     * \param kind the bound that holds for them
     * \param participants hosts taking part (an all-to-all's)
     * \return their bounds
     */
    Traffic BoundOf(const fabriclb::ConnectionMatrix& traffic,
                    fabriclb::CollectiveBound kind,
                    uint32_t participants) const;

    /// \return \p traffic's messages over the fabric as the bounds see them: from the host
    /// where they enter it (FabricTopology::FabricEntryOf; with PXN their data and their ACKs
    /// each a leg of its own), none within a server
    std::vector<fabriclb::FlowLoad> FlowLoads(const fabriclb::ConnectionMatrix& traffic) const;

    /**
     * \param traffic a traffic with computes
     * \param computeStarts by compute, its earliest start (fabriclb::ComputeEarliestStarts)
     * \return the latest compute's earliest end, and each host's computes one after another from
     * its earliest compute's start: the latest of them (0 without computes)
     */
    static uint64_t ComputeBoundOf(const fabriclb::ConnectionMatrix& traffic,
                                   const std::vector<std::optional<uint64_t>>& computeStarts);

  private:
    /// How a message crosses the fabric.
    enum class Route : uint8_t
    {
        IN_SERVER, //!< over its server's own links alone
        FABRIC,    //!< from its source over the fabric, its ACKs back the same way
        RELAYED    //!< over server links to where it enters the fabric, and its ACKs alike (PXN)
    };

    /// \return the wire models of m_fabric
    Wires MakeWires() const;

    /// \return the legs from \p source to \p destination of another server: the server's
    /// links to where the packets enter the fabric, if that is another host (PXN), then the
    /// fabric
    std::vector<fabriclb::PathLeg> LegsOf(uint32_t source, uint32_t destination) const;

    /**
     * \return the links \p flow shares with other flows, for the barriers that wait on them
     * all (fabriclb::ComputeEarliestStarts): over the fabric, the receiver's host link (ids 0
     * to hosts - 1) and, unless its ACKs return another way (PXN), the sender's; within a
     * server, the two hosts' server links (ids hosts and up)
     */
    fabriclb::SharedLinkUse SharedLinksOf(const fabriclb::MatrixFlow& flow) const;

    /**
     * Appends the loads of \p flow from \p startPs: over the fabric, the message from its
     * source, or with PXN its data and its ACKs each from where they enter the fabric; and
     * over servers' links, a message within a server or PXN's legs to where its packets enter
     * the fabric.
     * \param flow a message
     * \param startPs when it may start
     * \param fabricLoads takes its loads on the fabric's host links
     * \param serverLoads takes its loads on the servers' links (null: not wanted)
     * \return how it crosses the fabric
     */
    Route AddLoads(const fabriclb::MatrixFlow& flow,
                   uint64_t startPs,
                   std::vector<fabriclb::FlowLoad>& fabricLoads,
                   std::vector<fabriclb::FlowLoad>* serverLoads) const;

    Ptr<const FabricHelper> m_fabric; //!< the fabric
    uint64_t m_flowGapPs;             //!< the flows' pacing gap (0: none)
    uint32_t m_hosts;                 //!< its hosts
    Wires m_wires;                    //!< its wires as the bounds see them
};

} // namespace ns3

#endif /* FABRIC_LB_FABRIC_BOUNDS_H */
