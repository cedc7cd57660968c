/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_DRIVER_RUN_H
#define FABRIC_LB_DRIVER_RUN_H

#include "driver-options.h"

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief Runs what a parsed command line asks for: writes the workload (--dump-matrix), or
 * runs the experiment, prints its summary and writes its outputs (--out, --flows, --flowmon).
 * Outputs are opened once the configuration holds, so that a refused run leaves no empty
 * file, and before the run, so that an unwritable one costs no run.
 * \param options the command line, parsed
 * \return the exit status: 0 for a finished run, 1 for a deadlock, unbalanced packet books
 * or messages left undone, 2 for bad input
 */
int RunDriver(const DriverOptions& options);

} // namespace ns3

#endif /* FABRIC_LB_DRIVER_RUN_H */
