/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_SWEEP_RUNS_H
#define FABRIC_LB_SWEEP_RUNS_H

#include "sweep-options.h"

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace sweep
{

/// One run of the grid.
struct Job
{
    std::string scheme; //!< load-balancing scheme
    uint64_t bytes;     //!< message size
    size_t variant;     //!< index into Options::varyValues (0 without --vary)
    uint32_t run;       //!< RngRun
    std::string json;   //!< where the driver writes its result
};

/// The grid in the order scheme, size, --vary value, run; each job with its JSON file.
std::vector<Job> MakeGrid(const Options& options);

/// \return the result in \p path, discarded if there is none, it cannot be read (a directory,
/// a pipe: fabriclb::ReadInputFile) or it is not one JSON object
nlohmann::json ReadResult(const std::string& path);

/// \return whether \p result is of an incomplete run: JSON written, not every message completed
bool IsIncomplete(const nlohmann::json& result);

/**
 * Keeps the runs of one set of settings in \p options.out: writes out/runs/settings.txt (the
 * fabric, workload, --vary flag and --extra every run shares) the first time, and on a
 * resumed sweep refuses settings other than those its runs were made with.
 * \throws std::invalid_argument naming both settings when they differ (the file is compared
 * whole), and for a settings file that cannot be read (fabriclb::ReadInputFile)
 */
void KeepSettings(const Options& options);

/// Runs the jobs without a result yet, --jobs at once, with a progress line; \return failures.
size_t RunGrid(const Options& options, const std::vector<Job>& grid);

} // namespace sweep

#endif /* FABRIC_LB_SWEEP_RUNS_H */
