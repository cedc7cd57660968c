/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * NSCC's window on scripted ACKs and losses. Most tests run on the specification's reference
 * fabric, 100 Gb/s and a 12 us base round trip, where every scaling factor is 1 and the
 * derived values are round: a BDP of 150,000 B, the target 9 us (b = 3/4), with 4,000-byte
 * packets a fair increase of 20,000 B, a proportional one of 12,000 B, eta 600 B, the
 * largest window 225,000 B.
 */

#include "ns3/nscc-logic.h"

#include <gtest/gtest.h>
#include <stdexcept>

using namespace ns3::fabriclb;

namespace
{

constexpr int64_t US = 1000000;         //!< ps per microsecond
constexpr int64_t BASE_RTT = 12 * US;   //!< the reference base round trip
constexpr int64_t TARGET = 9 * US;      //!< its derived target
constexpr uint32_t PACKET = 4000;       //!< slot bytes of the tests' packets
constexpr int64_t WINDOW = 100000;      //!< the tests' first window: 25 packets
constexpr int64_t MAX_WINDOW = 225000;  //!< 1.5 BDP
constexpr int64_t PERIOD_END = 21 * US; //!< a quick-adapt period from an ACK at 0

/// \return the reference fabric: 100 Gb/s, 12 us, 4,000-byte packets
CongestionContext
Reference()
{
    CongestionContext context;
    context.lineRateBps = 100e9;
    context.slotBytes = PACKET;
    context.longestPathHops = 6;
    context.baseRttPs = BASE_RTT;
    return context;
}

/// \return the defaults, starting at WINDOW
NsccParams
StartingAtWindow()
{
    NsccParams params;
    params.initialWindowBytes = WINDOW;
    return params;
}

/// \return an ACK at \p nowPs of a packet that saw \p queueingPs over the base round trip
AckFeedback
Ack(int64_t nowPs, int64_t queueingPs, bool ecn = false)
{
    AckFeedback ack;
    ack.nowPs = nowPs;
    ack.delayPs = BASE_RTT + queueingPs;
    ack.ecnMarked = ecn;
    return ack;
}

/// Sends \p count ACKs of \p queueingPs, one every \p spacingPs from \p fromPs on.
void
Acks(NsccController& cc,
     int64_t fromPs,
     uint32_t count,
     int64_t queueingPs,
     bool ecn = false,
     int64_t spacingPs = US)
{
    for (uint32_t i = 0; i < count; ++i)
    {
        cc.OnAck(Ack(fromPs + i * spacingPs, queueingPs, ecn));
    }
}

/// \return StartingAtWindow, its average delay the last sample, eta out of the way
NsccParams
FollowingTheLastSample()
{
    NsccParams params = StartingAtWindow();
    params.delayAverageGain = 1;
    params.adjustPeriodPs = 100 * BASE_RTT;
    return params;
}

} // namespace

TEST(Nscc, DerivesItsParametersFromTheReferenceFabric)
{
    const NsccController cc(Reference(), NsccParams());
    const NsccParams& p = cc.Params();
    EXPECT_EQ(p.baseRttPs, BASE_RTT);
    EXPECT_EQ(p.targetDelayPs, TARGET);
    EXPECT_EQ(p.maxWindowBytes, 225000U);
    EXPECT_EQ(p.initialWindowBytes, 225000U);
    EXPECT_EQ(p.minWindowBytes, PACKET);
    EXPECT_EQ(p.fairIncreaseBytes, 20000U);         // 5 packets
    EXPECT_EQ(p.proportionalIncreaseBytes, 12000U); // 4 packets * 3/4
    EXPECT_DOUBLE_EQ(p.fastIncreaseFactor, 0.25);
    EXPECT_EQ(p.periodicIncreaseBytes, 600U); // 0.15 packets
    EXPECT_EQ(p.adjustPeriodPs, BASE_RTT);
    EXPECT_EQ(cc.WindowBytes(), MAX_WINDOW);
    EXPECT_DOUBLE_EQ(*cc.WindowPackets(), 56.25);
    EXPECT_EQ(cc.PacingGapPs(), 0U);
    EXPECT_DOUBLE_EQ(cc.RateBps(), 100e9); // 150 Gb/s of window over the round trip, capped
    EXPECT_TRUE(cc.WindowOpen(55));        // 56 packets fit in 225,000 B
    EXPECT_FALSE(cc.WindowOpen(56));
}

