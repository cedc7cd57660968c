/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/fabric-registry.h"

#include <gtest/gtest.h>
#include <set>
#include <stdexcept>
#include <string>

using namespace ns3::fabriclb;

namespace
{
/// An entry type of the test's own, so that its registry starts empty.
struct Colour
{
    std::string name;        //!< its name
    std::string description; //!< one line
};
} // namespace

TEST(Registry, FindsByNameListsInNameOrderAndRefusesDuplicates)
{
    Registry<Colour>& colours = Registry<Colour>::Instance();
    colours.Add({"red", "warm"});
    colours.Add({"blue", "cold"});
    EXPECT_EQ(colours.Find("red")->description, "warm");
    EXPECT_EQ(colours.Find("green"), nullptr);
    EXPECT_EQ(colours.Names(), "blue, red");
    EXPECT_EQ(colours.Help(), "blue\tcold\nred\twarm\n");
    EXPECT_THROW(colours.Add({"red", "again"}), std::logic_error);
    EXPECT_THROW(colours.Add({"", "nameless"}), std::logic_error);
    try
    {
        colours.Get("green", "colour");
        FAIL() << "no exception";
    }
    catch (const std::invalid_argument& e)
    {
        EXPECT_EQ(std::string(e.what()), "unknown colour 'green' (blue, red)");
    }
}

TEST(Registry, HoldsEveryStudySchemeBesideItsClass)
{
    std::set<std::string> names;
    for (const LbScheme& scheme : LbSchemes().All())
    {
        names.insert(scheme.name);
        EXPECT_FALSE(scheme.description.empty()) << scheme.name;
        EXPECT_EQ(scheme.hostPolicy.rfind("ns3::", 0), 0U) << scheme.name;
        EXPECT_EQ(scheme.switchDiscipline.rfind("ns3::", 0), 0U) << scheme.name;
        // A host scheme chooses with its policy; a switch scheme's hosts keep one label.
        EXPECT_EQ(scheme.site == LbSite::SWITCH, scheme.hostPolicy == "ns3::FixedLabelPathPolicy")
            << scheme.name;
    }
    // The study's thirteen schemes are there (more may join them).
    for (const std::string& study : {"ecmp",
                                     "flowlet",
                                     "host-dr",
                                     "host-spray",
                                     "jsq",
                                     "ofan",
                                     "plb",
                                     "reps",
                                     "rr",
                                     "rsq",
                                     "simple-rr",
                                     "subflow",
                                     "switch-ar"})
    {
        EXPECT_EQ(names.count(study), 1U) << study;
    }
    EXPECT_DOUBLE_EQ(LbSchemes().Get("reps", "scheme").markFraction, 0.1);
    EXPECT_DOUBLE_EQ(LbSchemes().Get("plb", "scheme").markFraction, 0.5);
    EXPECT_TRUE(CongestionControls().Get("dcqcn", "cc").redMarking);
    EXPECT_FALSE(CongestionControls().Get("swift", "cc").redMarking);
    EXPECT_FALSE(CongestionControls().Get("hpcc", "cc").redMarking);
    EXPECT_EQ(CongestionControls().Get("hpcc", "cc").typeName, "ns3::RoceHpcc");
    for (const std::string& cc : {"dcqcn", "fixed", "hpcc", "swift"})
    {
        EXPECT_NE(CongestionControls().Find(cc), nullptr) << cc;
    }
    for (const std::string& recovery : {"erasure", "gbn", "sack", "study-erasure"})
    {
        EXPECT_NE(RecoveryStrategies().Find(recovery), nullptr) << recovery;
    }
}
