/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_EXPERIMENT_FAILURES_H
#define FABRIC_LB_EXPERIMENT_FAILURES_H

#include "experiment-config.h"
#include "experiment-result.h"

#include "ns3/connection-matrix.h"
#include "ns3/fabric-paths.h"
#include "ns3/ptr.h"
#include "ns3/wire-model.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

class FabricHelper;
class LinkFailureManager;

/**
 * \ingroup fabric-lb
 * \brief An experiment's link failures: checks a FailureSpec and names its links
 * (Configure), fails them on the built fabric and caps the flows' rate at rho_max
 * (Install), and reads what the failures did (Collect).
 */
class ExperimentFailures
{
  public:
    /// No failures yet.
    ExperimentFailures();
    /// Out of line: the members' types are complete only in the .cc.
    ~ExperimentFailures();

    /**
     * Checks \p spec (its plane, probability, convergence and time limit) and names the links
     * to fail: \p traffic's failure lines (htsim's fat-tree link ids), then the spec's Links,
     * each link at most once. Leaves in \p traffic what fails at time 0, so that
     * --dump-matrix writes it for htsim.
     * \param spec the failures
     * \param matrixFile the matrix file the failure lines come from, for error messages
     * \param fabric the fabric, its topology set
     * \param traffic the run's traffic
     * \param result takes the convergence delay G
     * \throws std::invalid_argument naming a bad setting or link
     */
    void Configure(const FailureSpec& spec,
                   const std::string& matrixFile,
                   const FabricHelper& fabric,
                   fabriclb::ConnectionMatrix& traffic,
                   ExperimentResult& result);

    /// \return the time limit the spec sets, 0 for an automatic one
    uint64_t GetTimeLimitPs() const
    {
        return m_timeLimitPs;
    }

    /**
     * Fails the links on the built \p fabric and, at FailureSpec::RHO_MAX, caps every NIC's
     * flows at rho_max of the whole failure pattern.
     * \param fabric the fabric, built
     * \param traffic the run's traffic
     * \param wire the fabric's wire model
     * \param result takes the failed links and rho_max
     * \return the flows' pacing gap at rho_max (0: none)
     */
    uint64_t Install(Ptr<FabricHelper> fabric,
                     const fabriclb::ConnectionMatrix& traffic,
                     const fabriclb::WireModel& wire,
                     ExperimentResult& result);

    /// \return every link's capacity as a fraction of its rate once its failure has happened,
    /// by link id (degraded links below 1); empty if none fails. After Install.
    const std::vector<double>& GetLinkCapacities() const
    {
        return m_linkCapacities;
    }

    /**
     * Reads what the failures did into \p result and releases the failure manager.
     * \param result takes the black-hole drops and whether the fabric converged
     * \return each link's carried share by link id (empty without failures)
     */
    std::vector<double> Collect(ExperimentResult& result);

  private:
    /// \return whether any link may fail (a probability, --failLinks or failure lines)
    bool HasFailures() const;

    FailureSpec m_spec;                                  //!< what fails
    uint64_t m_timeLimitPs{0};                           //!< the spec's time limit; 0: auto
    std::vector<fabriclb::NamedFailure> m_namedFailures; //!< the links named to fail
    Ptr<LinkFailureManager> m_manager;                   //!< if links fail
    std::vector<double> m_linkCapacities;                //!< by link id, once failed
};

} // namespace ns3

#endif /* FABRIC_LB_EXPERIMENT_FAILURES_H */
