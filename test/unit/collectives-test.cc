/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The table of named collectives, ring collectives and the earliest starts of
 * triggered flows.
 */

#include "uniform-source.h"

#include "ns3/collectives.h"
#include "ns3/fsdp-collective.h"
#include "ns3/lower-bound.h"
#include "ns3/ring-collectives.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <map>
#include <sstream>

using namespace ns3::fabriclb;

namespace
{

/// \return the matrix after a write and a read: what the parser accepts
ConnectionMatrix
RoundTrip(const ConnectionMatrix& matrix)
{
    std::stringstream text;
    WriteConnectionMatrix(text, matrix);
    return ParseConnectionMatrix(text, "ring.cm", matrix.nodes);
}

} // namespace

TEST(Collectives, EveryWorkloadIsRegisteredWithItsParameters)
{
    for (const Collective& c : Workloads().All())
    {
        EXPECT_NE(Workloads().Find(c.name), nullptr);
        EXPECT_FALSE(c.description.empty()) << c.name;
        EXPECT_FALSE(c.parameters.empty()) << c.name;
        EXPECT_TRUE(c.messages && c.build) << c.name;
    }
    EXPECT_EQ(Workloads().Find("ring-allbroadcast"), nullptr);
    EXPECT_THROW(Workloads().Get("ring-allbroadcast", "workload"), std::invalid_argument);
}

TEST(Collectives, RingBytesPerHostMatchTheDefinitions)
{
    // 16 hosts in 2 rings of 8, a 1 MiB buffer: chunks of 128 KiB.
    const uint64_t buffer = 1 << 20;
    for (const auto& [kind, steps] : std::map<RingKind, uint32_t>{{RingKind::ALL_GATHER, 7},
                                                                  {RingKind::REDUCE_SCATTER, 7},
                                                                  {RingKind::ALL_REDUCE, 14}})
    {
        const ConnectionMatrix ring = RingCollective(kind, 16, 8, buffer);
        EXPECT_EQ(RingSteps(kind, 8), steps);
        ASSERT_EQ(ring.flows.size(), 16U * steps);
        std::map<uint32_t, uint64_t> sent;
        std::map<uint32_t, uint64_t> received;
        for (const MatrixFlow& flow : ring.flows)
        {
            EXPECT_EQ(flow.bytes, buffer / 8);
            EXPECT_EQ(flow.destination, flow.source / 8 * 8 + (flow.source % 8 + 1) % 8);
            sent[flow.source] += flow.bytes;
            received[flow.destination] += flow.bytes;
        }
        for (uint32_t host = 0; host < 16; ++host)
        {
            // All-gather and reduce-scatter move (g-1)/g of the buffer, all-reduce twice that.
            EXPECT_EQ(sent[host], steps * buffer / 8);
            EXPECT_EQ(received[host], steps * buffer / 8);
        }
        const ConnectionMatrix again = RoundTrip(ring);
        EXPECT_EQ(again.flows.size(), ring.flows.size());
        EXPECT_EQ(again.triggers.size(), ring.triggers.size());
    }
    // A buffer that does not divide rounds each chunk up.
    EXPECT_EQ(RingCollective(RingKind::ALL_GATHER, 4, 0, 10).flows.front().bytes, 3U);
}

TEST(Collectives, EachRingStepWaitsForTheChunkItForwards)
{
    const ConnectionMatrix ring = RingCollective(RingKind::ALL_REDUCE, 4, 0, 4096 * 4);
    ASSERT_EQ(ring.flows.size(), 4U * 6);
    for (size_t f = 0; f < ring.flows.size(); ++f)
    {
        const MatrixFlow& flow = ring.flows[f];
        if (f < 4)
        {
            EXPECT_EQ(flow.startPs, 0U); // the first step starts at once
            EXPECT_FALSE(flow.trigger);
            continue;
        }
        ASSERT_TRUE(flow.trigger);
        EXPECT_FALSE(flow.startPs);
        // Its input: the previous step's flow into its source.
        const MatrixFlow& input = ring.flows[f - 4 - 1 + (flow.source == 0 ? 4 : 0)];
        EXPECT_EQ(input.destination, flow.source);
        EXPECT_EQ(input.recvDoneTrigger, flow.trigger);
    }
    EXPECT_EQ(ring.triggers.size(), 4U * 5);
    for (const MatrixTrigger& trigger : ring.triggers)
    {
        EXPECT_EQ(trigger.kind, TriggerKind::ONESHOT);
        ASSERT_EQ(trigger.waiting.size(), 1U);
        EXPECT_EQ(ring.flows[trigger.waiting.front()].trigger, trigger.id);
    }
}

