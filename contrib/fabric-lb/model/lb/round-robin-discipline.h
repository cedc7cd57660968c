/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_ROUND_ROBIN_DISCIPLINE_H
#define FABRIC_LB_ROUND_ROBIN_DISCIPLINE_H

#include "rotation.h"
#include "switch-discipline.h"

#include <optional>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief Packet spraying by round-robin over the uplinks, the order reshuffled
 * every ReshuffleWraps wrap-arounds (the study's switch Pkt; 0: never). One
 * pointer per switch serves every destination, data and ACKs alike; it starts
 * in a random order, at a random slot unless RandomStart is false.
 */
class RoundRobinDiscipline : public SwitchDiscipline
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
    /// Builds the pointer.
    void DoInitialize() override;

    bool m_fixedOrder{false}; //!< start at uplink 0 in order 0 .. n-1 and never reshuffle

  private:
    uint32_t m_reshuffleWraps{};                        //!< wraps between reshuffles
    bool m_randomStart{};                               //!< start at a random slot
    std::optional<fabriclb::RotationPointer> m_pointer; //!< the rotation
};

} // namespace ns3

#endif /* FABRIC_LB_ROUND_ROBIN_DISCIPLINE_H */
