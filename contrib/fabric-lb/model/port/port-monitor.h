/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_PORT_MONITOR_H
#define FABRIC_LB_PORT_MONITOR_H

#include "fabric-port-device.h"

#include "ns3/fabric-topology.h"
#include "ns3/net-device.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/queue-disc.h"
#include "ns3/queue.h"

#include <array>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief The tier and direction of an egress port.
 */
enum class FabricStage : uint8_t
{
    HOST_UP,    //!< host NIC towards its edge switch
    EDGE_UP,    //!< edge switch towards aggregation
    AGG_UP,     //!< aggregation towards core
    CORE_DOWN,  //!< core towards aggregation
    AGG_DOWN,   //!< aggregation towards edge
    EDGE_DOWN,  //!< edge towards host
    SERVER_UP,  //!< host towards its server's switch (NVLink)
    SERVER_DOWN //!< a server's switch towards one of its hosts
};

/// Number of FabricStage values.
constexpr size_t FABRIC_STAGE_COUNT = 8;

/// \return whether \p stage is a port of a server's own link (NVLink), outside the fabric
inline bool
IsServerStage(FabricStage stage)
{
    return stage == FabricStage::SERVER_UP || stage == FabricStage::SERVER_DOWN;
}

/// The switch stages, in path order: every stage but HOST_UP (results report these).
constexpr std::array<FabricStage, 5> FABRIC_SWITCH_STAGES = {FabricStage::EDGE_UP,
                                                             FabricStage::AGG_UP,
                                                             FabricStage::CORE_DOWN,
                                                             FabricStage::AGG_DOWN,
                                                             FabricStage::EDGE_DOWN};

/**
 * \param stage a stage
 * \return its name as results use it: "host-up", "edge-up", "agg-up", "core-down",
 * "agg-down", "edge-down"
 */
const char* FabricStageName(FabricStage stage);

/**
 * \param tier a switch tier
 * \param up an up port (true) or a down port
 * \param tiers the fabric's tiers, 2 or 3
 * \return the stage of that switch port: the lowest tier's EDGE_UP and EDGE_DOWN, the top's
 * CORE_DOWN, a middle tier's AGG_UP and AGG_DOWN
 */
FabricStage SwitchPortStage(uint32_t tier, bool up, uint32_t tiers);

/// \return the switch stages in path order with FabricStageName's names (a fat tree's)
std::vector<std::pair<FabricStage, std::string>> NamedSwitchStages();

/**
 * \param topology a fabric of 2 or 3 tiers
 * \return its switch stages in path order, each with its name (its tier's name and the
 * direction: a fat tree's "edge-up" .. "edge-down", FabricStageName's; a leaf-spine's
 * "leaf-up", "spine-down", "leaf-down", its ports' stages EDGE_UP, CORE_DOWN, EDGE_DOWN)
 */
std::vector<std::pair<FabricStage, std::string>> SwitchStagesOf(
    const fabriclb::FabricTopology& topology);

/**
 * \ingroup fabric-lb
 * \brief Watches one egress port: the bytes waiting (queue disc plus the
 * device's transmit queue, not the packet on the wire), their maximum and
 * time average, the packets on the link, and those the link loses (the
 * peer's receive error model drops them, FabricHelper::LossRate). It samples on every change of
 * the device queue, which is exact for the ports FabricHelper builds: their
 * FabricQueueDisc passes every packet straight on, so it holds nothing
 * between events; or one FabricPortDevice, whose buffer it reads directly.
 * Queues are kept in bytes; results divide them by a data packet's wire
 * size, the study's unit.
 */
