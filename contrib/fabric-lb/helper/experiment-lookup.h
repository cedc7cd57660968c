/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_EXPERIMENT_LOOKUP_H
#define FABRIC_LB_EXPERIMENT_LOOKUP_H

#include "experiment-config.h"

#include "ns3/collectives.h"
#include "ns3/fabric-registry.h"
#include "ns3/fabric-topology.h"

#include <memory>
#include <string>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \param name a scheme's name, or empty
 * \return the scheme named \p name, or if it is empty the registered scheme whose discipline
 * and host policy are FabricHelper's defaults
 * \throws std::invalid_argument for an unknown name, or defaults that form no registered scheme
 */
const fabriclb::LbScheme& ResolveLbScheme(const std::string& name);

/**
 * \ingroup fabric-lb
 * \param config what to run
 * \return the fabric \p config names, shaped by its kind's attributes (fabriclb::TopologyKind)
 * \throws std::invalid_argument for an unknown kind or a fabric that cannot be built
 */
std::shared_ptr<const fabriclb::FabricTopology> MakeTopology(const ExperimentConfig& config);

/**
 * \ingroup fabric-lb
 * \param name a recovery's name, or empty
 * \return the recovery named \p name, or if it is empty the one of RoceNic::Recovery's default
 * \throws std::invalid_argument for an unknown name or an unregistered default
 */
const fabriclb::RecoveryStrategy& ResolveRecovery(const std::string& name);

/**
 * \ingroup fabric-lb
 * \param name a congestion control's name, or empty
 * \return the congestion control named \p name, or if it is empty RoceNic::CongestionControl's
 * \throws std::invalid_argument for an unknown name or an unregistered default
 */
const fabriclb::CongestionControlStrategy& ResolveCongestionControl(const std::string& name);

/**
 * \ingroup fabric-lb
 * \param name a collective's name
 * \return the collective called \p name (fabriclb::Collectives)
 * \throws std::invalid_argument listing the known ones
 */
const fabriclb::Collective& CollectiveNamed(const std::string& name);

} // namespace ns3

#endif /* FABRIC_LB_EXPERIMENT_LOOKUP_H */
