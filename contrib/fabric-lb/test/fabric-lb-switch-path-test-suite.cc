/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The direct switch path (DirectSwitchForwarder) changes nothing: every
 * scheme, a link failure, DCQCN's RED marking and random loss give the same
 * results, field by field, as switches forwarding through ns-3's IPv4.
 */

#include "fabric-lb-test-util.h"

#include "ns3/direct-switch-forwarder.h"
#include "ns3/double.h"
#include "ns3/fabric-experiment.h"
#include "ns3/fabric-lb-compat.h"
#include "ns3/fabric-registry.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <functional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

using namespace ns3;
using namespace ns3::fabriclbtest;

namespace
{

/// FabricHelper attribute defaults a case sets, by name.
using Defaults = std::vector<std::pair<std::string, std::string>>;

/**
 * \return the result of \p config on a k=4 fabric whose switches forward
 * through \p switchPath, with \p defaults set for the run and restored after
 */
ExperimentResult
RunOnPath(const ExperimentConfig& config, const Defaults& defaults, const std::string& switchPath)
{
    Defaults restore;
    for (const auto& [attribute, value] : defaults)
    {
        TypeId::AttributeInformation info;
        FabricHelper::GetTypeId().LookupAttributeByName(attribute, &info);
        restore.emplace_back(attribute, info.initialValue->SerializeToString(info.checker));
        Config::SetDefault("ns3::FatTreeHelper::" + attribute, StringValue(value));
    }
    Config::SetDefault("ns3::FatTreeHelper::SwitchPath", StringValue(switchPath));
    const ExperimentResult result = RunWithK(4, config);
    Config::SetDefault("ns3::FatTreeHelper::SwitchPath", StringValue("direct"));
    for (const auto& [attribute, value] : restore)
    {
        Config::SetDefault("ns3::FatTreeHelper::" + attribute, StringValue(value));
    }
    return result;
}

/**
 * One configuration on both switch paths: the JSON results agree in every
 * field but wall_seconds and events, and the run exercises what it is meant to.
 */
class SwitchPathIdentityTestCase : public TestCase
{
  public:
    /**
     * \param name what the case runs
     * \param config the experiment
     * \param defaults FabricHelper attributes to set
     * \param exercised checks the ipv4 path's result reached what the case is about
     */
    SwitchPathIdentityTestCase(const std::string& name,
                               ExperimentConfig config,
                               Defaults defaults,
                               std::function<bool(const ExperimentResult&)> exercised)
        : TestCase(name),
          m_config(std::move(config)),
          m_defaults(std::move(defaults)),
          m_exercised(std::move(exercised))
    {
    }

  private:
    void DoRun() override
    {
        const ExperimentResult ipv4 = RunOnPath(m_config, m_defaults, "ipv4");
        const ExperimentResult direct = RunOnPath(m_config, m_defaults, "direct");
        NS_TEST_ASSERT_MSG_EQ(m_exercised(ipv4), true, "the run misses what it is to exercise");
        nlohmann::json expected = ipv4.ToJson();
        nlohmann::json actual = direct.ToJson();
        for (const char* unequal : {"wall_seconds", "events"})
        {
            expected.erase(unequal);
            actual.erase(unequal);
        }
        NS_TEST_EXPECT_MSG_EQ(actual.size(), expected.size(), "the same fields");
        for (const auto& [field, value] : expected.items())
        {
            NS_TEST_EXPECT_MSG_EQ(actual.value(field, nlohmann::json()).dump(),
                                  value.dump(),
                                  "field " << field);
        }
    }

