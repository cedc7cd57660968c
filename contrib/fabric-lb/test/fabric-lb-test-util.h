/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_TEST_UTIL_H
#define FABRIC_LB_TEST_UTIL_H

#include "ns3/abort.h"
#include "ns3/collective-app.h"
#include "ns3/config.h"
#include "ns3/experiment-traffic.h"
#include "ns3/fabric-experiment.h"
#include "ns3/fabric-helper.h"
#include "ns3/fabric-port-device.h"
#include "ns3/fabric-queue-disc.h"
#include "ns3/ipv4.h"
#include "ns3/nstime.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/traffic-control-layer.h"
#include "ns3/type-id.h"
#include "ns3/uinteger.h"
#include "ns3/workload.h"

#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <unistd.h>
#include <vector>

namespace ns3
{
namespace fabriclbtest
{

/// \return the egress buffer of \p device: a fabric port, or a point-to-point device's
/// FabricQueueDisc
inline const EgressPort*
EgressOf(Ptr<NetDevice> device)
{
    if (const Ptr<FabricPortDevice> port = DynamicCast<FabricPortDevice>(device))
    {
        return PeekPointer(port);
    }
    return PeekPointer(DynamicCast<FabricQueueDisc>(
        device->GetNode()->GetObject<TrafficControlLayer>()->GetRootQueueDiscOnDevice(device)));
}

/// The module needs picoseconds; set them before a test case makes any Time.
inline void
UsePicoseconds()
{
    if (Time::GetResolution() != Time::PS)
    {
        Time::SetResolution(Time::PS);
    }
}

/**
 * Builds \p topology with the module's defaults, or the given switch discipline and host
 * path policy (TypeId names), streams from 1.
 */
inline Ptr<FabricHelper>
BuildFabric(std::shared_ptr<const fabriclb::FabricTopology> topology,
            const std::string& discipline = "",
            const std::string& policy = "")
{
    UsePicoseconds();
    Ptr<FabricHelper> fabric = CreateObject<FabricHelper>();
    fabric->SetTopology(std::move(topology));
    if (!discipline.empty())
    {
        fabric->SetAttribute("SwitchDiscipline", TypeIdValue(TypeId::LookupByName(discipline)));
    }
    if (!policy.empty())
    {
        fabric->SetAttribute("HostPathPolicy", TypeIdValue(TypeId::LookupByName(policy)));
    }
    fabric->Build();
    fabric->AssignStreams(1);
    return fabric;
}

/// Builds a k-ary fat tree as BuildFabric builds a topology.
inline Ptr<FabricHelper>
BuildFabric(uint32_t k, const std::string& discipline = "", const std::string& policy = "")
{
    return BuildFabric(std::make_shared<const fabriclb::FatTreeTopology>(k), discipline, policy);
}

/// \return the fat tree \p fabric was built on (BuildFabric(k)'s), for a test's fat-tree
/// arithmetic
inline const fabriclb::FatTreeTopology&
FatTreeOf(const FabricHelper& fabric)
{
    return dynamic_cast<const fabriclb::FatTreeTopology&>(fabric.GetTopology());
}

/// Counts message completions and stops the simulation after the last one.
struct Completions
{
    uint32_t expected{0}; //!< messages to wait for
    uint32_t done{0};     //!< messages completed
    Time last;            //!< when the last one completed

    /// MessageAcked sink.
    void Acked(uint32_t, uint32_t)
    {
        last = Simulator::Now();
        if (++done == expected)
        {
            Simulator::Stop();
        }
    }
};

/// What a switch's FabricRouting reports of each packet it forwards: the
/// switch, the packet (IPv4 header removed), its IPv4 header, whether it goes
/// up, and the port.
using ForwardRecorder =
    std::function<void(Ptr<Node>, Ptr<const Packet>, const Ipv4Header&, bool, uint32_t)>;

/// Calls \p recorder for every packet any of \p switches forwards.
inline void
HookForward(const NodeContainer& switches, const ForwardRecorder& recorder)
{
    for (uint32_t i = 0; i < switches.GetN(); ++i)
    {
        Ptr<Node> node = switches.Get(i);
        auto report =
            [node, recorder](Ptr<const Packet> p, const Ipv4Header& ip, bool up, uint32_t port) {
                recorder(node, p, ip, up, port);
            };
        node->GetObject<Ipv4>()->GetRoutingProtocol()->TraceConnectWithoutContext(
            "Forward",
            Callback<void, Ptr<const Packet>, const Ipv4Header&, bool, uint32_t>(report));
    }
}

/// Adds messages to the fabric's hosts (all start at 0) and hooks completion counting.
inline void
InstallMessages(Ptr<FabricHelper> fabric,
                const std::vector<fabriclb::MessageSpec>& messages,
                Completions& completions)
{
    std::map<uint32_t, Ptr<CollectiveApp>> apps;
    for (uint32_t id = 0; id < messages.size(); ++id)
    {
        const fabriclb::MessageSpec& m = messages[id];
        if (!apps.count(m.source))
        {
            apps[m.source] = CreateObject<CollectiveApp>();
            fabric->GetHosts().Get(m.source)->AddApplication(apps[m.source]);
        }
        apps[m.source]->AddMessage(fabric->GetHostAddress(m.destination),
                                   m.destination,
                                   m.bytes,
                                   id);
    }
    completions.expected = messages.size();
    for (uint32_t h = 0; h < fabric->GetHosts().GetN(); ++h)
    {
        fabric->GetNic(h)->TraceConnectWithoutContext(
            "MessageAcked",
            MakeCallback(&Completions::Acked, &completions));
    }
}

/// A test case that runs experiments and checks that they deliver every message.
class DeliveryTestCase : public TestCase
{
  protected:
    using TestCase::TestCase;

