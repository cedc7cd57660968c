/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The earliest starts behind a barrier that waits on every signal it can get: the flows that
 * signal it share their receiver's (or sender's) link and the computes their host's GPU, so the
 * barrier fires no earlier than they can have taken their turns there.
 */

#include "ns3/connection-matrix.h"
#include "ns3/lower-bound.h"

#include <gtest/gtest.h>
#include <sstream>
#include <string>

using namespace ns3::fabriclb;

namespace
{

/// Packets of every flow below: 8 packets of 4096 B.
constexpr uint32_t PACKETS = 8;

/// Links between two hosts of the flows below (two leaves of a k=4 pod).
constexpr uint32_t HOPS = 4;

ConnectionMatrix
Parse(const std::string& text)
{
    std::istringstream in(text);
    return ParseConnectionMatrix(in, "m.cm", 16);
}

/// \return by flow: arriving by its receiver's link (id = receiver), leaving by its sender's
std::vector<SharedLinkUse>
HostLinks(const ConnectionMatrix& m, const WireModel& wire)
{
    std::vector<SharedLinkUse> uses;
    for (const MatrixFlow& flow : m.flows)
    {
        uses.push_back({flow.destination, flow.source, PACKETS, HOPS, wire});
    }
    return uses;
}

/// Four flows into host 0 from 0 ps, each signalling barrier 1 on arrival; flow 5 after it.
const std::string INCAST = "Nodes 16\nConnections 5\nTriggers 1\n"
                           "1->0 id 1 start 0 size 32768 recv_done_trigger 1\n"
                           "2->0 id 2 start 0 size 32768 recv_done_trigger 1\n"
                           "3->0 id 3 start 100 size 32768 recv_done_trigger 1\n"
                           "4->0 id 4 start 0 size 32768 recv_done_trigger 1\n"
                           "0->5 id 5 trigger 1 size 4096\n"
                           "trigger id 1 barrier count 4\n";

} // namespace

TEST(BarrierTurns, FlowsIntoOneHostTakeTurnsOnItsLink)
{
    const WireModel wire{};
    const ConnectionMatrix m = Parse(INCAST);
    const uint64_t lone = ComputeArrivalBound(wire, PACKETS, HOPS);
    const std::vector<uint64_t> arrival(5, lone);
    const std::vector<uint64_t> completion(5, ComputeLoneMessageBound(wire, PACKETS, HOPS));
    // Alone, each flow arrives by its lone time: the last (started at 100) at 100 + lone.
    EXPECT_EQ(ComputeEarliestStarts(m, arrival, completion)[4], 100 + lone);
    // Sharing host 0's link, their 32 packets cross it one after another from the first start.
    const std::vector<SharedLinkUse> links = HostLinks(m, wire);
    const uint64_t turns = ComputeArrivalBound(wire, 4 * PACKETS, HOPS);
    EXPECT_EQ(turns - lone, 3 * PACKETS * (wire.DataPs() + wire.GapPs()));
    EXPECT_EQ(ComputeEarliestStarts(m, arrival, completion, nullptr, &links)[4], turns);
    // Each flow into a receiver of its own: nothing shared, the lone times again.
    ConnectionMatrix apart = m;
    for (uint32_t f = 0; f < 4; ++f)
    {
        apart.flows[f].destination = 10 + f;
    }
    const std::vector<SharedLinkUse> apartLinks = HostLinks(apart, wire);
    EXPECT_EQ(ComputeEarliestStarts(apart, arrival, completion, nullptr, &apartLinks)[4],
              100 + lone);
}

TEST(BarrierTurns, ABarrierThatNeedsFewerSignalsThanItGetsTakesNoTurns)
{
    // Count 3 of 4 signals: the barrier fires on the third arrival, whichever flows those are.
    std::string text = INCAST;
    text.replace(text.find("count 4"), 7, "count 3");
    const WireModel wire{};
    const ConnectionMatrix m = Parse(text);
    const uint64_t lone = ComputeArrivalBound(wire, PACKETS, HOPS);
    const std::vector<uint64_t> arrival(5, lone);
    const std::vector<SharedLinkUse> links = HostLinks(m, wire);
    EXPECT_EQ(ComputeEarliestStarts(m, arrival, arrival, nullptr, &links)[4], lone);
}

