/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_ROCE_CONGESTION_LOGIC_H
#define FABRIC_LB_ROCE_CONGESTION_LOGIC_H

#include "ns3/hop-telemetry.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief What a queue pair's congestion control knows of its NIC and wire.
 */
struct CongestionContext
{
    double lineRateBps{0};       //!< the host link's rate, bit/s
    uint32_t slotBytes{0};       //!< line time of one data packet and its gap, in bytes
    uint64_t fairGapPs{0};       //!< the pacing gap of a fair share of the host's link (0: unpaced)
    uint32_t longestPathHops{0}; //!< links on the fabric's longest host-to-host path
    /// the unloaded round trip of the fabric's longest path, ps (0: unknown)
    uint64_t baseRttPs{0};
    /// how long the port buffers of the fabric's longest path take to drain at line rate, ps:
    /// the most queueing a packet can meet, and so the most that spraying can reorder (0: unknown)
    uint64_t pathBufferPs{0};
};

/**
 * \ingroup fabric-lb
 * \brief What an ACK of one data packet tells its queue pair's congestion control.
 */
struct AckFeedback
{
    int64_t nowPs{0};      //!< when the ACK arrived
    int64_t delayPs{0};    //!< the round trip from that packet's last sending to the ACK
    bool ecnMarked{false}; //!< the data packet arrived CE-marked
    uint32_t hops{0};      //!< switches the data packet crossed
    uint32_t ackedPsn{0};  //!< PSN of the data packet this ACK acknowledges
    uint32_t nextPsn{0};   //!< the first PSN the sender has not yet sent
    /// What the switches on the data packet's path stamped, first hop first (null: none stamps)
    const std::vector<HopTelemetry>* telemetry{nullptr};
};

/**
 * \ingroup fabric-lb
 * \brief The congestion-control state of one queue pair: the rate or window
 * that gates its packets, and what moves it. Pure logic on integer
 * picoseconds, driven by the NIC.
 */
class CongestionController
{
  public:
    virtual ~CongestionController() = default;

    /// \return the least time between the starts of two of its packets, ps (0: no pacing)
    virtual uint64_t PacingGapPs() const = 0;

    /**
     * \param inFlight its packets sent and not yet acknowledged or declared lost
     * \return whether it may send one more now
     */
    virtual bool WindowOpen([[maybe_unused]] uint32_t inFlight) const
    {
        return true;
    }

    /// \return its sending rate now, bit/s
    virtual double RateBps() const = 0;

    /**
     * \brief It put a data packet on the link.
     * \param nowPs the time
     * \param bytes the packet's bytes on the wire
     */
    virtual void OnSent([[maybe_unused]] int64_t nowPs, [[maybe_unused]] uint32_t bytes)
    {
    }

    /// \return its window in packets, or nothing if it controls a rate alone
    virtual std::optional<double> WindowPackets() const
    {
        return std::nullopt;
    }

    /**
     * \brief An ACK of one of its data packets arrived.
     * \param ack what the ACK says: its delay, ECN, hops and any telemetry
     */
    virtual void OnAck([[maybe_unused]] const AckFeedback& ack)
    {
    }

    /**
     * \brief A congestion notification packet (CNP) arrived.
     * \param nowPs the time
     */
    virtual void OnCnp([[maybe_unused]] int64_t nowPs)
    {
    }

    /**
     * \brief Its loss recovery declared packets lost, from ACKs or at a timeout.
     * \param nowPs the time
     */
    virtual void OnLoss([[maybe_unused]] int64_t nowPs)
    {
    }

    /**
     * \brief A NACK reported one of its data packets trimmed by a switch: a loss the network
     * signalled at once (a controller that does not tell the two apart takes it as OnLoss).
     * \param nowPs the time
     */
    virtual void OnNack(int64_t nowPs)
    {
        OnLoss(nowPs);
    }

    /// \return when it next wants OnTimer, or nothing
    virtual std::optional<int64_t> NextTimerPs() const
    {
        return std::nullopt;
    }

    /**
     * \brief Its timer (NextTimerPs) is due.
     * \param nowPs the time
     */
    virtual void OnTimer([[maybe_unused]] int64_t nowPs)
    {
    }
};

/**
 * \ingroup fabric-lb
 * \brief `fixed`: a fixed rate, the fair share of the host's link (line rate unpaced).
 */
class FixedRateController : public CongestionController
{
  public:
    /// \param context the NIC and wire
    explicit FixedRateController(const CongestionContext& context);
    uint64_t PacingGapPs() const override;
    double RateBps() const override;

  private:
    CongestionContext m_context; //!< the NIC and wire
};

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_ROCE_CONGESTION_LOGIC_H */
