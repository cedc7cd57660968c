/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * ns-3 TestSuite of the fabrics other than the fat tree, in a simulator.
 */

#include "fabric-lb-test-util.h"

#include "ns3/command-line-values.h"
#include "ns3/core-module.h"
#include "ns3/fabric-experiment.h"
#include "ns3/fabric-helper.h"
#include "ns3/fabric-lb-compat.h"
#include "ns3/fabric-registry.h"
#include "ns3/leaf-spine-topology.h"
#include "ns3/ofan-discipline.h"
#include "ns3/rail-topology.h"
#include "ns3/test.h"
#include "ns3/workload.h"

#include <map>
#include <memory>
#include <set>
#include <tuple>

using namespace ns3;

namespace
{

/// The shape of a leaf-spine fabric (ns3::LeafSpineShape's attributes).
struct Shape
{
    uint32_t leaves;        //!< leaf switches
    uint32_t spines;        //!< spine switches
    uint32_t hostsPerLeaf;  //!< hosts under each leaf
    uint32_t linksPerSpine; //!< parallel links between a leaf and a spine
};

/// A fabric's shape as attribute defaults: ("ns3::LeafSpineShape::Leaves", 3), ...
using ShapeDefaults = std::vector<std::pair<std::string, uint32_t>>;

/// \return the result of \p config run with \p shape's attribute defaults set for its duration
ExperimentResult
RunShaped(const ShapeDefaults& shape, const ExperimentConfig& config)
{
    fabriclbtest::UsePicoseconds();
    std::vector<std::string> defaults;
    for (const auto& [attribute, value] : shape)
    {
        defaults.push_back(AttributeDefault(attribute));
        Config::SetDefault(attribute, UintegerValue(value));
    }
    const ExperimentResult result = RunFabricExperiment(config);
    for (size_t i = 0; i < shape.size(); ++i)
    {
        Config::SetDefault(shape[i].first, UintegerValue(std::stoul(defaults[i])));
    }
    return result;
}

/**
 * \return the result of an all-to-all of \p bytes under \p lb on \p planes planes of a
 * leaf-spine fabric of \p shape, set through LeafSpineShape's attribute defaults for the
 * run's duration, with \p failedLinks (--failLinks) failed at once and converged on at once
 */
ExperimentResult
RunLeafSpineAllToAll(const std::string& lb,
                     const Shape& shape,
                     uint64_t bytes,
                     const std::string& failedLinks = "",
                     uint32_t planes = 1)
{
    ExperimentConfig config;
    config.topology = "leaf-spine";
    config.planes = planes;
    config.lb = lb;
    config.workload = "all-to-all";
    config.messageBytes = bytes;
    config.failures.links = failedLinks;
    config.failures.convergence = "0";
    return RunShaped({{"ns3::LeafSpineShape::Leaves", shape.leaves},
                      {"ns3::LeafSpineShape::Spines", shape.spines},
                      {"ns3::LeafSpineShape::HostsPerLeaf", shape.hostsPerLeaf},
                      {"ns3::LeafSpineShape::LinksPerSpine", shape.linksPerSpine}},
                     config);
}

/// Every scheme that runs on a leaf-spine fabric completes every message of an all-to-all
/// over parallel links, and accounts for every packet.
class LeafSpineDeliveryTest : public fabriclbtest::DeliveryTestCase
{
  public:
    /// \param lb the scheme
    explicit LeafSpineDeliveryTest(const std::string& lb)
        : DeliveryTestCase(lb + " delivers every message of an all-to-all on a leaf-spine fabric"),
          m_lb(lb)
    {
    }

  private:
    void DoRun() override
    {
        const ExperimentResult r = RunLeafSpineAllToAll(m_lb, {3, 2, 3, 2}, 32768);
        NS_TEST_ASSERT_MSG_EQ(r.topology, "leaf-spine", "the fabric asked for");
        NS_TEST_ASSERT_MSG_EQ(r.hosts, 9, "3 leaves of 3 hosts");
        NS_TEST_ASSERT_MSG_EQ(r.messages, 72, "9 x 8 messages");
        CheckEveryMessageDelivered(r);
    }

