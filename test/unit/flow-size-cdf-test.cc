/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/flow-size-cdf.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3::fabriclb;

namespace
{

FlowSizeCdf
Parse(const std::string& text)
{
    std::istringstream in(text);
    return FlowSizeCdf::Parse(in, "c.cdf");
}

/// \return what() of the CdfError that parsing text throws, or "" if none
std::string
ErrorOf(const std::string& text)
{
    try
    {
        Parse(text);
    }
    catch (const CdfError& e)
    {
        return e.what();
    }
    return "";
}

/// \return the mean of Sample over n evenly spaced draws (the midpoint rule for the
/// integral of the inverse CDF over [0, 1], which is the mean)
double
MeanOfSamples(const FlowSizeCdf& cdf, uint32_t n)
{
    double sum = 0;
    for (uint32_t i = 0; i < n; ++i)
    {
        sum += static_cast<double>(cdf.Sample((i + 0.5) / n));
    }
    return sum / n;
}

} // namespace

TEST(FlowSizeCdf, ParsesPointsCommentsAndBlankLines)
{
    const FlowSizeCdf cdf = Parse("# a comment\n"
                                  "\n"
                                  "100 0.25\n"
                                  "  200\t0.25   # a plateau\n"
                                  "300 1e-0\r\n"
                                  "   \n");
    EXPECT_EQ(cdf.Name(), "c.cdf");
    ASSERT_EQ(cdf.Points().size(), 3U);
    EXPECT_EQ(cdf.Points()[0].bytes, 100U);
    EXPECT_EQ(cdf.Points()[0].probability, 0.25);
    EXPECT_EQ(cdf.Points()[1].bytes, 200U);
    EXPECT_EQ(cdf.Points()[1].probability, 0.25);
    EXPECT_EQ(cdf.Points()[2].bytes, 300U);
    EXPECT_EQ(cdf.Points()[2].probability, 1.0);
    EXPECT_EQ(cdf.MinBytes(), 100U);
    EXPECT_EQ(cdf.MaxBytes(), 300U);
}

TEST(FlowSizeCdf, LastProbabilityWithinSlackBecomesOne)
{
    const FlowSizeCdf cdf = Parse("1 0\n10 0.9999999995\n");
    EXPECT_EQ(cdf.Points().back().probability, 1.0);
    EXPECT_EQ(cdf.Sample(0.99999999999), 10U);
}

TEST(FlowSizeCdf, RejectsEachKindOfBadLine)
{
    EXPECT_EQ(ErrorOf("1 0\n100\n"), "c.cdf:2: expected 'SIZE PROBABILITY', got '100'");
    EXPECT_EQ(ErrorOf("100 0.5 7 # x\n"), "c.cdf:1: expected 'SIZE PROBABILITY', got '100 0.5 7 '");
    EXPECT_EQ(ErrorOf("ten 0.5\n"), "c.cdf:1: size 'ten' is not a whole number of bytes");
    EXPECT_EQ(ErrorOf("1.5 0.5\n"), "c.cdf:1: size '1.5' is not a whole number of bytes");
    EXPECT_EQ(ErrorOf("-5 0.5\n"), "c.cdf:1: size '-5' is not a whole number of bytes");
    EXPECT_EQ(ErrorOf("+5 0.5\n"), "c.cdf:1: size '+5' is not a whole number of bytes");
    EXPECT_EQ(ErrorOf("0 0\n"), "c.cdf:1: size 0: a flow has at least 1 byte");
    EXPECT_EQ(ErrorOf("9007199254740993 1\n"),
              "c.cdf:1: size '9007199254740993' is above 2^53 bytes");
    EXPECT_EQ(ErrorOf("99999999999999999999 1\n"),
              "c.cdf:1: size '99999999999999999999' is above 2^53 bytes");
    EXPECT_EQ(ErrorOf("100 half\n"), "c.cdf:1: probability 'half' is not a number");
    EXPECT_EQ(ErrorOf("100 0.5x\n"), "c.cdf:1: probability '0.5x' is not a number");
    EXPECT_EQ(ErrorOf("100 nan\n"), "c.cdf:1: probability 'nan' is not a number");
    EXPECT_EQ(ErrorOf("100 \x01\n"), "c.cdf:1: probability '\\x01' is not a number");
    EXPECT_EQ(ErrorOf("100 1.5\n"), "c.cdf:1: probability '1.5' is outside [0, 1]");
    EXPECT_EQ(ErrorOf("100 -0.1\n"), "c.cdf:1: probability '-0.1' is outside [0, 1]");
    EXPECT_EQ(ErrorOf("100 15\n"), "c.cdf:1: probability '15' is outside [0, 1]");
    EXPECT_EQ(ErrorOf("100 inf\n"), "c.cdf:1: probability 'inf' is outside [0, 1]");
}

