/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "experiment-failures.h"

#include "command-line-values.h"
#include "fabric-helper.h"
#include "link-failure-manager.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/fat-tree-topology.h"
#include "ns3/lower-bound.h"
#include "ns3/nstime.h"

#include <algorithm>
#include <iostream>
#include <optional>
#include <stdexcept>

namespace ns3
{

namespace
{
/// The failure draws' stream: far beyond the fabric's (one per switch, host and NIC).
constexpr int64_t FAILURE_STREAM = 1 << 30;
} // namespace

ExperimentFailures::ExperimentFailures() = default;

ExperimentFailures::~ExperimentFailures() = default;

void
ExperimentFailures::Configure(const FailureSpec& spec,
                              const std::string& matrixFile,
                              const FabricHelper& fabric,
                              fabriclb::ConnectionMatrix& traffic,
                              ExperimentResult& result)
{
    m_spec = spec;
    const fabriclb::FabricTopology& topology = fabric.GetTopology();
    if (spec.plane >= static_cast<int32_t>(topology.HostPorts()))
    {
        throw std::invalid_argument(
            "--failPlane " + std::to_string(spec.plane) + " is not a plane of this fabric's " +
            std::to_string(topology.HostPorts()) + " (--planes; they count from 0)");
    }
    if (!(spec.probability >= 0 && spec.probability <= 1))
    {
        throw std::invalid_argument("--failProb must lie in [0, 1], got " +
                                    std::to_string(spec.probability));
    }
    // G: a time, a number of the fabric's base RTTs, or never.
    const std::string& g = spec.convergence;
    const uint64_t rttPs = fabriclb::ComputeLoneMessageBound(fabric.GetBoundWireModel(),
                                                             1,
                                                             topology.LongestPathHops());
    const size_t rtts = g.size() > 3 ? g.size() - 3 : 0;
    std::optional<uint64_t> gPs;
    if (g == "inf")
    {
        result.convergencePs = -1;
    }
    else if (g.substr(rtts) == "rtt" && ParseWholeInteger<uint32_t>(g.substr(0, rtts)))
    {
        result.convergencePs = *ParseWholeInteger<uint32_t>(g.substr(0, rtts)) * rttPs;
    }
    else if ((gPs = fabriclb::ParseSimulatedTimePs(g)))
    {
        result.convergencePs = *gPs;
    }
    else
    {
        throw std::invalid_argument("--convergence must be a time (10us), a number of RTTs "
                                    "(1rtt) or inf, got '" +
                                    g + "'");
    }
    if (spec.timeLimit != "auto")
    {
        const std::optional<uint64_t> limit = fabriclb::ParseSimulatedTimePs(spec.timeLimit);
        if (!limit || *limit == 0)
        {
            throw std::invalid_argument("--timeLimit must be a positive time (1ms) or auto, got '" +
                                        spec.timeLimit + "'");
        }
        m_timeLimitPs = *limit;
    }
    // The matrix file's failure lines (htsim's fat-tree link ids), then --failLinks; each
    // link at most once.
    for (const fabriclb::MatrixFailure& failure : traffic.failures)
    {
        const std::optional<uint32_t> link =
            topology.LinkFromHtsim(failure.switchType, failure.switchId, failure.linkId);
        if (!link)
        {
            throw std::invalid_argument(matrixFile + ":" + std::to_string(failure.line) +
                                        ": the failure names no link of this " +
                                        topology.Describe() + " fabric");
        }
        m_namedFailures.push_back({*link, 0});
    }
    if (!spec.links.empty())
    {
        for (const fabriclb::NamedFailure& failure :
             fabriclb::ParseNamedFailures(spec.links, topology))
        {
            for (const fabriclb::NamedFailure& earlier : m_namedFailures)
            {
                if (earlier.link == failure.link)
                {
                    throw std::invalid_argument("link " + topology.LinkName(failure.link) +
                                                " fails twice (matrix file and --failLinks)");
                }
            }
            m_namedFailures.push_back(failure);
        }
    }
    // What fails at time 0 travels with the traffic, so --dump-matrix writes it for htsim
    // (whose failure lines name a fat tree's links).
    traffic.failures.clear();
    for (const fabriclb::NamedFailure& failure : m_namedFailures)
    {
        const std::optional<fabriclb::HtsimLinkName> htsim = topology.HtsimNameOf(failure.link);
        if (failure.atPs == 0 && htsim)
        {
            const auto [role, sw, port] = *htsim;
            traffic.failures.push_back({role, sw, port, 0});
        }
    }
    if (HasFailures())
    {
        // How links fail is the manager's own (its Mode and DegradedRate attributes).
        m_manager = CreateObject<LinkFailureManager>();
        DoubleValue degradedRate;
        m_manager->GetAttribute("DegradedRate", degradedRate);
        if (!(degradedRate.Get() > 0))
        {
            throw std::invalid_argument("--failRate must lie in (0, 1], got " +
                                        std::to_string(degradedRate.Get()));
        }
    }
}

bool
ExperimentFailures::HasFailures() const
{
    return m_spec.probability > 0 || !m_namedFailures.empty();
}

uint64_t
ExperimentFailures::Install(Ptr<FabricHelper> fabric,
                            const fabriclb::ConnectionMatrix& traffic,
                            const fabriclb::WireModel& wire,
                            ExperimentResult& result)
{
    const FailureSpec& spec = m_spec;
    if (!m_manager)
    {
        return 0;
    }
    m_manager->SetAttribute("Converges", BooleanValue(result.convergencePs >= 0));
    m_manager->SetAttribute("ConvergenceDelay",
                            TimeValue(PicoSeconds(std::max<int64_t>(result.convergencePs, 0))));
    m_manager->Install(fabric);
    m_manager->AssignStreams(FAILURE_STREAM);
    if (spec.probability > 0)
    {
        m_manager->FailRandomLinks(spec.probability,
                                   spec.plane < 0 ? std::nullopt
                                                  : std::optional<uint32_t>(spec.plane));
    }
    for (const fabriclb::NamedFailure& failure : m_namedFailures)
    {
        m_manager->FailLink(failure.link, PicoSeconds(failure.atPs));
    }
    const fabriclb::FabricTopology& topology = fabric->GetTopology();
    for (uint32_t link : m_manager->GetFailedLinks())
    {
        result.failedLinks.push_back(topology.LinkName(link));
    }

    // rho_max from the whole failure pattern, timed failures included, over the messages that
    // cross the fabric, from where they enter it.
    std::vector<std::pair<uint32_t, uint32_t>> pairs;
    std::vector<uint32_t> messageOfPair;
    for (uint32_t id = 0; id < traffic.flows.size(); ++id)
    {
        const fabriclb::MatrixFlow& flow = traffic.flows[id];
        if (!topology.SameServer(flow.source, flow.destination))
        {
            pairs.emplace_back(topology.FabricEntryOf(flow.source, flow.destination),
                               flow.destination);
            messageOfPair.push_back(id);
        }
    }
    m_linkCapacities = m_manager->GetLinkCapacities();
    const fabriclb::RhoMax rho =
        fabriclb::ComputeRhoMax(topology, m_manager->GetDroppingLinks(), m_linkCapacities, pairs);
    // rho_max is a share of a NIC's line rate: its ports' sum.
    result.rhoMaxGbps =
        rho.fraction * topology.HostPorts() * fabric->GetLinkRate().GetBitRate() / 1e9;
    for (uint32_t pair : rho.unreachableFlows)
    {
        const fabriclb::MatrixFlow& flow = traffic.flows[messageOfPair[pair]];
        std::cerr << "fabric-lb: message " << messageOfPair[pair] << " (host " << flow.source
                  << " to " << flow.destination << ") cannot complete: no usable path\n";
    }
    if (spec.rate != FailureSpec::RHO_MAX)
    {
        return 0;
    }
    for (uint32_t h = 0; h < result.hosts; ++h)
    {
        fabric->GetNic(h)->LimitFlowRate(rho.fraction);
    }
    // The NICs' gap: rho_max is a share of their line rate, their ports' sum.
    return wire.OverLinks(topology.HostPorts()).PacingGapPsAtShare(rho.fraction);
}

std::vector<double>
ExperimentFailures::Collect(ExperimentResult& result)
{
    std::vector<double> linkCapacities;
    if (m_manager)
    {
        linkCapacities = m_manager->GetCarriedShares();
        result.blackHoleDrops = m_manager->GetBlackHoleDrops();
        result.packetsDropped += result.blackHoleDrops;
        result.converged =
            m_manager->GetMode() == LinkFailureManager::DROP && m_manager->HasConverged();
        m_manager->Dispose();
        m_manager = nullptr;
    }
    return linkCapacities;
}

} // namespace ns3
