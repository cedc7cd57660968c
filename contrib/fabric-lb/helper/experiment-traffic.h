/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_EXPERIMENT_TRAFFIC_H
#define FABRIC_LB_EXPERIMENT_TRAFFIC_H

#include "experiment-config.h"
#include "job-set.h"

#include "ns3/collectives.h"
#include "ns3/connection-matrix.h"
#include "ns3/fabric-topology.h"
#include "ns3/ptr.h"
#include "ns3/random-variable-stream.h"

#include <cstdint>
#include <string>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \return a new random stream on the workload's stream number, so that each collective
 * built from it draws what a lone run of it draws
 */
Ptr<UniformRandomVariable> WorkloadStream();

/**
 * \ingroup fabric-lb
 * \param config what to run
 * \param hosts number of hosts taking part
 * \param rng where the collective draws from (by default a new WorkloadStream)
 * \return the parameters of \p config's collective on \p hosts hosts
 */
fabriclb::CollectiveParams CollectiveParamsOf(const ExperimentConfig& config,
                                              uint32_t hosts,
                                              Ptr<UniformRandomVariable> rng = WorkloadStream());

/**
 * \ingroup fabric-lb
 * \brief The collective of \p config (fabriclb::Collectives) as a connection
 * matrix, its randomness drawn from the ns-3 stream that RunFabricExperiment uses
 * (so RngRun changes a permutation).
 * \param config what to run
 * \param hosts number of hosts
 * \return the flows (message id = index) and triggers
 * \throws std::invalid_argument for an unknown collective or bad parameters
 * (fabriclb::MatrixError for a bad file)
 */
fabriclb::ConnectionMatrix BuildTraffic(const ExperimentConfig& config, uint32_t hosts);

/**
 * \ingroup fabric-lb
 * \brief Reads the jobs of \p config's JobsFile, places them on \p topology and builds each
 * job's collective, a job's own parameters over \p config's.
 * \param config what to run
 * \param topology the fabric
 * \return the jobs
 * \throws std::invalid_argument for a bad file, job or placement
 */
JobSet ReadJobs(const ExperimentConfig& config, const fabriclb::FabricTopology& topology);

/**
 * \ingroup fabric-lb
 * \brief Writes \p traffic as an htsim connection-matrix file.
 * \param path the file
 * \param traffic the flows
 * \throws std::invalid_argument if the file cannot be written
 */
void WriteConnectionMatrixFile(const std::string& path, const fabriclb::ConnectionMatrix& traffic);

} // namespace ns3

#endif /* FABRIC_LB_EXPERIMENT_TRAFFIC_H */
