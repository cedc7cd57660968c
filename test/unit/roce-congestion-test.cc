/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/dcqcn-logic.h"
#include "ns3/erasure-logic.h"
#include "ns3/go-back-n-logic.h"
#include "ns3/roce-recovery-logic.h"
#include "ns3/selective-repeat-logic.h"
#include "ns3/swift-logic.h"

#include <cmath>
#include <gtest/gtest.h>
#include <vector>

using namespace ns3::fabriclb;

namespace
{

constexpr double LINE = 800e9;       //!< bit/s
constexpr uint32_t SLOT = 4158 + 20; //!< a physical data packet and its gap
constexpr int64_t US = 1000000;      //!< ps per microsecond

/// \return an ACK at \p nowPs after a round trip of \p delayPs (no ECN, no telemetry)
AckFeedback
Ack(int64_t nowPs, int64_t delayPs)
{
    AckFeedback ack;
    ack.nowPs = nowPs;
    ack.delayPs = delayPs;
    return ack;
}

CongestionContext
Context()
{
    CongestionContext context;
    context.lineRateBps = LINE;
    context.slotBytes = SLOT;
    return context;
}

/// Fires every timer of \p cc due up to and including \p untilPs.
void
RunTimers(DcqcnController& cc, int64_t untilPs)
{
    while (cc.NextTimerPs() && *cc.NextTimerPs() <= untilPs)
    {
        cc.OnTimer(*cc.NextTimerPs());
    }
}

} // namespace

TEST(FixedRate, PacesAtTheFairGapOrRunsAtLineRate)
{
    CongestionContext context = Context();
    EXPECT_EQ(FixedRateController(context).PacingGapPs(), 0U);
    EXPECT_DOUBLE_EQ(FixedRateController(context).RateBps(), LINE);
    context.fairGapPs = 83560; // half the line: 4178 B at 400 Gb/s
    EXPECT_EQ(FixedRateController(context).PacingGapPs(), 83560U);
    EXPECT_DOUBLE_EQ(FixedRateController(context).RateBps(), 400e9);
}

TEST(Dcqcn, StartsAtLineRateUnpacedWithNoTimer)
{
    const DcqcnController cc(Context(), DcqcnParams());
    EXPECT_DOUBLE_EQ(cc.RateBps(), LINE);
    EXPECT_EQ(cc.PacingGapPs(), 0U);
    EXPECT_DOUBLE_EQ(cc.Alpha(), 1);
    EXPECT_FALSE(cc.NextTimerPs());
}

TEST(Dcqcn, ACnpHalvesTheRateAtAlphaOneAndStartsTheTimers)
{
    DcqcnController cc(Context(), DcqcnParams());
    cc.OnCnp(0);
    EXPECT_DOUBLE_EQ(cc.TargetRateBps(), 800e9);
    EXPECT_DOUBLE_EQ(cc.RateBps(), 400e9);                 // 800 (1 - 1/2)
    EXPECT_DOUBLE_EQ(cc.Alpha(), 255.0 / 256 + 1.0 / 256); // still 1
    EXPECT_EQ(cc.PacingGapPs(), 83560U);                   // 4178 B * 8 / 400 Gb/s
    EXPECT_EQ(*cc.NextTimerPs(), 55 * US);
    cc.OnCnp(10 * US);
    EXPECT_DOUBLE_EQ(cc.TargetRateBps(), 400e9);
    EXPECT_DOUBLE_EQ(cc.RateBps(), 200e9);
    EXPECT_EQ(*cc.NextTimerPs(), 65 * US); // restarted by the second CNP
}

TEST(Dcqcn, AlphaDecaysEveryPeriodAndTheTimerDrivesFastRecovery)
{
    DcqcnController cc(Context(), DcqcnParams());
    cc.OnCnp(0);
    RunTimers(cc, 299 * US);
    EXPECT_DOUBLE_EQ(cc.Alpha(), std::pow(255.0 / 256, 5)); // 55, 110, 165, 220, 275 us
    EXPECT_DOUBLE_EQ(cc.RateBps(), 400e9);
    RunTimers(cc, 300 * US);
    EXPECT_DOUBLE_EQ(cc.RateBps(), 600e9); // (800 + 400) / 2
    EXPECT_DOUBLE_EQ(cc.TargetRateBps(), 800e9);
    RunTimers(cc, 600 * US);
    EXPECT_DOUBLE_EQ(cc.RateBps(), 700e9);
    EXPECT_DOUBLE_EQ(cc.Alpha(), std::pow(255.0 / 256, 10)); // ... 550 us
    // A cut now takes alpha / 2 off.
    const double alpha = cc.Alpha();
    cc.OnCnp(601 * US);
    EXPECT_DOUBLE_EQ(cc.RateBps(), 700e9 * (1 - alpha / 2));
    EXPECT_DOUBLE_EQ(cc.Alpha(), (255.0 / 256) * alpha + 1.0 / 256);
}

