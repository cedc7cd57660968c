/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The arithmetic of a run's bounds and limits, against numbers derived by hand: a message's
 * legs at their own wires (PXN), the loads of legs on host links, and what a run is estimated
 * to take. The defaults: 800 Gb/s, 0.5 us a link, 4158 B data (Td = 41.58 ns), 64 B ACK
 * (Ta = 0.64 ns), 20 B gap (Tg = 0.2 ns): d = Td + Tg = 41.78 ns, a = Ta + Tg = 0.84 ns.
 */

#include "ns3/experiment-memory.h"
#include "ns3/leaf-spine-topology.h"
#include "ns3/lower-bound.h"

#include <gtest/gtest.h>
#include <stdexcept>
#include <vector>

using ns3::fabriclb::Carries;
using ns3::fabriclb::ComputeAckTripPs;
using ns3::fabriclb::ComputeLegsArrivalBound;
using ns3::fabriclb::ComputeMatrixBound;
using ns3::fabriclb::FlowLoad;
using ns3::fabriclb::PathLeg;
using ns3::fabriclb::WireModel;

namespace
{

/// NVLink at 1 Gb/s and 100 ns: Td = 33264 ns, Ta = 512 ns, Tg = 160 ns, d = 33424 ns.
WireModel
SlowServerLinks()
{
    WireModel wire;
    wire.linkRateBps = 1000000000ULL;
    wire.linkDelayPs = 100000;
    return wire;
}

} // namespace

TEST(LegsBound, OneLegIsTheLoneMessagesBound)
{
    const std::vector<PathLeg> fabric{{WireModel{}, 6}};
    for (uint32_t packets : {1U, 10U, 256U})
    {
        EXPECT_EQ(ComputeLegsArrivalBound(fabric, packets),
                  ns3::fabriclb::ComputeArrivalBound(WireModel{}, packets, 6));
        EXPECT_EQ(ComputeLegsArrivalBound(fabric, packets) + ComputeAckTripPs(fabric),
                  ns3::fabriclb::ComputeLoneMessageBound(WireModel{}, packets, 6));
    }
    EXPECT_THROW(ComputeLegsArrivalBound(fabric, 0), std::invalid_argument);
    EXPECT_THROW(ComputeLegsArrivalBound({}, 1), std::invalid_argument);
}

TEST(LegsBound, PxnCrossesTheServersLinksAtTheirRate)
{
    // 100 packets from GPU 0 over NVLink (2 links) to its server's GPU on the destination's
    // rail, then 4 fabric links: the first packet's store and forward and propagation over
    // every link, 2 (33264 + 100) + 4 (41.58 + 500) = 66728 + 2166.32 ns, and 99 more behind
    // it at NVLink's d = 33424 ns: 3377870.32 ns.
    const std::vector<PathLeg> legs{{SlowServerLinks(), 2}, {WireModel{}, 4}};
    EXPECT_EQ(ComputeLegsArrivalBound(legs, 100), 3377870320U);
    // Its ACK back: 2 (0.512 + 100) + 4 (0.00064 + 0.5) us = 1224 + 2002.56 ns.
    EXPECT_EQ(ComputeAckTripPs(legs), 3226560U);
    // The legs' order does not matter; the slowest link paces.
    const std::vector<PathLeg> reversed{{WireModel{}, 4}, {SlowServerLinks(), 2}};
    EXPECT_EQ(ComputeLegsArrivalBound(reversed, 100), 3377870320U);
}

TEST(MatrixBound, LegsLoadTheLinksAtTheirEndsAlone)
{
    // A PXN message's legs over server links (H = 2, p = 1 us at 0.5 us a link): host 0's data
    // to host 1, 3 packets; host 3's 3 ACKs to host 2. No message's own bound counts.
    const std::vector<FlowLoad> legs{{0, 1, 3, 2, 0, Carries::DATA},
                                     {3, 2, 3, 2, 0, Carries::ACKS}};
    // Host 0's uplink: 3 d - Tg = 125140 ns, then its last data packet still crosses the leg,
    // (H-1) Td + p = 41.58 + 1000 ns: 1166.72 ns. Host 1's downlink: 3 d - Tg, nothing after.
    // Host 3's uplink: 3 a - Tg = 2.32 ns, then p + (H-1) Ta = 1000.64 ns.
    EXPECT_EQ(ComputeMatrixBound(WireModel{}, 4, legs), 1166720U);
    // ACKs alone: 3 a - Tg + p + (H-1) Ta on host 3's uplink.
    EXPECT_EQ(ComputeMatrixBound(WireModel{}, 4, {legs[1]}), 1002960U);
    // A whole message of 3 packets is its lone bound: 3 d - Tg + Td + p + 2 Ta + p.
    const std::vector<FlowLoad> message{{0, 1, 3, 2, 0}};
    EXPECT_EQ(ComputeMatrixBound(WireModel{}, 4, message),
              ns3::fabriclb::ComputeLoneMessageBound(WireModel{}, 3, 2));
}

