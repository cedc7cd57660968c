/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "uniform-source.h"

#include "ns3/background-arrivals.h"
#include "ns3/flow-slowdown.h"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

using namespace ns3::fabriclb;

namespace
{

/// 1/4 of the flows are 100 bytes, 3/4 uniform on [100, 300]: mean 175 bytes.
FlowSizeCdf
TwoPointCdf()
{
    std::istringstream text("100 0.25\n300 1\n");
    return FlowSizeCdf::Parse(text, "two-point");
}

/// \return a UniformUnit that returns values in order, and fails the test past the end
UniformUnit
ScriptedUnits(std::vector<double> values)
{
    auto next = std::make_shared<size_t>(0);
    return [values, next] {
        if (*next == values.size())
        {
            ADD_FAILURE() << "more uniform draws than scripted";
            return 0.0;
        }
        return values[(*next)++];
    };
}

/// \return a UniformIndex that checks each bound and returns the scripted index
UniformIndex
ScriptedIndices(std::vector<std::pair<uint32_t, uint32_t>> boundsAndIndices)
{
    auto next = std::make_shared<size_t>(0);
    return [boundsAndIndices, next](uint32_t bound) -> uint32_t {
        if (*next == boundsAndIndices.size())
        {
            ADD_FAILURE() << "more index draws than scripted";
            return 0;
        }
        const auto [expectedBound, index] = boundsAndIndices[(*next)++];
        EXPECT_EQ(bound, expectedBound);
        return index;
    };
}

/// \return what() of the std::invalid_argument that ArrivalsPerSecond throws, or "" if none
std::string
ErrorOf(uint32_t hosts, double rate, double load)
{
    try
    {
        BackgroundArrivals::ArrivalsPerSecond(hosts, rate, load, TwoPointCdf());
    }
    catch (const std::invalid_argument& e)
    {
        return e.what();
    }
    return "";
}

/// \return E[size^2] of the piecewise-linear distribution: the first size squared times
/// its probability, plus for each segment [a, b] of probability w, w (a^2 + ab + b^2) / 3
double
SecondMoment(const FlowSizeCdf& cdf)
{
    const auto& points = cdf.Points();
    const double first = static_cast<double>(points.front().bytes);
    double moment = points.front().probability * first * first;
    for (size_t i = 1; i < points.size(); ++i)
    {
        const double a = static_cast<double>(points[i - 1].bytes);
        const double b = static_cast<double>(points[i].bytes);
        moment += (points[i].probability - points[i - 1].probability) * (a * a + a * b + b * b) / 3;
    }
    return moment;
}

/// \return Pearson's chi-square statistic of counts against a uniform expectation
double
ChiSquare(const std::vector<uint64_t>& counts, double expected)
{
    double chiSquare = 0;
    for (uint64_t count : counts)
    {
        const double difference = static_cast<double>(count) - expected;
        chiSquare += difference * difference / expected;
    }
    return chiSquare;
}

} // namespace

TEST(BackgroundArrivals, RateFillsTheLoadOfTheHostLinks)
{
    // 0.5 * 16 hosts * 100 Gb/s = 800 Gb/s = 1e11 bytes/s of payload, in flows of 175 bytes.
    EXPECT_DOUBLE_EQ(BackgroundArrivals::ArrivalsPerSecond(16, 100e9, 0.5, TwoPointCdf()),
                     1e11 / 175);
}

TEST(BackgroundArrivals, RejectsLoadHostsAndRateOutOfRange)
{
    EXPECT_EQ(ErrorOf(16, 100e9, 1.5), "--load=1.5: a load must be in (0, 1)");
    EXPECT_EQ(ErrorOf(16, 100e9, 1), "--load=1: a load must be in (0, 1)");
    EXPECT_EQ(ErrorOf(16, 100e9, 0), "--load=0: a load must be in (0, 1)");
    EXPECT_EQ(ErrorOf(16, 100e9, -0.2), "--load=-0.2: a load must be in (0, 1)");
    EXPECT_EQ(ErrorOf(16, 100e9, std::nan("")), "--load=nan: a load must be in (0, 1)");
    EXPECT_EQ(ErrorOf(1, 100e9, 0.5), "background traffic needs at least 2 hosts, not 1");
    EXPECT_EQ(ErrorOf(16, 0, 0.5), "a host link's rate must be above 0 bit/s and finite, not 0");
    EXPECT_EQ(ErrorOf(16, -1e9, 0.5),
              "a host link's rate must be above 0 bit/s and finite, not -1e+09");
    EXPECT_EQ(ErrorOf(16, std::numeric_limits<double>::infinity(), 0.5),
              "a host link's rate must be above 0 bit/s and finite, not inf");
    EXPECT_THROW(BackgroundArrivals(16, 100e9, 1.5, TwoPointCdf(), UnitSource(1), Source(1)),
                 std::invalid_argument);
}

