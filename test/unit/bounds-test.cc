/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The bound arithmetic, checked against numbers derived by hand from the
 * defaults: 800 Gb/s, 0.5 us per link, 4158 B data, 64 B ACK, 20 B gap.
 */

#include "ns3/fat-tree-topology.h"
#include "ns3/leaf-spine-topology.h"
#include "ns3/lower-bound.h"
#include "ns3/multi-plane-topology.h"

#include <gtest/gtest.h>
#include <memory>
#include <stdexcept>
#include <vector>

using ns3::fabriclb::ComputeAllToAllBound;
using ns3::fabriclb::ComputePermutationBound;
using ns3::fabriclb::WireModel;

TEST(WireModel, SerialisationTimesAtTheStudyDefaults)
{
    const WireModel wire;
    EXPECT_EQ(wire.DataPs(), 41580U); // 4158 * 8 bit / 800 Gb/s = 41.58 ns
    EXPECT_EQ(wire.AckPs(), 640U);    // 64 * 8 / 800e9 = 0.64 ns
    EXPECT_EQ(wire.GapPs(), 200U);    // 20 * 8 / 800e9 = 0.2 ns
    WireModel slow;
    slow.linkRateBps = 100000000000ULL;
    EXPECT_EQ(slow.DataPs(), 332640U); // 100 Gb/s: 332.64 ns
}

TEST(WireModel, PhysicalModelIsTheDefault)
{
    const WireModel made =
        WireModel::Make(ns3::fabriclb::WireKind::PHYSICAL, 800000000000ULL, 500000, 4096, 64, 20);
    EXPECT_EQ(made.dataWireBytes, 4158U);
    EXPECT_EQ(made.ackWireBytes, 64U);
    EXPECT_EQ(made.gapBytes, 20U);
    EXPECT_EQ(made.PacingGapPs(1), 0U); // line rate, unpaced
    EXPECT_EQ(made.PortBufferBytes(800000), 800000U);
}

TEST(WireModel, StudyModelIsTheStudysSimulator)
{
    const WireModel study =
        WireModel::Make(ns3::fabriclb::WireKind::STUDY, 800000000000ULL, 500000, 4096, 64, 20);
    EXPECT_EQ(study.DataPs(), 40960U); // 4096 B at 10 ps a byte
    EXPECT_EQ(study.AckPs(), 820U);    // 82 B
    EXPECT_EQ(study.GapPs(), 0U);
    // One packet per (4096 + 82) B of line time, times the flows per host.
    EXPECT_EQ(study.PacingGapPs(1), 41780U);
    EXPECT_EQ(study.PacingGapPs(127), 5306060U); // the all-to-all of 128 hosts
    EXPECT_DOUBLE_EQ(study.paceJitter, 0.01);
    // Buffers in whole 4178 B slots: 800 KB is 191 of them.
    EXPECT_EQ(study.PortBufferBytes(800000), 191U * 4178U);
    EXPECT_EQ(study.PortBufferBytes(20 * 4178), 20U * 4178U);
    // Another payload keeps the study's 82 B of overhead per slot.
    const WireModel small =
        WireModel::Make(ns3::fabriclb::WireKind::STUDY, 800000000000ULL, 500000, 2048, 64, 20);
    EXPECT_EQ(small.PacingGapPs(1), 21300U);
}

TEST(WireModel, KindsByName)
{
    EXPECT_EQ(ns3::fabriclb::ParseWireKind("study"), ns3::fabriclb::WireKind::STUDY);
    EXPECT_EQ(ns3::fabriclb::ParseWireKind("physical"), ns3::fabriclb::WireKind::PHYSICAL);
    EXPECT_STREQ(ns3::fabriclb::WireKindName(ns3::fabriclb::WireKind::STUDY), "study");
    EXPECT_THROW(ns3::fabriclb::ParseWireKind("htsim"), std::invalid_argument);
}

