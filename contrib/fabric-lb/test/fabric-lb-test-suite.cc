/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * ns-3 TestSuites of fabric-lb: the module in a simulator, on small fabrics.
 */

#include "fabric-lb-test-util.h"

#include "ns3/collective-app.h"
#include "ns3/core-module.h"
#include "ns3/fabric-experiment.h"
#include "ns3/fabric-helper.h"
#include "ns3/fabric-lb-compat.h"
#include "ns3/fabric-registry.h"
#include "ns3/fabric-routing.h"
#include "ns3/lower-bound.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/roce-header.h"
#include "ns3/test.h"
#include "ns3/udp-header.h"

#include <map>
#include <set>
#include <string>
#include <tuple>

using namespace ns3;
using ns3::fabriclbtest::BuildFabric;
using ns3::fabriclbtest::Completions;
using ns3::fabriclbtest::InstallMessages;
using ns3::fabriclbtest::RunWithK;

namespace
{

/// Hosts a and b exchange one message each on a k=4 fabric; returns the completion time.
Time
RunPair(uint32_t a, uint32_t b, uint64_t bytes)
{
    Ptr<FabricHelper> fabric = BuildFabric(4);
    Completions completions;
    InstallMessages(fabric, {{a, b, bytes}, {b, a, bytes}}, completions);
    Simulator::Run();
    const bool allDone = completions.done == completions.expected;
    fabric->Dispose();
    Simulator::Destroy();
    return allDone ? completions.last : Time(-1);
}

// ---------------------------------------------------------------------------

/// RoceHeader serialises to exactly the documented 32 bytes and back.
class RoceHeaderSerialisationTest : public TestCase
{
  public:
    RoceHeaderSerialisationTest()
        : TestCase("RoceHeader layout is exact and round-trips")
    {
    }

  private:
    void DoRun() override
    {
        RoceHeader header;
        header.opcode = RoceHeader::NACK;
        header.ecnEcho = true;
        header.label = 0xBEEF;
        header.queuePair = 0x01020304;
        header.psn = 0x0A0B0C0D;
        header.messageId = 0x11223344;
        header.messagePackets = 256;
        header.cumulativePsn = 0x55667788;
        header.sackBitmap = 0x8000000000000001ULL;
        Ptr<Packet> packet = Create<Packet>();
        packet->AddHeader(header);
        NS_TEST_ASSERT_MSG_EQ(packet->GetSize(), 32, "RoceHeader must be 32 bytes");

        uint8_t bytes[32];
        packet->CopyData(bytes, sizeof(bytes));
        const uint8_t expected[32] = {0x03, 0x01, 0xBE, 0xEF, 0x01, 0x02, 0x03, 0x04,
                                      0x0A, 0x0B, 0x0C, 0x0D, 0x11, 0x22, 0x33, 0x44,
                                      0x00, 0x00, 0x01, 0x00, 0x55, 0x66, 0x77, 0x88,
                                      0x80, 0,    0,    0,    0,    0,    0,    0x01};
        for (uint32_t i = 0; i < 32; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(uint32_t(bytes[i]), uint32_t(expected[i]), "byte " << i);
        }

        RoceHeader parsed;
        packet->RemoveHeader(parsed);
        NS_TEST_ASSERT_MSG_EQ(parsed.opcode, RoceHeader::NACK, "opcode");
        NS_TEST_ASSERT_MSG_EQ(parsed.ecnEcho, true, "ECN echo");
        NS_TEST_ASSERT_MSG_EQ(parsed.label, 0xBEEF, "label");
        NS_TEST_ASSERT_MSG_EQ(parsed.queuePair, 0x01020304U, "queue pair");
        NS_TEST_ASSERT_MSG_EQ(parsed.psn, 0x0A0B0C0DU, "psn");
        NS_TEST_ASSERT_MSG_EQ(parsed.messageId, 0x11223344U, "message id");
        NS_TEST_ASSERT_MSG_EQ(parsed.messagePackets, 256U, "message packets");
        NS_TEST_ASSERT_MSG_EQ(parsed.cumulativePsn, 0x55667788U, "cumulative PSN");
        NS_TEST_ASSERT_MSG_EQ(parsed.sackBitmap, 0x8000000000000001ULL, "SACK bitmap");
    }
};

/// Frames on the wire are exactly 4158 B (data) and 64 B (ACK), and take 41.58 ns and 0.64 ns.
class WireSizeTest : public TestCase
{
  public:
    WireSizeTest()
        : TestCase("data and ACK frames have the study's wire sizes and times")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<FabricHelper> fabric = BuildFabric(4);
        std::map<uint32_t, uint32_t> frames; // size -> count, host 0's port
        Ptr<NetDevice> device = fabric->GetHosts().Get(0)->GetDevice(1);
        device->TraceConnectWithoutContext(
            "PhyTxBegin",
            MakeCallback(+[](std::map<uint32_t, uint32_t>* f, Ptr<const Packet> p) {
                ++(*f)[p->GetSize() + FabricPortDevice::FRAMING_BYTES];
            }).Bind(&frames));
        Completions completions;
        InstallMessages(fabric, {{0, 5, 3 * 4096}, {5, 0, 3 * 4096}}, completions);
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(completions.done, 2U, "both messages complete");
        NS_TEST_ASSERT_MSG_EQ(frames.size(), 2U, "two frame sizes");
        NS_TEST_ASSERT_MSG_EQ(frames[4158], 3U, "three 4158-byte data frames");
        NS_TEST_ASSERT_MSG_EQ(frames[64], 3U, "three 64-byte ACK frames");