TEST(BackgroundArrivals, DrawsGapSourceDestinationAndSizeInOrder)
{
    // 0.5 * 4 hosts * 700 Mb/s / (8 * 175 bytes) = 1e6 flows/s: a mean gap of 1e6 ps.
    BackgroundArrivals arrivals(4,
                                700e6,
                                0.5,
                                TwoPointCdf(),
                                ScriptedUnits({0.5, 0.625, 0.0, 0.1, 1 - std::exp(-2.0), 0.999}),
                                ScriptedIndices({{4, 3}, {3, 2}, {4, 0}, {3, 0}, {4, 1}, {3, 1}}));

    // Gap ln 2 * 1e6 ps; source 3; the third other host is 2; 100 + 200 * 0.375 / 0.75 bytes.
    BackgroundFlow flow = arrivals.Next();
    EXPECT_EQ(flow.startPs, 693147);
    EXPECT_EQ(flow.source, 3U);
    EXPECT_EQ(flow.destination, 2U);
    EXPECT_EQ(flow.bytes, 200U);

    // Gap 0; source 0; the first other host is 1; the first size's own probability.
    flow = arrivals.Next();
    EXPECT_EQ(flow.startPs, 693147);
    EXPECT_EQ(flow.source, 0U);
    EXPECT_EQ(flow.destination, 1U);
    EXPECT_EQ(flow.bytes, 100U);

    // Gap 2e6 ps, added to the unrounded 693147.18; source 1; the second other host is 2;
    // 299.73 bytes, rounded.
    flow = arrivals.Next();
    EXPECT_EQ(flow.startPs, 2693147);
    EXPECT_EQ(flow.source, 1U);
    EXPECT_EQ(flow.destination, 2U);
    EXPECT_EQ(flow.bytes, 300U);
}

TEST(BackgroundArrivals, StartTimesDoNotDrift)
{
    // Gaps of 0.4 ps each: rounding each gap would start every flow at 0; the exact sum,
    // rounded, gives round(0.4 k).
    const double u = 1 - std::exp(-0.4e-6); // -ln(1 - u) / 1e6 flows/s = 0.4 ps
    BackgroundArrivals arrivals(
        4,
        700e6,
        0.5,
        TwoPointCdf(),
        [u] { return u; },
        [](uint32_t) { return 0U; });
    const std::vector<int64_t> expected = {0, 1, 1, 2, 2, 2, 3, 3, 4, 4};
    for (int64_t startPs : expected)
    {
        EXPECT_EQ(arrivals.Next().startPs, startPs);
    }
}

TEST(BackgroundArrivals, OffersTheLoadAndPoissonGaps)
{
    const FlowSizeCdf& sizes = *FlowSizeCdf::Builtin("web-search");
    const uint32_t hosts = 16;
    const double rate = 100e9;
    const double load = 0.6;
    const double horizonSeconds = 3;
    const double lambda = BackgroundArrivals::ArrivalsPerSecond(hosts, rate, load, sizes);
    BackgroundArrivals arrivals(hosts, rate, load, sizes, UnitSource(7), Source(7));

    double offeredBytes = 0;
    uint64_t flows = 0;
    uint64_t longGaps = 0; // gaps above the mean gap
    const double meanGapPs = 1e12 / lambda;
    int64_t previousPs = 0;
    int64_t lastPs = 0;
    while (true)
    {
        const BackgroundFlow flow = arrivals.Next();
        ASSERT_GE(flow.startPs, previousPs);
        if (flow.startPs > horizonSeconds * 1e12)
        {
            break;
        }
        offeredBytes += static_cast<double>(flow.bytes);
        ++flows;
        longGaps += static_cast<double>(flow.startPs - previousPs) > meanGapPs;
        previousPs = flow.startPs;
        lastPs = flow.startPs;
    }
    const double expectedFlows = lambda * horizonSeconds;
    ASSERT_GT(flows, 100000U);

    // The bytes offered in [0, T] are a compound Poisson sum S = X_1 + ... + X_N(T), N(T)
    // Poisson of mean lambda T, the X_i independent of it: E[S] = lambda T E[X] = load
    // * hosts * rate / 8 * T, and Var[S] = lambda T E[X^2]. Allow 5 standard deviations
    // (about 2.7% here).
    const double expectedBytes = load * hosts * rate / 8 * horizonSeconds;
    const double bytesDeviation = std::sqrt(expectedFlows * SecondMoment(sizes));
    EXPECT_NEAR(offeredBytes, expectedBytes, 5 * bytesDeviation);

    // The mean of n exponential gaps of mean 1/lambda has standard deviation
    // 1/(lambda sqrt n); rounding each start to a picosecond moves their sum by half a
    // picosecond at most.
    const double meanGap = static_cast<double>(lastPs) / flows;
    EXPECT_NEAR(meanGap, meanGapPs, 5 * meanGapPs / std::sqrt(flows));

    // Exponential gaps exceed their mean with probability 1/e: a binomial proportion of
    // standard deviation sqrt(p (1 - p) / n).
    const double p = std::exp(-1.0);
    EXPECT_NEAR(static_cast<double>(longGaps) / flows, p, 5 * std::sqrt(p * (1 - p) / flows));
}