TEST(FlowSizeCdf, RejectsOddFilesNamingTheLine)
{
    EXPECT_EQ(ErrorOf("1 0\n18446744073709551616 1\n"),
              "c.cdf:2: size '18446744073709551616' is above 2^53 bytes");
    EXPECT_EQ(ErrorOf(std::string("\0\xff\x7f 1\n", 6)),
              "c.cdf:1: size '\\x00\\xff\\x7f' is not a whole number of bytes");
    EXPECT_EQ(ErrorOf("1 0\n\n\n5 NaN\n"), "c.cdf:4: probability 'NaN' is not a number");
    EXPECT_EQ(ErrorOf("1 0\n2 1e-400\n"),
              "c.cdf:2: probability '1e-400' is beyond what a double holds");
    EXPECT_EQ(ErrorOf(std::string(100000, '7') + " 1\n"),
              "c.cdf:1: size '" + std::string(40, '7') + "...' is above 2^53 bytes");
}

TEST(FlowSizeCdf, RejectsPointsOutOfOrder)
{
    EXPECT_EQ(ErrorOf("100 0.1\n\n100 0.5\n200 1\n"),
              "c.cdf:3: size 100 is not above the previous size, 100");
    EXPECT_EQ(ErrorOf("100 0.1\n50 0.5\n200 1\n"),
              "c.cdf:2: size 50 is not above the previous size, 100");
    EXPECT_EQ(ErrorOf("100 0.5\n200 0.4\n300 1\n"),
              "c.cdf:2: probability '0.4' is below the previous probability, '0.5'");
}

TEST(FlowSizeCdf, RejectsBadFilesAsAWhole)
{
    EXPECT_EQ(ErrorOf(""), "c.cdf: no points: a CDF needs at least 2 'SIZE PROBABILITY' lines");
    EXPECT_EQ(ErrorOf("# only a comment\n\n"),
              "c.cdf: no points: a CDF needs at least 2 'SIZE PROBABILITY' lines");
    EXPECT_EQ(ErrorOf("100 1\n"), "c.cdf: only 1 point: a CDF needs at least 2");
    EXPECT_EQ(ErrorOf("100 0.5\n200 0.99\n# end\n"),
              "c.cdf:2: the last probability is '0.99', not 1");
    EXPECT_EQ(ErrorOf("1 0\n10 0.999999998\n"),
              "c.cdf:2: the last probability is '0.999999998', not 1");
}

TEST(FlowSizeCdf, ErrorCarriesLineAndProblem)
{
    try
    {
        Parse("100 0.5\n200 2\n");
        FAIL() << "no error";
    }
    catch (const CdfError& e)
    {
        EXPECT_EQ(e.Line(), 2U);
        EXPECT_EQ(e.Problem(), "probability '2' is outside [0, 1]");
    }
}

TEST(FlowSizeCdf, LoadsAFileAndNamesAMissingOne)
{
    const std::string path =
        (std::filesystem::temp_directory_path() / "flow-size-cdf-test.cdf").string();
    {
        std::ofstream out(path);
        out << "10 0\n20 1\n";
    }
    const FlowSizeCdf cdf = FlowSizeCdf::Load(path);
    EXPECT_EQ(cdf.Name(), path);
    EXPECT_EQ(cdf.MeanBytes(), 15.0);
    std::remove(path.c_str());

    try
    {
        FlowSizeCdf::Load("/nonexistent/web.cdf");
        FAIL() << "no error";
    }
    catch (const CdfError& e)
    {
        EXPECT_STREQ(e.what(), "/nonexistent/web.cdf: cannot open");
    }
}

TEST(FlowSizeCdf, MeanOfTwoPointsByHand)
{
    // 1/4 of the flows are exactly 100 bytes; 3/4 are uniform on [100, 300], mean 200:
    // 0.25 * 100 + 0.75 * 200 = 175.
    EXPECT_DOUBLE_EQ(Parse("100 0.25\n300 1\n").MeanBytes(), 175.0);
    // Uniform on [1, 1001]: 501.
    EXPECT_DOUBLE_EQ(Parse("1 0\n1001 1\n").MeanBytes(), 501.0);
}

TEST(FlowSizeCdf, SamplesAtAndBetweenThePoints)
{
    const FlowSizeCdf cdf = Parse("100 0.25\n300 1\n");
    EXPECT_EQ(cdf.Sample(0), 100U);
    EXPECT_EQ(cdf.Sample(0.1), 100U);  // the first size's own probability
    EXPECT_EQ(cdf.Sample(0.25), 100U); // at the point
    EXPECT_EQ(cdf.Sample(0.625), 200U);
    EXPECT_EQ(cdf.Sample(1), 300U);

    // Rounded to the nearest byte: 1 + 3 * 0.5 = 2.5 -> 3, 1 + 3 * 0.4 = 2.2 -> 2.
    const FlowSizeCdf short3 = Parse("1 0\n4 1\n");
    EXPECT_EQ(short3.Sample(0.5), 3U);
    EXPECT_EQ(short3.Sample(0.4), 2U);
}

