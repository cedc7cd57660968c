/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FLOW_SLOWDOWN_H
#define FABRIC_LB_FLOW_SLOWDOWN_H

#include <cstdint>
#include <utility>
#include <vector>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief The slowdowns of the flows whose size is in [minBytes, maxBytes].
 *
 * A slowdown is a flow's completion time over the time it would take alone in
 * the fabric. Percentiles interpolate linearly between order statistics (GSL's
 * gsl_stats_quantile_from_sorted_data: the p-quantile of n sorted values is at
 * rank (n - 1) p). A bucket without flows has flows = 0 and every statistic 0,
 * never NaN, so that tables and JSON stay numeric.
 */
struct SlowdownBucket
{
    uint64_t minBytes; //!< the smallest size in the bucket
    uint64_t maxBytes; //!< the largest size in the bucket
    uint64_t flows;    //!< flows of those sizes
    double p50;        //!< median slowdown
    double p95;        //!< 95th percentile
    double p99;        //!< 99th percentile
    double mean;       //!< mean slowdown
};

/**
 * \ingroup fabric-lb
 * \brief The slowdowns of all flows, and of the flows of each size bucket
 * (statistics as in SlowdownBucket).
 */
struct SlowdownSummary
{
    uint64_t flows;                      //!< flows
    double p50;                          //!< median slowdown
    double p95;                          //!< 95th percentile
    double p99;                          //!< 99th percentile
    double mean;                         //!< mean slowdown
    std::vector<SlowdownBucket> buckets; //!< by size, in increasing order, empty ones kept
};

/**
 * \ingroup fabric-lb
 * \return the default bucket edges, decades of bytes: 1 KB, 10 KB, 100 KB, 1 MB and
 * 10 MB (decimal, as the flow-size tables count), so six buckets from [0, 1000]
 * to [10000001, 2^64 - 1]; 100 KB and 10 MB are also the edges of the small
 * (<= 100 KB) and large (> 10 MB) flows of pFabric and its successors
 */
std::vector<uint64_t> DefaultSlowdownBucketEdges();

/**
 * Summarises per-flow slowdowns.
 *
 * \param flows each flow's size in bytes and slowdown
 * \param bucketUpperEdges strictly increasing sizes, each below 2^64 - 1: bucket i
 * holds the sizes in (edge i-1, edge i] (the first from 0), and a last bucket the
 * sizes above the last edge
 * \return the statistics of all flows and of each bucket, bucketUpperEdges.size() + 1 buckets
 * \throws std::invalid_argument for edges that do not increase or reach 2^64 - 1, and for
 * a slowdown that is not a finite number
 */
SlowdownSummary SummariseSlowdowns(const std::vector<std::pair<uint64_t, double>>& flows,
                                   const std::vector<uint64_t>& bucketUpperEdges);

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_FLOW_SLOWDOWN_H */