TEST(Dcqcn, TheByteCounterIncreasesEveryTenMegabytes)
{
    DcqcnController cc(Context(), DcqcnParams());
    cc.OnCnp(0);
    for (int i = 0; i < 9; ++i)
    {
        cc.OnSent(i, 1000000);
    }
    EXPECT_DOUBLE_EQ(cc.RateBps(), 400e9);
    cc.OnSent(9, 1000000);
    EXPECT_DOUBLE_EQ(cc.RateBps(), 600e9);
}

TEST(Dcqcn, AdditiveThenHyperIncreaseRaiseTheTarget)
{
    DcqcnParams params;
    params.fastRecoverySteps = 1;
    params.byteCounterBytes = 1000;
    DcqcnController cc(Context(), params);
    cc.OnCnp(0);        // R_T 800, R_C 400
    cc.OnCnp(0);        // R_T 400, R_C 200
    cc.OnSent(1, 1000); // BC 1, T 0: additive
    EXPECT_DOUBLE_EQ(cc.TargetRateBps(), 400.8e9);
    EXPECT_DOUBLE_EQ(cc.RateBps(), 300.4e9);
    cc.OnSent(2, 1000); // BC 2, T 0: additive
    EXPECT_DOUBLE_EQ(cc.TargetRateBps(), 401.6e9);
    EXPECT_DOUBLE_EQ(cc.RateBps(), 351e9);
    RunTimers(cc, 300 * US); // T 1, BC 2: additive
    EXPECT_DOUBLE_EQ(cc.TargetRateBps(), 402.4e9);
    EXPECT_DOUBLE_EQ(cc.RateBps(), 376.7e9);
    RunTimers(cc, 600 * US); // T 2, BC 2: both above F, hyper
    EXPECT_DOUBLE_EQ(cc.TargetRateBps(), 410.4e9);
    EXPECT_DOUBLE_EQ(cc.RateBps(), 393.55e9);
}

TEST(Dcqcn, NeverBelowTheMinimumNorAboveLineRate)
{
    DcqcnParams params;
    params.byteCounterBytes = 1;
    DcqcnController cc(Context(), params);
    for (int i = 0; i < 40; ++i)
    {
        cc.OnCnp(i);
    }
    EXPECT_DOUBLE_EQ(cc.RateBps(), params.minRateBps);
    for (int i = 0; i < 5000 && cc.RateBps() < LINE; ++i) // R_AI steps, then halvings
    {
        cc.OnSent(100 + i, 1);
    }
    EXPECT_DOUBLE_EQ(cc.RateBps(), LINE);
    EXPECT_EQ(cc.PacingGapPs(), 0U);
    // Back at line rate only alpha's timer runs.
    EXPECT_EQ(*cc.NextTimerPs(), 39 + 55 * US);
}

TEST(Swift, StartsAtOneBandwidthDelayProductAtTheTarget)
{
    const SwiftController cc(Context(), SwiftParams());
    EXPECT_EQ(cc.TargetPs(), 1 * US + 6 * 1200000);                      // 8.2 us
    EXPECT_DOUBLE_EQ(*cc.WindowPackets(), LINE * 8.2e-6 / (8.0 * SLOT)); // 196.26 packets
    EXPECT_EQ(cc.PacingGapPs(), 0U);
}

TEST(Swift, FollowsAScriptedDelayTrace)
{
    SwiftParams params;
    params.maxWindow = 200;
    SwiftController cc(Context(), params);
    const int64_t target = cc.TargetPs();
    cc.OnAck(Ack(1 * US, 5 * US)); // below the target, at the ceiling already
    EXPECT_DOUBLE_EQ(*cc.WindowPackets(), 200);
    cc.OnAck(Ack(10 * US, 2 * target)); // decrease by max(1 - 0.8 * 1/2, 0.5) = 0.6
    EXPECT_DOUBLE_EQ(*cc.WindowPackets(), 120);
    EXPECT_TRUE(cc.WindowOpen(119));
    EXPECT_FALSE(cc.WindowOpen(120));
    cc.OnAck(Ack(20 * US, 2 * target)); // within a round trip of the last decrease: held
    EXPECT_DOUBLE_EQ(*cc.WindowPackets(), 120);
    cc.OnAck(Ack(60 * US, 3 * target)); // 1 - 0.8 * 2/3 is below 1 - max_mdf: halves
    EXPECT_DOUBLE_EQ(*cc.WindowPackets(), 60);
    cc.OnAck(Ack(61 * US, 4 * US)); // additive increase: 1 / window per ACK
    EXPECT_DOUBLE_EQ(*cc.WindowPackets(), 60 + 1.0 / 60);
    const double window = *cc.WindowPackets();
    for (int i = 0; i < 60; ++i)
    {
        cc.OnAck(Ack(62 * US + i, 4 * US)); // ACKs in any order below the target only grow it
    }
    EXPECT_GT(*cc.WindowPackets(), window + 0.99);
    EXPECT_LT(*cc.WindowPackets(), window + 1.0);
}