TEST(Collectives, BadRingsAreRejected)
{
    EXPECT_THROW(RingCollective(RingKind::ALL_GATHER, 16, 3, 4096), std::invalid_argument);
    EXPECT_THROW(RingCollective(RingKind::ALL_GATHER, 16, 1, 4096), std::invalid_argument);
    EXPECT_THROW(RingCollective(RingKind::ALL_GATHER, 16, 4, 0), std::invalid_argument);
}

TEST(EarliestStarts, TriggersFireAsSoonAsTheirSignalsCan)
{
    // Flow 0 at 0 (arrives 5, done 7) signals trigger A on receipt; flow 1 at 2
    // (arrives 6, done 10) signals barrier B (count 2) when done, as does flow 2.
    // Flow 2 waits on A: starts at 5, done at 5 + 3 = 8. Flow 3 waits on B: the
    // second signal, max(2 + 10, 8) = 12. Flow 4 waits on a trigger never signalled.
    ConnectionMatrix m{};
    m.nodes = 8;
    auto flow = [](uint32_t id) {
        MatrixFlow f{};
        f.source = id;
        f.destination = id + 1;
        f.id = id + 1;
        f.bytes = 1;
        return f;
    };
    m.flows = {flow(0), flow(1), flow(2), flow(3), flow(4)};
    m.flows[0].startPs = 0;
    m.flows[0].recvDoneTrigger = 1;
    m.flows[1].startPs = 2;
    m.flows[1].sendDoneTrigger = 2;
    m.flows[2].trigger = 1;
    m.flows[2].sendDoneTrigger = 2;
    m.flows[3].trigger = 2;
    m.flows[4].trigger = 3;
    m.triggers = {{1, TriggerKind::ONESHOT, 1, {2}, 0},
                  {2, TriggerKind::BARRIER, 2, {3}, 0},
                  {3, TriggerKind::ONESHOT, 1, {4}, 0}};
    const auto starts = ComputeEarliestStarts(m, {5, 6, 1, 1, 1}, {7, 10, 3, 1, 1});
    EXPECT_EQ(starts[0], 0U);
    EXPECT_EQ(starts[1], 2U);
    EXPECT_EQ(starts[2], 5U);
    EXPECT_EQ(starts[3], 12U);
    EXPECT_FALSE(starts[4]);
    EXPECT_THROW(ComputeEarliestStarts(m, {1}, {1}), std::invalid_argument);
}

TEST(EarliestStarts, ARingIsAChainOfItsSteps)
{
    // A ring all-gather over 4 hosts on one edge switch (2 hops): 3 steps, each
    // starting when the previous chunk has arrived, so the last one starts after
    // two arrivals.
    const WireModel wire{};
    const ConnectionMatrix ring = RingCollective(RingKind::ALL_GATHER, 4, 0, 4 * 4096 * 8);
    const uint64_t arrival = ComputeArrivalBound(wire, 8, 2);
    const uint64_t lone = ComputeLoneMessageBound(wire, 8, 2);
    EXPECT_EQ(lone - arrival, 2 * wire.AckPs() + 2 * wire.linkDelayPs);
    const auto starts = ComputeEarliestStarts(ring,
                                              std::vector<uint64_t>(12, arrival),
                                              std::vector<uint64_t>(12, lone));
    for (size_t f = 0; f < 12; ++f)
    {
        EXPECT_EQ(starts[f], f / 4 * arrival) << f;
    }
}

TEST(Fsdp, FlowSizesFromTheModelsShapes)
{
    // Per layer: d(2d + 2 kv) + 3 d ffn weights, FP8; a flow carries two 1/1024 shards.
    const std::map<std::string, std::pair<uint64_t, uint64_t>> expected{
        {"llama3-7b", {218103808, 104}},
        {"llama3-70b", {855638016, 408}},
        {"llama3-405b", {3187671040, 1520}}};
    // The study's "about 104, 418 and 1570 packets per flow".
    const std::map<std::string, double> study{{"llama3-7b", 104},
                                              {"llama3-70b", 418},
                                              {"llama3-405b", 1570}};
    ASSERT_EQ(LlamaModels().size(), expected.size());
    for (const LlamaModel& model : LlamaModels())
    {
        EXPECT_EQ(FindLlamaModel(model.name), &model);
        const auto& [parameters, packets] = expected.at(model.name);
        EXPECT_EQ(LlamaLayerParameters(model), parameters) << model.name;
        EXPECT_EQ(FsdpFlowBytes(model), 2 * parameters / 1024) << model.name;
        EXPECT_EQ(FsdpFlowBytes(model) % 4096, 0U) << "whole 4 KB payloads";
        EXPECT_EQ(FsdpFlowBytes(model) / 4096, packets) << model.name;
        EXPECT_NEAR(packets / study.at(model.name), 1.0, 0.035) << model.name;
    }
    EXPECT_EQ(FindLlamaModel("llama2-7b"), nullptr);
}

