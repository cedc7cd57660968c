/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_INT_TELEMETRY_TAG_H
#define FABRIC_LB_INT_TELEMETRY_TAG_H

#include "hop-telemetry.h"

#include "ns3/packet.h"
#include "ns3/tag.h"

#include <optional>
#include <vector>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief In-band network telemetry (HPCC's INT): a data packet's tag, into which every
 * switch egress port that stamps (FabricPortDevice::EnableIntTelemetry,
 * FabricQueueDisc::EnableIntTelemetry) appends its queue, bytes sent, time and rate; the
 * receiver echoes the hops in its ACK's tag, which ports leave alone.
 *
 * A tag, not a header: the study's wire accounting stays as it is, so the 8 B a hop that
 * HPCC's INT header adds to a data packet are not on the wire here.
 */
class IntTelemetryTag : public Tag
{
  public:
    /// The most hops a tag keeps; later hops are not recorded.
    static constexpr uint32_t MAX_HOPS = 16;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;
    uint32_t GetSerializedSize() const override;
    void Serialize(TagBuffer buffer) const override;
    void Deserialize(TagBuffer buffer) override;
    void Print(std::ostream& os) const override;

    /// An empty data packet's tag.
    IntTelemetryTag() = default;

    /**
     * \param hops what a data packet's hops stamped, first hop first
     * \return the echo an ACK carries back
     */
    static IntTelemetryTag Echo(const std::vector<fabriclb::HopTelemetry>& hops);

    /// Appends one hop, unless the tag is an echo or full.
    void Stamp(const fabriclb::HopTelemetry& hop);

    /**
     * A switch egress port's stamp: appends \p hop to \p packet's tag, if it carries a data
     * packet's (not an echo); a packet without the tag is left alone.
     * \param packet the packet leaving the port
     * \param hop what the port stamps
     */
    static void StampPacket(const Ptr<Packet>& packet, const fabriclb::HopTelemetry& hop);

    /// \return the hops, first hop first
    const std::vector<fabriclb::HopTelemetry>& Hops() const
    {
        return m_hops;
    }

    /// \return whether this is an ACK's echo
    bool IsEcho() const
    {
        return m_echo;
    }

  private:
    std::vector<fabriclb::HopTelemetry> m_hops; //!< first hop first
    bool m_echo{false};                         //!< an ACK's echo, not stamped on the way
};

/**
 * \ingroup fabric-lb
 * \brief A switch egress port's INT stamping (FabricPortDevice's, FabricQueueDisc's): its
 * id, once enabled, and the bytes it has sent.
 */
class IntPortStamper
{
  public:
    /// \param portId an id of the port, unique in the fabric: it stamps from now on
    void Enable(uint64_t portId)
    {
        m_portId = portId;
    }

    /// \return whether the port stamps
    bool IsEnabled() const
    {
        return m_portId.has_value();
    }

    /**
     * \brief Counts \p bytes sent and stamps the hop into \p packet's tag (StampPacket).
     * \param packet the packet leaving the port
     * \param bytes its bytes, counted as sent
     * \param backlogBytes the port's backlog as it leaves
     * \param rateBps the port's link rate
     */
    void Stamp(const Ptr<Packet>& packet, uint32_t bytes, uint32_t backlogBytes, double rateBps);

  private:
    std::optional<uint64_t> m_portId; //!< stamps as this port, if set
    uint64_t m_bytesSent{0};          //!< bytes sent since it was enabled
};

} // namespace ns3

#endif /* FABRIC_LB_INT_TELEMETRY_TAG_H */