    std::string m_lb; //!< the scheme
};

/// Every scheme completes every message of a ring all-reduce on a rail-optimised fabric,
/// whose ring neighbours are GPUs of one server (over NVLink) or of the next (over the
/// fabric, or with PXN first over NVLink to the destination's rail), and accounts for every
/// packet.
class RailDeliveryTest : public fabriclbtest::DeliveryTestCase
{
  public:
    /// \param lb the scheme
    /// \param pxn whether PXN is on
    RailDeliveryTest(const std::string& lb, bool pxn)
        : DeliveryTestCase(lb + " delivers every message of a ring all-reduce on a rail fabric" +
                           (pxn ? " with PXN" : "")),
          m_lb(lb),
          m_pxn(pxn)
    {
    }

  private:
    void DoRun() override
    {
        ExperimentConfig config;
        config.topology = "rail";
        config.lb = m_lb;
        config.workload = "ring-allreduce";
        config.messageBytes = 65536;
        Config::SetDefault("ns3::RailShape::Pxn", BooleanValue(m_pxn));
        // 4 servers of 2 GPUs, rail groups of 2 servers: 4 leaves of 2 GPUs, 2 spines.
        const ExperimentResult r = RunShaped({{"ns3::RailShape::Servers", 4},
                                              {"ns3::RailShape::GpusPerServer", 2},
                                              {"ns3::RailShape::ServersPerLeaf", 2},
                                              {"ns3::RailShape::Spines", 2}},
                                             config);
        Config::SetDefault("ns3::RailShape::Pxn", BooleanValue(false));
        NS_TEST_ASSERT_MSG_EQ(r.topology, "rail", "the fabric asked for");
        NS_TEST_ASSERT_MSG_EQ(r.hosts, 8, "4 servers of 2 GPUs");
        NS_TEST_ASSERT_MSG_EQ(r.packetsDropped, 0, "nothing lost, on NVLink neither");
        CheckEveryMessageDelivered(r);
    }

    std::string m_lb; //!< the scheme
    bool m_pxn;       //!< PXN on
};

/// Every scheme completes every message of an all-to-all on a k=4 fat tree of 4 hosts under
/// each edge switch's 2 uplinks (oversubscription 2), whose bound is the edge cut's.
class TaperedFatTreeDeliveryTest : public fabriclbtest::DeliveryTestCase
{
  public:
    /// \param lb the scheme
    explicit TaperedFatTreeDeliveryTest(const std::string& lb)
        : DeliveryTestCase(lb + " delivers every message of an all-to-all on a 2:1 fat tree"),
          m_lb(lb)
    {
    }

  private:
    void DoRun() override
    {
        Config::SetDefault("ns3::FatTreeHelper::Oversubscription", UintegerValue(2));
        ExperimentConfig config;
        config.lb = m_lb;
        config.workload = "all-to-all";
        config.messageBytes = 4 * 4096;
        const ExperimentResult r = fabriclbtest::RunWithK(4, config);
        Config::SetDefault("ns3::FatTreeHelper::Oversubscription", UintegerValue(1));
        NS_TEST_ASSERT_MSG_EQ(r.hosts, 32, "4 hosts under each of 8 edge switches");
        NS_TEST_ASSERT_MSG_EQ(r.fabric, "k=4 oversubscription=2", "the fabric asked for");
        CheckEveryMessageDelivered(r);
    }

    std::string m_lb; //!< the scheme
};

/**
 * A leaf-spine link failed by name before the start, the fabric converged on it at once:
 * no packet is lost to it, every message completes, and rho_max is the busiest link's.
 */
class LeafSpineFailureTest : public fabriclbtest::DeliveryTestCase
{
  public:
    /// \param lb the scheme
    explicit LeafSpineFailureTest(const std::string& lb)
        : DeliveryTestCase(lb + " routes around a failed leaf-spine link"),
          m_lb(lb)
    {
    }

