/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/command-line-values.h"
#include "ns3/config.h"
#include "ns3/fat-tree-helper.h"
#include "ns3/link-failure-manager.h"
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
    Ptr<FatTreeHelper> fabric = CreateObject<FatTreeHelper>();
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