TEST(Swift, LossCutsOncePerRoundTripAndTinyWindowsPace)
{
    SwiftParams params;
    params.maxWindow = 4;
    SwiftController cc(Context(), params);
    cc.OnAck(Ack(0, 10 * US)); // below the 8.2 us target? No: 10 us is above: decrease
    EXPECT_DOUBLE_EQ(*cc.WindowPackets(), 4 * (1 - 0.8 * (10 - 8.2) / 10));
    cc.OnLoss(5 * US); // within 10 us of the last decrease: held
    EXPECT_DOUBLE_EQ(*cc.WindowPackets(), 4 * (1 - 0.8 * (10 - 8.2) / 10));
    double window = *cc.WindowPackets();
    for (int64_t t = 20 * US; window > 0.5; t += 20 * US)
    {
        cc.OnLoss(t);
        EXPECT_DOUBLE_EQ(*cc.WindowPackets(), window / 2);
        window /= 2;
    }
    EXPECT_LT(*cc.WindowPackets(), 1);
    EXPECT_TRUE(cc.WindowOpen(0));
    EXPECT_FALSE(cc.WindowOpen(1));
    EXPECT_EQ(cc.PacingGapPs(),
              static_cast<uint64_t>(10 * US / *cc.WindowPackets())); // rtt / window
    for (int64_t t = 1000 * US; t < 2000 * US; t += 20 * US)
    {
        cc.OnLoss(t);
    }
    EXPECT_DOUBLE_EQ(*cc.WindowPackets(), params.minWindow);
}

TEST(InFlight, GoBackNCountsFromTheOldestUnacknowledged)
{
    GoBackNSender sender(8);
    std::vector<uint32_t> lost;
    RttEstimator rtt(1000);
    for (int i = 0; i < 4; ++i)
    {
        sender.Send(i);
    }
    EXPECT_EQ(sender.InFlight(), 4U);
    AckInfo ack;
    ack.psn = 1;
    ack.cumulativePsn = 2;
    sender.OnAck(ack, 10, rtt, lost);
    EXPECT_EQ(sender.InFlight(), 2U);
    ack.nack = true; // expected 2: back to it
    sender.OnAck(ack, 11, rtt, lost);
    EXPECT_EQ(sender.InFlight(), 0U);
    sender.Send(40); // PSN 2 again
    EXPECT_EQ(sender.LastSentPs(2), 40);
    EXPECT_EQ(sender.LastSentPs(3), 3);
}

TEST(InFlight, SelectiveRepeatLeavesOutAckedAndDeclaredLost)
{
    SelectiveRepeatSender sender(16, 2);
    std::vector<uint32_t> lost;
    RttEstimator rtt(1000);
    for (int i = 0; i < 6; ++i)
    {
        sender.Send(i);
    }
    AckInfo ack; // 0 lost; 1, 2, 3 arrived
    ack.psn = 3;
    ack.sackBitmap = 0b111;
    sender.OnAck(ack, 10, rtt, lost);
    ASSERT_EQ(lost, std::vector<uint32_t>{0});
    EXPECT_EQ(sender.InFlight(), 2U); // 4 and 5
    sender.OnAck(ack, 11, rtt, lost); // a duplicate changes nothing
    EXPECT_EQ(sender.InFlight(), 2U);
    sender.Send(20); // resends 0
    EXPECT_EQ(sender.InFlight(), 3U);
    EXPECT_EQ(sender.LastSentPs(0), 20);
    EXPECT_EQ(sender.LastSentPs(5), 5);
}

TEST(InFlight, ErasureLeavesOutAckedAndOverdue)
{
    ErasureSender sender(4);
    std::vector<uint32_t> lost;
    RttEstimator rtt(1000);
    sender.Send(0);
    sender.Send(0);
    sender.Send(0);
    AckInfo ack;
    ack.psn = 1;
    sender.OnAck(ack, 100, rtt, lost);
    EXPECT_EQ(sender.InFlight(), 2U);
    sender.OnTimer(1000000, rtt, lost); // 0 and 2 overdue
    EXPECT_EQ(sender.InFlight(), 0U);
    ack.psn = 0; // a late ACK of a packet declared lost
    sender.OnAck(ack, 1000001, rtt, lost);
    EXPECT_EQ(sender.InFlight(), 0U);
}
