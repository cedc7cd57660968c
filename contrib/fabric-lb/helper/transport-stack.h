/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_TRANSPORT_STACK_H
#define FABRIC_LB_TRANSPORT_STACK_H

#include "ns3/fabric-registry.h"

#include <functional>
#include <string>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief A transport as deployed (the driver's --transport): a loss recovery, a congestion
 * control and whether switches trim, composed in one name. Each part stays its own flag
 * (--recovery, --cc, --trim): one given beside the stack replaces that part.
 */
struct TransportStack
{
    std::string name;        //!< name as the driver's --transport takes it
    std::string description; //!< one line for --transport=help
    std::string recovery;    //!< its loss recovery (fabriclb::RecoveryStrategies)
    std::string cc;          //!< its congestion control (fabriclb::CongestionControls)
    bool trim{false};        //!< switches trim what they would drop (FatTreeHelper::Trim)
};

/// \return the registry of transport stacks
inline Registry<TransportStack>&
TransportStacks()
{
    return Registry<TransportStack>::Instance();
}

/**
 * \ingroup fabric-lb
 * \brief Sets the defaults of the stack named \p name, part by part, for the parts not given
 * on their own: ExperimentConfig's Recovery and CongestionControl, FatTreeHelper's Trim.
 * \param name a stack's name
 * \param given whether the driver's flag of a part (recovery, cc, trim) was given
 * \throws std::invalid_argument for an unknown name, listing the known ones
 */
void ApplyTransportStack(const std::string& name,
                         const std::function<bool(const std::string& flag)>& given);

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_TRANSPORT_STACK_H */