    /// Every message of \p r completes, no faster than its bound, and every packet sent is
    /// delivered, dropped or still in flight.
    void CheckEveryMessageDelivered(const ExperimentResult& r)
    {
        NS_TEST_ASSERT_MSG_EQ(r.messagesCompleted, r.messages, "every message completes");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(r.packetsDelivered,
                                    r.messages * r.messagePackets,
                                    "every receiver gets at least m packets");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(r.cctPs, r.boundPs, "never below the bound");
        NS_TEST_ASSERT_MSG_EQ(r.PacketBooksBalance(),
                              true,
                              "every packet sent is delivered (whole or trimmed), dropped or "
                              "still in flight");
    }
};

/**
 * \brief A temporary connection-matrix file of \p traffic; the file goes with the object.
 */
class TemporaryMatrixFile
{
  public:
    /// \param traffic what the file holds
    explicit TemporaryMatrixFile(const fabriclb::ConnectionMatrix& traffic)
    {
        const int fd = mkstemp(m_path);
        NS_ABORT_MSG_IF(fd < 0, "cannot make a temporary file");
        close(fd);
        WriteConnectionMatrixFile(m_path, traffic);
    }

    ~TemporaryMatrixFile()
    {
        std::remove(m_path);
    }

    TemporaryMatrixFile(const TemporaryMatrixFile&) = delete;
    TemporaryMatrixFile& operator=(const TemporaryMatrixFile&) = delete;

    /// \return the file's path
    std::string Path() const
    {
        return m_path;
    }

  private:
    char m_path[32] = "/tmp/fabric-lb-matrix-XXXXXX"; //!< the file
};

/**
 * \brief A temporary connection matrix of an incast on k=4: \p senders hosts in other pods
 * (4, 6, 8, ...) each send \p bytes to host 0, the first at time 0 and each next one
 * \p staggerPs later. The file goes with the object.
 */
class IncastMatrixFile : public TemporaryMatrixFile
{
  public:
    /**
     * \param senders hosts that send
     * \param bytes each one's message
     * \param staggerPs between one sender's start and the next one's
     */
    IncastMatrixFile(uint32_t senders, uint64_t bytes, uint64_t staggerPs = 0)
        : TemporaryMatrixFile(Incast(senders, bytes, staggerPs))
    {
    }

  private:
    /// \return the incast's traffic
    static fabriclb::ConnectionMatrix Incast(uint32_t senders, uint64_t bytes, uint64_t staggerPs)
    {
        fabriclb::ConnectionMatrix traffic;
        traffic.nodes = 16;
        for (uint32_t s = 0; s < senders; ++s)
        {
            fabriclb::MatrixFlow flow{};
            flow.source = 4 + 2 * s;
            flow.destination = 0;
            flow.id = s + 1;
            flow.bytes = bytes;
            flow.startPs = s * staggerPs;
            traffic.flows.push_back(flow);
        }
        return traffic;
    }
};

/// Runs one experiment with FabricHelper::K set to \p k for its duration.
inline ExperimentResult
RunWithK(uint32_t k, const ExperimentConfig& config)
{
    UsePicoseconds();
    Config::SetDefault("ns3::FatTreeHelper::K", UintegerValue(k));
    ExperimentResult result = RunFabricExperiment(config);
    Config::SetDefault("ns3::FatTreeHelper::K", UintegerValue(8));
    return result;
}

} // namespace fabriclbtest
} // namespace ns3

#endif /* FABRIC_LB_TEST_UTIL_H */
