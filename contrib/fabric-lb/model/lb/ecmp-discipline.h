/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_ECMP_DISCIPLINE_H
#define FABRIC_LB_ECMP_DISCIPLINE_H

#include "switch-discipline.h"

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief ECMP: a per-switch-salted hash of the five-tuple picks the uplink.
 */
class EcmpDiscipline : public SwitchDiscipline
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
    /// Draws the salt.
    void DoInitialize() override;

  private:
    uint32_t m_salt{0}; //!< this switch's salt
};

} // namespace ns3

#endif /* FABRIC_LB_ECMP_DISCIPLINE_H */
