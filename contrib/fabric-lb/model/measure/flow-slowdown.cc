/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "flow-slowdown.h"

#include <algorithm>
#include <cmath>
#include <gsl/gsl_statistics_double.h>
#include <limits>
#include <stdexcept>
#include <string>

namespace ns3
{
namespace fabriclb
{

namespace
{

/// The statistics of some slowdowns, 0 when there are none.
struct SlowdownStatistics
{
    uint64_t flows; //!< how many
    double p50;     //!< median
    double p95;     //!< 95th percentile
    double p99;     //!< 99th percentile
    double mean;    //!< mean
};

/// \return the statistics of slowdowns (sorted in place)
SlowdownStatistics
Statistics(std::vector<double>& slowdowns)
{
    if (slowdowns.empty())
    {
        return {0, 0, 0, 0, 0};
    }
    std::sort(slowdowns.begin(), slowdowns.end());
    const double* data = slowdowns.data();
    const size_t n = slowdowns.size();
    return {n,
            gsl_stats_quantile_from_sorted_data(data, 1, n, 0.50),
            gsl_stats_quantile_from_sorted_data(data, 1, n, 0.95),
            gsl_stats_quantile_from_sorted_data(data, 1, n, 0.99),
            gsl_stats_mean(data, 1, n)};
}

} // namespace

std::vector<uint64_t>
DefaultSlowdownBucketEdges()
{
    return {1000, 10000, 100000, 1000000, 10000000};
}

SlowdownSummary
SummariseSlowdowns(const std::vector<std::pair<uint64_t, double>>& flows,
                   const std::vector<uint64_t>& bucketUpperEdges)
{
    constexpr uint64_t MAX_BYTES = std::numeric_limits<uint64_t>::max();
    for (size_t i = 0; i < bucketUpperEdges.size(); ++i)
    {
        if ((i > 0 && bucketUpperEdges[i] <= bucketUpperEdges[i - 1]) ||
            bucketUpperEdges[i] == MAX_BYTES)
        {
            throw std::invalid_argument(
                "slowdown bucket edges must increase and stay below 2^64 - 1; edge " +
                std::to_string(i) + " is " + std::to_string(bucketUpperEdges[i]));
        }
    }

    std::vector<double> all;
    all.reserve(flows.size());
    std::vector<std::vector<double>> byBucket(bucketUpperEdges.size() + 1);
    for (const auto& [bytes, slowdown] : flows)
    {
        if (!std::isfinite(slowdown))
        {
            throw std::invalid_argument("the slowdown of a flow of " + std::to_string(bytes) +
                                        " bytes is not a finite number");
        }
        all.push_back(slowdown);
        const auto edge = std::lower_bound(bucketUpperEdges.begin(), bucketUpperEdges.end(), bytes);
        byBucket[edge - bucketUpperEdges.begin()].push_back(slowdown);
    }

    const SlowdownStatistics total = Statistics(all);
    SlowdownSummary summary{total.flows, total.p50, total.p95, total.p99, total.mean, {}};
    for (size_t i = 0; i < byBucket.size(); ++i)
    {
        const SlowdownStatistics bucket = Statistics(byBucket[i]);
        summary.buckets.push_back({i == 0 ? 0 : bucketUpperEdges[i - 1] + 1,
                                   i < bucketUpperEdges.size() ? bucketUpperEdges[i] : MAX_BYTES,
                                   bucket.flows,
                                   bucket.p50,
                                   bucket.p95,
                                   bucket.p99,
                                   bucket.mean});
    }
    return summary;
}

} // namespace fabriclb
} // namespace ns3
