/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_REPS_PATH_POLICY_H
#define FABRIC_LB_REPS_PATH_POLICY_H

#include "host-labels.h"
#include "host-path-policy.h"

#include "ns3/nstime.h"

#include <vector>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief REPS-like adaptive spraying: a queue pair recycles labels whose ACK
 * came back unmarked, drops labels that saw ECN or loss, and explores fresh
 * random labels when it has none cached. A loss (found when its ACK is overdue,
 * a timeout) evicts its label; when that label is picked again before an ACK of
 * it came back (or at every loss, FreezeAtEveryLoss) the queue pair freezes for
 * FreezeTime: only cached labels, no exploration; after the freeze it starts
 * afresh with new labels (fabriclb::RepsLabelCache).
 */
class RepsPathPolicy : public HostPathPolicy
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    void AddQueuePair(uint32_t queuePair, uint32_t destinationHost) override;
    /// ACKs and NACKs recycle or drop their label by its ECN mark; a loss evicts it.
    void NotifyFeedback(const PathFeedback& feedback) override;

    /// \return freezes started so far, over the queue pairs
    uint64_t GetFreezes() const;

  protected:
    uint16_t DoSelectLabel(uint32_t queuePair) override;

  private:
    uint32_t m_capacity{};                          //!< labels a cache holds
    Time m_freezeTime{};                            //!< how long a freeze lasts
    bool m_freezeAtEveryLoss{};                     //!< freeze at every loss
    std::vector<fabriclb::RepsLabelCache> m_caches; //!< each queue pair's cache
};

} // namespace ns3

#endif /* FABRIC_LB_REPS_PATH_POLICY_H */