        DataRateValue rate;
        device->GetAttribute("DataRate", rate);
        TimeValue gap;
        device->GetAttribute("InterframeGap", gap);
        NS_TEST_ASSERT_MSG_EQ(rate.Get().CalculateBytesTxTime(4158), PicoSeconds(41580), "Td");
        NS_TEST_ASSERT_MSG_EQ(rate.Get().CalculateBytesTxTime(64), PicoSeconds(640), "Ta");
        NS_TEST_ASSERT_MSG_EQ(gap.Get(), PicoSeconds(200), "Tg: 20 B at 800 Gb/s");
        fabric->Dispose();
        Simulator::Destroy();
    }
};

/**
 * The study's wire: 4096 B data and 82 B ACKs without gaps, and a lone flow
 * paced at one packet per 41.78 ns, each gap stretched by less than 1%.
 */
class StudyWireTest : public TestCase
{
  public:
    StudyWireTest()
        : TestCase("the study wire model's sizes and host pacing")
    {
    }

  private:
    void DoRun() override
    {
        Config::SetDefault("ns3::FatTreeHelper::Wire", StringValue("study"));
        Ptr<FabricHelper> fabric = BuildFabric(4);
        Config::SetDefault("ns3::FatTreeHelper::Wire", StringValue("physical"));

        struct Departures
        {
            std::map<uint32_t, uint32_t> sizes;
            std::vector<Time> data;
        } seen;

        Ptr<NetDevice> device = fabric->GetHosts().Get(0)->GetDevice(1);
        device->TraceConnectWithoutContext(
            "PhyTxBegin",
            MakeCallback(+[](Departures* d, Ptr<const Packet> p) {
                // Framed as the wire carries it (PPP's 2 B).
                ++d->sizes[p->GetSize() + FabricPortDevice::FRAMING_BYTES];
                if (p->GetSize() > 1000)
                {
                    d->data.push_back(Simulator::Now());
                }
            }).Bind(&seen));
        Completions completions;
        InstallMessages(fabric, {{0, 5, 64 * 4096}, {5, 0, 64 * 4096}}, completions);
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(completions.done, 2U, "both messages complete");
        NS_TEST_ASSERT_MSG_EQ(seen.sizes.size(), 2U, "two frame sizes");
        NS_TEST_ASSERT_MSG_EQ(seen.sizes[4096], 64U, "64 data packets of 4096 B");
        NS_TEST_ASSERT_MSG_EQ(seen.sizes[82], 64U, "64 ACKs of 82 B");
        TimeValue gap;
        device->GetAttribute("InterframeGap", gap);
        NS_TEST_ASSERT_MSG_EQ(gap.Get(), Time(0), "no gap");
        NS_TEST_ASSERT_MSG_LT(seen.data.front(), PicoSeconds(41780), "starts within one gap");
        for (size_t i = 1; i < seen.data.size(); ++i)
        {
            const Time spacing = seen.data[i] - seen.data[i - 1];
            NS_TEST_ASSERT_MSG_GT_OR_EQ(spacing, PicoSeconds(41780), "paced, never faster");
            // An ACK may hold the link for 0.82 ns when a packet is released.
            NS_TEST_ASSERT_MSG_LT(spacing,
                                  PicoSeconds(41780 + 417 + 820),
                                  "jitter below 1% of the gap");
        }
        fabric->Dispose();
        Simulator::Destroy();
    }
};

