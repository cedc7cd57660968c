/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_COLLECTIVE_APP_H
#define FABRIC_LB_COLLECTIVE_APP_H

#include "roce-nic.h"

#include "ns3/application.h"
#include "ns3/ipv4-address.h"

#include <vector>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief A host's part of a collective: the messages it sends, handed to its
 * RoceNic when the application starts.
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
     * \brief Add a message this host sends when the application starts.
     * \param destination receiver's address
     * \param destinationHost receiver's index
     * \param bytes message size
     * \param messageId collective-wide id
     */
    void AddMessage(Ipv4Address destination,
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
    };

    std::vector<Outgoing> m_messages; //!< what this host sends
};

} // namespace ns3

#endif /* FABRIC_LB_COLLECTIVE_APP_H */