  private:
    void DoRun() override
    {
        const ExperimentResult r =
            RunLeafSpineAllToAll(m_lb, {2, 2, 2, 1}, 16 * 4096, "leaf-1:spine-0");
        CheckEveryMessageDelivered(r);
        NS_TEST_ASSERT_MSG_EQ(r.failedLinks.size(), 1, "one link failed");
        NS_TEST_ASSERT_MSG_EQ(r.failedLinks.front(), "leaf-1:spine-0", "by its name");
        NS_TEST_ASSERT_MSG_EQ(r.blackHoleDrops, 0, "converged at once: nothing sent into it");
        // Between the two leaves only spine 1 is left: a leaf's uplink to it carries its 2
        // hosts' 2 cross-leaf flows each, 4 units (a host link 3): rho_max = 800 / 4 Gb/s.
        NS_TEST_ASSERT_MSG_EQ_TOL(r.rhoMaxGbps, 200, 1e-9, "the busiest link's share");
    }

    std::string m_lb; //!< the scheme
};

/**
 * Simple switch round-robin from one host of leaf 0 to one of leaf 2, over 2 spines and 2 parallel
 * links each: leaf 0 sprays its 4 uplinks evenly, and each packet comes down the spine on the
 * lane it went up on (leaf 2's link of the same up port).
 */
class LeafSpineLanesTest : public TestCase
{
  public:
    LeafSpineLanesTest()
        : TestCase("Leaf-spine: a leaf sprays its parallel uplinks evenly and packets keep "
                   "their lane")
    {
    }

  private:
    void DoRun() override
    {
        const auto topology = std::make_shared<const fabriclb::LeafSpineTopology>(3, 2, 2, 2);
        Ptr<FabricHelper> fabric =
            fabriclbtest::BuildFabric(topology, "ns3::SimpleRoundRobinDiscipline");

        std::map<uint32_t, uint32_t> upPorts;   // leaf 0's up port -> data packets
        std::map<uint32_t, uint32_t> downLinks; // link into leaf 2 -> data packets
        const uint32_t leaf0 = fabric->GetSwitches(0).Get(0)->GetId();
        fabriclbtest::HookForward(
            fabric->GetSwitches(0),
            [&](Ptr<Node> node, Ptr<const Packet> p, const Ipv4Header&, bool up, uint32_t port) {
                if (up && node->GetId() == leaf0 && p->GetSize() > 512)
                {
                    ++upPorts[port];
                }
            });
        const NodeContainer& spines = fabric->GetSwitches(1);
        for (uint32_t s = 0; s < spines.GetN(); ++s)
        {
            fabriclbtest::HookForward(
                NodeContainer(spines.Get(s)),
                [&, s](Ptr<Node>, Ptr<const Packet> p, const Ipv4Header&, bool up, uint32_t port) {
                    if (!up && p->GetSize() > 512)
                    {
                        ++downLinks[*topology->LinkOfPort({1, s}, false, port)];
                    }
                });
        }
        fabriclbtest::Completions completions;
        fabriclbtest::InstallMessages(fabric, {{0, 5, 64 * 4096}}, completions);
        Simulator::Run();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(completions.done, 1, "the message completes");
        NS_TEST_ASSERT_MSG_EQ(upPorts.size(), 4, "every uplink of leaf 0 is used");
        for (const auto& [port, packets] : upPorts)
        {
            NS_TEST_ASSERT_MSG_EQ(packets, 16, "a fixed rotation: 64 packets over 4 uplinks");
            const uint32_t intoLeaf2 = *topology->LinkOfPort({0, 2}, true, port);
            NS_TEST_ASSERT_MSG_EQ(downLinks[intoLeaf2], packets, "down the lane it went up on");
        }
        NS_TEST_ASSERT_MSG_EQ(downLinks.size(), 4, "no other link into leaf 2");
    }
};

/**
 * Ofan on a leaf-spine of 3 leaves, 2 spines and 2 parallel links (4 uplinks a leaf): per
 * leaf, destination leaf and size bin, every whole schedule period of 4 packets goes once
 * over every spine and parallel link, and the pointers are one per destination leaf and bin.
 */
class LeafSpineOfanSharesTest : public TestCase
{
  public:
    LeafSpineOfanSharesTest()
        : TestCase("Ofan on a leaf-spine: equal shares over every spine and lane per "
                   "destination leaf, period by period")
    {
    }