/// A lone pair of hosts completes at its exact bound (within 0.1%, never below).
class PairBoundTest : public TestCase
{
  public:
    PairBoundTest(std::string name, uint32_t a, uint32_t b, uint32_t hops)
        : TestCase("pair " + name + " meets its own bound"),
          m_a(a),
          m_b(b),
          m_hops(hops)
    {
    }

  private:
    void DoRun() override
    {
        const Time cct = RunPair(m_a, m_b, 1048576);
        const fabriclb::PermutationBound bound =
            fabriclb::ComputePermutationBound(fabriclb::WireModel{}, 256, m_hops);
        NS_TEST_ASSERT_MSG_GT(cct, Time(0), "both messages complete");
        const auto cctPs = static_cast<uint64_t>(cct.GetPicoSeconds());
        NS_TEST_ASSERT_MSG_GT_OR_EQ(cctPs, bound.completionPs, "never below the bound");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(cctPs,
                                    bound.completionPs + bound.completionPs / 1000,
                                    "within 0.1% of the bound");
    }

    uint32_t m_a;
    uint32_t m_b;
    uint32_t m_hops;
};

/// Every message of a k=4 permutation and all-to-all completes, nothing dropped.
class CollectiveDeliveryTest : public TestCase
{
  public:
    CollectiveDeliveryTest(std::string workload, uint64_t bytes)
        : TestCase("k=4 " + workload + " delivers every byte"),
          m_workload(workload),
          m_bytes(bytes)
    {
    }

  private:
    void DoRun() override
    {
        ExperimentConfig config;
        config.workload = m_workload;
        config.messageBytes = m_bytes;
        const ExperimentResult r = RunWithK(4, config);
        const uint64_t expectedMessages = m_workload == "permutation" ? 16 : 16 * 15;
        NS_TEST_ASSERT_MSG_EQ(r.messages, expectedMessages, "message count");
        NS_TEST_ASSERT_MSG_EQ(r.messagesCompleted, r.messages, "every message completes");
        NS_TEST_ASSERT_MSG_EQ(r.packetsDropped, 0U, "nothing dropped");
        NS_TEST_ASSERT_MSG_EQ(r.lossesDetected, 0U, "no loss declared");
        NS_TEST_ASSERT_MSG_EQ(r.packetsSent,
                              r.messages * r.messagePackets,
                              "exactly m per message");
        NS_TEST_ASSERT_MSG_EQ(r.packetsDelivered, r.packetsSent, "every packet delivered");
        NS_TEST_ASSERT_MSG_EQ(r.acksSent, r.packetsDelivered, "one ACK per data packet");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(r.cctPs, r.boundPs, "never below the bound");
    }

    std::string m_workload;
    uint64_t m_bytes;
};

/// With the study's short buffers (20 packets) ECMP collisions drop packets; erasure coding
/// recovers.
class LossRecoveryTest : public TestCase
{
  public:
    LossRecoveryTest()
        : TestCase("k=4 permutation with 20-packet buffers recovers every loss")
    {
    }

  private:
    void DoRun() override
    {
        Config::SetDefault("ns3::FatTreeHelper::BufferBytes", UintegerValue(20 * 4158));
        ExperimentConfig config;
        config.messageBytes = 1048576;
        const ExperimentResult r = RunWithK(4, config);
        Config::SetDefault("ns3::FatTreeHelper::BufferBytes", UintegerValue(800000));
        NS_TEST_ASSERT_MSG_GT(r.packetsDropped, 0U, "short buffers drop under ECMP collisions");
        NS_TEST_ASSERT_MSG_GT(r.lossesDetected, 0U, "senders detect losses");
        NS_TEST_ASSERT_MSG_EQ(r.messagesCompleted, r.messages, "every message still completes");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(r.packetsDelivered,
                                    r.messages * r.messagePackets,
                                    "at least m coded packets reach every receiver");
        NS_TEST_ASSERT_MSG_GT(r.packetsSent,
                              r.messages * r.messagePackets,
                              "lost packets were replaced by fresh coded ones");
        NS_TEST_ASSERT_MSG_EQ(r.packetsSent + r.acksSent,
                              r.packetsDelivered + r.acksDelivered + r.packetsDropped + r.inFlight,
                              "every packet sent is delivered, dropped or still in flight");
    }
};