TEST(SlowLinkEstimate, EveryMessageThatMayTakeADegradedLinkTakesItAtItsRate)
{
    // 2 leaves of 2 hosts under 2 spines; leaf 0's link to spine 0 degraded to half its rate.
    const ns3::fabriclb::LeafSpineTopology fabric(2, 2, 2, 1);
    std::vector<double> capacity(fabric.LinkCount(), 1);
    capacity.at(*fabric.FindLink("leaf-0:spine-0")) = 0.5;
    // Host 0 to host 2 (10 packets, at 0) and host 3 to host 1 (20, at 1 us) may both cross
    // it, data one way and ACKs the other; host 0 to host 1 stays under leaf 0.
    const std::vector<FlowLoad> flows{{0, 2, 10, 4, 0}, {3, 1, 20, 4, 1000000}, {0, 1, 5, 2, 0}};
    // From the latest start, 1 us: 30 x (41.78 + 0.84) ns at half the rate, 2557.2 ns, then a
    // trip there and back over 4 links at half the rate, 2 x 4 x (41.58 + 0.64 + 2 x 500) ns:
    // 1000 + 2557.2 + 8337.76 = 11894.96 ns.
    EXPECT_DOUBLE_EQ(ns3::fabriclb::EstimateSlowLinkPs(WireModel{}, fabric, capacity, flows),
                     11894960.0);
    // A leg of data alone puts its data packets on it, not their ACKs: 10 x 41.78 ns at half
    // the rate, 835.6 ns, after its start at 0.
    const std::vector<FlowLoad> leg{{0, 2, 10, 4, 0, Carries::DATA}};
    EXPECT_DOUBLE_EQ(ns3::fabriclb::EstimateSlowLinkPs(WireModel{}, fabric, capacity, leg),
                     835600.0 + 8337760.0);
    // No degraded link: nothing to add.
    EXPECT_EQ(ns3::fabriclb::EstimateSlowLinkPs(WireModel{}, fabric, {}, flows), 0.0);
    capacity.assign(fabric.LinkCount(), 1);
    EXPECT_EQ(ns3::fabriclb::EstimateSlowLinkPs(WireModel{}, fabric, capacity, flows), 0.0);
}

TEST(RunWork, MessagesCostTheirPacketHopsAndWaitingSendersResendThem)
{
    using ns3::fabriclb::EstimateRunWork;
    using ns3::fabriclb::EVENTS_PER_PACKET_HOP;
    using ns3::fabriclb::MessageWork;
    // A first ACK back within the first timeout (30 us): each message its own packets.
    const std::vector<MessageWork> quick{{0, 256, 6, 7000000}, {1, 256, 4, 5000000}};
    const ns3::fabriclb::RunWork normal = EstimateRunWork(quick, 30000000, 41780, 1e9);
    EXPECT_EQ(normal.messagePackets, 512);
    EXPECT_EQ(normal.addedPackets, 0);
    EXPECT_DOUBLE_EQ(normal.events, EVENTS_PER_PACKET_HOP * (256 * 6 + 256 * 4));
    EXPECT_EQ(normal.inFlight, 512);
    EXPECT_EQ(normal.acksInFlight, 512);
    EXPECT_EQ(normal.longestWaitPs, 0U);
    // Host 0's message of 10 packets waits 100 us for its first ACK: it is counted lost at 30,
    // 60 and 90 us and sent again each time, 30 packets more over its 6 hops. Host 1's of
    // 1000 packets would add 3000, more than its line carries in 100 us, 100 / 0.04178 =
    // 2393.5 packets: that many. The links hold 2000 packets at once.
    const std::vector<MessageWork> slow{{0, 10, 6, 100000000}, {1, 1000, 2, 100000000}};
    const ns3::fabriclb::RunWork waiting = EstimateRunWork(slow, 30000000, 41780, 2000);
    const double line = 100000000.0 / 41780;
    EXPECT_EQ(waiting.messagePackets, 1010);
    EXPECT_DOUBLE_EQ(waiting.addedPackets, 30 + line);
    EXPECT_DOUBLE_EQ(waiting.events,
                     EVENTS_PER_PACKET_HOP * (10 * 6 + 1000 * 2 + 30 * 6 + line * 2));
    EXPECT_EQ(waiting.inFlight, 2000);
    EXPECT_EQ(waiting.acksInFlight, 1010); // the resends' ACKs are not counted again
    EXPECT_EQ(waiting.longestWaitPs, 100000000U);
    EXPECT_EQ(waiting.overduePs, 30000000U);
}

TEST(RunWork, MemoryCountsHostsMessagesAndPackets)
{
    // 23 MiB, 57 KiB a host, 1229 B a message, 16 B a packet sent, 310 B a packet in flight.
    ns3::TrafficMemory traffic;
    EXPECT_DOUBLE_EQ(ns3::EstimatePeakMemoryBytes(16, traffic), 24117248.0 + 16 * 58368.0);
    // The k=4 permutation of 256 MiB: 16 messages of 65536 packets, 40.0 MiB (measured: a peak
    // of 37.2 MiB under erasure coding, 41.1 MiB under go-back-N).
    traffic.messages = 16;
    traffic.packetsSent = 16 * 65536;
    EXPECT_DOUBLE_EQ(ns3::EstimatePeakMemoryBytes(16, traffic),
                     24117248.0 + 16 * 58368.0 + 16 * 1229.0 + 16 * 1048576.0);
    // With a link delay of 1 ms the ideal senders add 1.47 million packets, on the links at
    // once, and the ACKs of the 4096 packets of their messages: 482 MiB (measured: 425 MiB).
    traffic.packetsSent = 4096 + 1.47e6;
    traffic.packetsInFlight = 1.47e6;
    traffic.acksInFlight = 4096;
    EXPECT_NEAR(ns3::EstimatePeakMemoryBytes(16, traffic) / (1 << 20), 482, 1);
    // k=64's permutation of 1 MiB: 65,536 messages of 256 packets; 196,608 links holding 23.9
    // data packets each at once, and as many ACKs: 6,786 MiB (measured under Ofan: 7,205).
    traffic.messages = 65536;
    traffic.packetsSent = 65536.0 * 256;
    traffic.packetsInFlight = traffic.acksInFlight = 196608 * 2 * 500000.0 / 41780;
    EXPECT_NEAR(ns3::EstimatePeakMemoryBytes(65536, traffic) / (1 << 20), 6786, 1);
}