    ExperimentConfig m_config;                                //!< the experiment
    Defaults m_defaults;                                      //!< attributes it sets
    std::function<bool(const ExperimentResult&)> m_exercised; //!< its purpose reached
};

/**
 * \ingroup fabric-lb-tests
 * \brief A packet whose TTL runs out at a switch: with hosts sending at a TTL of 3, a packet
 * across pods expires at its core switch (edge 3 to 2, aggregation 2 to 1, core 1 to 0). On
 * both switch paths it is dropped there after an ICMP time-exceeded to its sender, and told
 * through the switch's drop trace (Ipv4L3Protocol's on the ipv4 path, DirectSwitchForwarder's
 * on the direct one, the traces the fabric's drop counts connect to) with the same header,
 * reason and interface; a message under one edge switch still completes.
 */
class TtlExpiryTest : public TestCase
{
  public:
    TtlExpiryTest()
        : TestCase("an expired TTL: dropped at the core, ICMP to the sender, the same on both "
                   "paths")
    {
    }

  private:
    /// What a path did with the packets of the run.
    struct Outcome
    {
        std::vector<std::string> drops; //!< each drop: switch, reason, interface, header
        uint32_t icmpToSender{0};       //!< ICMP packets host 0 received
        uint32_t completed{0};          //!< messages completed
    };

    /// \return what the run does on \p switchPath
    static Outcome RunOn(const std::string& switchPath)
    {
        Config::SetDefault("ns3::Ipv4L3Protocol::DefaultTtl", UintegerValue(3));
        Config::SetDefault("ns3::FatTreeHelper::SwitchPath", StringValue(switchPath));
        Ptr<FabricHelper> fabric = BuildFabric(4);
        Config::SetDefault("ns3::FatTreeHelper::SwitchPath", StringValue("direct"));
        Config::SetDefault("ns3::Ipv4L3Protocol::DefaultTtl", UintegerValue(64));
        Outcome outcome;
        for (const NodeContainer* switches : {&fabric->GetEdgeSwitches(),
                                              &fabric->GetAggregationSwitches(),
                                              &fabric->GetCoreSwitches()})
        {
            for (uint32_t i = 0; i < switches->GetN(); ++i)
            {
                const Ptr<Node> node = switches->Get(i);
                // The switch's id, not its Ptr: a Ptr in its own trace would never be freed.
                const uint32_t id = node->GetId();
                const auto record = [&outcome, id](const Ipv4Header& header,
                                                   Ptr<const Packet> packet,
                                                   Ipv4L3Protocol::DropReason reason,
                                                   Ptr<Ipv4>,
                                                   uint32_t interface) {
                    std::ostringstream os;
                    os << "node " << id << " reason " << reason << " interface "
                       << interface << " ttl " << int(header.GetTtl()) << " " << header.GetSource()
                       << " to " << header.GetDestination() << ", " << packet->GetSize() << " B";
                    outcome.drops.push_back(os.str());
                };
                const Callback<void,
                               const Ipv4Header&,
                               Ptr<const Packet>,
                               Ipv4L3Protocol::DropReason,
                               Ptr<Ipv4>,
                               uint32_t>
                    drop(record);
                node->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext("Drop", drop);
                if (const auto forwarder = node->GetObject<DirectSwitchForwarder>())
                {
                    forwarder->TraceConnectWithoutContext("Drop", drop);
                }
            }
        }
        const auto received = [&outcome](Ptr<const Packet> packet, Ptr<Ipv4>, uint32_t) {
            Ipv4Header header;
            packet->PeekHeader(header);
            outcome.icmpToSender += header.GetProtocol() == 1 ? 1 : 0;
        };
        fabric->GetHosts().Get(0)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
            "Rx",
            Callback<void, Ptr<const Packet>, Ptr<Ipv4>, uint32_t>(received));
        Completions completions;
        InstallMessages(fabric, {{0, 1, 4096}, {0, 15, 4096}}, completions);
        Simulator::Stop(MicroSeconds(20));
        Simulator::Run();
        outcome.completed = completions.done;
        fabric->Dispose();
        Simulator::Destroy();
        return outcome;
    }