TEST(Fsdp, RailRingsCarryTheDefinedBytesPerHost)
{
    // 32 hosts: 4 servers of 8 GPUs, 8 rails of 4 ranks; 2 layers of 3 steps each.
    const uint64_t bytes = 3 * 4096;
    const ConnectionMatrix fsdp = FsdpBackward(32, bytes, 2);
    ASSERT_EQ(fsdp.flows.size(), 32U * 2 * 3);
    std::map<uint32_t, uint64_t> sent;
    std::map<uint32_t, uint64_t> received;
    for (const MatrixFlow& flow : fsdp.flows)
    {
        EXPECT_EQ(flow.bytes, bytes);
        // The same GPU of the next server (the last server's goes to the first's).
        EXPECT_EQ(flow.destination % 8, flow.source % 8);
        EXPECT_EQ(flow.destination / 8, (flow.source / 8 + 1) % 4);
        sent[flow.source] += flow.bytes;
        received[flow.destination] += flow.bytes;
    }
    for (uint32_t host = 0; host < 32; ++host)
    {
        EXPECT_EQ(sent[host], 2 * 3 * bytes) << host;
        EXPECT_EQ(received[host], 2 * 3 * bytes) << host;
    }
    // Every step after a rail's first, across the layer boundary too, waits for the
    // arrival of its predecessor's previous step.
    uint32_t atOnce = 0;
    for (const MatrixFlow& flow : fsdp.flows)
    {
        if (!flow.trigger)
        {
            EXPECT_EQ(flow.startPs, 0U);
            ++atOnce;
            continue;
        }
        const auto input =
            std::find_if(fsdp.flows.begin(), fsdp.flows.end(), [&flow](const MatrixFlow& f) {
                return f.recvDoneTrigger == flow.trigger;
            });
        ASSERT_NE(input, fsdp.flows.end());
        EXPECT_EQ(input->destination, flow.source);
        // Rail r's 24 flows (6 steps of 4 ranks) follow rail r-1's.
        auto stepOf = [](const MatrixFlow& f) { return (f.id - 1) % 24 / 4; };
        EXPECT_EQ(stepOf(*input) + 1, stepOf(flow)) << "the previous step of the same rail";
    }
    EXPECT_EQ(atOnce, 32U);
    EXPECT_EQ(RoundTrip(fsdp).flows.size(), fsdp.flows.size());

    // The table's entry: the count it announces is the count it builds.
    const Collective* entry = Workloads().Find("fsdp");
    ASSERT_NE(entry, nullptr);
    CollectiveParams p{};
    p.hosts = 128;
    p.model = "llama3-70b";
    p.layers = 3;
    EXPECT_EQ(entry->messages(p), 128U * 3 * 15);
    const ConnectionMatrix built = entry->build(p);
    EXPECT_EQ(built.flows.size(), entry->messages(p));
    EXPECT_EQ(built.flows.front().bytes, 408U * 4096);
}

TEST(Fsdp, BadShapesAreRejected)
{
    EXPECT_THROW(FsdpBackward(8, 4096, 1), std::invalid_argument);  // one server
    EXPECT_THROW(FsdpBackward(20, 4096, 1), std::invalid_argument); // not servers of 8
    EXPECT_THROW(FsdpBackward(16, 4096, 0), std::invalid_argument);
    EXPECT_THROW(FsdpBackward(16, 0, 1), std::invalid_argument);
    CollectiveParams p{};
    p.hosts = 16;
    p.model = "gpt-4";
    EXPECT_THROW(Workloads().Get("fsdp", "workload").messages(p), std::invalid_argument);
    EXPECT_THROW(Workloads().Get("fsdp", "workload").build(p), std::invalid_argument);
}