TEST(Nscc, ScalesWithTheFabricsBandwidthDelayProduct)
{
    // 800 Gb/s, a 6 us base round trip, physical frames: a BDP of 600,000 B, a = 4; the
    // target 4.5 us, b = 3/8.
    CongestionContext context = Reference();
    context.lineRateBps = 800e9;
    context.slotBytes = 4178;
    context.baseRttPs = 6 * US;
    const NsccController cc(context, NsccParams());
    const NsccParams& p = cc.Params();
    EXPECT_EQ(p.targetDelayPs, 4500000);
    EXPECT_EQ(p.maxWindowBytes, 900000U);
    EXPECT_EQ(p.fairIncreaseBytes, 83560U);         // 5 * 4178 * 4
    EXPECT_EQ(p.proportionalIncreaseBytes, 25068U); // 4 * 4178 * 4 * 3/8
    EXPECT_DOUBLE_EQ(p.fastIncreaseFactor, 1);
    EXPECT_EQ(p.periodicIncreaseBytes, 2506U); // 0.15 * 4178 * 4, rounded down
    EXPECT_EQ(p.minWindowBytes, 4178U);
    // Set values are kept.
    NsccParams set;
    set.targetDelayPs = 2 * US;
    set.fairIncreaseBytes = 1;
    set.maxWindowBytes = 50000;
    const NsccController own(context, set);
    EXPECT_EQ(own.Params().targetDelayPs, 2 * US);
    EXPECT_EQ(own.Params().fairIncreaseBytes, 1U);
    EXPECT_EQ(own.WindowBytes(), 50000);
    context.baseRttPs = 0;
    EXPECT_THROW(NsccController(context, NsccParams()), std::invalid_argument);
}

TEST(Nscc, ProportionalIncreaseBelowTheTargetAppliedEveryNinePackets)
{
    NsccController cc(Reference(), StartingAtWindow());
    // 3 us of queueing: 12,000 * (9 - 3) / 9 = 8,000 B per window, pending as 4,000 * 8,000
    // B^2 a packet.
    Acks(cc, 0, 8, 3 * US);
    EXPECT_EQ(cc.WindowBytes(), WINDOW) << "pending until more than 8 packets";
    cc.OnAck(Ack(8 * US, 3 * US));
    EXPECT_EQ(cc.WindowBytes(), WINDOW + 9 * 4000 * 8000 / WINDOW); // + 2,880
}

TEST(Nscc, FairIncreaseAtOrAboveTheTargetWithoutEcn)
{
    NsccController cc(Reference(), StartingAtWindow());
    Acks(cc, 0, 9, TARGET); // 20,000 B per window: 4,000 * 20,000 B^2 a packet
    EXPECT_EQ(cc.WindowBytes(), WINDOW + 9 * 4000 * 20000 / WINDOW); // + 7,200
}

TEST(Nscc, AnAdjustmentPeriodAddsEta)
{
    NsccController cc(Reference(), StartingAtWindow());
    cc.OnAck(Ack(0, 3 * US));
    EXPECT_EQ(cc.WindowBytes(), WINDOW);
    cc.OnAck(Ack(BASE_RTT + 1, 3 * US)); // a period after the first ACK: applied, with eta
    EXPECT_EQ(cc.WindowBytes(), WINDOW + 2 * 4000 * 8000 / WINDOW + 600);
}

TEST(Nscc, FastIncreaseAfterAWholeWindowAtNoDelay)
{
    NsccParams params = StartingAtWindow();
    params.proportionalIncreaseBytes = 1; // too small to move the window: fast increase alone
    NsccController cc(Reference(), params);
    // Within an adjustment period, so that eta stays out.
    Acks(cc, 0, 25, 0, false, US / 10); // 100,000 B acknowledged: not more than the window yet
    EXPECT_EQ(cc.WindowBytes(), WINDOW);
    cc.OnAck(Ack(25 * US / 10, 0)); // 104,000 B: fast increase, 1/4 of each packet
    EXPECT_EQ(cc.WindowBytes(), WINDOW + 1000);
    cc.OnAck(Ack(26 * US / 10, 0));
    EXPECT_EQ(cc.WindowBytes(), WINDOW + 2000);
    cc.OnAck(Ack(27 * US / 10, US)); // 1 us of queueing ends it
    cc.OnAck(Ack(28 * US / 10, 0));
    EXPECT_EQ(cc.WindowBytes(), WINDOW + 2000);
}

