/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FABRIC_RANKS_H
#define FABRIC_LB_FABRIC_RANKS_H

#include "ns3/nstime.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief The ranks one simulation is spread over with ns-3's MPI engine.
 *
 * In an ns-3 tree configured with `--enable-mpi`, Enable() starts MPI and,
 * under `mpirun -np N` with N > 1, selects ns-3's DistributedSimulatorImpl
 * (one process ends MPI again and keeps its simulator); every rank builds the whole fabric and
 * simulates the nodes placed on it (fabriclb::FabricPartition). The reductions combine what each
 * rank counted. Built without MPI (Debian's ns-3), there is one rank and the reductions leave their
 * arguments as they are.
 */
class FabricRanks
{
  public:
    /**
     * Starts MPI (if built with it) and selects the distributed simulator when
     * there is more than one rank; with one, ends MPI and keeps the simulator
     * implementation that was chosen. Call before any other ns-3 call.
     * \param argc the program's argc
     * \param argv the program's argv
     */
    static void Enable(int* argc, char*** argv);

    /// Ends MPI, if Enable() started it.
    static void Disable();

    /// \return the number of ranks (1 without MPI)
    static uint32_t Count();

    /// \return this process's rank (0 without MPI)
    static uint32_t Local();

    /**
     * Runs the simulation until every message of the collective completed,
     * the time limit, or the end of events. On one rank the last completion
     * stops the simulation itself; spread over ranks, the ranks run in slices
     * of SLICE of simulated time and count their completions together after
     * each (so they may run up to one slice past the last completion), and
     * give up after IDLE_LIMIT in which only the slices' ends happened.
     * \param completedHere messages this rank's hosts completed so far
     * \param total messages of the whole collective
     * \param limit simulated time to give up at; zero: none
     */
    static void Run(const std::function<uint64_t()>& completedHere, uint64_t total, Time limit);

    /// Simulated time between two counts of completions over the ranks.
    static constexpr int64_t SLICE_NS = 1000;

    /// Simulated time of nothing but slice ends after which a distributed run gives up.
    static constexpr int64_t IDLE_LIMIT_NS = 1000000;

    /// Replaces each element by its sum over the ranks.
    static void Sum(std::vector<uint64_t>& values);

    /// Replaces each element by its sum over the ranks.
    static void Sum(std::vector<double>& values);

    /// Replaces each element by its maximum over the ranks.
    static void Max(std::vector<int64_t>& values);

    /// Replaces each element by its maximum over the ranks.
    static void Max(std::vector<double>& values);
};

/**
 * \ingroup fabric-lb
 * \brief Enables FabricRanks for its lifetime: a program's first line.
 */
class FabricRanksScope
{
  public:
    /**
     * \param argc the program's argc
     * \param argv the program's argv
     */
    FabricRanksScope(int* argc, char*** argv)
    {
        FabricRanks::Enable(argc, argv);
    }

    ~FabricRanksScope()
    {
        FabricRanks::Disable();
    }

    FabricRanksScope(const FabricRanksScope&) = delete;
    FabricRanksScope& operator=(const FabricRanksScope&) = delete;
};

} // namespace ns3

#endif // FABRIC_LB_FABRIC_RANKS_H
