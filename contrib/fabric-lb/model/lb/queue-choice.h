/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_QUEUE_CHOICE_H
#define FABRIC_LB_QUEUE_CHOICE_H

#include "ns3/uniform-index.h"

#include <cstdint>
#include <vector>

namespace ns3
{
namespace fabriclb
{

/// The default quantisation thresholds of switch adaptive routing, as fractions of the buffer.
const std::vector<double>& DefaultBandThresholds();

/**
 * \param backlogBytes a port's queue backlog in bytes
 * \param bufferBytes the port's buffer size in bytes
 * \param thresholds increasing fractions of the buffer (default 0.05, 0.10, 0.20)
 * \return the band: the number of thresholds t with backlog >= t * buffer, so
 * 0 (below 5%), 1 ([5%, 10%)), 2 ([10%, 20%)) or 3 (20% and more) by default
 */
uint32_t QuantisedBand(uint64_t backlogBytes,
                       uint64_t bufferBytes,
                       const std::vector<double>& thresholds = DefaultBandThresholds());

/**
 * \param n number of ports
 * \return the ports 0 .. n-1, in order: every port a candidate
 */
std::vector<uint32_t> EveryPort(uint32_t n);

/**
 * JSQ: join the shortest queue among some ports (every port, or those still
 * usable under failures).
 *
 * \param backlogs backlog of every port (any unit)
 * \param candidates the ports allowed (non-empty, each below backlogs.size())
 * \param draw source of uniform integers, for the tie-break
 * \return a uniformly random candidate among those of minimal backlog (no draw
 * when one candidate alone has it)
 * \throws std::invalid_argument if \p candidates is empty
 */
uint32_t ChooseShortest(const std::vector<uint32_t>& backlogs,
                        const std::vector<uint32_t>& candidates,
                        const UniformIndex& draw);

/**
 * RSQ: a uniformly random next hop.
 *
 * \param n number of candidates (at least 1)
 * \param draw source of uniform integers
 * \return a uniform index in [0, n)
 * \throws std::invalid_argument if n is 0
 */
uint32_t ChooseUniform(uint32_t n, const UniformIndex& draw);

/**
 * \ingroup fabric-lb
 * \brief Switch adaptive routing (Spectrum-X style): the ports' quantised
 * queues, read lazily as the study's switches read them (ChooseShortest over
 * Read picks the lowest band).
 *
 * Every port caches its band and the time it last computed it. A read at time
 * now recomputes a port's band from its backlog only when now is more than the
 * refresh interval after that port's last refresh; otherwise the cached band
 * stands. Every port starts in band 0, refreshed at time 0. A refresh interval
 * of 0 recomputes every band at every read: the instantaneous backlogs.
 */
class SampledBands
{
  public:
    /**
     * \param ports number of ports (at least 1)
     * \param bufferBytes per-port buffer size in bytes
     * \param refreshPs refresh interval in picoseconds; 0: at every read
     * \param thresholds band thresholds, see QuantisedBand
     * \throws std::invalid_argument if \p ports is 0
     */
    SampledBands(uint32_t ports,
                 uint64_t bufferBytes,
                 uint64_t refreshPs,
                 std::vector<double> thresholds = DefaultBandThresholds());

    /**
     * \param nowPs the current time in picoseconds, not before any earlier read
     * \param backlog called as backlog(port) for each port whose band is due for a
     * refresh, and only for those: that port's backlog in bytes now
     * \return every port's band as of \p nowPs
     */
    template <typename Backlog>
    const std::vector<uint32_t>& Read(uint64_t nowPs, const Backlog& backlog)
    {
        for (uint32_t port = 0; port < m_bands.size(); ++port)
        {
            if (m_refreshPs == 0 || nowPs - m_refreshedPs[port] > m_refreshPs)
            {
                m_bands[port] = QuantisedBand(backlog(port), m_bufferBytes, m_thresholds);
                m_refreshedPs[port] = nowPs;
            }
        }
        return m_bands;
    }

    /// \return when \p port's band was last computed, in picoseconds
    uint64_t RefreshedAt(uint32_t port) const
    {
        return m_refreshedPs.at(port);
    }

  private:
    std::vector<uint32_t> m_bands;       //!< each port's cached band
    std::vector<uint64_t> m_refreshedPs; //!< when each port's band was computed
    uint64_t m_bufferBytes;              //!< per-port buffer
    uint64_t m_refreshPs;                //!< refresh interval; 0: every read
    std::vector<double> m_thresholds;    //!< band thresholds
};

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_QUEUE_CHOICE_H */
