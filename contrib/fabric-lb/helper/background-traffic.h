/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_BACKGROUND_TRAFFIC_H
#define FABRIC_LB_BACKGROUND_TRAFFIC_H

#include "ns3/background-arrivals.h"
#include "ns3/event-id.h"
#include "ns3/experiment-result.h"
#include "ns3/flow-size-cdf.h"
#include "ns3/object.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief Background traffic beside the collective (the driver's --background and --load):
 * flows between random pairs of hosts, Poisson arrivals at a share of the hosts' links,
 * sizes from a flow-size distribution (fabriclb::BackgroundArrivals). Flows arrive from
 * time 0 for as long as the collective runs; the run ends when the last of them completes.
 */
class BackgroundTraffic : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// \return whether the attributes' defaults ask for background traffic
    static bool Wanted();

    /// Sends one flow now: it becomes a message of the run.
    using SendFlow = std::function<void(const fabriclb::BackgroundFlow& flow)>;
    /// \return whether the collective has completed
    using ForegroundDone = std::function<bool()>;

    /**
     * Reads the distribution and checks the load.
     * \param hosts hosts of the fabric
     * \param hostRateBps a host's link rate (its ports' sum), bit/s
     * \throws std::invalid_argument naming an unknown distribution, a bad file or load
     */
    void Configure(uint32_t hosts, double hostRateBps);

    /**
     * Starts the arrivals.
     * \param stream the first of the two ns-3 streams it draws from
     * \param send sends a flow
     * \param foregroundDone tells when to stop
     */
    void Start(int64_t stream, SendFlow send, ForegroundDone foregroundDone);

    /// \return the distribution's name (a built-in's, or the file's)
    std::string GetDistributionName() const;

    /// \return the largest flow its distribution draws, bytes (after Configure)
    uint64_t GetMaxBytes() const
    {
        return m_sizes->MaxBytes();
    }

    /// \return the load offered, a share of the hosts' links
    double GetLoad() const
    {
        return m_load;
    }

  protected:
    void DoDispose() override;

  private:
    /// Schedules the next arrival.
    void ScheduleNext();
    /// Sends the arrival due now and schedules the next, unless the collective is done.
    void Arrive();

    std::string m_distribution;                               //!< a built-in's name or a file
    double m_load;                                            //!< share of the hosts' links
    std::optional<fabriclb::FlowSizeCdf> m_sizes;             //!< the sizes
    uint32_t m_hosts{0};                                      //!< hosts of the fabric
    double m_hostRateBps{0};                                  //!< a host's link rate
    std::unique_ptr<fabriclb::BackgroundArrivals> m_arrivals; //!< the arrival process
    fabriclb::BackgroundFlow m_next{};                        //!< the next arrival
    SendFlow m_send;                                          //!< sends a flow
    ForegroundDone m_foregroundDone;                          //!< when to stop
    EventId m_event;                                          //!< the next arrival's event
};

} // namespace ns3

#endif /* FABRIC_LB_BACKGROUND_TRAFFIC_H */
