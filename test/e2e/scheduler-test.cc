/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The driver under fabric-lb's own event scheduler (ns3::FabricScheduler, the default) gives
 * the JSON of ns-3's PriorityQueueScheduler, field by field, wall time aside: a permutation
 * under Ofan, an all-to-all under hashing and under spraying with loss, selective repeat and
 * DCQCN (timers cancelled and rescheduled), and a link failing mid-run.
 */

#include "e2e-util.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <string>

using namespace fabriclbe2e;

namespace
{

/// A case of the driver under both schedulers.
class SchedulerIdentity : public ::testing::TestWithParam<std::string>
{
};

} // namespace

TEST_P(SchedulerIdentity, FabricSchedulerGivesPriorityQueueSchedulersJson)
{
    const std::string args = GetParam();
    const nlohmann::json ns3s =
        ResultJson(FABRIC_LB_SIM, args + " --SchedulerType=ns3::PriorityQueueScheduler");
    const nlohmann::json ours =
        ResultJson(FABRIC_LB_SIM, args + " --SchedulerType=ns3::FabricScheduler");
    ASSERT_GT(ns3s.value("events", 0), 0) << args;
    ASSERT_EQ(ns3s["messages_completed"], ns3s["messages"]) << args;
    for (const auto& [key, value] : ns3s.items())
    {
        EXPECT_EQ(ours.value(key, nlohmann::json()), value) << key << " of " << args;
    }
    EXPECT_EQ(ours.size(), ns3s.size()) << args;
}

INSTANTIATE_TEST_SUITE_P(
    EveryCase,
    SchedulerIdentity,
    ::testing::Values("--k=8 --workload=permutation --msgBytes=1048576 --lb=ofan",
                      "--k=4 --workload=all-to-all --msgBytes=262144 --lb=ecmp",
                      "--k=4 --workload=all-to-all --msgBytes=65536 --lb=reps --recovery=sack "
                      "--cc=dcqcn --lossRate=0.005",
                      "--k=4 --workload=all-to-all --msgBytes=262144 --lb=reps "
                      "--failLinks=agg-p0-0:core-0@3us --convergence=1rtt --failMode=drop"));