  private:
    void DoRun() override
    {
        const auto topology = std::make_shared<const fabriclb::LeafSpineTopology>(3, 2, 2, 2);
        Ptr<FabricHelper> fabric = fabriclbtest::BuildFabric(topology, "ns3::OfanDiscipline");
        // (leaf node, destination leaf, size bin) -> up ports in order of use
        std::map<std::tuple<uint32_t, uint32_t, uint32_t>, std::vector<uint32_t>> sequences;
        fabriclbtest::HookForward(
            fabric->GetSwitches(0),
            [&](Ptr<Node> node, Ptr<const Packet> p, const Ipv4Header& ip, bool up, uint32_t port) {
                if (up)
                {
                    const uint32_t host = topology->HostFromAddress(ip.GetDestination().Get());
                    sequences[{node->GetId(), topology->LeafOf(host), p->GetSize() <= 512}]
                        .push_back(port);
                }
            });
        fabriclbtest::Completions completions;
        fabriclbtest::InstallMessages(fabric,
                                      fabriclb::AllToAllWorkload(topology->HostCount(), 32 * 4096),
                                      completions);
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(completions.done, completions.expected, "every message completes");
        NS_TEST_ASSERT_MSG_EQ(sequences.size(), 3 * 2 * 2, "3 leaves x 2 others x 2 bins");
        for (const auto& [key, ports] : sequences)
        {
            NS_TEST_ASSERT_MSG_GT_OR_EQ(ports.size(), 4 * 32, "4 hosts' 32 packets at least");
            for (size_t period = 0; period + 4 <= ports.size(); period += 4)
            {
                const std::set<uint32_t> used(ports.begin() + period, ports.begin() + period + 4);
                NS_TEST_ASSERT_MSG_EQ(used.size(), 4, "every uplink once a period");
            }
        }
        for (uint32_t leaf = 0; leaf < 3; ++leaf)
        {
            NS_TEST_ASSERT_MSG_EQ(
                fabric->GetSwitches(0).Get(leaf)->GetObject<OfanDiscipline>()->GetPointersInUse(),
                2 * 2,
                "a pointer per other destination leaf and bin");
        }
        Simulator::Destroy();
    }
};

/// Every scheme completes every message of an all-to-all on two planes of a leaf-spine
/// fabric, whose hosts spread over their two ports, and accounts for every packet.
class MultiPlaneDeliveryTest : public fabriclbtest::DeliveryTestCase
{
  public:
    /// \param lb the scheme
    explicit MultiPlaneDeliveryTest(const std::string& lb)
        : DeliveryTestCase(lb + " delivers every message of an all-to-all on two planes"),
          m_lb(lb)
    {
    }

  private:
    void DoRun() override
    {
        const ExperimentResult r = RunLeafSpineAllToAll(m_lb, {3, 2, 3, 1}, 32768, "", 2);
        NS_TEST_ASSERT_MSG_EQ(
            r.fabric,
            "leaf-spine leaves=3 spines=2 hostsPerLeaf=3 linksPerSpine=1 planes=2",
            "the fabric asked for");
        NS_TEST_ASSERT_MSG_EQ(r.hosts, 9, "the planes share their hosts");
        NS_TEST_ASSERT_MSG_EQ(r.packetsDropped, 0, "no port overflows, the hosts' neither");
        CheckEveryMessageDelivered(r);
    }

