/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_OFAN_DISCIPLINE_H
#define FABRIC_LB_OFAN_DISCIPLINE_H

#include "rotation.h"
#include "switch-discipline.h"

#include <memory>
#include <optional>
#include <vector>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief Ofan: destination-based rotation at the switch.
 *
 * An edge switch keeps one pointer per (destination edge switch, size bin), an
 * aggregation switch one per (destination pod, size bin); the bins are data and
 * ACK. Each pointer starts at a random uplink and rotates in its own random
 * order over an IWRR schedule of the uplinks' weights (all equal until
 * failures exist), so traffic to any one destination spreads evenly over the
 * cores and the downlinks towards it are balanced too. With ShiftWraps > 0
 * (the study's variant against persistent pinning) every pointer skips one
 * slot after that many wrap-arounds.
 */
class OfanDiscipline : public SwitchDiscipline
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    void Setup(const SwitchContext& context) override;
    /// Rebuilds every pointer's IWRR schedule from the new weights, lazily.
    void SetUplinkView(std::shared_ptr<const fabriclb::UplinkView> view) override;

    /// \return the pointers this switch has created: one per (key, bin) it has forwarded up
    uint32_t GetPointersInUse() const;

  protected:
    uint32_t DoSelectUplink(const UplinkCandidates& candidates,
                            const UplinkRequest& request) override;

  private:
    std::vector<std::optional<fabriclb::WeightedRotation>> m_pointers; //!< by (key, bin)
    uint32_t m_shiftWraps{}; //!< wraps between one-slot shifts of a pointer; 0 = never
};

} // namespace ns3

#endif /* FABRIC_LB_OFAN_DISCIPLINE_H */