TEST(PermutationBound, StudyDefaultsAcrossPods)
{
    // H = 6, p = 3 us. t1 = p + 6 Td = 3000 + 249.48 = 3249.48 ns.
    // i1 = ceil((3000 + 5 * 41.58) / 41.78) + 1 = ceil(76.78) + 1 = 78.
    // The last (256th) data packet's bits leave at 78 d + 178 (a + d) - Tg
    //   = 3258.84 + 7586.36 - 0.2 = 10845.0 ns,
    // reach the receiver 5 Td + p later (14052.9 ns), and its ACK takes
    // 6 Ta + p = 3003.84 ns more: 17056.74 ns.
    const auto bound = ComputePermutationBound(WireModel{}, 256, 6);
    EXPECT_EQ(bound.firstArrivalPs, 3249480U);
    EXPECT_EQ(bound.dataBeforeAck, 78U);
    EXPECT_EQ(bound.completionPs, 17056740U);
    EXPECT_NEAR(static_cast<double>(bound.completionPs), 17057000.0, 5000.0);
    // The study quotes 17.05694 us: its closed form also counts the last data
    // packet's trailing gap, 0.2 ns that no packet has to wait for.
    EXPECT_EQ(bound.completionPs + WireModel{}.GapPs(), 17056940U);
}

TEST(PermutationBound, ShorterPathsHaveTheirOwnBounds)
{
    // Same pod, H = 4, p = 2 us: i1 = ceil((2000 + 3 * 41.58) / 41.78) + 1 = 51 + 1 = 52;
    // 52 d + 204 (a + d) - Tg + 3 Td + 4 Ta + 2p = 2172.56 + 8694.48 - 0.2 + 124.74 + 2.56 + 4000.
    const auto pod = ComputePermutationBound(WireModel{}, 256, 4);
    EXPECT_EQ(pod.dataBeforeAck, 52U);
    EXPECT_EQ(pod.completionPs, 14994140U);
    // Same edge, H = 2, p = 1 us: i1 = ceil((1000 + 41.58) / 41.78) + 1 = 25 + 1 = 26;
    // 26 d + 230 (a + d) - Tg + Td + 2 Ta + 2p = 1086.28 + 9802.6 - 0.2 + 41.58 + 1.28 + 2000.
    const auto edge = ComputePermutationBound(WireModel{}, 256, 2);
    EXPECT_EQ(edge.dataBeforeAck, 26U);
    EXPECT_EQ(edge.completionPs, 12931540U);
}

TEST(PermutationBound, MessagesShorterThanTheFirstAckGap)
{
    // m = 10 < i1: all data back to back, 10 d - Tg + 5 Td + 6 Ta + 2p
    //   = 417.8 - 0.2 + 207.9 + 3.84 + 6000 = 6629.34 ns.
    EXPECT_EQ(ComputePermutationBound(WireModel{}, 10, 6).completionPs, 6629340U);
    // m = 1: Td + 5 Td + 6 Ta + 2p = 249.48 + 3.84 + 6000.
    EXPECT_EQ(ComputePermutationBound(WireModel{}, 1, 6).completionPs, 6253320U);
}

TEST(AllToAllBound, HostLinkTimePlusTheLastAck)
{
    // 16 hosts, m = 16: 15 * 16 = 240 data and 240 ACKs per host link,
    // 240 * (41.78 + 0.84) - 0.2 = 10228.6 ns; the last ACK needs p + 5 Ta = 3003.2 ns.
    EXPECT_EQ(ComputeAllToAllBound(WireModel{}, 16, 16, 6), 13231800U);
    // k = 8: 128 hosts, 1 MiB: 127 * 256 * 42.62 = 1385661.44 ns, - 0.2 + 3000 + 3.2 = 1388664.44
    // ns
    EXPECT_EQ(ComputeAllToAllBound(WireModel{}, 128, 256, 6), 1388664440U);
}

TEST(Bounds, RejectDegenerateInput)
{
    EXPECT_THROW(ComputePermutationBound(WireModel{}, 0, 6), std::invalid_argument);
    EXPECT_THROW(ComputePermutationBound(WireModel{}, 10, 0), std::invalid_argument);
    EXPECT_THROW(ComputeAllToAllBound(WireModel{}, 1, 10, 6), std::invalid_argument);
    EXPECT_THROW(WireModel{}.SerialisationPs(2000000), std::invalid_argument);
}

