/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Link failures and delayed convergence on small fabrics: failed links are
 * avoided once known, black holes lose packets until then, Ofan follows its
 * W-ECMP weights, a degraded link delivers everything.
 */

#include "fabric-lb-test-util.h"

#include "ns3/boolean.h"
#include "ns3/fabric-experiment.h"
#include "ns3/fabric-lb-compat.h"
#include "ns3/fabric-registry.h"
#include "ns3/link-failure-manager.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/workload.h"

#include <array>

using namespace ns3;
using namespace ns3::fabriclbtest;

namespace
{

/// The aggregation-core link the cases fail: pod 1's first aggregation switch to core 1.
constexpr const char* FAILED_LINK = "agg-p1-0:core-1";

/// \return a k=4 all-to-all of 64 KiB under \p scheme, without failures
ExperimentConfig
AllToAll(const std::string& scheme)
{
    ExperimentConfig config;
    config.lb = scheme;
    config.workload = "all-to-all";
    config.messageBytes = 65536;
    return config;
}

/// A k=4 all-to-all of 64 KiB under \p scheme with FAILED_LINK failing at time 0.
ExperimentResult
RunWithFailedLink(const std::string& scheme, const std::string& convergence)
{
    ExperimentConfig config = AllToAll(scheme);
    config.failures.links = FAILED_LINK;
    config.failures.convergence = convergence;
    return RunWithK(4, config);
}

/**
 * With G=0 every scheme knows of the failed link before the first packet: no
 * packet is ever sent into it, and the all-to-all completes.
 */
class ConvergedFailureTestCase : public TestCase
{
  public:
    ConvergedFailureTestCase()
        : TestCase("G=0: no scheme sends into the failed link, all complete")
    {
    }

  private:
    void DoRun() override
    {
        for (const fabriclb::LbScheme& scheme : fabriclb::LbSchemes().All())
        {
            const ExperimentResult r = RunWithFailedLink(scheme.name, "0");
            NS_TEST_EXPECT_MSG_EQ(r.messagesCompleted, r.messages, scheme.name);
            NS_TEST_EXPECT_MSG_EQ(r.blackHoleDrops, 0, scheme.name << " sent into the black hole");
            NS_TEST_EXPECT_MSG_EQ(r.packetsDropped, 0, scheme.name);
            NS_TEST_EXPECT_MSG_EQ(r.PacketBooksBalance(), true, scheme.name);
            NS_TEST_EXPECT_MSG_EQ(r.failedLinks.size(), 1, scheme.name);
            NS_TEST_EXPECT_MSG_EQ(r.converged, true, scheme.name);
        }
    }
};

/**
 * With G=inf only the failed link's own switches know: the aggregation switch
 * above it never sends up into it, but other pods' switches keep sending through
 * core 1, which drops what it cannot deliver. The erasure transport makes up the
 * losses; REPS, which sees its paths' losses, completes markedly sooner than
 * switch adaptive routing, which sees only its local queues (the study's finding);
 * with G=0 the two are within a few percent.
 */
class UnconvergedFailureTestCase : public TestCase
{
  public:
    UnconvergedFailureTestCase()
        : TestCase("G=inf: black holes lose packets, REPS beats switch AR; G=0: they tie")
    {
    }

  private:
    void DoRun() override
    {
        std::map<std::string, std::array<ExperimentResult, 2>> results;
        for (const std::string scheme : {"reps", "switch-ar"})
        {
            results[scheme][0] = RunWithFailedLink(scheme, "0");
            results[scheme][1] = RunWithFailedLink(scheme, "inf");
            const ExperimentResult& r = results[scheme][1];
            NS_TEST_EXPECT_MSG_EQ(r.messagesCompleted, r.messages, scheme);
            NS_TEST_EXPECT_MSG_GT(r.blackHoleDrops, 0, scheme << ": nothing lost at G=inf");
            NS_TEST_EXPECT_MSG_EQ(r.converged, false, scheme);
            NS_TEST_EXPECT_MSG_EQ(r.PacketBooksBalance(), true, scheme);
        }
        const double repsCct = results["reps"][1].cctPs;
        const double arCct = results["switch-ar"][1].cctPs;
        NS_TEST_EXPECT_MSG_LT(repsCct,
                              0.75 * arCct,
                              "REPS " << repsCct << " ps vs switch AR " << arCct << " ps at G=inf");
        const double repsConverged = results["reps"][0].cctPs;
        const double arConverged = results["switch-ar"][0].cctPs;
        NS_TEST_EXPECT_MSG_LT(std::abs(repsConverged - arConverged),
                              0.05 * arConverged,
                              "REPS " << repsConverged << " ps vs switch AR " << arConverged
                                      << " ps at G=0");
    }
};

/**
 * Before convergence only the attached switches avoid the link: pod 1's first
 * aggregation switch never forwards up through it, while the first aggregation
 * switches of the other pods still send packets for pod 1 to core 1.
 */
class LocalDetectionTestCase : public TestCase
{
  public:
    LocalDetectionTestCase()
        : TestCase("G=inf: only the failed link's own switch stops using it")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<FabricHelper> fabric = BuildFabric(4, "ns3::RoundRobinDiscipline");
        const fabriclb::FatTreeTopology& topology = fabriclbtest::FatTreeOf(*fabric);
        Ptr<LinkFailureManager> failures = CreateObject<LinkFailureManager>();
        failures->SetAttribute("Converges", BooleanValue(false));
        failures->Install(fabric);
        const uint32_t link = *fabric->GetTopology().FindLink(FAILED_LINK);
        failures->FailLink(link, Seconds(0));
        const auto [aggregation, port] = topology.LowerEndOf(link);