TEST(BackgroundArrivals, PairsAreUniformAndNeverAHostToItself)
{
    const uint32_t hosts = 8;
    const uint64_t perPair = 1000;
    const uint64_t flows = perPair * hosts * (hosts - 1);
    BackgroundArrivals arrivals(hosts, 100e9, 0.3, TwoPointCdf(), UnitSource(3), Source(3));
    std::vector<uint64_t> bySource(hosts);
    std::vector<uint64_t> byPair(hosts * hosts);
    for (uint64_t i = 0; i < flows; ++i)
    {
        const BackgroundFlow flow = arrivals.Next();
        ASSERT_LT(flow.source, hosts);
        ASSERT_LT(flow.destination, hosts);
        ASSERT_NE(flow.source, flow.destination);
        ++bySource[flow.source];
        ++byPair[flow.source * hosts + flow.destination];
    }
    std::vector<uint64_t> orderedPairs;
    for (uint32_t s = 0; s < hosts; ++s)
    {
        for (uint32_t d = 0; d < hosts; ++d)
        {
            if (s != d)
            {
                orderedPairs.push_back(byPair[s * hosts + d]);
            }
        }
    }
    // Pearson's statistic over k uniform cells is about chi-square with k - 1 degrees of
    // freedom: mean k - 1, variance 2 (k - 1). Allow 5 standard deviations above the mean
    // (a tail below 1e-3 for k - 1 >= 7). Sources: 8 cells; ordered pairs (a uniform
    // source, then a uniform other host): 56 cells.
    const auto bound = [](double degrees) { return degrees + 5 * std::sqrt(2 * degrees); };
    EXPECT_LT(ChiSquare(bySource, static_cast<double>(flows) / hosts), bound(hosts - 1));
    EXPECT_LT(ChiSquare(orderedPairs, perPair), bound(orderedPairs.size() - 1));
}

TEST(BackgroundArrivals, TwoHostsAlwaysSendToTheOther)
{
    BackgroundArrivals arrivals(2, 100e9, 0.3, TwoPointCdf(), UnitSource(5), Source(5));
    for (int i = 0; i < 100; ++i)
    {
        const BackgroundFlow flow = arrivals.Next();
        EXPECT_EQ(flow.destination, 1 - flow.source);
    }
}

TEST(BackgroundArrivals, SameSeedsSameSequence)
{
    const FlowSizeCdf& sizes = *FlowSizeCdf::Builtin("hadoop");
    BackgroundArrivals first(32, 400e9, 0.4, sizes, UnitSource(11), Source(12));
    BackgroundArrivals again(32, 400e9, 0.4, sizes, UnitSource(11), Source(12));
    BackgroundArrivals other(32, 400e9, 0.4, sizes, UnitSource(13), Source(12));
    bool differs = false;
    for (int i = 0; i < 1000; ++i)
    {
        const BackgroundFlow a = first.Next();
        const BackgroundFlow b = again.Next();
        const BackgroundFlow c = other.Next();
        ASSERT_EQ(a.startPs, b.startPs);
        ASSERT_EQ(a.source, b.source);
        ASSERT_EQ(a.destination, b.destination);
        ASSERT_EQ(a.bytes, b.bytes);
        differs = differs || a.startPs != c.startPs || a.bytes != c.bytes;
    }
    EXPECT_TRUE(differs);
}