TEST(LoneMessageBound, ByHand)
{
    // m = 10 across pods: 10 d - Tg = 417.8 - 0.2 = 417.6 ns; + 5 Td + p
    // = 207.9 + 3000; + 6 Ta + p = 3.84 + 3000: 6629.34 ns. (m <= i1: no ACK is
    // due before the last data packet, so the permutation bound agrees.)
    EXPECT_EQ(ns3::fabriclb::ComputeLoneMessageBound(WireModel{}, 10, 6), 6629340U);
    EXPECT_EQ(ns3::fabriclb::ComputeLoneMessageBound(WireModel{}, 10, 6),
              ComputePermutationBound(WireModel{}, 10, 6).completionPs);
    // m = 256: the data leave back to back, 256 d - Tg = 10695.48 ns, + 3207.9 + 3003.84.
    EXPECT_EQ(ns3::fabriclb::ComputeLoneMessageBound(WireModel{}, 256, 6), 16907220U);
    EXPECT_THROW(ns3::fabriclb::ComputeLoneMessageBound(WireModel{}, 0, 6), std::invalid_argument);
}

TEST(MatrixBound, AllToAllIsTheAllToAllBound)
{
    // Four hosts, every pair 6 hops apart, 256 packets each way: the links'
    // load (3 * 256 (d + a) = 32.7 us) outweighs a lone message's 16.9 us.
    std::vector<ns3::fabriclb::FlowLoad> flows;
    for (uint32_t a = 0; a < 4; ++a)
    {
        for (uint32_t b = 0; b < 4; ++b)
        {
            if (a != b)
            {
                flows.push_back({a, b, 256, 6, 0});
            }
        }
    }
    EXPECT_EQ(ns3::fabriclb::ComputeMatrixBound(WireModel{}, 4, flows),
              ComputeAllToAllBound(WireModel{}, 4, 256, 6));
    // Short messages: the lone message's round trip is the larger bound.
    for (auto& flow : flows)
    {
        flow.packets = 3;
    }
    EXPECT_EQ(ns3::fabriclb::ComputeMatrixBound(WireModel{}, 4, flows),
              ns3::fabriclb::ComputeLoneMessageBound(WireModel{}, 3, 6));
}

TEST(MatrixBound, BusiestLinkAndStartTimes)
{
    const WireModel wire;
    const uint64_t d = wire.DataPs() + wire.GapPs();
    // Host 0 sends 300 packets to host 1 and 200 to host 2 from time 5 us, and
    // receives nothing: its uplink carries 500 data packets, then the last one
    // still travels 5 Td + p and its ACK 6 Ta + p.
    const std::vector<ns3::fabriclb::FlowLoad> flows{{0, 1, 300, 6, 5000000},
                                                     {0, 2, 200, 6, 5000000}};
    const uint64_t expected =
        5000000 + 500 * d - wire.GapPs() + 5 * wire.DataPs() + 3000000 + 6 * wire.AckPs() + 3000000;
    EXPECT_EQ(ns3::fabriclb::ComputeMatrixBound(wire, 3, flows), expected);
    // A host that only receives: 300 data packets arrive on its downlink, then its
    // last ACK returns (6 Ta + p); the sender's uplink dominates anyway.
    EXPECT_GT(expected, 5000000 + 300 * d - wire.GapPs() + 6 * wire.AckPs() + 3000000);
    EXPECT_THROW(ns3::fabriclb::ComputeMatrixBound(wire, 2, flows), std::invalid_argument);
    EXPECT_THROW(ns3::fabriclb::ComputeMatrixBound(wire, 3, {}), std::invalid_argument);
}

