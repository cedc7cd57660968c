/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_ROCE_CONGESTION_OPS_H
#define FABRIC_LB_ROCE_CONGESTION_OPS_H

#include "dcqcn-logic.h"
#include "hpcc-logic.h"
#include "roce-congestion-logic.h"
#include "swift-logic.h"

#include "ns3/data-rate.h"
#include "ns3/nstime.h"
#include "ns3/object.h"

#include <memory>
#include <optional>
#include <string>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief A congestion-control strategy of RoceNic, chosen by TypeId (the
 * RoceNic::CongestionControl attribute), as TcpCongestionOps is for TCP: it
 * makes each queue pair's congestion-control state (pure logic the NIC
 * drives), whose rate or window gates the queue pair's packets, and says
 * whether receivers send CNPs.
 */
class RoceCongestionOps : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * \param context the NIC and wire
     * \return a queue pair's congestion-control state
     */
    virtual std::unique_ptr<fabriclb::CongestionController> CreateController(
        const fabriclb::CongestionContext& context) const = 0;

    /// \return the least time between two CNPs a receiver sends one queue pair, or
    /// nothing if receivers send none
    virtual std::optional<Time> GetCnpInterval() const;

    /// \return whether its controllers read in-band telemetry (data packets then carry an
    /// IntTelemetryTag that switch ports stamp and receivers echo)
    virtual bool ReadsTelemetry() const;
};

/**
 * \ingroup fabric-lb
 * \brief `fixed`: the study's ideal congestion control; every queue pair sends
 * at a fixed rate, its fair share of the host's link (line rate when the wire
 * model does not pace).
 */
class RoceFixedRate : public RoceCongestionOps
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    std::unique_ptr<fabriclb::CongestionController> CreateController(
        const fabriclb::CongestionContext& context) const override;
};

/**
 * \ingroup fabric-lb
 * \brief `dcqcn`: RoCE's ECN-based rate control (fabriclb::DcqcnController at
 * the sender); receivers answer CE-marked data with a CNP, at most one per
 * queue pair per CnpInterval. Switch queues must mark RED-style
 * (FabricQueueDisc::Marking).
 */
class RoceDcqcn : public RoceCongestionOps
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    std::unique_ptr<fabriclb::CongestionController> CreateController(
        const fabriclb::CongestionContext& context) const override;
    std::optional<Time> GetCnpInterval() const override;

  private:
    Time m_cnpInterval;          //!< least time between CNPs per queue pair
    DataRate m_minRate;          //!< the rate floor
    double m_g;                  //!< alpha's gain
    Time m_alphaPeriod;          //!< alpha update period
    Time m_rateIncreasePeriod;   //!< rate-increase timer
    uint64_t m_byteCounter;      //!< byte counter
    uint32_t m_fastRecovery;     //!< F
    DataRate m_additiveIncrease; //!< R_AI
    DataRate m_hyperIncrease;    //!< R_HAI
};

/**
 * \ingroup fabric-lb
 * \brief `swift`: delay-based window control robust to spraying
 * (fabriclb::SwiftController): reordering is not loss.
 */
class RoceSwift : public RoceCongestionOps
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    std::unique_ptr<fabriclb::CongestionController> CreateController(
        const fabriclb::CongestionContext& context) const override;

  private:
    Time m_baseTarget;         //!< target delay before hop scaling
    Time m_perHop;             //!< target delay per hop
    uint32_t m_hops;           //!< hops the target is scaled for
    double m_additiveIncrease; //!< packets per round trip
    double m_beta;             //!< decrease gain
    double m_maxMdf;           //!< largest decrease
    double m_minWindow;        //!< window floor, packets
    double m_maxWindow;        //!< window ceiling, packets (0: a BDP at the target)
};

/**
 * \ingroup fabric-lb
 * \brief `hpcc`: HPCC's window and rate from in-band telemetry
 * (fabriclb::HpccController): each hop's queue and transmit rate, measured
 * per port so spraying does not mix paths. No CNPs, no ECN marking.
 */
class RoceHpcc : public RoceCongestionOps
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    std::unique_ptr<fabriclb::CongestionController> CreateController(
        const fabriclb::CongestionContext& context) const override;
    bool ReadsTelemetry() const override;

  private:
    double m_targetUtilisation; //!< eta
    uint32_t m_maxStage;        //!< additive updates before a multiplicative one
    double m_additiveIncrease;  //!< W_AI, bytes (0: W_init / 2500)
    Time m_baseRtt;             //!< T (0: the context's)
    DataRate m_minRate;         //!< the rate floor
};

} // namespace ns3

#endif /* FABRIC_LB_ROCE_CONGESTION_OPS_H */