TEST(FlowSlowdown, PercentilesOfAHandMadeSet)
{
    // Slowdowns 1 .. 4 in (0, 100], 100 itself too, and 5 .. 10 in (100, 1000], 101 and
    // 1000 too, each out of order; nothing above 1000.
    std::vector<std::pair<uint64_t, double>> flows = {{100, 3}, {1, 1}, {50, 4}, {20, 2}};
    const std::vector<std::pair<uint64_t, double>> mediumFlows =
        {{500, 7}, {101, 5}, {1000, 10}, {700, 9}, {300, 6}, {900, 8}};
    flows.insert(flows.begin() + 2, mediumFlows.begin(), mediumFlows.end());
    const SlowdownSummary summary = SummariseSlowdowns(flows, {100, 1000});

    // GSL's quantile of n sorted values x_0 .. x_{n-1} is at rank (n - 1) p, interpolated:
    // for 1 .. 10, ranks 4.5, 8.55 and 8.91 are 5.5, 9.55 and 9.91.
    EXPECT_EQ(summary.flows, 10U);
    EXPECT_DOUBLE_EQ(summary.p50, 5.5);
    EXPECT_DOUBLE_EQ(summary.p95, 9.55);
    EXPECT_DOUBLE_EQ(summary.p99, 9.91);
    EXPECT_DOUBLE_EQ(summary.mean, 5.5);

    ASSERT_EQ(summary.buckets.size(), 3U);
    // 1 .. 4: ranks 1.5, 2.85, 2.97.
    const SlowdownBucket& small = summary.buckets[0];
    EXPECT_EQ(small.minBytes, 0U);
    EXPECT_EQ(small.maxBytes, 100U);
    EXPECT_EQ(small.flows, 4U);
    EXPECT_DOUBLE_EQ(small.p50, 2.5);
    EXPECT_DOUBLE_EQ(small.p95, 3.85);
    EXPECT_DOUBLE_EQ(small.p99, 3.97);
    EXPECT_DOUBLE_EQ(small.mean, 2.5);
    // 5 .. 10: ranks 2.5, 4.75, 4.95.
    const SlowdownBucket& medium = summary.buckets[1];
    EXPECT_EQ(medium.minBytes, 101U);
    EXPECT_EQ(medium.maxBytes, 1000U);
    EXPECT_EQ(medium.flows, 6U);
    EXPECT_DOUBLE_EQ(medium.p50, 7.5);
    EXPECT_DOUBLE_EQ(medium.p95, 9.75);
    EXPECT_DOUBLE_EQ(medium.p99, 9.95);
    EXPECT_DOUBLE_EQ(medium.mean, 7.5);
    // Kept though empty, with zeros.
    const SlowdownBucket& large = summary.buckets[2];
    EXPECT_EQ(large.minBytes, 1001U);
    EXPECT_EQ(large.maxBytes, std::numeric_limits<uint64_t>::max());
    EXPECT_EQ(large.flows, 0U);
    EXPECT_EQ(large.p50, 0.0);
    EXPECT_EQ(large.p95, 0.0);
    EXPECT_EQ(large.p99, 0.0);
    EXPECT_EQ(large.mean, 0.0);
}

TEST(FlowSlowdown, OneFlowAndNoFlows)
{
    const SlowdownSummary one = SummariseSlowdowns({{42, 3.5}}, {});
    EXPECT_EQ(one.flows, 1U);
    EXPECT_EQ(one.p50, 3.5);
    EXPECT_EQ(one.p99, 3.5);
    ASSERT_EQ(one.buckets.size(), 1U);
    EXPECT_EQ(one.buckets[0].minBytes, 0U);
    EXPECT_EQ(one.buckets[0].maxBytes, std::numeric_limits<uint64_t>::max());
    EXPECT_EQ(one.buckets[0].mean, 3.5);

    const SlowdownSummary none = SummariseSlowdowns({}, DefaultSlowdownBucketEdges());
    EXPECT_EQ(none.flows, 0U);
    EXPECT_EQ(none.p50, 0.0);
    EXPECT_EQ(none.mean, 0.0);
    ASSERT_EQ(none.buckets.size(), 6U);
    for (const SlowdownBucket& bucket : none.buckets)
    {
        EXPECT_EQ(bucket.flows, 0U);
        EXPECT_EQ(bucket.p95, 0.0);
    }
}

TEST(FlowSlowdown, DefaultEdgesAreDecades)
{
    EXPECT_EQ(DefaultSlowdownBucketEdges(),
              (std::vector<uint64_t>{1000, 10000, 100000, 1000000, 10000000}));
    const SlowdownSummary summary =
        SummariseSlowdowns({{10000001, 2}, {10000000, 1}}, DefaultSlowdownBucketEdges());
    EXPECT_EQ(summary.buckets[4].flows, 1U);
    EXPECT_EQ(summary.buckets[5].minBytes, 10000001U);
    EXPECT_EQ(summary.buckets[5].flows, 1U);
    EXPECT_EQ(summary.buckets[5].p50, 2.0);
}

TEST(FlowSlowdown, RejectsBadEdgesAndSlowdowns)
{
    EXPECT_THROW(SummariseSlowdowns({}, {100, 100}), std::invalid_argument);
    EXPECT_THROW(SummariseSlowdowns({}, {100, 50}), std::invalid_argument);
    EXPECT_THROW(SummariseSlowdowns({}, {std::numeric_limits<uint64_t>::max()}),
                 std::invalid_argument);
    EXPECT_THROW(SummariseSlowdowns({{100, std::nan("")}}, {}), std::invalid_argument);
    EXPECT_THROW(SummariseSlowdowns({{100, std::numeric_limits<double>::infinity()}}, {}),
                 std::invalid_argument);
}
