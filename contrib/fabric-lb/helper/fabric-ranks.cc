/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fabric-ranks.h"

#include "ns3/global-value.h"
#include "ns3/simulator.h"
#include "ns3/string.h"

#include <algorithm>
#include <type_traits>

#ifdef NS3_MPI
#include "ns3/mpi-interface.h"

#include <mpi.h>
#endif

namespace ns3
{

#ifdef NS3_MPI
namespace
{

/// Combines \p values over the ranks, in place: their sum, or their maximum.
template <typename T>
void
Combine(std::vector<T>& values, bool sum)
{
    static_assert(std::is_same_v<T, uint64_t> || std::is_same_v<T, int64_t> ||
                  std::is_same_v<T, double>);
    if (FabricRanks::Count() == 1 || values.empty())
    {
        return;
    }
    MPI_Datatype type = MPI_DOUBLE;
    if constexpr (std::is_same_v<T, uint64_t>)
    {
        type = MPI_UINT64_T;
    }
    else if constexpr (std::is_same_v<T, int64_t>)
    {
        type = MPI_INT64_T;
    }
    MPI_Allreduce(MPI_IN_PLACE,
                  values.data(),
                  static_cast<int>(values.size()),
                  type,
                  sum ? MPI_SUM : MPI_MAX,
                  MpiInterface::GetCommunicator());
}

} // namespace

void
FabricRanks::Enable(int* argc, char*** argv)
{
    // MpiInterface::Enable selects the distributed simulator whatever the rank count; one
    // process keeps the simulator it had, without MPI (its synchronisation costs events).
    StringValue chosen;
    GlobalValue::GetValueByName("SimulatorImplementationType", chosen);
    MpiInterface::Enable(argc, argv);
    if (MpiInterface::GetSize() == 1)
    {
        MpiInterface::Disable();
        GlobalValue::Bind("SimulatorImplementationType", chosen);
    }
}

void
FabricRanks::Disable()
{
    if (MpiInterface::IsEnabled())
    {
        MpiInterface::Disable();
    }
}

uint32_t
FabricRanks::Count()
{
    return MpiInterface::IsEnabled() ? MpiInterface::GetSize() : 1;
}

uint32_t
FabricRanks::Local()
{
    return MpiInterface::IsEnabled() ? MpiInterface::GetSystemId() : 0;
}

#else

void
FabricRanks::Enable(int* /* argc */, char*** /* argv */)
{
}

void
FabricRanks::Disable()
{
}

uint32_t
FabricRanks::Count()
{
    return 1;
}

uint32_t
FabricRanks::Local()
{
    return 0;
}

namespace
{

/// Without MPI there is one rank: its values are already the combined ones.
template <typename T>
void
Combine(std::vector<T>& /* values */, bool /* sum */)
{
}

} // namespace

#endif

void
FabricRanks::Sum(std::vector<uint64_t>& values)
{
    Combine(values, true);
}

void
FabricRanks::Sum(std::vector<double>& values)
{
    Combine(values, true);
}

void
FabricRanks::Max(std::vector<int64_t>& values)
{
    Combine(values, false);
}

void
FabricRanks::Max(std::vector<double>& values)
{
    Combine(values, false);
}

void
FabricRanks::Run(const std::function<uint64_t()>& completedHere, uint64_t total, Time limit)
{
    if (Count() == 1)
    {
        if (limit.IsStrictlyPositive())
        {
            Simulator::Stop(limit);
        }
        Simulator::Run();
        return;
    }
    Time idle;
    while (true)
    {
        Time end = Simulator::Now() + NanoSeconds(SLICE_NS);
        if (limit.IsStrictlyPositive())
        {
            end = std::min(end, limit);
        }
        const uint64_t eventsBefore = Simulator::GetEventCount();
        Simulator::Stop(end - Simulator::Now());
        Simulator::Run();
        // counts: messages completed, events other than this slice's stop
        std::vector<uint64_t> counts{completedHere(),
                                     Simulator::GetEventCount() - eventsBefore - 1};
        Sum(counts);
        idle = counts[1] == 0 ? idle + NanoSeconds(SLICE_NS) : Time();
        if (counts[0] >= total || (limit.IsStrictlyPositive() && Simulator::Now() >= limit) ||
            idle >= NanoSeconds(IDLE_LIMIT_NS))
        {
            return;
        }
    }
}

} // namespace ns3
