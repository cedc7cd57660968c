/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_QUEUE_CHOICE_H
#define FABRIC_LB_QUEUE_CHOICE_H

#include "uniform-index.h"

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
 * Switch adaptive routing (Spectrum-X style): the shortest quantised queue.
 *
 * \param backlogs backlog in bytes of each candidate port
 * \param bufferBytes per-port buffer size in bytes
 * \param draw source of uniform integers, for the tie-break
 * \param thresholds band thresholds, see QuantisedBand
 * \return the index of a uniformly random candidate among those in the lowest band
 * \throws std::invalid_argument if \p backlogs is empty
 */
uint32_t ChooseLowestBand(const std::vector<uint32_t>& backlogs,
                          uint64_t bufferBytes,
                          const UniformIndex& draw,
                          const std::vector<double>& thresholds = DefaultBandThresholds());

/**
 * JSQ: join the shortest queue.
 *
 * \param backlogs backlog of each candidate port (any unit)
 * \param draw source of uniform integers, for the tie-break
 * \return the index of a uniformly random candidate among those of minimal backlog
 * \throws std::invalid_argument if \p backlogs is empty
 */
uint32_t ChooseShortest(const std::vector<uint32_t>& backlogs, const UniformIndex& draw);

/**
 * RSQ: a uniformly random next hop.
 *
 * \param n number of candidates (at least 1)
 * \param draw source of uniform integers
 * \return a uniform index in [0, n)
 * \throws std::invalid_argument if n is 0
 */
uint32_t ChooseUniform(uint32_t n, const UniformIndex& draw);

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_QUEUE_CHOICE_H */
