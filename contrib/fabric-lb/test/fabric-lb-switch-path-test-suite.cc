/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The direct switch path (DirectSwitchForwarder) changes nothing: every
 * scheme, a link failure, DCQCN's RED marking and random loss give the same
 * results, field by field, as switches forwarding through ns-3's IPv4.
 */

#include "fabric-lb-test-util.h"

#include "ns3/double.h"
#include "ns3/fabric-experiment.h"
#include "ns3/fabric-lb-compat.h"
#include "ns3/fabric-registry.h"
#include "ns3/string.h"
#include "ns3/test.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

using namespace ns3;
using namespace ns3::fabriclbtest;

namespace
{

/// FatTreeHelper attribute defaults a case sets, by name.
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
        FatTreeHelper::GetTypeId().LookupAttributeByName(attribute, &info);
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
     * \param defaults FatTreeHelper attributes to set
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
