/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FLOWLET_DISCIPLINE_H
#define FABRIC_LB_FLOWLET_DISCIPLINE_H

#include "flowlet-table.h"
#include "switch-discipline.h"

#include "ns3/nstime.h"

#include <optional>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief LetFlow-style flowlet switching: a flow keeps its uplink while its
 * packets come closer than IdleGap; after a longer gap it draws a new one with
 * probability RepathProbability (the study's switches: 1/2), and otherwise
 * keeps it until the next gap.
 */
class FlowletDiscipline : public SwitchDiscipline
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

  protected:
    uint32_t DoSelectUplink(const UplinkCandidates& candidates,
                            const UplinkRequest& request) override;
    /// Builds the table and draws the hash salt.
    void DoInitialize() override;

  private:
    Time m_idleGap{};                              //!< gap that ends a flowlet
    double m_repathProbability{};                  //!< chance of a new uplink after a gap
    uint32_t m_salt{0};                            //!< flow hash salt
    std::optional<fabriclb::FlowletTable> m_table; //!< flow -> (uplink, last seen)
};

} // namespace ns3

#endif /* FABRIC_LB_FLOWLET_DISCIPLINE_H */
