/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "collective-app.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("CollectiveApp");

NS_OBJECT_ENSURE_REGISTERED(CollectiveApp);

TypeId
CollectiveApp::GetTypeId()
{
    static TypeId tid = TypeId("ns3::CollectiveApp")
                            .SetParent<Application>()
                            .SetGroupName("FabricLb")
                            .AddConstructor<CollectiveApp>();
    return tid;
}

void
CollectiveApp::AddMessage(Ipv4Address destination,
                          uint32_t destinationHost,
                          uint64_t bytes,
                          uint32_t messageId,
                          Time start)
{
    NS_ABORT_MSG_IF(start.IsStrictlyNegative(), "a message cannot start before its application");
    m_messages.push_back({destination, destinationHost, bytes, messageId, start});
}

void
CollectiveApp::SendNow(Ipv4Address destination,
                       uint32_t destinationHost,
                       uint64_t bytes,
                       uint32_t messageId)
{
    NS_LOG_FUNCTION(this << destination << bytes << messageId);
    Ptr<RoceNic> nic = GetNode()->GetObject<RoceNic>();
    NS_ABORT_MSG_UNLESS(nic, "CollectiveApp needs a RoceNic on its node");
    nic->SendMessage(destination, destinationHost, bytes, messageId);
}

void
CollectiveApp::StartApplication()
{
    NS_LOG_FUNCTION(this << m_messages.size());
    Ptr<RoceNic> nic = GetNode()->GetObject<RoceNic>();
    NS_ABORT_MSG_UNLESS(nic, "CollectiveApp needs a RoceNic on its node");
    for (const Outgoing& message : m_messages)
    {
        if (message.start.IsZero())
        {
            nic->SendMessage(message.destination,
                             message.destinationHost,
                             message.bytes,
                             message.messageId);
            continue;
        }
        Simulator::Schedule(message.start,
                            &CollectiveApp::SendNow,
                            this,
                            message.destination,
                            message.destinationHost,
                            message.bytes,
                            message.messageId);
    }
}

void
CollectiveApp::StopApplication()
{
}

void
CollectiveApp::DoDispose()
{
    m_messages.clear();
    Application::DoDispose();
}

} // namespace ns3
