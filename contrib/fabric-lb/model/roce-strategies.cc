/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "roce-strategies.h"

#include <stdexcept>

namespace ns3
{
namespace fabriclb
{

const std::vector<RoceStrategy>&
RecoveryStrategies()
{
    static const std::vector<RoceStrategy> strategies{
        {"erasure", "ns3::RoceErasureRecovery"},
        {"study-erasure", "ns3::RoceStudyErasureRecovery"},
        {"gbn", "ns3::RoceGoBackNRecovery"},
        {"sack", "ns3::RoceSelectiveRepeatRecovery"},
    };
    return strategies;
}

const std::vector<RoceStrategy>&
CongestionControlStrategies()
{
    static const std::vector<RoceStrategy> strategies{
        {"fixed", "ns3::RoceFixedRate"},
        {"dcqcn", "ns3::RoceDcqcn", true},
        {"swift", "ns3::RoceSwift"},
    };
    return strategies;
}

const RoceStrategy&
FindRoceStrategy(const std::vector<RoceStrategy>& strategies,
                 const std::string& name,
                 const std::string& kind)
{
    std::string known;
    for (const RoceStrategy& strategy : strategies)
    {
        if (strategy.name == name)
        {
            return strategy;
        }
        known += (known.empty() ? "" : ", ") + strategy.name;
    }
    throw std::invalid_argument("unknown " + kind + " '" + name + "' (" + known + ")");
}

} // namespace fabriclb
} // namespace ns3
