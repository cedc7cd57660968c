/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_EXPERIMENT_CHECKS_H
#define FABRIC_LB_EXPERIMENT_CHECKS_H

#include "experiment-config.h"

#include "ns3/connection-matrix.h"
#include "ns3/wire-model.h"

namespace ns3
{

class FabricHelper;

/**
 * \ingroup fabric-lb
 * \brief Refuses a NIC that bypasses the stack without fabric ports, or with --flowmon, and a
 * receive queue that the IPv4 host path would not use.
 * \param fabric the fabric, configured but not built
 * \param config what to run
 * \throws std::invalid_argument naming the clash
 */
void CheckPortPaths(const FabricHelper& fabric, const ExperimentConfig& config);

/**
 * \ingroup fabric-lb
 * \brief Refuses a port buffer that holds no data packet of \p wire.
 * \param fabric the fabric, configured but not built
 * \param wire its wire model
 * \param kind the wire model's kind
 * \throws std::invalid_argument naming the buffer
 */
void CheckBuffer(const FabricHelper& fabric,
                 const fabriclb::WireModel& wire,
                 fabriclb::WireKind kind);

/**
 * \ingroup fabric-lb
 * \brief Refuses a fabric link, a server link or a degraded link slower or faster than the wire
 * model times (fabriclb::WireModel::CheckLinkRate).
 * \param fabric the fabric, configured but not built
 * \param config what to run (its failures)
 * \throws std::invalid_argument naming the link and its rate
 */
void CheckLinkRates(const FabricHelper& fabric, const ExperimentConfig& config);

/**
 * \ingroup fabric-lb
 * \brief Refuses a data packet larger than the devices' MTU.
 * \param fabric the fabric, configured but not built
 * \param wire its wire model
 * \throws std::invalid_argument naming the payload and the MTU
 */
void CheckMtu(const FabricHelper& fabric, const fabriclb::WireModel& wire);

/**
 * \ingroup fabric-lb
 * \brief Refuses a message of more packets than a queue pair counts.
 * \param traffic the messages
 * \param wire the fabric's wire model
 * \throws std::invalid_argument naming the message's size
 */
void CheckMessageSizes(const fabriclb::ConnectionMatrix& traffic, const fabriclb::WireModel& wire);

} // namespace ns3

#endif /* FABRIC_LB_EXPERIMENT_CHECKS_H */
