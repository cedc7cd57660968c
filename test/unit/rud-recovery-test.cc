/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "recovery-acks.h"

#include "ns3/rud-logic.h"

#include <gtest/gtest.h>

using namespace ns3::fabriclb;
using fabriclb_test::Ack;

namespace
{

/// The NACK a trimmed header of \p psn draws.
AckInfo
Nack(uint32_t psn)
{
    AckInfo nack = Ack(psn);
    nack.nack = true;
    return nack;
}

/// Sends \p count new packets, one every \p gapPs from time 0.
void
SendNew(RudSender& sender, uint32_t count, int64_t gapPs)
{
    for (uint32_t i = 0; i < count; ++i)
    {
        sender.Send(i * gapPs);
    }
}

} // namespace

TEST(RudRecovery, ReorderingWithinTheWindowIsNeverALoss)
{
    RudSender sender(10, 1000, 0);
    RttEstimator rtt(100000);
    std::vector<uint32_t> lost;
    SendNew(sender, 10, 100); // the last one 900 ps after the first: all within the window
    for (uint32_t psn = 10; psn-- > 0;)
    {
        // The receiver holds psn .. 9: bit i is PSN 1 + i.
        const uint64_t later = psn == 0 ? 0 : ((uint64_t{1} << (10 - psn)) - 1) << (psn - 1);
        sender.OnAck(Ack(psn, psn == 0 ? 10 : 0, later), 20000 + psn, rtt, lost);
    }
    EXPECT_TRUE(lost.empty());
    EXPECT_TRUE(sender.Done());
    EXPECT_EQ(sender.Sendable(), 0u);
    EXPECT_EQ(sender.InFlight(), 0u);
}

TEST(RudRecovery, APacketIsLostOnceOneSentMoreThanTheWindowLaterHasArrived)
{
    RudSender sender(6, 1000, 0);
    RttEstimator rtt(100000);
    std::vector<uint32_t> lost;
    SendNew(sender, 6, 1000); // sent at 0, 1000, ..., 5000
    sender.OnAck(Ack(5, 0, 0), 9000, rtt, lost);
    // 0 .. 3 were sent more than 1000 ps before 5 (at 5000); 4, sent at 4000, was not.
    EXPECT_EQ(lost, (std::vector<uint32_t>{0, 1, 2, 3}));
    EXPECT_EQ(sender.InFlight(), 1u);
    EXPECT_EQ(sender.Sendable(), 4u);
    // Losses go out again first, lowest PSN first, as retransmissions.
    const SentPacket resent = sender.Send(10000);
    EXPECT_EQ(resent.psn, 0u);
    EXPECT_TRUE(resent.retransmission);
}

TEST(RudRecovery, AnAckBeyondTheBitmapAcknowledgesItsOwnPacket)
{
    RudSender sender(200, 0, 0);
    RttEstimator rtt(100000);
    std::vector<uint32_t> lost;
    SendNew(sender, 200, 10);
    // The receiver holds nothing below 0 and no bit covers PSN 150 (64 past the cumulative).
    sender.OnAck(Ack(150), 5000, rtt, lost);
    EXPECT_EQ(sender.InFlight(), 199u);
    EXPECT_TRUE(lost.empty()); // a zero window turns the time rule off
    EXPECT_EQ(rtt.srttPs, (7 * 100000 + (5000 - 1500)) / 8); // sampled: sent once
}

TEST(RudRecovery, ATrimmedHeadersNackIsALossAtOnceAndAStaleNackIsIgnored)
{
    RudSender sender(4, 1000000, 0);
    RttEstimator rtt(100000);
    std::vector<uint32_t> lost;
    SendNew(sender, 4, 100);
    sender.OnAck(Nack(2), 3000, rtt, lost);
    EXPECT_EQ(lost, (std::vector<uint32_t>{2}));
    EXPECT_EQ(sender.InFlight(), 3u);
    lost.clear();
    sender.OnAck(Nack(2), 3100, rtt, lost); // waiting to be resent: not lost twice
    EXPECT_TRUE(lost.empty());
    EXPECT_EQ(sender.Send(3200).psn, 2u);
    sender.OnAck(Ack(1, 0, 0b1), 3300, rtt, lost); // 1 arrived (bit 0: PSN 1)
    sender.OnAck(Nack(1), 3400, rtt, lost);        // a duplicate's header: 1 arrived already
    EXPECT_TRUE(lost.empty());
    EXPECT_EQ(rtt.srttPs, (7 * 100000 + (3300 - 100)) / 8); // only 1's ACK was a sample
}

TEST(RudRecovery, RetransmissionsDateNoDeliveryAndATailLossWaitsForTheTimer)
{
    RudSender sender(3, 1000, 0);
    RttEstimator rtt(10000);
    std::vector<uint32_t> lost;
    SendNew(sender, 3, 100); // 0, 1, 2 at 0, 100, 200
    sender.OnAck(Nack(0), 500, rtt, lost);
    ASSERT_EQ(sender.Send(5000).psn, 0u); // resent at 5000
    lost.clear();
    // The resent 0 arrives: sent twice, its sending is ambiguous and dates nothing, so
    // 1 and 2 (sent 4800 ps and more before it) are not lost by time.
    sender.OnAck(Ack(0, 1, 0), 6000, rtt, lost);
    EXPECT_TRUE(lost.empty());
    EXPECT_EQ(rtt.srttPs, 10000);
    // Nothing later will ever arrive: the timer finds 1 and 2 overdue.
    const int64_t deadline = *sender.Deadline(rtt);
    EXPECT_EQ(deadline, 100 + rtt.OverduePs());
    EXPECT_FALSE(sender.OnTimer(deadline - 1, rtt, lost));
    EXPECT_TRUE(sender.OnTimer(deadline + 100, rtt, lost));
    EXPECT_EQ(lost, (std::vector<uint32_t>{1, 2}));
}

TEST(RudReceiver, NacksATrimmedHeaderUnlessItsPacketArrivedWhole)
{
    RudReceiver receiver(4);
    const ReceiveOutcome first = receiver.OnData(1);
    EXPECT_EQ(first.reply.kind, RecoveryReply::ACK);
    EXPECT_EQ(first.reply.cumulativePsn, 0u);
    EXPECT_EQ(first.reply.sackBitmap, 0b1u); // bit 0 is PSN 1
    const RecoveryReply nack = receiver.OnTrimmed(0);
    EXPECT_EQ(nack.kind, RecoveryReply::NACK);
    const RecoveryReply duplicate = receiver.OnTrimmed(1);
    EXPECT_EQ(duplicate.kind, RecoveryReply::ACK);
    const ReceiveOutcome whole = receiver.OnData(0);
    EXPECT_EQ(whole.delivered, 0u);
    EXPECT_EQ(whole.reply.cumulativePsn, 2u);
    EXPECT_FALSE(whole.complete);
}

TEST(SelectiveRepeatReceiver, TreatsATrimmedHeaderAsALoss)
{
    SelectiveRepeatReceiver receiver(2);
    EXPECT_EQ(receiver.OnTrimmed(0).kind, RecoveryReply::NONE);
}
