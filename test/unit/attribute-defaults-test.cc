/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/command-line-values.h"
#include "ns3/config.h"
#include "ns3/fabric-experiment.h"
#include "ns3/fabric-helper.h"
#include "ns3/link-failure-manager.h"
#include "ns3/nstime.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/string.h"

#include <gtest/gtest.h>
#include <stdexcept>

using namespace ns3;

TEST(AttributeDefaults, FlagsReadTheAttributesOwnDefaults)
{
    EXPECT_EQ(AttributeDefault("ns3::FatTreeHelper::K"), "8");
    EXPECT_EQ(AttributeDefault("ns3::FatTreeHelper::Wire"), "physical");
    EXPECT_EQ(AttributeDefault("ns3::FatTreeHelper::SwitchPath"), "direct");
    EXPECT_EQ(AttributeDefault("ns3::LinkFailureManager::Mode"), "drop");
    EXPECT_THROW(AttributeDefault("ns3::FatTreeHelper::Radix"), std::invalid_argument);
    EXPECT_THROW(AttributeDefault("K"), std::invalid_argument);
}

TEST(AttributeDefaults, ClosedSetsAreEnumAttributesThatRefuseOtherNames)
{
    EXPECT_EQ(AttributeChoices("ns3::FatTreeHelper::Wire"), "physical, study");
    EXPECT_EQ(AttributeChoices("ns3::FatTreeHelper::SwitchPath"), "direct, ipv4");
    EXPECT_EQ(AttributeChoices("ns3::LinkFailureManager::Mode"), "drop, degrade");
    EXPECT_FALSE(Config::SetDefaultFailSafe("ns3::FatTreeHelper::Wire", StringValue("htsim")));
    Ptr<FabricHelper> fabric = CreateObject<FabricHelper>();
    EXPECT_FALSE(fabric->SetAttributeFailSafe("SwitchPath", StringValue("lean")));
    EXPECT_TRUE(fabric->SetAttributeFailSafe("Wire", StringValue("study")));
    StringValue wire;
    fabric->GetAttribute("Wire", wire);
    EXPECT_EQ(wire.Get(), "study");
    EXPECT_EQ(fabric->GetWireModel().gapBytes, 0U); // the study wire has no gap
    Ptr<LinkFailureManager> failures = CreateObject<LinkFailureManager>();
    EXPECT_TRUE(failures->SetAttributeFailSafe("Mode", StringValue("degrade")));
    EXPECT_EQ(failures->GetMode(), LinkFailureManager::DEGRADE);
}

TEST(AttributeDefaults, TextSetsADefaultOnlyWhenWholeAndInRange)
{
    if (Time::GetResolution() != Time::PS) // once a process: it converts every Time made
    {
        Time::SetResolution(Time::PS);
    }
    const std::string bytes = "ns3::ExperimentConfig::MessageBytes";
    EXPECT_EQ(SetDefaultFromText(bytes, "1.5"), "'1.5' is not a non-negative integer");
    EXPECT_EQ(SetDefaultFromText(bytes, "-1"), "'-1' is not a non-negative integer");
    EXPECT_EQ(SetDefaultFromText(bytes, "0"), "'0' is not an integer in [1, 17592186044416]");
    EXPECT_EQ(SetDefaultFromText(bytes, "4096"), std::nullopt);
    EXPECT_EQ(ExperimentConfig().messageBytes, 4096U); // a new config takes the new default
    EXPECT_EQ(SetDefaultFromText(bytes, "1048576"), std::nullopt);
    EXPECT_EQ(ExperimentConfig().messageBytes, 1048576U);

    EXPECT_EQ(SetDefaultFromText("ns3::FailureSpec::Probability", "nan"), "'nan' is not a number");
    EXPECT_EQ(SetDefaultFromText("ns3::FailureSpec::Probability", "1.5"),
              "'1.5' is not a number in [0, 1]");
    EXPECT_EQ(SetDefaultFromText("ns3::FailureSpec::FlowRate", "fast"),
              "unknown value 'fast' (rhomax, line)");
    EXPECT_NE(SetDefaultFromText("ns3::FatTreeHelper::LinkRate", "800"), std::nullopt);
    EXPECT_NE(SetDefaultFromText("ns3::FatTreeHelper::LinkRate", "0Gbps"), std::nullopt);
    EXPECT_NE(SetDefaultFromText("ns3::FatTreeHelper::LinkDelay", "5"), std::nullopt);
    EXPECT_NE(SetDefaultFromText("ns3::FatTreeHelper::SwitchDiscipline", "ns3::Nothing"),
              std::nullopt);
    EXPECT_EQ(SetDefaultFromText("ns3::FatTreeHelper::LinkDelay", "250ns"), std::nullopt);
    EXPECT_EQ(AttributeDefault("ns3::FatTreeHelper::LinkDelay"), "250000ps");
    EXPECT_EQ(SetDefaultFromText("ns3::FatTreeHelper::LinkDelay", "500ns"), std::nullopt);
    EXPECT_THROW(SetDefaultFromText("ns3::ExperimentConfig::Radix", "4"), std::invalid_argument);
}

TEST(AttributeDefaults, GlobalValuesTakeTextToo)
{
    EXPECT_EQ(SetDefaultFromText("RngRun", "x"), "'x' is not a non-negative integer");
    EXPECT_EQ(SetDefaultFromText("RngRun", "7"), std::nullopt);
    EXPECT_EQ(RngSeedManager::GetRun(), 7U);
    EXPECT_EQ(SetDefaultFromText("RngRun", "1"), std::nullopt);
    EXPECT_THROW(SetDefaultFromText("RngNothing", "1"), std::invalid_argument);
}

TEST(AttributeDefaults, EmptySchemeRecoveryAndControlAreTheFabricsOwn)
{
    EXPECT_EQ(ExperimentConfig().lb, "");
    EXPECT_EQ(ResolveLbScheme("").name, "ecmp");
    EXPECT_EQ(ResolveRecovery("").name, "erasure");
    EXPECT_EQ(ResolveCongestionControl("").name, "fixed");
    Config::SetDefault("ns3::RoceNic::Recovery", StringValue("ns3::RoceGoBackNRecovery"));
    EXPECT_EQ(ResolveRecovery("").name, "gbn");
    Config::SetDefault("ns3::RoceNic::Recovery", StringValue("ns3::RoceErasureRecovery"));
    Config::SetDefault("ns3::FatTreeHelper::SwitchDiscipline", StringValue("ns3::OfanDiscipline"));
    EXPECT_EQ(ResolveLbScheme("").name, "ofan");
    Config::SetDefault("ns3::FatTreeHelper::SwitchDiscipline", StringValue("ns3::EcmpDiscipline"));
    EXPECT_EQ(ResolveLbScheme("reps").name, "reps");
    EXPECT_THROW(ResolveLbScheme("nope"), std::invalid_argument);
}
