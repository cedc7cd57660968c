/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_BACKGROUND_ARRIVALS_H
#define FABRIC_LB_BACKGROUND_ARRIVALS_H

#include "flow-size-cdf.h"

#include "ns3/uniform-index.h"

#include <cstdint>
#include <functional>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * Draws a uniform real number in [0, 1). The ns-3 glue passes a
 * UniformRandomVariable's GetValue, unit tests a seeded engine.
 */
using UniformUnit = std::function<double()>;

/**
 * \ingroup fabric-lb
 * \brief One background flow: when it starts, between which hosts, how large.
 */
struct BackgroundFlow
{
    int64_t startPs;      //!< start time in picoseconds from the start of the background
    uint32_t source;      //!< sending host
    uint32_t destination; //!< receiving host, never the source
    uint64_t bytes;       //!< payload bytes, drawn from the flow-size distribution
};

/**
 * \ingroup fabric-lb
 * \brief Background traffic: flows between random pairs of hosts, arriving as
 * one Poisson process for the whole fabric, without a simulator.
 *
 * The rate is set so that the flows' payload fills a fraction `load` of the
 * hosts' links: the hosts together can send hosts * rate / 8 bytes a second, so
 * flows of MeanBytes each arrive at
 *
 *   lambda = load * hosts * rate / (8 * MeanBytes)  per second,
 *
 * each host sending load * rate / 8 payload bytes a second on average, and, since
 * destinations are uniform too, receiving as much. Headers are not counted, so the
 * links carry a little more than `load`: this is HPCC's traffic_gen.py, whose
 * per-host Poisson processes at load * rate / (8 * mean) add up to this one
 * (pFabric's and PIAS's ns-2 scripts instead count 1500 wire bytes per 1460 of
 * payload).
 *
 * Each Next draws, in this order: the gap since the previous flow, -ln(1 - u) /
 * lambda for u from the UniformUnit (exponential, mean 1/lambda); the source,
 * uniform over the hosts; the destination, uniform over the other hosts; the size,
 * FlowSizeCdf::Sample of a second u. The first flow starts one gap after 0.
 */
class BackgroundArrivals
{
  public:
    /**
     * \param hosts hosts in the fabric, at least 2
     * \param hostLinkBitsPerSecond a host link's rate, above 0
     * \param load the fraction of the host links' capacity offered, in (0, 1)
     * \param sizes the flow-size distribution (copied)
     * \param uniform the draws for gaps and sizes, in [0, 1)
     * \param hostIndex the draws for sources and destinations
     * \throws std::invalid_argument as ArrivalsPerSecond does
     */
    BackgroundArrivals(uint32_t hosts,
                       double hostLinkBitsPerSecond,
                       double load,
                       const FlowSizeCdf& sizes,
                       UniformUnit uniform,
                       UniformIndex hostIndex);

    /**
     * \return the next flow; start times never decrease
     */
    BackgroundFlow Next();

    /**
     * \param hosts hosts in the fabric, at least 2
     * \param hostLinkBitsPerSecond a host link's rate, above 0
     * \param load the fraction of the host links' capacity offered, in (0, 1)
     * \param sizes the flow-size distribution
     * \return lambda = load * hosts * hostLinkBitsPerSecond / (8 * sizes.MeanBytes()):
     * flows per second, for the whole fabric (see the class)
     * \throws std::invalid_argument, one line, for a load outside (0, 1) (as
     * "--load=1.5: a load must be in (0, 1)"), fewer than 2 hosts or a rate not above 0
     */
    static double ArrivalsPerSecond(uint32_t hosts,
                                    double hostLinkBitsPerSecond,
                                    double load,
                                    const FlowSizeCdf& sizes);

  private:
    uint32_t m_hosts;         //!< hosts in the fabric
    double m_flowsPerSecond;  //!< lambda
    FlowSizeCdf m_sizes;      //!< the flow-size distribution
    UniformUnit m_uniform;    //!< draws for gaps and sizes
    UniformIndex m_hostIndex; //!< draws for sources and destinations
    double m_elapsedPs;       //!< the exact sum of the gaps so far, in picoseconds
};

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_BACKGROUND_ARRIVALS_H */