        uint32_t intoFailedLink = 0;
        uint32_t towardsPodOneViaCoreOne = 0;
        HookForward(fabric->GetAggregationSwitches(),
                    [&](Ptr<Node> node,
                        Ptr<const Packet>,
                        const Ipv4Header& header,
                        bool up,
                        uint32_t upPort) {
                        if (!up)
                        {
                            return;
                        }
                        const Ptr<Node> failedSwitch =
                            fabric->GetAggregationSwitches().Get(aggregation);
                        if (node == failedSwitch && upPort == port)
                        {
                            ++intoFailedLink;
                        }
                        const uint32_t host =
                            topology.HostFromAddress(header.GetDestination().Get());
                        if (node != failedSwitch && topology.PodOf(host) == 1 && upPort == port)
                        {
                            ++towardsPodOneViaCoreOne;
                        }
                    });
        Completions completions;
        InstallMessages(fabric,
                        fabriclb::AllToAllWorkload(topology.HostCount(), 32768),
                        completions);
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(completions.done, completions.expected, "the all-to-all completes");
        NS_TEST_EXPECT_MSG_EQ(intoFailedLink, 0, "the attached switch sent into the failed link");
        NS_TEST_EXPECT_MSG_GT(towardsPodOneViaCoreOne, 0, "other pods stopped using core 1");
        NS_TEST_EXPECT_MSG_GT(failures->GetBlackHoleDrops(), 0, "core 1 dropped nothing");
        NS_TEST_EXPECT_MSG_EQ(failures->HasConverged(), false, "G=inf never converges");
        failures->Dispose();
        fabric->Dispose();
        Simulator::Destroy();
    }
};

/**
 * Ofan follows W-ECMP weights: two of the cores above pod 1's aggregation
 * switch 3 (k=8) fail, so an edge switch of pod 0 weighs its uplinks towards
 * pod 1 [4,4,4,2], the study's [1600,1600,1600,800] = 2:2:2:1. A message of 40
 * schedule periods (280 packets) takes each uplink exactly its share.
 */
class OfanWeightsTestCase : public TestCase
{
  public:
    OfanWeightsTestCase()
        : TestCase("Ofan spreads over the IWRR schedule of its W-ECMP weights, 2:2:2:1")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<FabricHelper> fabric = BuildFabric(8, "ns3::OfanDiscipline");
        Ptr<LinkFailureManager> failures = CreateObject<LinkFailureManager>();
        failures->Install(fabric);
        failures->FailLink(*fabric->GetTopology().FindLink("agg-p1-3:core-12"), Seconds(0));
        failures->FailLink(*fabric->GetTopology().FindLink("agg-p1-3:core-13"), Seconds(0));
        std::vector<uint32_t> dataPerUplink(4, 0);
        const Ptr<Node> edge = fabric->GetEdgeSwitches().Get(0);
        HookForward(fabric->GetEdgeSwitches(),
                    [&](Ptr<Node> node,
                        Ptr<const Packet> packet,
                        const Ipv4Header&,
                        bool up,
                        uint32_t port) {
                        if (node == edge && up && packet->GetSize() > 512)
                        {
                            ++dataPerUplink[port];
                        }
                    });
        Completions completions;
        InstallMessages(fabric, {{0, 16, 280 * 4096}}, completions);
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(completions.done, 1, "the message completes");
        NS_TEST_EXPECT_MSG_EQ(dataPerUplink[0], 80, "uplink 0");
        NS_TEST_EXPECT_MSG_EQ(dataPerUplink[1], 80, "uplink 1");
        NS_TEST_EXPECT_MSG_EQ(dataPerUplink[2], 80, "uplink 2");
        NS_TEST_EXPECT_MSG_EQ(dataPerUplink[3], 40, "uplink 3, towards the damaged switch");
        failures->Dispose();
        fabric->Dispose();
        Simulator::Destroy();
    }
};