    std::string m_lb; //!< the scheme
};

/**
 * Host DR on two planes of 2 leaves and 2 spines, plane 1's link from leaf 1 to spine 0
 * failed and converged on at once: every message completes without a drop, nothing crosses
 * the failed link, plane 0's leaves still spread evenly over both spines, and the hosts
 * give the healthy plane the failed path's share (of every 3 cross-leaf packets, 2).
 */
class MultiPlaneHostDrFailureTest : public fabriclbtest::DeliveryTestCase
{
  public:
    MultiPlaneHostDrFailureTest()
        : DeliveryTestCase("host DR on two planes: a failed link in one leaves the other whole")
    {
    }

  private:
    void DoRun() override
    {
        // Node ids: 4 hosts, then 4 leaves (plane 0's 0 and 1, plane 1's 2 and 3), 4 spines.
        // (node, port chosen) -> data packets; the hosts' choice is their plane.
        std::map<std::pair<uint32_t, uint32_t>, uint32_t> chosen;
        Simulator::Schedule(Seconds(0), [&chosen] {
            Config::Connect("/NodeList/*/$ns3::SwitchDiscipline/UplinkChosen",
                            MakeBoundCallback(&MultiPlaneHostDrFailureTest::Count, &chosen));
        });
        const ExperimentResult r =
            RunLeafSpineAllToAll("host-dr", {2, 2, 2, 1}, 24 * 4096, "p1/leaf-1:spine-0", 2);
        CheckEveryMessageDelivered(r);
        NS_TEST_ASSERT_MSG_EQ(r.failedLinks.size(), 1, "one link failed");
        NS_TEST_ASSERT_MSG_EQ(r.failedLinks.front(), "p1/leaf-1:spine-0", "by its plane's name");
        NS_TEST_ASSERT_MSG_EQ(r.packetsDropped, 0, "nothing lost");
        NS_TEST_ASSERT_MSG_EQ(r.blackHoleDrops, 0, "nothing sent into the failed link");
        const auto count = [&chosen](uint32_t node, uint32_t port) {
            return chosen[std::make_pair(node, port)];
        };
        for (uint32_t leaf : {4, 5})
        {
            NS_TEST_ASSERT_MSG_GT(count(leaf, 0), 0, "plane 0 carries traffic");
            NS_TEST_ASSERT_MSG_EQ(count(leaf, 0), count(leaf, 1), "over both spines evenly");
        }
        NS_TEST_ASSERT_MSG_EQ(count(7, 0), 0, "plane 1's leaf 1 avoids its failed uplink");
        NS_TEST_ASSERT_MSG_EQ(count(6, 0), 0, "plane 1's leaf 0 avoids spine 0 to leaf 1");
        uint32_t plane0 = 0;
        uint32_t plane1 = 0;
        for (uint32_t host = 0; host < 4; ++host)
        {
            plane0 += count(host, 0);
            plane1 += count(host, 1);
        }
        // Each host: 24 packets to its leaf's other host over 2 planes evenly, 48 to the other
        // leaf over 3 usable paths, 2 of them in plane 0.
        NS_TEST_ASSERT_MSG_EQ(plane0, 4 * (12 + 32), "plane 0's share");
        NS_TEST_ASSERT_MSG_EQ(plane1, 4 * (12 + 16), "plane 1's share");
    }

    /// Counts a data packet's uplink choice by the node that made it.
    static void Count(std::map<std::pair<uint32_t, uint32_t>, uint32_t>* chosen,
                      std::string context,
                      Ptr<const Packet> packet,
                      uint32_t /* destinationHost */,
                      uint32_t port)
    {
        if (packet->GetSize() > 512)
        {
            const size_t begin = std::string("/NodeList/").size();
            const uint32_t node =
                std::stoul(context.substr(begin, context.find('/', begin) - begin));
            ++(*chosen)[{node, port}];
        }
    }
};

/**
 * An all-to-all on a rail fabric of 4 servers of 2 GPUs (rail groups of 2 servers, 2 spines)
 * with NVLink: every message completes; within a server nothing touches the fabric; with
 * PXN every packet a leaf forwards is for a GPU on the leaf's own rail (it crossed NVLink to
 * its server's GPU on that rail first), without PXN some are not.
 */
class RailPxnTest : public TestCase
{
  public:
    RailPxnTest()
        : TestCase("Rail with NVLink: PXN puts every packet on its destination's rail")
    {
    }

