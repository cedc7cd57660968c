/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Runs the module's ns-3 TestSuites in the stand-alone build, as ns-3's own
 * test-runner does in-tree: fabric-lb-test-runner --suite=NAME.
 */

#include "ns3/test.h"

int
main(int argc, char* argv[])
{
    return ns3::TestRunner::Run(argc, argv);
}
