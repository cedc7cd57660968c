/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_PLB_PATH_POLICY_H
#define FABRIC_LB_PLB_PATH_POLICY_H

#include "fixed-label-path-policy.h"
#include "host-labels.h"

#include "ns3/nstime.h"

#include <vector>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief PLB-like repathing (the study's rule, fabriclb::PlbState): a queue pair
 * keeps its label while fewer than MarkedAcks of its last WindowAcks ACKs carry
 * ECN; once that has not been so for longer than a congested interval, drawn in
 * [CongestedGapsMin, CongestedGapsMax) pacing gaps at the last good ACK, or
 * after a loss, it draws a new label.
 */
class PlbPathPolicy : public FixedLabelPathPolicy
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    void AddQueuePair(uint32_t queuePair, uint32_t destinationHost) override;
    /// ACKs and NACKs count their ECN marks; a loss repaths at once.
    void NotifyFeedback(const PathFeedback& feedback) override;
    void SetPacingGap(Time gap) override;

  private:
    uint32_t m_windowAcks{};                 //!< ACKs whose marks count
    uint32_t m_markedAcks{};                 //!< marks that make a path not good
    uint32_t m_congestedGapsMin{};           //!< congested interval, smallest, in pacing gaps
    uint32_t m_congestedGapsMax{};           //!< congested interval, largest, in pacing gaps
    uint64_t m_pacingGapPs{0};               //!< a flow's packet interval
    std::vector<fabriclb::PlbState> m_state; //!< each queue pair's state
};

} // namespace ns3

#endif /* FABRIC_LB_PLB_PATH_POLICY_H */