TEST(Nscc, MultiplicativeDecreaseOnEcnAboveTheTargetOncePerBaseRtt)
{
    const NsccParams params = FollowingTheLastSample();
    NsccController cc(Reference(), params);
    cc.OnAck(Ack(0, 18 * US, true)); // 1 - 0.8 * (18 - 9) / 18 = 0.6
    EXPECT_EQ(cc.WindowBytes(), 60000);
    EXPECT_DOUBLE_EQ(cc.AverageDelayPs(), 18 * US);
    cc.OnAck(Ack(BASE_RTT, 18 * US, true)); // not more than a base round trip later
    EXPECT_EQ(cc.WindowBytes(), 60000);
    cc.OnAck(Ack(BASE_RTT + 1, 18 * US, true));
    EXPECT_EQ(cc.WindowBytes(), 36000);
    // The decrease is at most MaxDecrease: 35 us of queueing would take 1 - 0.8 * 26 / 35.
    NsccController deep(Reference(), params);
    deep.OnAck(Ack(0, 35 * US, true));
    EXPECT_EQ(deep.WindowBytes(), WINDOW / 2);
}

TEST(Nscc, EcnBelowTheTargetChangesNothingAndLateDelayWithoutEcnAveragesLow)
{
    NsccController cc(Reference(), FollowingTheLastSample());
    Acks(cc, 0, 20, 3 * US, true, US / 10); // a congested path, not a congested flow
    EXPECT_EQ(cc.WindowBytes(), WINDOW);
    EXPECT_DOUBLE_EQ(cc.AverageDelayPs(), 3 * US);
    cc.OnAck(Ack(2 * US, 10 * US)); // above the target without ECN: a quarter base RTT
    EXPECT_DOUBLE_EQ(cc.AverageDelayPs(), BASE_RTT / 4);
    cc.OnAck(Ack(2 * US + 1, 10 * US, true)); // with ECN: the sample itself
    EXPECT_DOUBLE_EQ(cc.AverageDelayPs(), 10 * US);
}

TEST(Nscc, TheAverageDelayIsAnExponentialWeighting)
{
    NsccController cc(Reference(), StartingAtWindow());
    cc.OnAck(Ack(0, 8 * US));
    EXPECT_DOUBLE_EQ(cc.AverageDelayPs(), 0.0125 * 8 * US);
    cc.OnAck(Ack(US, 8 * US));
    EXPECT_DOUBLE_EQ(cc.AverageDelayPs(), 0.0125 * 8 * US + 0.9875 * 0.0125 * 8 * US);
}

TEST(Nscc, ANackShrinksTheWindowByAPacketAndAsksForAQuickAdapt)
{
    NsccController cc(Reference(), FollowingTheLastSample());
    cc.OnAck(Ack(0, 3 * US)); // the first quick-adapt period runs to 21 us
    cc.OnNack(US);
    EXPECT_EQ(cc.WindowBytes(), WINDOW - PACKET);
    EXPECT_DOUBLE_EQ(cc.AverageDelayPs(), BASE_RTT) << "a NACK is a base round trip of delay";
    Acks(cc, 2 * US, 5, 3 * US); // 20,000 B through in the period
    EXPECT_EQ(cc.WindowBytes(), WINDOW - PACKET);
    cc.OnAck(Ack(PERIOD_END + 1, 3 * US)); // 24,000 B < 225,000 / 8: quick adapt
    EXPECT_EQ(cc.WindowBytes(), 24000);
}