TEST(PacedMessageBound, ByHand)
{
    // rho_max = B/2 on the physical wire: a packet every 2 x (4158 + 64 + 2 x 20) B of
    // line time = 2 x 42.62 ns = 85.24 ns.
    const WireModel wire{};
    EXPECT_EQ(wire.PacingGapPsAtShare(0.5), 85240U);
    // m = 10 across pods: 9 gaps, then a lone packet's 41.58 + 5 x 41.58 + 3000 + 6 x
    // 0.64 + 3000 = 6253.32 ns: 767.16 + 6253.32 = 7020.48 ns.
    EXPECT_EQ(ns3::fabriclb::ComputePacedMessageBound(wire, 10, 6, 85240), 7020480U);
    EXPECT_EQ(ns3::fabriclb::ComputePacedMessageBound(wire, 1, 6, 85240),
              ns3::fabriclb::ComputeLoneMessageBound(wire, 1, 6));
    EXPECT_THROW(ns3::fabriclb::ComputePacedMessageBound(wire, 0, 6, 1), std::invalid_argument);
    // The study's wire paces in its own 4178 B slots.
    const WireModel study =
        WireModel::Make(ns3::fabriclb::WireKind::STUDY, 800000000000ULL, 500000, 4096, 64, 20);
    EXPECT_EQ(study.PacingGapPsAtShare(1.0 / 127), study.PacingGapPs(127));
}

TEST(BoundCeiling, LiesAboveTheBoundsItGuards)
{
    const WireModel wire;
    // The 4-host all-to-all of MatrixBound above: every host sends and receives 3 x 256.
    std::vector<ns3::fabriclb::FlowLoad> flows;
    for (uint32_t a = 0; a < 4; ++a)
    {
        for (uint32_t b = 0; b < 4; ++b)
        {
            if (a != b)
            {
                flows.push_back({a, b, 256, 6, 0});
            }
        }
    }
    const double ceiling = ns3::fabriclb::EstimateBoundCeilingPs(wire, flows, 0, false);
    EXPECT_GE(ceiling, ComputeAllToAllBound(wire, 4, 256, 6));
    // Twice the host's packets (it sends and receives), each a data packet and an ACK with
    // their gaps, and one round trip: about twice the bound.
    const double perPacket = wire.DataPs() + wire.AckPs() + 2 * wire.GapPs();
    const double trip = 6 * (wire.DataPs() + wire.AckPs() + 2 * wire.linkDelayPs);
    EXPECT_DOUBLE_EQ(ceiling, 2 * 3 * 256 * perPacket + trip);
    // The latest start comes first; triggers chain every message alone before it; a
    // pacing gap wider than a packet's slot spaces every packet.
    flows[0].startPs = 1000000000;
    EXPECT_DOUBLE_EQ(ns3::fabriclb::EstimateBoundCeilingPs(wire, flows, 0, false), 1e9 + ceiling);
    EXPECT_DOUBLE_EQ(ns3::fabriclb::EstimateBoundCeilingPs(wire, flows, 0, true),
                     1e9 + ceiling + flows.size() * (256 * perPacket + trip));
    EXPECT_DOUBLE_EQ(ns3::fabriclb::EstimateBoundCeilingPs(wire, flows, 1000000, false),
                     1e9 + 2 * 3 * 256 * 1e6 + trip);
}

TEST(BoundCeiling, DoesNotOverflowWhereTheBoundsWould)
{
    // 1 bit/s and 2^32 - 1 packets a message: a data packet alone takes 3.3e16 ps, the
    // message 1.4e26 ps, beyond 64 bits.
    WireModel slow;
    slow.linkRateBps = 1;
    const std::vector<ns3::fabriclb::FlowLoad> flows{{0, 1, UINT32_MAX, 6, 0}};
    EXPECT_GT(ns3::fabriclb::EstimateBoundCeilingPs(slow, flows, 0, false), 1e26);
}

namespace
{
/// \return an all-to-all of \p packets a message among \p fabric's hosts, all from time 0
std::vector<ns3::fabriclb::FlowLoad>
AllToAllLoads(const ns3::fabriclb::FabricTopology& fabric, uint32_t packets)
{
    std::vector<ns3::fabriclb::FlowLoad> flows;
    for (uint32_t s = 0; s < fabric.HostCount(); ++s)
    {
        for (uint32_t t = 0; t < fabric.HostCount(); ++t)
        {
            if (s != t)
            {
                flows.push_back({s, t, packets, fabric.Hops(s, t), 0});
            }
        }
    }
    return flows;
}
} // namespace

