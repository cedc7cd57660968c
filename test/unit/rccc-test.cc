/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Receiver credit control (RCCC) on scripted sends, grants and answers, in packets: the
 * sender's speculative credit and its end, its pull target as UET computes it, cumulative
 * grants (old ones overtaken, credit capped), and the receiver granting no more than asked but
 * what it grants ahead to a sender it owes nothing.
 */

#include "ns3/rccc-logic.h"

#include <gtest/gtest.h>

using namespace ns3::fabriclb;

TEST(RcccSender, SendsItsSpeculativeCreditAndNoMore)
{
    CreditSender sender(3);
    EXPECT_TRUE(sender.Speculating());
    for (int i = 0; i < 3; ++i)
    {
        ASSERT_TRUE(sender.MaySend());
        sender.OnSent();
    }
    EXPECT_FALSE(sender.MaySend());
    EXPECT_EQ(sender.Credit(), 0);
}

TEST(RcccSender, CountsPacketsCommittedToThePacedLink)
{
    CreditSender sender(3);
    EXPECT_TRUE(sender.MaySend(2));
    EXPECT_FALSE(sender.MaySend(3));
}

TEST(RcccSender, TheFirstAnswerEndsSpeculationAndGivesUpItsCredit)
{
    CreditSender sender(10);
    sender.OnSent();
    sender.StopSpeculating();
    EXPECT_FALSE(sender.Speculating());
    EXPECT_EQ(sender.Credit(), 0);
    EXPECT_FALSE(sender.MaySend());
}

TEST(RcccSender, GrantsAreCumulativeOldOnesOvertakenAndCreditCapped)
{
    CreditSender sender(6);
    sender.StopSpeculating();
    sender.OnGrant(4);
    EXPECT_EQ(sender.Credit(), 4);
    sender.OnGrant(3); // an older grant, arriving late
    EXPECT_EQ(sender.Credit(), 4);
    EXPECT_EQ(sender.Granted(), 4u);
    sender.OnSent();
    sender.OnGrant(12); // 8 more: capped at 6
    EXPECT_EQ(sender.Credit(), 6);
    EXPECT_EQ(sender.Granted(), 12u);
}

TEST(RcccSender, AGrantEndsSpeculation)
{
    CreditSender sender(6);
    sender.OnSent(); // 5 left, speculative
    sender.OnGrant(2);
    EXPECT_FALSE(sender.Speculating());
    EXPECT_EQ(sender.Credit(), 2);
}

TEST(RcccSender, PullTargetAsksForWhatItWantsUpToItsCreditCap)
{
    CreditSender sender(10);
    sender.StopSpeculating();
    sender.OnGrant(5); // granted 5, holds 5
    // Wants 100 more: asks for the cap, 10, beyond its 5: target 5 + 10 - 5.
    EXPECT_EQ(sender.PullTarget(100, nullptr, 1), 10u);
    // Wants 3: holds more than that, asks for nothing.
    EXPECT_EQ(sender.PullTarget(3, nullptr, 1), 5u);
    // Wants 8: 3 beyond what it holds.
    EXPECT_EQ(sender.PullTarget(8, nullptr, 1), 8u);
}

TEST(RcccSender, PullTargetIsBoundByTheWindowAndSharedAmongActiveQueuePairs)
{
    CreditSender sender(20);
    sender.StopSpeculating();
    const double window = 6.5; // up to ceil(window) + 1 = 8 packets
    EXPECT_EQ(sender.PullTarget(100, &window, 1), 8u);
    EXPECT_EQ(sender.PullTarget(100, nullptr, 4), 5u); // 20 shared by 4
    EXPECT_EQ(sender.PullTarget(100, &window, 3), 2u); // 8 / 3, rounded down
}

TEST(RcccSender, ASpeculatingShortMessageAsksForAPacketBeyondItsCredit)
{
    CreditSender sender(10);
    sender.OnSent();
    // Wants 2 more, holds 9 speculative: asks for one packet anyway.
    EXPECT_EQ(sender.PullTarget(2, nullptr, 1), 1u);
    // Wants nothing more: asks for nothing.
    EXPECT_EQ(sender.PullTarget(0, nullptr, 1), 0u);
}

TEST(RcccSender, ATimeoutLetsOnePacketGoAsItsOwnRequest)
{
    CreditSender sender(10);
    sender.OnSent();
    sender.OnTimeout();
    EXPECT_FALSE(sender.Speculating());
    EXPECT_EQ(sender.Credit(), 1);
    sender.OnGrant(3);
    sender.OnTimeout(); // holds credit already: no more
    EXPECT_EQ(sender.Credit(), 4);
}

TEST(RcccReceiver, GrantsNoMoreThanAskedAndNeverGoesBack)
{
    CreditReceiver receiver;
    EXPECT_FALSE(receiver.OnPullTarget(0));
    EXPECT_TRUE(receiver.OnPullTarget(6));
    EXPECT_EQ(receiver.Grant(4), 4u);
    EXPECT_EQ(receiver.Granted(), 4u);
    EXPECT_TRUE(receiver.Wanting());
    EXPECT_TRUE(receiver.OnPullTarget(3)); // a lower target changes nothing: 6 asked
    EXPECT_EQ(receiver.Grant(4), 2u);
    EXPECT_EQ(receiver.Granted(), 6u);
    EXPECT_FALSE(receiver.Wanting());
    EXPECT_EQ(receiver.Grant(4), 0u);
}

TEST(RcccReceiver, SpeculativeGrantsRunAheadOfThePullTarget)
{
    CreditReceiver receiver;
    receiver.OnPullTarget(4);
    receiver.Grant(4);
    EXPECT_EQ(receiver.Ahead(), 0u);
    receiver.GrantAhead(4); // a slow pull: owed nothing
    EXPECT_EQ(receiver.Granted(), 8u);
    EXPECT_EQ(receiver.Ahead(), 4u);
    EXPECT_FALSE(receiver.Wanting());
    // A later target within what was granted ahead asks for nothing more.
    EXPECT_FALSE(receiver.OnPullTarget(7));
    EXPECT_EQ(receiver.Ahead(), 1u);
    EXPECT_TRUE(receiver.OnPullTarget(10));
    EXPECT_EQ(receiver.Ahead(), 0u);
    EXPECT_EQ(receiver.Grant(4), 2u);
}

TEST(Rccc, SenderAndReceiverAgreeOnEveryPacket)
{
    // A 40-packet message over a receiver granting 4 a turn: every packet goes on credit,
    // none beyond what was granted after speculation.
    CreditSender sender(8);
    CreditReceiver receiver;
    uint32_t sent = 0;
    const uint32_t packets = 40;
    while (sent < packets && sender.MaySend())
    {
        sender.OnSent();
        ++sent;
        receiver.OnPullTarget(sender.PullTarget(packets - sent, nullptr, 1));
    }
    EXPECT_EQ(sent, 8u);
    sender.StopSpeculating(); // the first ACK
    while (sent < packets)
    {
        ASSERT_TRUE(receiver.Wanting()) << "after " << sent << " packets";
        receiver.Grant(4);
        sender.OnGrant(receiver.Granted());
        while (sender.MaySend())
        {
            sender.OnSent();
            ++sent;
            receiver.OnPullTarget(sender.PullTarget(packets - sent, nullptr, 1));
        }
    }
    EXPECT_EQ(sent, packets);
    EXPECT_EQ(receiver.Granted(), packets - 8);
}
