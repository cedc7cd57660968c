/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Receiver credit control (RCCC) in a simulation: a 4-to-1 incast of 4 MiB on k=4 under
 * host spraying, RUD and NSCC. The receiver grants credit at its link's rate, so once the
 * senders' speculative credit is spent nothing more arrives than its link carries: with
 * speculation that fits the bottleneck's buffer nothing drops, where the same incast
 * without RCCC drops; with trimming switches and UET's speculation of 1.5 BDP every trim
 * falls in the first four round trips.
 */

#include "fabric-lb-test-util.h"

#include "ns3/boolean.h"
#include "ns3/config.h"
#include "ns3/double.h"
#include "ns3/test.h"

#include <algorithm>
#include <vector>

namespace ns3
{

namespace
{

/// Senders of the incast.
constexpr uint32_t SENDERS = 4;
/// Bytes each sends to host 0: 1024 packets.
constexpr uint64_t MESSAGE_BYTES = 4 * 1048576;
/// The base round trip of the fabric's 6-link paths at 800 Gb/s (fabric-lb-nscc's T).
constexpr int64_t BASE_RTT_PS = 6250000;

/// What the incast did.
struct CreditIncastRun
{
    ExperimentResult result;      //!< its measurements
    std::vector<int64_t> trimsPs; //!< when a switch port trimmed a data packet
};

/// Records a trim's time.
void
RecordTrim(std::vector<int64_t>* trimsPs, Ptr<const Packet>)
{
    trimsPs->push_back(Simulator::Now().GetPicoSeconds());
}

/**
 * Runs the incast under host spraying, RUD and NSCC.
 * \param rccc receiver credit control on
 * \param trim switches trim what they would drop
 * \param maxCreditBdps a sender's speculative credit (RoceReceiverCredit::MaxCredit)
 */
CreditIncastRun
RunCreditIncast(bool rccc, bool trim, double maxCreditBdps)
{
    fabriclbtest::UsePicoseconds();
    Config::SetDefault("ns3::FatTreeHelper::K", UintegerValue(4));
    Config::SetDefault("ns3::FatTreeHelper::Trim", BooleanValue(trim));
    Config::SetDefault("ns3::RoceNic::ReceiverCredit", BooleanValue(rccc));
    Config::SetDefault("ns3::RoceReceiverCredit::MaxCredit", DoubleValue(maxCreditBdps));
    const fabriclbtest::IncastMatrixFile matrix(SENDERS, MESSAGE_BYTES);
    ExperimentConfig config;
    config.lb = "host-spray";
    config.workload = "matrix";
    config.matrixFile = matrix.Path();
    config.recovery = "rud";
    config.cc = "nscc";
    CreditIncastRun run;
    FabricExperiment experiment(config);
    experiment.Configure();
    experiment.Install();
    Config::ConnectWithoutContext("/NodeList/*/DeviceList/*/$ns3::FabricPortDevice/Trim",
                                  MakeBoundCallback(&RecordTrim, &run.trimsPs));
    experiment.Run();
    run.result = experiment.Collect();
    Config::Reset();
    return run;
}

} // namespace

/**
 * \ingroup fabric-lb-tests
 * \brief With a quarter of a BDP of speculative credit (38 packets a sender; four fit the
 * bottleneck's 192-packet buffer), the incast drops nothing under RCCC and retransmits
 * nothing, and its receiver's link stays busy: the collective ends within 5% of its bound
 * (2.8% measured). Without RCCC the same incast overflows the buffer.
 */
class RcccIncastDropsNothingTest : public fabriclbtest::DeliveryTestCase
{
  public:
    RcccIncastDropsNothingTest()
        : DeliveryTestCase("rccc, 4-to-1 incast of 4 MiB on k=4 under host-spray, rud and nscc, "
                           "drop-tail: nothing dropped, nothing resent, within 5% of the bound; "
                           "without rccc the buffer overflows")
    {
    }

  private:
    void DoRun() override
    {
        const ExperimentResult without = RunCreditIncast(false, false, 0.25).result;
        NS_TEST_ASSERT_MSG_GT(without.packetsDropped, 0, "without RCCC the incast drops");

        const ExperimentResult r = RunCreditIncast(true, false, 0.25).result;
        CheckEveryMessageDelivered(r);
        NS_TEST_EXPECT_MSG_EQ(r.packetsDropped, 0, "RCCC: nothing dropped");
        NS_TEST_EXPECT_MSG_EQ(r.retransmissions, 0, "RCCC: nothing resent");
        NS_TEST_EXPECT_MSG_EQ(r.packetsSent, SENDERS * r.messagePackets, "each packet once");
        NS_TEST_EXPECT_MSG_GT(r.grants, 0, "the receiver grants credit");
        NS_TEST_EXPECT_MSG_LT(r.CctIncreasePercent(), 5.0, "the receiver's link stays busy");
    }
};

/**
 * \ingroup fabric-lb-tests
 * \brief With trimming switches and UET's speculation of 1.5 BDP (225 packets a sender), the
 * speculative burst overflows the bottleneck and is trimmed; after it the receiver's grants,
 * at 99% of its link, keep the queue within the buffer: no trim after the first four base
 * round trips of the incast's 28 (the last at 3.7 measured; without RCCC 4.8), half the trims
 * of the incast without RCCC (267 against 531), and no timer fires.
 */
class RcccTrimsOnlyTheSpeculativeBurstTest : public fabriclbtest::DeliveryTestCase
{
  public:
    RcccTrimsOnlyTheSpeculativeBurstTest()
        : DeliveryTestCase("rccc, 4-to-1 incast of 4 MiB on k=4 under host-spray, rud, nscc "
                           "and trimming: only the speculative burst is trimmed")
    {
    }

  private:
    void DoRun() override
    {
        const CreditIncastRun without = RunCreditIncast(false, true, 1.5);
        const CreditIncastRun run = RunCreditIncast(true, true, 1.5);
        const ExperimentResult& r = run.result;
        CheckEveryMessageDelivered(r);
        NS_TEST_ASSERT_MSG_GT(r.packetsTrimmed, 0, "the speculative burst overflows");
        NS_TEST_EXPECT_MSG_LT(r.packetsTrimmed,
                              without.result.packetsTrimmed,
                              "fewer trims than without RCCC");
        NS_TEST_EXPECT_MSG_EQ(r.timeouts, 0, "no timer fires");
        NS_TEST_EXPECT_MSG_LT(*std::max_element(run.trimsPs.begin(), run.trimsPs.end()),
                              4 * BASE_RTT_PS,
                              "no trim after the first four round trips");
    }
};

/// The suite.
class FabricLbRcccSuite : public TestSuite
{
  public:
    FabricLbRcccSuite()
        : TestSuite("fabric-lb-rccc", FABRIC_LB_SUITE_SYSTEM)
    {
        AddTestCase(new RcccIncastDropsNothingTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new RcccTrimsOnlyTheSpeculativeBurstTest, FABRIC_LB_TEST_QUICK);
    }
};

/// Registers the suite.
static FabricLbRcccSuite g_fabricLbRcccSuite;

} // namespace ns3