class PortMonitor : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * \brief Start watching a port.
     * \param stage the port's tier and direction
     * \param queueDisc the port's root queue disc
     * \param deviceQueue the transmit queue of the port's device, watched too
     * \param device the port's device, whose transmissions start packets on the link
     * \param peer the device at the link's far end, whose receptions end them
     */
    void Attach(FabricStage stage,
                Ptr<QueueDisc> queueDisc,
                Ptr<Queue<Packet>> deviceQueue,
                Ptr<NetDevice> device,
                Ptr<NetDevice> peer);

    /**
     * \brief Start watching a fabric port, which keeps its own counters and backlog integral.
     * \param stage the port's tier and direction
     * \param port the port's device, its buffer and its transmissions
     * \param peer the device at the link's far end, whose receptions end them
     */
    void Attach(FabricStage stage, Ptr<FabricPortDevice> port, Ptr<FabricPortDevice> peer);

    /**
     * \param stream first stream index
     * \return the streams the port's marking uses (RED's draws)
     */
    int64_t AssignStreams(int64_t stream);

    /// \return the port's stage
    FabricStage GetStage() const
    {
        return m_stage;
    }

    /// \return the id of the node whose port this is
    uint32_t GetNodeId() const
    {
        return m_nodeId;
    }

    /// \return the id of the node at the link's far end
    uint32_t GetPeerNodeId() const
    {
        return m_peerNodeId;
    }

    /// \return the most bytes waiting at any instant
    uint64_t GetMaxBytes() const;

    /**
     * \param end the end of the averaging window, which starts at time 0
     * \return the time-averaged bytes waiting over [0, end]
     */
    double GetMeanBytes(Time end) const;

    /// \return packets dropped by the port's queue disc and device queue
    uint64_t GetDrops() const;

    /// \return data packets the port trimmed
    uint64_t GetTrims() const;

    /// \return packets the link lost: the peer's receive error model dropped them
    uint64_t GetLinkDrops() const;

    /// \return bytes that arrived for the port: put on the wire, held for it, dropped, or
    /// trimmed off
    uint64_t GetBytesArrived() const;
    /// \return packets the port's queue disc CE-marked
    uint64_t GetMarks() const;
    /// \return packets the port has put on the wire (or holds for it)
    uint64_t GetPacketsForwarded() const;
    /// \return packets waiting at the port now (queue disc and device queue)
    uint64_t GetPacketsWaiting() const;

    /// \return the fabric port watched (null for a queue-disc port)
    Ptr<FabricPortDevice> GetFabricPort() const
    {
        return m_port;
    }

    /// \return the fabric port at the link's far end (null for a queue-disc port)
    Ptr<FabricPortDevice> GetPeerFabricPort() const
    {
        return m_peerPort;
    }

    /// \return packets the port's device has started to send and its peer has not yet received
    uint64_t GetPacketsOnLink() const;

    /**
     * \brief Calls \p changed with the old and new bytes of each part of the port's backlog
     * whenever it changes (the fabric port's framed backlog; a queue-disc port's queue disc and
     * device queue, each on its own): their sum is GetMaxBytes's quantity.
     * \param changed called with (old bytes, new bytes)
     */
    void TraceBacklog(const Callback<void, uint32_t, uint32_t>& changed) const;

  protected:
    void DoDispose() override;

  private:
    /**
     * \brief Connects the transmissions of \p device and the receptions of \p peer.
     * \param stage the port's tier and direction
     * \param device the port's device
     * \param peer the device at the link's far end
     */
    void WatchLink(FabricStage stage, Ptr<NetDevice> device, Ptr<NetDevice> peer);

    /// Brings the integral up to now and reads the new occupancy.
    void Update(uint32_t, uint32_t);
    /// Counts a packet the device starts to put on the link.
    void TransmissionStarted(Ptr<const Packet>);
    /// Counts a packet the peer has taken off the link.
    void ReceptionEnded(Ptr<const Packet>);
    /// Counts a packet the peer has taken off the link and dropped as corrupt.
    void ReceptionDropped(Ptr<const Packet>);

    FabricStage m_stage{FabricStage::HOST_UP}; //!< tier and direction
    uint32_t m_nodeId{0};                      //!< the port's node
    uint32_t m_peerNodeId{0};                  //!< the node at the link's far end
    Ptr<QueueDisc> m_queueDisc;                //!< the port's queue disc
    Ptr<Queue<Packet>> m_deviceQueue;          //!< the device's transmit queue
    Ptr<FabricPortDevice> m_port;              //!< or the fabric port
    Ptr<FabricPortDevice> m_peerPort;          //!< and the fabric port at the far end
    uint64_t m_bytes{0};                       //!< bytes waiting now
    uint64_t m_maxBytes{0};                    //!< maximum of m_bytes
    double m_byteTime{0};                      //!< integral of m_bytes over time, byte*s
    uint64_t m_transmissionsStarted{0};        //!< packets the device started to send
    uint64_t m_receptionsEnded{0};             //!< packets the peer received whole, or dropped
    uint64_t m_linkDrops{0};                   //!< packets the peer dropped as corrupt
    Time m_lastChange;                         //!< when the integrals were last brought up to date
};

} // namespace ns3

#endif /* FABRIC_LB_PORT_MONITOR_H */