TEST(Nscc, QuickAdaptAtANackAfterThePeriodThenIgnoresTheOldWindowsMarks)
{
    NsccController cc(Reference(), FollowingTheLastSample());
    Acks(cc, 0, 6, 3 * US); // the first opens the period; 20,000 B through after it
    cc.OnNack(PERIOD_END + 1);
    EXPECT_EQ(cc.WindowBytes(), 20000) << "to what got through, and no NACK decrease";
    // ECN at 18 us of queueing would decrease, but the old window's 100,000 B are ignored:
    // the marks of 24 packets, not the 25th's.
    Acks(cc, PERIOD_END + 2, 24, 18 * US, true);
    EXPECT_EQ(cc.WindowBytes(), 20000);
    cc.OnAck(Ack(PERIOD_END + 2 + 24 * US, 18 * US, true));
    EXPECT_EQ(cc.WindowBytes(), 12000); // 0.6 of it
}

TEST(Nscc, ALossLearntWithoutANackShrinksTheWindowByAPacketAndAsksNothing)
{
    NsccController cc(Reference(), FollowingTheLastSample());
    cc.OnAck(Ack(0, 3 * US));
    cc.OnLoss(US);
    EXPECT_EQ(cc.WindowBytes(), WINDOW - PACKET);
    EXPECT_DOUBLE_EQ(cc.AverageDelayPs(), 3 * US) << "no delay sample";
    Acks(cc, 2 * US, 5, 3 * US);
    cc.OnAck(Ack(PERIOD_END + 1, 3 * US)); // 24,000 B through, but no quick adapt
    EXPECT_EQ(cc.WindowBytes(), WINDOW - PACKET);
}

TEST(Nscc, QuickAdaptOnDelayBeyondFourTargets)
{
    NsccController cc(Reference(), StartingAtWindow());
    Acks(cc, 0, 3, 3 * US);
    cc.OnAck(Ack(PERIOD_END + 1, 4 * TARGET)); // not beyond: a new period, no cut
    EXPECT_GT(cc.WindowBytes(), WINDOW);
    cc.OnAck(Ack(2 * PERIOD_END + 3, 4 * TARGET + 1));
    EXPECT_EQ(cc.WindowBytes(), 4000) << "only this ACK's packet got through in the period";
    NsccController busy(Reference(), StartingAtWindow());
    Acks(busy, 0, 9, 3 * US); // 32,000 B through: not less than 225,000 / 8
    busy.OnAck(Ack(PERIOD_END + 1, 4 * TARGET + 1));
    EXPECT_GT(busy.WindowBytes(), WINDOW);
}

TEST(Nscc, TheWindowStaysWithinItsBounds)
{
    NsccController cc(Reference(), StartingAtWindow());
    for (int i = 0; i < 40; ++i)
    {
        cc.OnLoss(i * US); // a packet each
    }
    EXPECT_EQ(cc.WindowBytes(), PACKET);
    EXPECT_TRUE(cc.WindowOpen(0)) << "one packet always goes";
    EXPECT_FALSE(cc.WindowOpen(1));
    Acks(cc, 40 * US, 600, TARGET); // fair increase up to the largest window
    EXPECT_EQ(cc.WindowBytes(), MAX_WINDOW);
}

TEST(Nscc, AnAcksQueueingDelayIsOverItsOwnPathsBaseRtt)
{
    // The fabric's longest path has 6 links; a packet that crossed one switch took 2: its
    // path's base round trip is 12 * 2 / 6 = 4 us.
    NsccController cc(Reference(), FollowingTheLastSample());
    AckFeedback ack = Ack(0, 0);
    ack.delayPs = 7 * US;
    ack.hops = 1;
    cc.OnAck(ack);
    EXPECT_DOUBLE_EQ(cc.AverageDelayPs(), 3 * US);
    ack.hops = 5; // the longest path: 7 us is below its base
    cc.OnAck(ack);
    EXPECT_DOUBLE_EQ(cc.AverageDelayPs(), 0);
    NsccParams fixed = FollowingTheLastSample();
    fixed.baseRttPs = 2 * US; // a base round trip set is every path's
    fixed.targetDelayPs = TARGET;
    NsccController own(Reference(), fixed);
    ack.hops = 1;
    own.OnAck(ack);
    EXPECT_DOUBLE_EQ(own.AverageDelayPs(), 5 * US);
}
