/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_CLASS_QUEUES_H
#define FABRIC_LB_CLASS_QUEUES_H

#include <array>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <utility>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * A port's traffic classes: control (ACK, NACK, CNP; PFC's pause frames) and data.
 */
enum class TrafficClass : uint8_t
{
    CONTROL = 0, //!< acknowledgements and congestion notifications
    DATA = 1     //!< RoCE data packets
};

/// Number of TrafficClass values.
constexpr uint32_t TRAFFIC_CLASS_COUNT = 2;

/// DSCP of a RoCE data packet (AF31, the usual RoCE priority 3 marking).
constexpr uint8_t DSCP_DATA = 26;
/// DSCP of a control packet: ACK, NACK, CNP (CS6, as RoCE deployments mark CNPs).
constexpr uint8_t DSCP_CONTROL = 48;
/**
 * DSCP of a trimmed data packet (PacketTrimming): CS5, the class selector next below control's
 * CS6. A code point of its own, neither data's nor control's, so that the receiving NIC tells a
 * trimmed header from an ACK by its DSCP alone. UET leaves the trimmed DSCP to the operator;
 * this is the module's choice.
 */
constexpr uint8_t DSCP_TRIMMED = 40;

/// \return the class of a packet whose IPv4 DSCP is \p dscp: control for DSCP_CONTROL and
/// DSCP_TRIMMED (a trimmed header is forwarded with the control class's priority)
inline TrafficClass
ClassOfDscp(uint8_t dscp)
{
    return dscp == DSCP_CONTROL || dscp == DSCP_TRIMMED ? TrafficClass::CONTROL
                                                        : TrafficClass::DATA;
}

/// How a port chooses among its classes' heads.
enum class ClassService : uint8_t
{
    ARRIVAL_ORDER, //!< the head that arrived first: one FIFO across the classes not paused
    CONTROL_FIRST  //!< strict priority: control before data
};

/**
 * \ingroup fabric-lb
 * \brief A port's egress queues, one per traffic class, each first in first
 * out, with a class paused (PFC) holding its packets while the others are served.
 *
 * Items are stored with their arrival number only, so that ARRIVAL_ORDER serves
 * the classes as one FIFO; byte counts are the caller's (it knows an item's size).
 *
 * \tparam Item what is queued (a packet pointer)
 */
template <class Item>
class ClassQueues
{
  public:
    /// \param service how the classes' heads are chosen
    explicit ClassQueues(ClassService service = ClassService::ARRIVAL_ORDER)
        : m_service(service)
    {
    }

    /// \param service how the classes' heads are chosen from now on
    void SetService(ClassService service)
    {
        m_service = service;
    }

    /**
     * \param cls the item's class
     * \param item what to queue at the tail of \p cls
     */
    void Push(TrafficClass cls, Item item)
    {
        m_queues[Index(cls)].push_back({std::move(item), m_arrivals++});
    }

    /**
     * \brief Takes the next item to send: the eligible head (its class not paused)
     * chosen by the service.
     * \param[out] cls the item's class
     * \param[out] item the item
     * \return false if no class that is not paused holds an item
     */
    bool Pop(TrafficClass& cls, Item& item)
    {
        int chosen = -1;
        for (uint32_t c = 0; c < TRAFFIC_CLASS_COUNT; ++c)
        {
            if (m_paused[c] || m_queues[c].empty())
            {
                continue;
            }
            if (chosen < 0 || (m_service == ClassService::ARRIVAL_ORDER &&
                               m_queues[c].front().arrival < m_queues[chosen].front().arrival))
            {
                chosen = static_cast<int>(c);
            }
        }
        if (chosen < 0)
        {
            return false;
        }
        cls = static_cast<TrafficClass>(chosen);
        item = std::move(m_queues[chosen].front().item);
        m_queues[chosen].pop_front();
        return true;
    }

    /**
     * \param cls a class
     * \param paused whether \p cls is held (PFC) or served
     */
    void SetPaused(TrafficClass cls, bool paused)
    {
        m_paused[Index(cls)] = paused;
    }

    /**
     * \brief Takes every item of \p cls out, in order (a PFC watchdog's drop).
     * \param cls a class
     * \param each called with each item
     */
    template <class Each>
    void Drain(TrafficClass cls, Each&& each)
    {
        auto& queue = m_queues[Index(cls)];
        while (!queue.empty())
        {
            Item item = std::move(queue.front().item);
            queue.pop_front();
            each(item);
        }
    }

    /// \param cls a class \return whether it is held
    bool IsPaused(TrafficClass cls) const
    {
        return m_paused[Index(cls)];
    }

    /// \param cls a class \return the items of \p cls waiting
    std::size_t Count(TrafficClass cls) const
    {
        return m_queues[Index(cls)].size();
    }

    /// \return the items waiting in every class
    std::size_t Count() const
    {
        std::size_t count = 0;
        for (const auto& queue : m_queues)
        {
            count += queue.size();
        }
        return count;
    }

  private:
    /// An item and its arrival number.
    struct Entry
    {
        Item item;        //!< what waits
        uint64_t arrival; //!< its place in the port's arrivals
    };

    /// \param cls a class \return its index
    static uint32_t Index(TrafficClass cls)
    {
        return static_cast<uint32_t>(cls);
    }

    ClassService m_service;                                      //!< choice among heads
    std::array<std::deque<Entry>, TRAFFIC_CLASS_COUNT> m_queues; //!< by class
    std::array<bool, TRAFFIC_CLASS_COUNT> m_paused{};            //!< by class
    uint64_t m_arrivals{0};                                      //!< items ever pushed
};

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_CLASS_QUEUES_H */