TEST(BarrierTurns, FlowsFromOneHostTakeTurnsOnItsLinkUntilAcknowledged)
{
    // Host 0 sends two flows of 8 packets, each signalling barrier 1 once acknowledged.
    const WireModel wire{};
    const ConnectionMatrix m = Parse("Nodes 16\nConnections 3\nTriggers 1\n"
                                     "0->1 id 1 start 0 size 32768 send_done_trigger 1\n"
                                     "0->2 id 2 start 0 size 32768 send_done_trigger 1\n"
                                     "3->4 id 3 trigger 1 size 4096\n"
                                     "trigger id 1 barrier count 2\n");
    const uint64_t lone = ComputeLoneMessageBound(wire, PACKETS, HOPS);
    const std::vector<uint64_t> completion(3, lone);
    const std::vector<uint64_t> arrival(3, ComputeArrivalBound(wire, PACKETS, HOPS));
    const std::vector<SharedLinkUse> links = HostLinks(m, wire);
    EXPECT_EQ(ComputeEarliestStarts(m, arrival, completion)[2], lone);
    EXPECT_EQ(ComputeEarliestStarts(m, arrival, completion, nullptr, &links)[2],
              ComputeLoneMessageBound(wire, 2 * PACKETS, HOPS));
    // A flow that shares no link says so: its turns are its own.
    std::vector<SharedLinkUse> unshared = links;
    unshared[1].leavesBy.reset();
    EXPECT_EQ(ComputeEarliestStarts(m, arrival, completion, nullptr, &unshared)[2], lone);
}

TEST(BarrierTurns, ComputesOfOneGpuTakeTurns)
{
    // Host 1 computes twice from 0 (5 and 7 ns), host 2 once (9 ns), all into barrier 1.
    const ConnectionMatrix m = Parse("Nodes 16\nConnections 1\nTriggers 1\nComputes 3\n"
                                     "1->2 id 1 trigger 1 size 4096\n"
                                     "trigger id 1 barrier count 3\n"
                                     "compute 1 id 1 start 0 duration 5000 done_trigger 1\n"
                                     "compute 1 id 2 start 0 duration 7000 done_trigger 1\n"
                                     "compute 2 id 3 start 0 duration 9000 done_trigger 1\n");
    std::vector<std::optional<uint64_t>> computeStarts;
    // Host 1's GPU runs its two one after the other: 12 ns, after host 2's 9.
    EXPECT_EQ(ComputeEarliestStarts(m, {1}, {1}, &computeStarts)[0], 12000U);
    EXPECT_EQ(computeStarts[1], 0U); // each compute may start at once: only the barrier waits
}

TEST(BarrierTurns, TheFlowsAfterABarrierStartWhenItFires)
{
    // Barrier 1's flows (INCAST) release flow 5, whose arrival releases flow 6 through barrier 2
    // with its lone time: the chain carries the turns on.
    std::string text = INCAST;
    text.replace(text.find("Connections 5"), 13, "Connections 6");
    text.replace(text.find("Triggers 1"), 10, "Triggers 2");
    text.replace(
        text.find("0->5 id 5 trigger 1 size 4096"),
        29,
        "0->5 id 5 trigger 1 size 4096 recv_done_trigger 2\n5->6 id 6 trigger 2 size 4096");
    text += "trigger id 2 barrier count 1\n";
    const WireModel wire{};
    const ConnectionMatrix m = Parse(text);
    std::vector<uint64_t> arrival(6, ComputeArrivalBound(wire, PACKETS, HOPS));
    arrival[4] = arrival[5] = ComputeArrivalBound(wire, 1, HOPS);
    std::vector<SharedLinkUse> links = HostLinks(m, wire);
    links[4].packets = links[5].packets = 1;
    const auto starts = ComputeEarliestStarts(m, arrival, arrival, nullptr, &links);
    const uint64_t turns = ComputeArrivalBound(wire, 4 * PACKETS, HOPS);
    EXPECT_EQ(starts[4], turns);
    // Flow 5 alone into host 5: one flow's turns are its lone arrival.
    EXPECT_EQ(starts[5], turns + ComputeArrivalBound(wire, 1, HOPS));
}