/// Under ECMP every packet of a queue pair (and every ACK of it) takes one path.
class EcmpPinningTest : public TestCase
{
  public:
    EcmpPinningTest()
        : TestCase("ECMP keeps each queue pair on one path")
    {
    }

  private:
    /// (switch node, source, destination, queue pair, opcode)
    using FlowAtSwitch = std::tuple<uint32_t, uint32_t, uint32_t, uint32_t, uint32_t>;

    void DoRun() override
    {
        Ptr<FabricHelper> fabric = BuildFabric(4);
        std::map<FlowAtSwitch, std::set<uint32_t>> ports;
        std::set<std::pair<uint32_t, uint32_t>> portsUsed; // (switch, up port)
        auto record = [&ports, &portsUsed](Ptr<Node> node,
                                           Ptr<const Packet> p,
                                           const Ipv4Header& ip,
                                           bool up,
                                           uint32_t port) {
            if (!up)
            {
                return;
            }
            Ptr<Packet> copy = p->Copy();
            UdpHeader udp;
            copy->RemoveHeader(udp);
            RoceHeader roce;
            copy->RemoveHeader(roce);
            ports[{node->GetId(),
                   ip.GetSource().Get(),
                   ip.GetDestination().Get(),
                   roce.queuePair,
                   roce.opcode}]
                .insert(port);
            portsUsed.insert({node->GetId(), port});
        };
        fabriclbtest::HookForward(fabric->GetEdgeSwitches(), record);
        fabriclbtest::HookForward(fabric->GetAggregationSwitches(), record);

        Completions completions;
        InstallMessages(fabric, fabriclb::AllToAllWorkload(16, 8 * 4096), completions);
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(completions.done, completions.expected, "all messages complete");
        NS_TEST_ASSERT_MSG_GT(ports.size(), 0U, "up hops were observed");
        for (const auto& [flow, used] : ports)
        {
            NS_TEST_ASSERT_MSG_EQ(used.size(),
                                  1U,
                                  "a queue pair used several up ports at a switch");
        }
        // The hash does spread flows: every edge and aggregation switch uses both its uplinks.
        NS_TEST_ASSERT_MSG_EQ(portsUsed.size(), 2U * (8 + 8), "every uplink carries some flow");
        fabric->Dispose();
        Simulator::Destroy();
    }
};

/// The same seed and run give the same result; another run another permutation.
class DeterminismTest : public TestCase
{
  public:
    DeterminismTest()
        : TestCase("same seed and run, same JSON; different run, different permutation")
    {
    }

  private:
    void DoRun() override
    {
        ExperimentConfig config;
        config.messageBytes = 64 * 4096;
        auto stripWall = [](nlohmann::json j) {
            j.erase("wall_seconds");
            return j;
        };
        RngSeedManager::SetSeed(7);
        RngSeedManager::SetRun(3);
        const nlohmann::json first = stripWall(RunWithK(4, config).ToJson());
        const nlohmann::json second = stripWall(RunWithK(4, config).ToJson());
        NS_TEST_ASSERT_MSG_EQ(first.dump(), second.dump(), "identical results");

        const auto runThree = BuildTraffic(config, 128).flows;
        RngSeedManager::SetRun(4);
        const auto runFour = BuildTraffic(config, 128).flows;
        bool differ = false;
        for (size_t i = 0; i < runThree.size(); ++i)
        {
            differ = differ || runThree[i].destination != runFour[i].destination;
        }
        NS_TEST_ASSERT_MSG_EQ(differ, true, "another run draws another permutation");
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
    }
};

/**
 * One scheme on a k=4 all-to-all, whose traffic no draw changes: the same seed and run give
 * the same result (the JSON but its wall-clock time, and every message's start and
 * completion); another run another result, unless the scheme draws nothing (simple-rr's
 * fixed order), when it is the same too.
 */
class SchemeDeterminismTest : public TestCase
{
  public:
    /// \param scheme the scheme's name (fabriclb::LbSchemes)
    explicit SchemeDeterminismTest(const std::string& scheme)
        : TestCase(scheme + (DrawsNothing(scheme)
                                 ? ": draws nothing, every run gives the same result"
                                 : ": same seed and run, same result; another run, another one")),
          m_scheme(scheme)
    {
    }

  private:
    /// \return whether \p scheme makes no random draw (simple-rr: a fixed round-robin order)
    static bool DrawsNothing(const std::string& scheme)
    {
        return scheme == "simple-rr";
    }

