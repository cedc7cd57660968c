/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_COLLECTIVE_APP_H
#define FABRIC_LB_COLLECTIVE_APP_H

#include "ns3/application.h"
#include "ns3/ipv4-address.h"
#include "ns3/nstime.h"
#include "ns3/roce-nic.h"

#include <vector>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief A host's part of a collective: the messages it sends, each handed to
 * its RoceNic at its start time (counted from the application's start), and
 * those that CollectiveTriggers starts when their trigger fires.
 */
class CollectiveApp : public Application
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * \brief Add a message this host sends at a time.
     * \param destination receiver's address
     * \param destinationHost receiver's index
     * \param bytes message size
     * \param messageId collective-wide id
     * \param start when, after the application starts
     */
    void AddMessage(Ipv4Address destination,
                    uint32_t destinationHost,
                    uint64_t bytes,
                    uint32_t messageId,
                    Time start = Time(0));

    /**
     * \brief Send a message now (a trigger released it).
     * \param destination receiver's address
     * \param destinationHost receiver's index
     * \param bytes message size
     * \param messageId collective-wide id
     */
    void SendNow(Ipv4Address destination,
                 uint32_t destinationHost,
                 uint64_t bytes,
                 uint32_t messageId);

  private:
    void StartApplication() override;
    void StopApplication() override;
    void DoDispose() override;

    /// One outgoing message.
    struct Outgoing
    {
        Ipv4Address destination;  //!< receiver's address
        uint32_t destinationHost; //!< receiver's index
        uint64_t bytes;           //!< size
        uint32_t messageId;       //!< collective-wide id
        Time start;               //!< when, after the application starts
    };

    std::vector<Outgoing> m_messages; //!< what this host sends
};

} // namespace ns3

#endif /* FABRIC_LB_COLLECTIVE_APP_H */
