/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_GPU_COMPUTE_H
#define FABRIC_LB_GPU_COMPUTE_H

#include "ns3/nstime.h"
#include "ns3/object.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <utility>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief A host's GPU: runs the computes released to it (a workload's compute tasks,
 * fabriclb::MatrixCompute) one at a time, in the order they were released, and reports
 * each one's end.
 */
class GpuCompute : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// Called with a compute's id when it ends.
    using ComputeDone = std::function<void(uint32_t compute)>;

    /// \param done called at each compute's end
    void SetComputeDone(ComputeDone done);

    /**
     * Releases a compute: it runs now if the GPU is idle, after those released before it
     * otherwise.
     * \param compute the compute's id (its index in the workload's computes)
     * \param duration how long it computes
     */
    void Release(uint32_t compute, Time duration);

    /// \return the time the GPU has spent on the computes that have ended
    Time GetBusyTime() const
    {
        return m_busy;
    }

  protected:
    void DoDispose() override;

  private:
    /// Starts the compute at the head of the queue.
    void StartNext();
    /// Ends the running compute and starts the next.
    void Finish();

    std::deque<std::pair<uint32_t, Time>> m_waiting; //!< released, not started: id and duration
    bool m_running{false};                           //!< a compute is running
    uint32_t m_current{0};                           //!< the running compute's id
    Time m_currentDuration;                          //!< and its duration
    Time m_busy;                                     //!< time spent computing
    ComputeDone m_done;                              //!< told of each compute's end
};

} // namespace ns3

#endif /* FABRIC_LB_GPU_COMPUTE_H */