    void DoRun() override
    {
        const Outcome ipv4 = RunOn("ipv4");
        const Outcome direct = RunOn("direct");
        NS_TEST_ASSERT_MSG_GT(ipv4.drops.size(), 0U, "packets across pods expire");
        NS_TEST_EXPECT_MSG_EQ(direct.drops.size(), ipv4.drops.size(), "as many drops");
        for (size_t i = 0; i < std::min(ipv4.drops.size(), direct.drops.size()); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(direct.drops[i], ipv4.drops[i], "drop " << i);
        }
        const std::string expired = "reason " + std::to_string(Ipv4L3Protocol::DROP_TTL_EXPIRED);
        for (const std::string& drop : ipv4.drops)
        {
            NS_TEST_EXPECT_MSG_NE(drop.find(expired), std::string::npos, drop);
            NS_TEST_EXPECT_MSG_NE(drop.find(" ttl 1 10."), std::string::npos, drop);
        }
        NS_TEST_EXPECT_MSG_EQ(ipv4.icmpToSender, ipv4.drops.size(), "one ICMP per drop");
        NS_TEST_EXPECT_MSG_EQ(direct.icmpToSender, direct.drops.size(), "one ICMP per drop");
        NS_TEST_EXPECT_MSG_EQ(ipv4.completed, 1U, "the message under one edge switch");
        NS_TEST_EXPECT_MSG_EQ(direct.completed, 1U, "the message under one edge switch");
    }
};

/// \return a k=4 all-to-all of \p bytes per message under \p scheme
ExperimentConfig
AllToAll(const std::string& scheme, uint64_t bytes)
{
    ExperimentConfig config;
    config.lb = scheme;
    config.workload = "all-to-all";
    config.messageBytes = bytes;
    return config;
}

} // namespace

/**
 * \ingroup fabric-lb
 * \brief The direct switch path against the ipv4 one.
 */
class FabricLbSwitchPathTestSuite : public TestSuite
{
  public:
    FabricLbSwitchPathTestSuite()
        : TestSuite("fabric-lb-switch-path", FABRIC_LB_SUITE_SYSTEM)
    {
        for (const fabriclb::LbScheme& scheme : fabriclb::LbSchemes().All())
        {
            AddTestCase(new SwitchPathIdentityTestCase(scheme.name + ": k=4 all-to-all of 16 KiB",
                                                       AllToAll(scheme.name, 16384),
                                                       {},
                                                       [](const ExperimentResult& r) {
                                                           return r.messagesCompleted == r.messages;
                                                       }),
                        FABRIC_LB_TEST_QUICK);
        }
        ExperimentConfig failure = AllToAll("ofan", 32768);
        failure.failures.links = "agg-p0-0:core-0@2us,edge-p1-1:agg-p1-1";
        failure.failures.convergence = "inf";
        AddTestCase(new SwitchPathIdentityTestCase(
                        "ofan: two failed links (one mid-run), never converged",
                        failure,
                        {},
                        [](const ExperimentResult& r) { return r.blackHoleDrops > 0; }),
                    FABRIC_LB_TEST_QUICK);
        ExperimentConfig dcqcn = AllToAll("ecmp", 65536);
        dcqcn.cc = "dcqcn";
        AddTestCase(new SwitchPathIdentityTestCase("ecmp: DCQCN's RED marking and CNPs",
                                                   dcqcn,
                                                   {},
                                                   [](const ExperimentResult& r) {
                                                       return r.packetsMarked > 0 && r.cnps > 0;
                                                   }),
                    FABRIC_LB_TEST_QUICK);
        AddTestCase(new TtlExpiryTest, FABRIC_LB_TEST_QUICK);
        ExperimentConfig lossy = AllToAll("host-spray", 32768);
        lossy.recovery = "sack";
        AddTestCase(new SwitchPathIdentityTestCase(
                        "host-spray: random loss and selective repeat on the study's wire",
                        lossy,
                        {{"Wire", "study"}, {"LossRate", "0.002"}},
                        [](const ExperimentResult& r) { return r.linkDrops > 0; }),
                    FABRIC_LB_TEST_QUICK);
    }
};

/// The suite's one instance.
static FabricLbSwitchPathTestSuite g_fabricLbSwitchPathTestSuite;
