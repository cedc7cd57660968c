/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_LINK_FAILURE_MANAGER_H
#define FABRIC_LB_LINK_FAILURE_MANAGER_H

#include "ns3/fabric-helper.h"
#include "ns3/fabric-topology.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traced-callback.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief Fails edge-aggregation and aggregation-core links of a fat tree, in both
 * directions, and lets the fabric converge on them after a delay.
 *
 * Mode `drop` (the study's black hole): at the failure time both ends' Ipv4
 * interfaces go down (Ipv4::SetDown), so the two adjacent switches learn at once
 * through Ipv4RoutingProtocol::NotifyInterfaceDown and stop using the link;
 * what reaches a down interface, or a switch with no way on, is dropped
 * (Ipv4L3Protocol's Drop trace, or DirectSwitchForwarder's on the direct switch
 * path: both are counted as black-hole drops). Every
 * other switch, and every host that names paths (host DR), learns ConvergenceDelay
 * later (never if Converges is false): FabricRouting::SetKnownFailures and
 * HostPathPolicy::SetKnownFailures. Mode `degrade`: the link keeps working at
 * DegradedRate times its rate, and routing never learns of it.
 */
class LinkFailureManager : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    LinkFailureManager();

    /// What a failed link does (the Mode attribute; unscoped, as an enum attribute's type).
    enum FailureMode
    {
        DROP,   //!< it black-holes what is sent into it
        DEGRADE //!< it keeps working at DegradedRate of its rate
    };

    /// \return the Mode attribute
    FailureMode GetMode() const
    {
        return m_mode;
    }

    /**
     * \param fabric the built fabric
     */
    void Install(Ptr<FabricHelper> fabric);

    /**
     * \brief Fails \p link at \p at (at once if \p at is zero and the simulation has not started).
     * \param link a link id (fabriclb::FabricTopology::EndsOf)
     * \param at the simulated time of the failure
     */
    void FailLink(uint32_t link, Time at);

    /**
     * \brief Fails each switch-to-switch link at time 0 with probability \p probability,
     * drawn from this object's stream in link-id order.
     * \param probability in [0, 1]
     * \param plane if given, only that plane's links (FabricTopology::PlaneOfLink) are drawn
     * \return how many links were chosen
     */
    uint32_t FailRandomLinks(double probability, std::optional<uint32_t> plane = std::nullopt);

    /**
     * \param stream first stream index to use
     * \return the number of streams used
     */
    int64_t AssignStreams(int64_t stream);

    /// \return the links failed (or to fail), in the order they were chosen
    const std::vector<uint32_t>& GetFailedLinks() const
    {
        return m_failed;
    }

    /// \return by link id, true if the link fails during the run and drops (drop mode;
    /// failures yet to come included): the pattern rho_max is computed from
    fabriclb::LinkStates GetDroppingLinks() const;

    /// \return every link's capacity as a fraction of the link rate (degraded links below 1)
    std::vector<double> GetLinkCapacities() const;

    /// \return every link's share of the link rate that it carries: its capacity, 0 for a
    /// black hole
    std::vector<double> GetCarriedShares() const;

    /// \return whether the fabric converged on every failure during the run
    bool HasConverged() const
    {
        return m_convergedFailures == m_failed.size();
    }

    /// \return packets the switches dropped for want of a live way on (black holes)
    uint64_t GetBlackHoleDrops() const
    {
        return m_blackHoleDrops;
    }

    /// \return the delay after which the fabric converges; negative: never
    Time GetConvergenceDelay() const
    {
        return m_converges ? m_convergenceDelay : Time(-1);
    }

  private:
    /// Takes \p link down (or degrades it) now.
    void Fail(uint32_t link);
    /// The whole fabric learns that \p link is down.
    void Converge(uint32_t link);
    /// Counts a packet an Ipv4 switch stack dropped.
    void CountDrop(const Ipv4Header& header,
                   Ptr<const Packet> packet,
                   Ipv4L3Protocol::DropReason reason,
                   Ptr<Ipv4> ipv4,
                   uint32_t interface);

    FailureMode m_mode{};                      //!< drop or degrade
    double m_degradedRate{};                   //!< a degraded link's share of its rate
    Time m_convergenceDelay{};                 //!< G
    bool m_converges{};                        //!< false: G is infinite
    Ptr<FabricHelper> m_fabric;                //!< the fabric
    Ptr<UniformRandomVariable> m_rng;          //!< draws of FailRandomLinks
    std::vector<uint32_t> m_failed;            //!< failed links, in order
    fabriclb::LinkStates m_known;              //!< links the fabric has converged on
    uint64_t m_convergedFailures{0};           //!< failures the fabric has converged on
    uint64_t m_blackHoleDrops{0};              //!< switch drops for want of a way on
    TracedCallback<uint32_t> m_failedTrace;    //!< a link failed
    TracedCallback<uint32_t> m_convergedTrace; //!< the fabric converged on a failure
};

} // namespace ns3

#endif /* FABRIC_LB_LINK_FAILURE_MANAGER_H */
