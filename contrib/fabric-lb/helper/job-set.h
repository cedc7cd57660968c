/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_JOB_SET_H
#define FABRIC_LB_JOB_SET_H

#include "ns3/experiment-result.h"
#include "ns3/fabric-topology.h"
#include "ns3/job-plan.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief Several jobs on one fabric (--jobs=FILE): their hosts, their collectives
 * composed into one traffic (fabriclb::ComposeJobs), the release of each job's later
 * iterations a gap after the previous one's end (its last message acknowledged and its last
 * compute done), and each iteration's completion time.
 */
class JobSet
{
  public:
    /// Builds a job's collective over its ranks (one iteration).
    using BuildJob = std::function<fabriclb::ConnectionMatrix(const fabriclb::JobSpec&)>;
    /// Starts the message of flow index \p flow now.
    using StartFlow = std::function<void(uint32_t flow)>;
    /// Releases compute index \p compute to its GPU now.
    using StartCompute = std::function<void(uint32_t compute)>;

    /**
     * Reads, places and composes the jobs of a file.
     * \param path the jobs file
     * \param topology the fabric
     * \param draw randomness for random placement
     * \param build a job's collective
     * \return the jobs \throws fabriclb::JobsError naming the file and job
     */
    static JobSet Read(const std::string& path,
                       const fabriclb::FabricTopology& topology,
                       const fabriclb::UniformIndex& draw,
                       const BuildJob& build);

    /**
     * \param job an index into the jobs
     * \return job \p job alone on the same hosts with the same traffic, starting at 0
     */
    JobSet Alone(uint32_t job) const;

    /// \return the jobs' traffic, composed
    const fabriclb::ConnectionMatrix& Traffic() const
    {
        return m_composed.traffic;
    }

    /// \return the jobs, placed
    const std::vector<fabriclb::JobSpec>& Jobs() const
    {
        return m_file.jobs;
    }

    /**
     * \param job an index into the jobs
     * \return its collective, one iteration, on its hosts (as the fabric numbers them), its
     * flows and computes numbered from 0
     */
    fabriclb::ConnectionMatrix IterationTraffic(uint32_t job) const;

    /**
     * Releases later iterations during the run.
     * \param start starts a flow now
     * \param startCompute releases a compute now
     */
    void Start(StartFlow start, StartCompute startCompute);

    /**
     * The NICs' MessageAcked sink.
     * \param flow the message id (flow index)
     */
    void MessageAcked(uint32_t flow, uint32_t /* queuePair */);

    /**
     * Told of each compute's end (after its done trigger has fired).
     * \param compute the compute's index
     */
    void ComputeDone(uint32_t compute);

    /**
     * \param completionsPs every flow's completion, -1 if none
     * \param computeCompletionsPs every compute's end, -1 if none
     * \param boundsPs by job: one iteration's bound alone on the fabric
     * \return each job's results (JobResult::aloneCctPs left empty): an iteration ends with
     * its last message's completion or its last compute's end, whichever is later
     */
    std::vector<JobResult> Measure(const std::vector<int64_t>& completionsPs,
                                   const std::vector<int64_t>& computeCompletionsPs,
                                   const std::vector<uint64_t>& boundsPs) const;

  private:
    /// Counts one task of \p owner's iteration done; releases the next a gap after the last.
    void TaskDone(const fabriclb::FlowOwner& owner);

    /// Starts iteration \p iteration of job \p job now.
    void Release(uint32_t job, uint32_t iteration);

    fabriclb::JobsFile m_file;                       //!< the jobs, placed
    std::vector<fabriclb::ConnectionMatrix> m_built; //!< by job: one iteration, its ranks
    fabriclb::ComposedJobs m_composed;               //!< the traffic
    StartFlow m_start;                               //!< starts a flow
    StartCompute m_startCompute;                     //!< releases a compute
    std::vector<std::vector<uint32_t>> m_completed;  //!< by job, iteration: flows and computes done
    std::vector<std::vector<int64_t>> m_releasePs;   //!< by job, iteration: release time
};

} // namespace ns3

#endif /* FABRIC_LB_JOB_SET_H */
