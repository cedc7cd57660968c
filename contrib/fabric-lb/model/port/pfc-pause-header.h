/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_PFC_PAUSE_HEADER_H
#define FABRIC_LB_PFC_PAUSE_HEADER_H

#include "class-queues.h"

#include "ns3/data-rate.h"
#include "ns3/header.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"

#include <array>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief A priority flow control PAUSE frame (IEEE 802.1Qbb), as a fabric port
 * sends it: the MAC control frame's fields (destination 01:80:C2:00:00:01,
 * EtherType 0x8808, opcode 0x0101, class-enable vector, eight pause times in
 * quanta of 512 bit times) padded so that it is 64 bytes on the wire with the
 * link's framing bytes. Quanta 0 resume a class at once (XON).
 *
 * Traffic classes map to 802.1p priorities as RoCE deployments map their DSCPs:
 * data (DSCP 26) to priority 3, control (DSCP 48) to priority 6.
 */
class PfcPauseHeader : public Header
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;

    /// A PAUSE frame's bytes on the wire, framing included.
    static constexpr uint32_t WIRE_BYTES = 64;
    /// Bits a pause quantum lasts for, at the link's rate.
    static constexpr uint32_t QUANTUM_BITS = 512;
    /// The largest pause time, quanta.
    static constexpr uint16_t MAX_QUANTA = 0xffff;

    /**
     * \param rate the link's rate
     * \param quanta a pause time in quanta
     * \return that time at \p rate
     */
    static Time PauseTime(DataRate rate, uint16_t quanta)
    {
        return rate.CalculateBytesTxTime(uint64_t(quanta) * QUANTUM_BITS / 8);
    }

    /// \param cls a traffic class \return its 802.1p priority
    static uint8_t PriorityOf(fabriclb::TrafficClass cls);

    /**
     * \param frame a frame a fabric port received
     * \param framingBytes the link's framing bytes besides the frame
     * \return whether it is a PAUSE frame (else an IPv4 packet)
     */
    static bool IsPause(const Ptr<const Packet>& frame, uint32_t framingBytes);

    /**
     * \param cls the class to pause or resume
     * \param quanta pause time, quanta (0: resume)
     */
    void Set(fabriclb::TrafficClass cls, uint16_t quanta);

    /// \param cls a class \return whether the frame pauses or resumes it
    bool Enables(fabriclb::TrafficClass cls) const;

    /// \param cls a class \return its pause time, quanta
    uint16_t GetQuanta(fabriclb::TrafficClass cls) const;

    /// \param framingBytes the link's framing bytes \return the header's size for 64 wire bytes
    static uint32_t PacketBytes(uint32_t framingBytes)
    {
        return WIRE_BYTES - framingBytes;
    }

    /// \param framingBytes the link's framing bytes besides the frame
    void SetFramingBytes(uint32_t framingBytes);

    uint32_t GetSerializedSize() const override;
    void Serialize(Buffer::Iterator start) const override;
    uint32_t Deserialize(Buffer::Iterator start) override;
    void Print(std::ostream& os) const override;

  private:
    uint16_t m_classEnable{0};          //!< bit p: priority p's time is valid
    std::array<uint16_t, 8> m_quanta{}; //!< pause time by priority
    uint32_t m_framingBytes{2};         //!< the link's framing, for the padding
};

} // namespace ns3

#endif /* FABRIC_LB_PFC_PAUSE_HEADER_H */
