/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_REPS_UET_PATH_POLICY_H
#define FABRIC_LB_REPS_UET_PATH_POLICY_H

#include "host-path-policy.h"
#include "reps-uet-logic.h"

#include "ns3/nstime.h"

#include <vector>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief REPS as Ultra Ethernet's simulator (uet-htsim) runs it, beside the study's
 * variant (RepsPathPolicy): each queue pair keeps a circular buffer of 8 labels; an ACK
 * without ECN writes its label at the buffer's head, overwriting the oldest; each packet
 * reuses the oldest label not yet reused, or draws one of 64 labels at random. ECN-marked
 * ACKs, NACKs and losses recycle nothing. A retransmission timeout freezes the queue pair
 * for FreezeTime: it replays the buffer's labels in turn; the first feedback after the
 * freeze empties the buffer and the next ExploreAfterFreeze labels are random
 * (fabriclb::RepsUetLogic).
 */
class RepsUetPathPolicy : public HostPathPolicy
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    void AddQueuePair(uint32_t queuePair, uint32_t destinationHost) override;
    /// ACKs recycle their label unless ECN-marked; a timeout may freeze; NACKs (trimmed
    /// packets) and losses recycle nothing.
    void NotifyFeedback(const PathFeedback& feedback) override;

    /// \return freezes started so far, over the queue pairs
    uint64_t GetFreezes() const;

  protected:
    uint16_t DoSelectLabel(uint32_t queuePair) override;

  private:
    uint32_t m_bufferSize{};                      //!< slots of a queue pair's buffer
    uint32_t m_entropies{};                       //!< labels a queue pair draws from
    Time m_freezeTime{};                          //!< how long a freeze lasts at least
    uint32_t m_exploreAfterFreeze{};              //!< random labels after a freeze
    bool m_freezing{};                            //!< a timeout freezes
    std::vector<fabriclb::RepsUetLogic> m_queues; //!< each queue pair's state
};

} // namespace ns3

#endif /* FABRIC_LB_REPS_UET_PATH_POLICY_H */
