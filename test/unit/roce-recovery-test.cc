/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/roce-recovery-logic.h"
#include "ns3/roce-strategies.h"

#include <gtest/gtest.h>
#include <stdexcept>

using namespace ns3::fabriclb;

namespace
{

/// An ACK that echoes \p psn and says every PSN below \p cumulative arrived.
AckInfo
Ack(uint32_t psn, uint32_t cumulative = 0, uint64_t sack = 0)
{
    AckInfo ack;
    ack.psn = psn;
    ack.cumulativePsn = cumulative;
    ack.sackBitmap = sack;
    return ack;
}

} // namespace

TEST(RttEstimator, StartsFromTheInitialEstimateWithHalfOfItAsVariation)
{
    const RttEstimator rtt(10000);
    EXPECT_EQ(rtt.srttPs, 10000);
    EXPECT_EQ(rtt.rttvarPs, 5000);
    EXPECT_EQ(rtt.OverduePs(), 10000 + 20000); // max(srtt, 4 * 5000)
}

TEST(RttEstimator, SmoothsAsRfc6298InTruncatingIntegers)
{
    RttEstimator rtt(10000);
    rtt.Sample(2000);
    EXPECT_EQ(rtt.rttvarPs, (3 * 5000 + 8000) / 4); // 5750
    EXPECT_EQ(rtt.srttPs, (7 * 10000 + 2000) / 8);  // 9000
    rtt.Sample(9001);
    EXPECT_EQ(rtt.rttvarPs, (3 * 5750 + 1) / 4);  // 4312 (truncated)
    EXPECT_EQ(rtt.srttPs, (7 * 9000 + 9001) / 8); // 9000 (truncated)
    EXPECT_EQ(rtt.OverduePs(), 9000 + 4 * 4312);
}

TEST(RttEstimator, ConvergesToAConstantRttAndItsOverdueTimeToTwice)
{
    RttEstimator rtt(100000);
    for (int i = 0; i < 200; ++i)
    {
        rtt.Sample(4000);
    }
    EXPECT_NEAR(rtt.srttPs, 4000, 8);
    EXPECT_LE(rtt.rttvarPs, 4);
    EXPECT_NEAR(rtt.OverduePs(), 8000, 16);
}

TEST(ErasureRecovery, SendsExactlyMFreshPsnsWithoutLoss)
{
    ErasureSender sender(3);
    RttEstimator rtt(1000);
    std::vector<uint32_t> lost;
    for (uint32_t i = 0; i < 3; ++i)
    {
        ASSERT_EQ(sender.Sendable(), 3 - i);
        const SentPacket sent = sender.Send(i * 10);
        EXPECT_EQ(sent.psn, i);
        EXPECT_FALSE(sent.retransmission);
    }
    EXPECT_EQ(sender.Sendable(), 0u);
    EXPECT_EQ(sender.Deadline(rtt), 0 + rtt.OverduePs()); // the oldest unacknowledged
    sender.OnAck(Ack(1), 500, rtt, lost);
    sender.OnAck(Ack(0), 600, rtt, lost);
    EXPECT_EQ(rtt.srttPs, (7 * ((7 * 1000 + 490) / 8) + 600) / 8); // two samples, in order
    EXPECT_EQ(sender.Deadline(rtt), 20 + rtt.OverduePs());
    EXPECT_FALSE(sender.Done());
    sender.OnAck(Ack(2), 700, rtt, lost);
    EXPECT_TRUE(sender.Done());
    EXPECT_EQ(sender.Sendable(), 0u);
    EXPECT_FALSE(sender.Deadline(rtt));
    EXPECT_TRUE(lost.empty());
}

TEST(ErasureRecovery, AnOverdueAckEarnsOneFreshCodedPacket)
{
    ErasureSender sender(2);
    RttEstimator rtt(1000);
    std::vector<uint32_t> lost;
    sender.Send(0);
    sender.Send(100);
    sender.OnAck(Ack(1), 1100, rtt, lost); // srtt 1000, rttvar 375: overdue after 2500
    EXPECT_EQ(*sender.Deadline(rtt), 2500);
    EXPECT_FALSE(sender.OnTimer(2499, rtt, lost));
    EXPECT_TRUE(lost.empty());
    EXPECT_FALSE(sender.OnTimer(2500, rtt, lost)); // a loss, not a retransmission timeout
    EXPECT_EQ(lost, std::vector<uint32_t>{0});
    ASSERT_EQ(sender.Sendable(), 1u);
    const SentPacket extra = sender.Send(3000);
    EXPECT_EQ(extra.psn, 2u); // a fresh coded packet, not PSN 0 again
    EXPECT_FALSE(extra.retransmission);
    sender.OnAck(Ack(0), 3100, rtt, lost); // the "lost" one was late: still counts
    EXPECT_TRUE(sender.Done());
}

TEST(ErasureRecovery, AnyMDistinctPsnsDecodeAndEveryPacketIsAcked)
{
    ErasureReceiver receiver(2);
    ReceiveOutcome first = receiver.OnData(5);
    EXPECT_EQ(first.reply.kind, RecoveryReply::ACK);
    EXPECT_EQ(first.delivered, 0u);
    EXPECT_FALSE(first.complete);
    ReceiveOutcome duplicate = receiver.OnData(5);
    EXPECT_EQ(duplicate.reply.kind, RecoveryReply::ACK);
    EXPECT_FALSE(duplicate.delivered);
    ReceiveOutcome second = receiver.OnData(0);
    EXPECT_EQ(second.delivered, 1u);
    EXPECT_TRUE(second.complete);
    ReceiveOutcome extra = receiver.OnData(1);
    EXPECT_EQ(extra.reply.kind, RecoveryReply::ACK);
    EXPECT_FALSE(extra.delivered);
    EXPECT_FALSE(extra.complete);
}

TEST(RoceStrategies, NamesMapToTypeIdsAndUnknownNamesListTheKnownOnes)
{
    EXPECT_EQ(FindRoceStrategy(RecoveryStrategies(), "erasure", "recovery").typeName,
              "ns3::RoceErasureRecovery");
    EXPECT_EQ(FindRoceStrategy(CongestionControlStrategies(), "fixed", "cc").typeName,
              "ns3::RoceFixedRate");
    try
    {
        FindRoceStrategy(RecoveryStrategies(), "tcp", "recovery");
        FAIL() << "no exception";
    }
    catch (const std::invalid_argument& e)
    {
        EXPECT_EQ(std::string(e.what()).rfind("unknown recovery 'tcp' (erasure", 0), 0u)
            << e.what();
    }
}