TEST(FlowSizeCdf, SampleSkipsAPlateau)
{
    // No size between 100 and 200 is drawn: P(size <= 100) = P(size <= 200) = 0.5.
    const FlowSizeCdf cdf = Parse("100 0.5\n200 0.5\n300 1\n");
    EXPECT_EQ(cdf.Sample(0.5), 100U);
    EXPECT_EQ(cdf.Sample(0.5 + 1e-12), 200U);
    EXPECT_EQ(cdf.Sample(0.75), 250U);
    EXPECT_DOUBLE_EQ(cdf.MeanBytes(), 0.5 * 100 + 0.5 * 250);
}

TEST(FlowSizeCdf, SampleRejectsDrawsOutsideTheUnitInterval)
{
    const FlowSizeCdf cdf = Parse("100 0.25\n300 1\n");
    EXPECT_THROW(cdf.Sample(-0.1), std::invalid_argument);
    EXPECT_THROW(cdf.Sample(1.1), std::invalid_argument);
    EXPECT_THROW(cdf.Sample(std::numeric_limits<double>::quiet_NaN()), std::invalid_argument);
}

TEST(FlowSizeCdf, BuiltinsAreListedAndFound)
{
    std::vector<std::string> names;
    for (const FlowSizeCdfDescription& builtin : FlowSizeCdf::Builtins())
    {
        names.push_back(builtin.name);
        EXPECT_FALSE(builtin.description.empty());
        EXPECT_EQ(builtin.description.find('\n'), std::string::npos);
        const FlowSizeCdf* cdf = FlowSizeCdf::Builtin(builtin.name);
        ASSERT_NE(cdf, nullptr);
        EXPECT_EQ(cdf->Name(), builtin.name);
        EXPECT_EQ(cdf->Points().back().probability, 1.0);
        // The samples' mean is the exact mean, up to rounding to bytes and the midpoint rule.
        EXPECT_NEAR(MeanOfSamples(*cdf, 1000000), cdf->MeanBytes(), 1e-4 * cdf->MeanBytes());
    }
    EXPECT_EQ(names, (std::vector<std::string>{"web-search", "hadoop", "data-mining"}));
    EXPECT_EQ(FlowSizeCdf::Builtin("websearch"), nullptr);
}

TEST(FlowSizeCdf, WebSearchIsHpccsTable)
{
    const FlowSizeCdf& cdf = *FlowSizeCdf::Builtin("web-search");
    ASSERT_EQ(cdf.Points().size(), 12U);
    EXPECT_EQ(cdf.Points()[0].bytes, 1U);
    EXPECT_EQ(cdf.Points()[0].probability, 0.0);
    EXPECT_EQ(cdf.Points()[1].bytes, 10000U);
    EXPECT_EQ(cdf.Points()[1].probability, 0.15);
    EXPECT_EQ(cdf.Points()[5].bytes, 80000U);
    EXPECT_EQ(cdf.Points()[5].probability, 0.53);
    EXPECT_EQ(cdf.MaxBytes(), 30000000U);
    // HPCC's getAvg and pFabric's mean_flow_size: 1711250 bytes; the first point at 1 byte
    // instead of 0 adds 0.15 * 1 / 2.
    EXPECT_NEAR(cdf.MeanBytes(), 1711250.075, 1e-6);
}

TEST(FlowSizeCdf, HadoopIsHpccsTable)
{
    const FlowSizeCdf& cdf = *FlowSizeCdf::Builtin("hadoop");
    ASSERT_EQ(cdf.Points().size(), 20U);
    EXPECT_EQ(cdf.Points()[4].bytes, 350U);
    EXPECT_EQ(cdf.Points()[4].probability, 0.15);
    EXPECT_EQ(cdf.Points()[17].bytes, 1000000U);
    EXPECT_EQ(cdf.Points()[17].probability, 0.975);
    EXPECT_EQ(cdf.MaxBytes(), 10000000U);
    // HPCC's getAvg on FbHdp_distribution.txt: 120420.75 bytes, plus 0.01 * 1 / 2.
    EXPECT_NEAR(cdf.MeanBytes(), 120420.755, 1e-6);
}

TEST(FlowSizeCdf, DataMiningIsPfabricsTableInBytes)
{
    const FlowSizeCdf& cdf = *FlowSizeCdf::Builtin("data-mining");
    ASSERT_EQ(cdf.Points().size(), 8U);
    EXPECT_EQ(cdf.Sample(0.3), 1460U); // half the flows are one packet
    EXPECT_EQ(cdf.MaxBytes(), 666667U * 1460);
    // In packets: 0.5 * 1 + 0.1 * (1.5 + 2.5 + 5 + 137) + 0.05 * 1187 + 0.04 * 34387
    // + 0.01 * 366667 = 5116.6, PIAS's meanFlowSize of 5117 packets; times 1460 bytes.
    EXPECT_NEAR(cdf.MeanBytes(), 5116.6 * 1460, 1e-6);
}
