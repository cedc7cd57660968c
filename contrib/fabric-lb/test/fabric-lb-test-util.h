/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_TEST_UTIL_H
#define FABRIC_LB_TEST_UTIL_H

#include "ns3/config.h"
#include "ns3/fabric-experiment.h"
#include "ns3/nstime.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace fabriclbtest
{

/// The module needs picoseconds; set them before a test case makes any Time.
inline void
UsePicoseconds()
{
    if (Time::GetResolution() != Time::PS)
    {
        Time::SetResolution(Time::PS);
    }
}

/// Runs one experiment with FatTreeHelper::K set to \p k for its duration.
inline ExperimentResult
RunWithK(uint32_t k, const ExperimentConfig& config)
{
    UsePicoseconds();
    Config::SetDefault("ns3::FatTreeHelper::K", UintegerValue(k));
    ExperimentResult result = RunFabricExperiment(config);
    Config::SetDefault("ns3::FatTreeHelper::K", UintegerValue(8));
    return result;
}

} // namespace fabriclbtest
} // namespace ns3

#endif /* FABRIC_LB_TEST_UTIL_H */
