/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Reliable unordered delivery in a simulation: spraying reorders, and RUD retransmits
 * nothing unless a packet was dropped or trimmed, for every scheme that sprays, under Swift
 * and NSCC, lossy and lossless, and for the flow-level schemes under DCQCN and PFC, whose
 * pauses hold packets; with trimming switches, a trimmed packet is resent on its NACK at once.
 */

#include "fabric-lb-test-util.h"

#include "ns3/boolean.h"
#include "ns3/config.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <string>
#include <vector>

namespace ns3
{

namespace
{

/// The schemes that send one message's packets on several paths.
const std::vector<std::string>
    SPRAYERS{"host-spray", "reps", "host-dr", "rr", "simple-rr", "switch-ar", "jsq", "rsq", "ofan"};

/// The schemes that keep a flow on one path for a while, whose flows wait behind PFC's pauses.
const std::vector<std::string> FLOW_SCHEMES{"ecmp", "subflow", "plb", "flowlet"};

} // namespace

/// Spraying reorders and PFC's pauses hold packets; under RUD no packet that was neither
/// dropped nor trimmed is resent.
class NoSpuriousRetransmissionTest : public fabriclbtest::DeliveryTestCase
{
  public:
    /**
     * \param k the fat tree's radix
     * \param workload permutation or all-to-all
     * \param bytes each message's bytes
     * \param cc the congestion control
     * \param lossless PFC instead of drops
     * \param schemes the load balancers to run
     * \param schemesName what they are, for the test's name
     */
    NoSpuriousRetransmissionTest(uint32_t k,
                                 const std::string& workload,
                                 uint64_t bytes,
                                 const std::string& cc,
                                 bool lossless,
                                 const std::vector<std::string>& schemes = SPRAYERS,
                                 const std::string& schemesName = "sprayer")
        : DeliveryTestCase("rud + " + cc + (lossless ? " + pfc" : "") + ", k=" + std::to_string(k) +
                           " " + workload + " of " + std::to_string(bytes) + " B: every " +
                           schemesName +
                           " completes and retransmits only what was dropped or trimmed"),
          m_schemes(schemes),
          m_k(k),
          m_workload(workload),
          m_bytes(bytes),
          m_cc(cc),
          m_lossless(lossless)
    {
    }

  private:
    void DoRun() override
    {
        Config::SetDefault("ns3::SwitchBuffer::Pfc", BooleanValue(m_lossless));
        for (const std::string& lb : m_schemes)
        {
            ExperimentConfig config;
            config.lb = lb;
            config.workload = m_workload;
            config.messageBytes = m_bytes;
            config.recovery = "rud";
            config.cc = m_cc;
            const ExperimentResult r = fabriclbtest::RunWithK(m_k, config);
            CheckEveryMessageDelivered(r);
            if (r.packetsDropped == 0 && r.headersDelivered == 0)
            {
                NS_TEST_EXPECT_MSG_EQ(r.retransmissions, 0, lb << ": nothing was lost");
                NS_TEST_EXPECT_MSG_EQ(r.lossesDetected, 0, lb << ": nothing was lost");
            }
            if (m_lossless)
            {
                NS_TEST_EXPECT_MSG_EQ(r.packetsDropped, 0, lb << ": PFC drops nothing");
            }
        }
        Config::SetDefault("ns3::SwitchBuffer::Pfc", BooleanValue(false));
    }

    std::vector<std::string> m_schemes; //!< load balancers
    uint32_t m_k;                       //!< radix
    std::string m_workload;             //!< collective
    uint64_t m_bytes;                   //!< message bytes
    std::string m_cc;                   //!< congestion control
    bool m_lossless;                    //!< PFC
};

/// With buffers of a few packets, switches trim what they cannot hold; RUD resends exactly the
/// trimmed packets at once, and no timer fires.
class TrimmedLossesTest : public fabriclbtest::DeliveryTestCase
{
  public:
    TrimmedLossesTest()
        : DeliveryTestCase("rud + nscc, trimming switches with 20 KB port buffers, k=4 "
                           "all-to-all of 256 KiB under host-spray: nothing dropped, every "
                           "trimmed packet resent once on its NACK, no timeout")
    {
    }

  private:
    void DoRun() override
    {
        Config::SetDefault("ns3::FatTreeHelper::Trim", BooleanValue(true));
        Config::SetDefault("ns3::FatTreeHelper::BufferBytes", UintegerValue(20000));
        ExperimentConfig config;
        config.lb = "host-spray";
        config.workload = "all-to-all";
        config.messageBytes = 262144;
        config.recovery = "rud";
        config.cc = "nscc";
        const ExperimentResult r = fabriclbtest::RunWithK(4, config);
        Config::SetDefault("ns3::FatTreeHelper::Trim", BooleanValue(false));
        Config::SetDefault("ns3::FatTreeHelper::BufferBytes", UintegerValue(800000));
        CheckEveryMessageDelivered(r);
        NS_TEST_ASSERT_MSG_GT(r.packetsTrimmed, 100, "the buffers overflow");
        NS_TEST_EXPECT_MSG_EQ(r.packetsDropped, 0, "what overflows is trimmed, not dropped");
        NS_TEST_EXPECT_MSG_EQ(r.headersDelivered, r.packetsTrimmed, "every header arrives");
        NS_TEST_EXPECT_MSG_EQ(r.nacks, r.headersDelivered, "each header draws a NACK");
        NS_TEST_EXPECT_MSG_EQ(r.retransmissions, r.packetsTrimmed, "each trimmed packet resent");
        NS_TEST_EXPECT_MSG_EQ(r.timeouts, 0, "no timer fires");
    }
};

/// The suite.
class FabricLbRudSuite : public TestSuite
{
  public:
    FabricLbRudSuite()
        : TestSuite("fabric-lb-rud", FABRIC_LB_SUITE_SYSTEM)
    {
        AddTestCase(new TrimmedLossesTest, FABRIC_LB_TEST_QUICK);
        for (const char* cc : {"swift", "nscc"})
        {
            AddTestCase(new NoSpuriousRetransmissionTest(8, "permutation", 1048576, cc, false),
                        FABRIC_LB_TEST_QUICK);
            AddTestCase(new NoSpuriousRetransmissionTest(4, "all-to-all", 262144, cc, false),
                        FABRIC_LB_TEST_QUICK);
            AddTestCase(new NoSpuriousRetransmissionTest(4, "all-to-all", 262144, cc, true),
                        FABRIC_LB_TEST_QUICK);
        }
        // DCQCN paces instead of windowing: a lossless fabric's queues then grow past a port's
        // buffer, up to the switch's, and ECMP's and flowlets' flows wait behind pauses.
        AddTestCase(new NoSpuriousRetransmissionTest(4,
                                                     "all-to-all",
                                                     1048576,
                                                     "dcqcn",
                                                     true,
                                                     FLOW_SCHEMES,
                                                     "flow-level scheme"),
                    FABRIC_LB_TEST_QUICK);
    }
};

/// Registers the suite.
static FabricLbRudSuite g_fabricLbRudSuite;

} // namespace ns3
