/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_MESSAGE_LAUNCHER_H
#define FABRIC_LB_MESSAGE_LAUNCHER_H

#include "ns3/connection-matrix.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace ns3
{

class CollectiveApp;
class CollectiveTriggers;
class FabricHelper;
class GpuCompute;

/**
 * \ingroup fabric-lb
 * \brief Starts a run's messages on a built fabric: a CollectiveApp on every host of this
 * rank sends the timed ones at their start, the matrix's triggers the dependent ones, and
 * SendNow the ones that jobs and background traffic start.
 */
class MessageLauncher
{
  public:
    /// Nothing installed yet.
    MessageLauncher();
    /// Out of line: the members' types are complete only in the .cc.
    ~MessageLauncher();

    /**
     * Installs the applications and schedules \p traffic's timed messages.
     * \param fabric the built fabric
     * \param traffic the run's messages
     */
    void Install(Ptr<FabricHelper> fabric, const fabriclb::ConnectionMatrix& traffic);

    /**
     * Connects \p traffic's triggers, if any, to the NICs' completion traces, and gives its
     * computes' hosts a GpuCompute each, releasing the timed computes at their start.
     * \param traffic the run's messages; it must outlive the run
     * \param computeDone told of each compute's end, after its done trigger has fired
     */
    void InstallTriggers(const fabriclb::ConnectionMatrix& traffic,
                         std::function<void(uint32_t compute)> computeDone = nullptr);

    /**
     * Releases compute \p compute to its host's GPU now (after InstallTriggers).
     * \param compute its index in the traffic's computes
     */
    void ReleaseCompute(uint32_t compute);

    /// \return the time the busiest GPU spent computing (zero without computes)
    Time GetBusiestComputeTime() const;

    /**
     * Sends message \p id now from its source's application.
     * \param id the message's id
     * \param flow the message
     */
    void SendNow(uint32_t id, const fabriclb::MatrixFlow& flow);

    /// Releases the applications and the triggers.
    void Dispose();

  private:
    Ptr<FabricHelper> m_fabric;             //!< the fabric
    std::vector<Ptr<CollectiveApp>> m_apps; //!< by host, this rank's
    Ptr<CollectiveTriggers> m_triggers;     //!< if the traffic has triggers or computes
    std::vector<Ptr<GpuCompute>> m_gpus;    //!< by host, those with computes
    const fabriclb::ConnectionMatrix* m_traffic{nullptr}; //!< InstallTriggers' traffic
};

} // namespace ns3

#endif /* FABRIC_LB_MESSAGE_LAUNCHER_H */
