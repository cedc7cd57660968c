/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * fabric-lb-sim: the command-line driver of every fabric-lb experiment.
 *
 *   fabric-lb-sim --k=8 --lb=ecmp --workload=permutation --msgBytes=1048576 --out=run.json
 *   fabric-lb-sim --lb=help
 *   mpirun -np 2 fabric-lb-sim --k=8 ...   (in an ns-3 tree built with --enable-mpi)
 */

#include "ns3/command-line.h"
#include "ns3/core-module.h"
#include "ns3/driver-options.h"
#include "ns3/driver-run.h"
#include "ns3/fabric-ranks.h"

#include <optional>

using namespace ns3;

int
main(int argc, char* argv[])
{
    const FabricRanksScope ranks(&argc, &argv);
    Time::SetResolution(Time::PS);

    // fabric-lb's own scheduler, faster than ns-3's on this event mix (doc/performance.md);
    // --SchedulerType overrides it.
    GlobalValue::Bind("SchedulerType", StringValue("ns3::FabricScheduler"));

    CommandLine cmd(__FILE__);
    cmd.Usage("Runs one collective on a fabric (a k-ary fat tree, a leaf-spine) under one "
              "load-balancing scheme.");
    DriverOptions options("fabric-lb-sim");
    options.Declare(cmd);
    if (const std::optional<int> done = options.Parse(cmd, argc, argv))
    {
        return *done; // a help listing, or bad input
    }
    return RunDriver(options);
}