  private:
    void DoRun() override
    {
        for (bool pxn : {false, true})
        {
            const auto topology =
                std::make_shared<const fabriclb::RailTopology>(4, 2, 2, 2, 1, true, pxn);
            Ptr<FabricHelper> fabric = fabriclbtest::BuildFabric(topology, "ns3::EcmpDiscipline");
            NS_TEST_ASSERT_MSG_EQ(fabric->GetServerSwitches().GetN(), 4, "a switch a server");
            uint32_t offRail = 0;
            uint32_t withinServer = 0;
            uint32_t forwarded = 0;
            fabriclbtest::HookForward(
                fabric->GetSwitches(0),
                [&](Ptr<Node> node, Ptr<const Packet>, const Ipv4Header& ip, bool, uint32_t) {
                    const uint32_t leaf = node->GetId() - topology->HostCount();
                    const uint32_t host = topology->HostFromAddress(ip.GetDestination().Get());
                    const uint32_t source = topology->HostFromAddress(ip.GetSource().Get());
                    ++forwarded;
                    offRail += topology->RailOf(host) != leaf % 2;
                    withinServer += topology->SameServer(source, host);
                });
            fabriclbtest::Completions completions;
            fabriclbtest::InstallMessages(fabric,
                                          fabriclb::AllToAllWorkload(topology->HostCount(), 8192),
                                          completions);
            Simulator::Run();
            Simulator::Destroy();
            NS_TEST_ASSERT_MSG_EQ(completions.done, completions.expected, "every message");
            NS_TEST_ASSERT_MSG_GT(forwarded, 0, "the leaves carry what crosses servers");
            NS_TEST_ASSERT_MSG_EQ(withinServer, 0, "within a server: NVLink, not the fabric");
            if (pxn)
            {
                NS_TEST_ASSERT_MSG_EQ(offRail, 0, "PXN: every packet on its destination's rail");
            }
            else
            {
                NS_TEST_ASSERT_MSG_GT(offRail, 0, "without PXN a GPU sends from its own rail");
            }
        }
    }
};

/// \ingroup fabric-lb-tests Fabrics other than the fat tree, in a simulator.
class FabricLbTopologiesSuite : public TestSuite
{
  public:
    FabricLbTopologiesSuite()
        : TestSuite("fabric-lb-topologies", FABRIC_LB_SUITE_SYSTEM)
    {
        AddTestCase(new LeafSpineLanesTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new LeafSpineOfanSharesTest, FABRIC_LB_TEST_QUICK);
        for (const fabriclb::LbScheme& scheme : fabriclb::LbSchemes().All())
        {
            AddTestCase(new LeafSpineDeliveryTest(scheme.name), FABRIC_LB_TEST_QUICK);
            AddTestCase(new TaperedFatTreeDeliveryTest(scheme.name), FABRIC_LB_TEST_QUICK);
            AddTestCase(new RailDeliveryTest(scheme.name, false), FABRIC_LB_TEST_QUICK);
            AddTestCase(new RailDeliveryTest(scheme.name, true), FABRIC_LB_TEST_QUICK);
            AddTestCase(new MultiPlaneDeliveryTest(scheme.name), FABRIC_LB_TEST_QUICK);
        }
        for (const char* lb : {"ecmp", "host-dr", "ofan", "reps", "switch-ar"})
        {
            AddTestCase(new LeafSpineFailureTest(lb), FABRIC_LB_TEST_QUICK);
        }
        AddTestCase(new MultiPlaneHostDrFailureTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new RailPxnTest, FABRIC_LB_TEST_QUICK);
    }
};

static FabricLbTopologiesSuite g_fabricLbTopologiesSuite; //!< registers the suite

} // namespace
