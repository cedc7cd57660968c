/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_ROCE_STRATEGIES_H
#define FABRIC_LB_ROCE_STRATEGIES_H

#include <string>
#include <vector>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief A transport strategy by name: the TypeId behind the driver's
 * --recovery or --cc.
 */
struct RoceStrategy
{
    std::string name;       //!< name as the driver takes it
    std::string typeName;   //!< TypeId name of the RoceRecoveryOps or RoceCongestionOps
    bool redMarking{false}; //!< congestion control: switch queues mark RED-style for it
};

/// \return every loss-recovery strategy (RoceNic::Recovery)
const std::vector<RoceStrategy>& RecoveryStrategies();

/// \return every congestion-control strategy (RoceNic::CongestionControl)
const std::vector<RoceStrategy>& CongestionControlStrategies();

/**
 * \param strategies RecoveryStrategies() or CongestionControlStrategies()
 * \param name a strategy name
 * \param kind what the strategies are, for the error message
 * \return the strategy of that name
 * \throws std::invalid_argument naming \p name and the known names otherwise
 */
const RoceStrategy& FindRoceStrategy(const std::vector<RoceStrategy>& strategies,
                                     const std::string& name,
                                     const std::string& kind);

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_ROCE_STRATEGIES_H */