// The busiest cut: d = 41.58 + 0.2 = 41.78 ns a data packet, a = 0.64 + 0.2 = 0.84 ns an
// ACK, one link delay p = 500 ns.
TEST(CutBound, TwoToOneLeafSpineAllToAll)
{
    // 2 leaves of 2 hosts under 1 spine (2:1): every host sends m = 10 packets to each of 3.
    const ns3::fabriclb::LeafSpineTopology fabric(2, 1, 2, 1);
    const std::vector<ns3::fabriclb::FlowLoad> flows = AllToAllLoads(fabric, 10);
    // A leaf's one uplink carries 2 hosts x 2 destinations x 10 data packets out, and
    // the ACKs of as many coming in: 40 x (41.78 + 0.84) = 1704.8 ns, against a host link's
    // 30 x 42.62 = 1278.6 ns. Bound: 41.58 + 500 (the first packet at its leaf), 1704.8 -
    // 0.2, 2 x 500 + 0.64 (the last across the spine and down to a host) = 3246.82 ns.
    EXPECT_EQ(ns3::fabriclb::ComputeCutBound(WireModel{}, fabric, flows), 3246820U);
    // With 2 spines (1:1) no leaf is busier than a host link: the host links' bound holds.
    const ns3::fabriclb::LeafSpineTopology full(2, 2, 2, 1);
    EXPECT_EQ(ns3::fabriclb::ComputeCutBound(WireModel{}, full, flows), 0U);
}

TEST(CutBound, AFullBisectionFatTreeIsNeverCut)
{
    // k=4 all-to-all and a pod-crossing permutation: the host links are the busiest cut.
    const ns3::fabriclb::FatTreeTopology fabric(4);
    std::vector<ns3::fabriclb::FlowLoad> allToAll;
    std::vector<ns3::fabriclb::FlowLoad> permutation;
    for (uint32_t s = 0; s < fabric.HostCount(); ++s)
    {
        permutation.push_back({s, (s + 4) % 16, 64, 6, 0});
        for (uint32_t t = 0; t < fabric.HostCount(); ++t)
        {
            if (s != t)
            {
                allToAll.push_back({s, t, 64, fabric.Hops(s, t), 0});
            }
        }
    }
    EXPECT_EQ(ns3::fabriclb::ComputeCutBound(WireModel{}, fabric, allToAll), 0U);
    EXPECT_EQ(ns3::fabriclb::ComputeCutBound(WireModel{}, fabric, permutation), 0U);
}

TEST(CutBound, TwoPlanesSplitEveryCut)
{
    // The 2:1 leaf-spine above in two planes: a leaf's group now leaves over 2 uplinks (one a
    // plane) and every host over 2 ports. The uplinks' 1704.8 ns halve to 852.4 ns a link,
    // still above a host port's 1278.6 / 2 = 639.3 ns: 41.58 + 500, 852.4 - 0.2,
    // 2 x 500 + 0.64 = 2394.42 ns.
    const auto plane = std::make_shared<const ns3::fabriclb::LeafSpineTopology>(2, 1, 2, 1);
    const ns3::fabriclb::MultiPlaneTopology fabric(plane, 2);
    const std::vector<ns3::fabriclb::FlowLoad> flows = AllToAllLoads(fabric, 10);
    EXPECT_EQ(ns3::fabriclb::ComputeCutBound(WireModel{}, fabric, flows), 2394420U);
    // Four planes: 426.2 ns an uplink against a host port's 319.65 ns, 1968.22 ns.
    EXPECT_EQ(ns3::fabriclb::ComputeCutBound(WireModel{},
                                             ns3::fabriclb::MultiPlaneTopology(plane, 4),
                                             flows),
              1968220U);
}
