/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_EGRESS_PORT_H
#define FABRIC_LB_EGRESS_PORT_H

#include <cstdint>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief What load balancers and NICs read of a port's egress buffer: its backlog
 * and its size. FabricQueueDisc (the queue-disc port) and FabricPortDevice (the
 * fabric port) are ones; the node that holds the port keeps it alive.
 */
class EgressPort
{
  public:
    virtual ~EgressPort() = default;

    /// \return bytes waiting at the port to be sent, framed as on the wire
    virtual uint32_t GetPortBacklogBytes() const = 0;

    /// \return the port's buffer, bytes
    virtual uint32_t GetBufferBytes() const = 0;
};

} // namespace ns3

#endif /* FABRIC_LB_EGRESS_PORT_H */
