/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_QUANTISED_ADAPTIVE_DISCIPLINE_H
#define FABRIC_LB_QUANTISED_ADAPTIVE_DISCIPLINE_H

#include "queue-choice.h"
#include "switch-discipline.h"

#include "ns3/nstime.h"

#include <optional>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief Spectrum-X-style adaptive routing: the uplink with the lowest quantised
 * queue (bands at 5%, 10%, 20% of the buffer), random tie-break. An uplink's
 * band is recomputed from its backlog only when it is more than RefreshInterval
 * old (the study's switches: 100 ns); 0 reads every backlog at every packet.
 */
class QuantisedAdaptiveDiscipline : public SwitchDiscipline
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
    /// Collects the band thresholds.
    void DoInitialize() override;

  private:
    double m_band1{};                              //!< first band threshold, fraction of the buffer
    double m_band2{};                              //!< second band threshold
    double m_band3{};                              //!< third band threshold
    Time m_refreshInterval{};                      //!< age beyond which a band is recomputed
    std::optional<fabriclb::SampledBands> m_bands; //!< the uplinks' cached bands
};

} // namespace ns3

#endif /* FABRIC_LB_QUANTISED_ADAPTIVE_DISCIPLINE_H */
