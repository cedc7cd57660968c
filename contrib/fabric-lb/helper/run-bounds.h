/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_RUN_BOUNDS_H
#define FABRIC_LB_RUN_BOUNDS_H

#include "job-set.h"

#include "ns3/collectives.h"
#include "ns3/connection-matrix.h"
#include "ns3/object-base.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace ns3
{

class FabricBounds;
class FabricHelper;

/**
 * \ingroup fabric-lb
 * \brief A run's lower bounds and the simulated time at which it gives up.
 */
struct RunBounds
{
    uint64_t boundPs{0};                   //!< the whole traffic's bound (0: none)
    std::vector<uint64_t> messageBoundsPs; //!< by message id, each alone on the idle fabric
    std::vector<uint64_t> jobBoundsPs;     //!< by job: one iteration's bound
    uint64_t timeLimitPs{0};               //!< when the run gives up
};

/**
 * \ingroup fabric-lb
 * \brief How much work a run may be expected to take before it is refused, as attributes
 * (ns3::RunLimits::MaxEvents): a user who means a longer run raises it.
 */
class RunLimits : public ObjectBase
{
  public:
    /// \return the attributes
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;
    /// Takes the attributes' defaults.
    RunLimits();

    uint64_t maxEvents; //!< the most events a run may expect (0: no limit)
};

/**
 * \ingroup fabric-lb
 * \brief Bounds a run's traffic: the collective's bound, or with several jobs the latest job's
 * iterations one after another, and every message's own; gives the run a time limit unless one
 * is given: 50 times its bound, twice what its degraded links may take at their rate
 * (fabriclb::EstimateSlowLinkPs), at least 200 us. Refuses a run whose work
 * (fabriclb::EstimateRunWork) needs more memory than the machine has or more events than
 * RunLimits::MaxEvents; says on stderr that a run below them is expected to be long.
 * \param bounds the built fabric's bounds
 * \param fabric the built fabric
 * \param traffic the run's messages
 * \param kind the collective's bound (MATRIX with jobs)
 * \param jobs the jobs, if any
 * \param hosts hosts taking part
 * \param flowGapPs the flows' pacing gap at rho_max under failures (0: none)
 * \param timeLimitPs the time limit given (0: automatic)
 * \param linkCapacities each link's capacity as a fraction of its rate, by link id (empty:
 * all 1)
 * \param backgroundMaxBytes the largest background flow, if any
 * \return the bounds and the time limit
 * \throws std::invalid_argument if the bound could outlast ns-3's clock, or the run needs
 * more memory than the machine has or more events than RunLimits::MaxEvents
 */
RunBounds ComputeRunBounds(const FabricBounds& bounds,
                           const FabricHelper& fabric,
                           const fabriclb::ConnectionMatrix& traffic,
                           fabriclb::CollectiveBound kind,
                           const JobSet* jobs,
                           uint32_t hosts,
                           uint64_t flowGapPs,
                           uint64_t timeLimitPs,
                           const std::vector<double>& linkCapacities,
                           std::optional<uint64_t> backgroundMaxBytes);

} // namespace ns3

#endif /* FABRIC_LB_RUN_BOUNDS_H */