/**
 * A degraded link keeps working at a tenth of its rate: routing does not know,
 * so packets queue behind it (up to the buffer), and every message still completes.
 */
class DegradedLinkTestCase : public TestCase
{
  public:
    DegradedLinkTestCase()
        : TestCase("a degraded link delivers everything while queues grow behind it")
    {
    }

  private:
    void DoRun() override
    {
        ExperimentConfig config = AllToAll("ofan");
        config.failures.rate = FailureSpec::LINE_RATE;
        const ExperimentResult healthy = RunWithK(4, config);
        config.failures.links = FAILED_LINK;
        Config::SetDefault("ns3::LinkFailureManager::Mode", StringValue("degrade"));
        const ExperimentResult degraded = RunWithK(4, config);
        Config::SetDefault("ns3::LinkFailureManager::Mode", StringValue("drop"));
        NS_TEST_EXPECT_MSG_EQ(degraded.messagesCompleted, degraded.messages, "all complete");
        // Only the full buffer behind the slow link may drop; the erasure code makes it up.
        NS_TEST_EXPECT_MSG_EQ(degraded.blackHoleDrops, 0, "a degraded link is no black hole");
        NS_TEST_EXPECT_MSG_EQ(degraded.PacketBooksBalance(), true, "books");
        const auto stage = [](const ExperimentResult& r, FabricStage s) {
            return r.stages[static_cast<size_t>(s)].maxBytes;
        };
        // Core 1's downlink and the aggregation switch's uplink feed the slow link.
        const uint64_t behind =
            std::max(stage(degraded, FabricStage::CORE_DOWN), stage(degraded, FabricStage::AGG_UP));
        NS_TEST_EXPECT_MSG_GT(behind,
                              4 * std::max(stage(healthy, FabricStage::CORE_DOWN),
                                           stage(healthy, FabricStage::AGG_UP)),
                              "no queue grew behind the degraded link");
        NS_TEST_EXPECT_MSG_GT(degraded.cctPs, healthy.cctPs, "the slow link cost nothing");
    }
};

/**
 * A link that fails mid-run (NAME@TIME): packets already on their way into it are
 * lost, the erasure transport makes them up, and the run still completes.
 */
class MidRunFailureTestCase : public TestCase
{
  public:
    MidRunFailureTestCase()
        : TestCase("a link failing mid-run loses packets, then the fabric recovers")
    {
    }

  private:
    void DoRun() override
    {
        ExperimentConfig config = AllToAll("ofan");
        config.failures.links = std::string(FAILED_LINK) + "@5us";
        config.failures.convergence = "10us";
        const ExperimentResult r = RunWithK(4, config);
        NS_TEST_EXPECT_MSG_EQ(r.messagesCompleted, r.messages, "all complete");
        NS_TEST_EXPECT_MSG_GT(r.blackHoleDrops, 0, "nothing was lost into the fresh failure");
        NS_TEST_EXPECT_MSG_EQ(r.PacketBooksBalance(), true, "books");
        NS_TEST_EXPECT_MSG_EQ(r.converged, true, "converged 10 us after the failure");
    }
};

} // namespace

/**
 * \ingroup fabric-lb
 * \brief Link failures and convergence.
 */
class FabricLbFailuresTestSuite : public TestSuite
{
  public:
    FabricLbFailuresTestSuite()
        : TestSuite("fabric-lb-failures", FABRIC_LB_SUITE_SYSTEM)
    {
        AddTestCase(new ConvergedFailureTestCase, FABRIC_LB_TEST_QUICK);
        AddTestCase(new UnconvergedFailureTestCase, FABRIC_LB_TEST_QUICK);
        AddTestCase(new LocalDetectionTestCase, FABRIC_LB_TEST_QUICK);
        AddTestCase(new OfanWeightsTestCase, FABRIC_LB_TEST_QUICK);
        AddTestCase(new DegradedLinkTestCase, FABRIC_LB_TEST_QUICK);
        AddTestCase(new MidRunFailureTestCase, FABRIC_LB_TEST_QUICK);
    }
};

/// The suite's one instance.
static FabricLbFailuresTestSuite g_fabricLbFailuresTestSuite;