    /// \return the result of run \p run of seed 7, but the wall-clock time and the run number
    std::string ResultOfRun(uint64_t run) const
    {
        ExperimentConfig config;
        config.lb = m_scheme;
        config.workload = "all-to-all";
        config.messageBytes = 4 * 4096;
        RngSeedManager::SetSeed(7);
        RngSeedManager::SetRun(run);
        const ExperimentResult result = RunWithK(4, config);
        nlohmann::json json = result.ToJson();
        json.erase("wall_seconds");
        json.erase("run");
        return json.dump() + "\n" + result.FlowsCsv();
    }

    void DoRun() override
    {
        const std::string first = ResultOfRun(3);
        const std::string again = ResultOfRun(3);
        const std::string other = ResultOfRun(4);
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        NS_TEST_ASSERT_MSG_EQ(again, first, "the same seed and run, the same result");
        NS_TEST_ASSERT_MSG_EQ((other == first),
                              DrawsNothing(m_scheme),
                              "another run: the same result only for a scheme that draws nothing");
    }

    std::string m_scheme; //!< the scheme
};

} // namespace

/// \ingroup fabric-lb-tests Packet formats and serialisation.
class FabricLbWireSuite : public TestSuite
{
  public:
    FabricLbWireSuite()
        : TestSuite("fabric-lb-wire", FABRIC_LB_SUITE_UNIT)
    {
        AddTestCase(new RoceHeaderSerialisationTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new WireSizeTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new StudyWireTest, FABRIC_LB_TEST_QUICK);
    }
};

/// \ingroup fabric-lb-tests Simulated completion against the exact bounds.
class FabricLbBoundsSuite : public TestSuite
{
  public:
    FabricLbBoundsSuite()
        : TestSuite("fabric-lb-bounds", FABRIC_LB_SUITE_SYSTEM)
    {
        AddTestCase(new PairBoundTest("across pods", 0, 4, 6), FABRIC_LB_TEST_QUICK);
        AddTestCase(new PairBoundTest("within a pod", 0, 2, 4), FABRIC_LB_TEST_QUICK);
        AddTestCase(new PairBoundTest("under one edge switch", 0, 1, 2), FABRIC_LB_TEST_QUICK);
    }
};

/// \ingroup fabric-lb-tests Whole collectives on a k=4 fabric.
class FabricLbFabricSuite : public TestSuite
{
  public:
    FabricLbFabricSuite()
        : TestSuite("fabric-lb-fabric", FABRIC_LB_SUITE_SYSTEM)
    {
        AddTestCase(new CollectiveDeliveryTest("permutation", 256 * 1024), FABRIC_LB_TEST_QUICK);
        AddTestCase(new CollectiveDeliveryTest("all-to-all", 64 * 1024), FABRIC_LB_TEST_QUICK);
        AddTestCase(new LossRecoveryTest, FABRIC_LB_TEST_QUICK);
    }
};

/// \ingroup fabric-lb-tests ECMP's flow pinning.
class FabricLbEcmpSuite : public TestSuite
{
  public:
    FabricLbEcmpSuite()
        : TestSuite("fabric-lb-ecmp", FABRIC_LB_SUITE_SYSTEM)
    {
        AddTestCase(new EcmpPinningTest, FABRIC_LB_TEST_QUICK);
    }
};

/// \ingroup fabric-lb-tests Reproducibility.
class FabricLbDeterminismSuite : public TestSuite
{
  public:
    FabricLbDeterminismSuite()
        : TestSuite("fabric-lb-determinism", FABRIC_LB_SUITE_SYSTEM)
    {
        AddTestCase(new DeterminismTest, FABRIC_LB_TEST_QUICK);
        for (const fabriclb::LbScheme& scheme : fabriclb::LbSchemes().All())
        {
            AddTestCase(new SchemeDeterminismTest(scheme.name), FABRIC_LB_TEST_QUICK);
        }
    }
};

static FabricLbWireSuite g_fabricLbWireSuite;               //!< registers the suite
static FabricLbBoundsSuite g_fabricLbBoundsSuite;           //!< registers the suite
static FabricLbFabricSuite g_fabricLbFabricSuite;           //!< registers the suite
static FabricLbEcmpSuite g_fabricLbEcmpSuite;               //!< registers the suite
static FabricLbDeterminismSuite g_fabricLbDeterminismSuite; //!< registers the suite
