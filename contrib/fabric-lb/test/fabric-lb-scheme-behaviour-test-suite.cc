/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * ns-3 TestSuites that each load-balancing scheme does what the README's
 * scheme table says, in a simulator on small fabrics: one suite per scheme.
 */

#include "fabric-lb-test-util.h"

#include "ns3/boolean.h"
#include "ns3/channel.h"
#include "ns3/core-module.h"
#include "ns3/fabric-helper.h"
#include "ns3/fabric-lb-compat.h"
#include "ns3/fabric-queue-disc.h"
#include "ns3/fabric-registry.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/queue-choice.h"
#include "ns3/reps-path-policy.h"
#include "ns3/reps-uet-path-policy.h"
#include "ns3/roce-header.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/traffic-control-layer.h"
#include "ns3/transport-stack.h"
#include "ns3/udp-header.h"
#include "ns3/workload.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <functional>
#include <map>
#include <numeric>
#include <optional>
#include <set>
#include <tuple>
#include <vector>

using namespace ns3;

namespace
{

/// Payload bytes of a data packet.
constexpr uint64_t PACKET_BYTES = 4096;

/// A queue pair: (sending host, queue-pair number on that host).
using QueuePair = std::pair<uint32_t, uint32_t>;

/**
 * Builds scheme \p name of the module's table (its host path policy and
 * switch discipline) on a k-ary fabric, with seed 1, run 1 and streams from 1.
 *
 * \param k fat-tree radix
 * \param name the scheme, as --lb takes it
 * \param markThresholdBytes ECN-mark every port above this backlog (0: never)
 * \param hostStack send through the hosts' IPv4 stack (HostPath ipv4), whose traces the
 *        test reads, rather than bypass it (the port-path tests prove the two equal)
 * \return the fabric
 */
Ptr<FabricHelper>
BuildScheme(uint32_t k,
            const std::string& name,
            uint32_t markThresholdBytes = 0,
            bool hostStack = false)
{
    const fabriclb::LbScheme* scheme = fabriclb::LbSchemes().Find(name);
    NS_ABORT_MSG_UNLESS(scheme, "no scheme " << name);
    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(1);
    Config::SetDefault("ns3::FatTreeHelper::MarkThresholdBytes", UintegerValue(markThresholdBytes));
    Config::SetDefault("ns3::FatTreeHelper::HostPath", StringValue(hostStack ? "ipv4" : "bypass"));
    Ptr<FabricHelper> fabric =
        fabriclbtest::BuildFabric(k, scheme->switchDiscipline, scheme->hostPolicy);
    Config::SetDefault("ns3::FatTreeHelper::MarkThresholdBytes", UintegerValue(0));
    Config::SetDefault("ns3::FatTreeHelper::HostPath", StringValue("bypass"));
    return fabric;
}

/// One packet forwarded by a switch, as the tests read it.
struct Hop
{
    uint32_t node;        //!< the switch's node id
    uint32_t source;      //!< source host
    uint32_t destination; //!< destination host
    uint16_t label;       //!< UDP source port
    RoceHeader roce;      //!< its RoCE header
    bool up;              //!< through an up port
    uint32_t port;        //!< index among the up or the down ports
    Time at;              //!< when the switch forwarded it

    /// \return whether it is a data packet (otherwise an ACK)
    bool IsData() const
    {
        return roce.opcode == RoceHeader::DATA;
    }

    /// \return the queue pair it belongs to: a data packet's sender, an ACK's receiver
    QueuePair Qp() const
    {
        return {IsData() ? source : destination, roce.queuePair};
    }
};

/// What a test reads of a fabric packet (IPv4 header removed).
struct RocePacket
{
    uint16_t label;  //!< UDP source port
    RoceHeader roce; //!< its RoCE header
};

/// \return the label and RoCE header of \p p, whose IPv4 header is removed
RocePacket
ReadRoce(Ptr<const Packet> p)
{
    Ptr<Packet> copy = p->Copy();
    UdpHeader udp;
    copy->RemoveHeader(udp);
    RocePacket packet{udp.GetSourcePort(), RoceHeader()};
    copy->RemoveHeader(packet.roce);
    return packet;
}

/// Appends to \p hops every packet that \p switches forward.
void
RecordHops(const NodeContainer& switches,
           const fabriclb::FatTreeTopology& topo,
           std::vector<Hop>& hops)
{
    fabriclbtest::HookForward(
        switches,
        [&topo,
         &hops](Ptr<Node> node, Ptr<const Packet> p, const Ipv4Header& ip, bool up, uint32_t port) {
            const RocePacket packet = ReadRoce(p);
            hops.push_back({node->GetId(),
                            topo.HostFromAddress(ip.GetSource().Get()),
                            topo.HostFromAddress(ip.GetDestination().Get()),
                            packet.label,
                            packet.roce,
                            up,
                            port,
                            Simulator::Now()});
        });
}

/// Records what every edge and aggregation switch forwards.
void
RecordUpTiers(Ptr<FabricHelper> fabric, std::vector<Hop>& hops)
{
    RecordHops(fabric->GetEdgeSwitches(), fabriclbtest::FatTreeOf(*fabric), hops);
    RecordHops(fabric->GetAggregationSwitches(), fabriclbtest::FatTreeOf(*fabric), hops);
}

/**
 * Runs \p messages (all starting at 0) to completion on \p fabric.
 * \return whether every message completed
 */
bool
RunMessages(Ptr<FabricHelper> fabric, const std::vector<fabriclb::MessageSpec>& messages)
{
    fabriclbtest::Completions completions;
    fabriclbtest::InstallMessages(fabric, messages, completions);
    Simulator::Run();
    return completions.done == completions.expected;
}

/**
 * Runs a permutation of \p packets per message (the pairs drawn from stream 0)
 * to completion on \p fabric.
 * \return whether every message completed
 */
bool
RunPermutation(Ptr<FabricHelper> fabric, uint32_t packets)
{
    Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
    rng->SetStream(0);
    return RunMessages(fabric,
                       fabriclb::PermutationWorkload(fabric->GetTopology().HostCount(),
                                                     packets * PACKET_BYTES,
                                                     fabriclb::UniformIndexFrom(rng)));
}

/// Ends a test case's simulation.
void
Finish(Ptr<FabricHelper> fabric)
{
    fabric->Dispose();
    Simulator::Destroy();
}

/**
 * \param dof degrees of freedom
 * \return the chi-square quantile at 1 - 1e-3 (Wilson-Hilferty approximation)
 */
double
ChiSquareBound(uint32_t dof)
{
    const double z = 3.09; // the standard normal quantile at 1 - 1e-3
    const double a = 2.0 / (9.0 * dof);
    return dof * std::pow(1 - a + z * std::sqrt(a), 3);
}

/// \return the chi-square statistic of \p counts against a uniform spread
double
ChiSquare(const std::vector<uint32_t>& counts)
{
    const double expected =
        std::accumulate(counts.begin(), counts.end(), 0.0) / static_cast<double>(counts.size());
    double statistic = 0;
    for (uint32_t c : counts)
    {
        statistic += (c - expected) * (c - expected) / expected;
    }
    return statistic;
}

/// \return whether every count of \p counts is equal
bool
AllEqual(const std::vector<uint32_t>& counts)
{
    return std::adjacent_find(counts.begin(), counts.end(), std::not_equal_to<>()) == counts.end();
}

/// \return the largest count of \p counts minus the smallest
uint32_t
Spread(const std::vector<uint32_t>& counts)
{
    const auto [smallest, largest] = std::minmax_element(counts.begin(), counts.end());
    return *largest - *smallest;
}

/// \return the index in \p nodes of each node, by node id
std::map<uint32_t, uint32_t>
IndexOf(const NodeContainer& nodes)
{
    std::map<uint32_t, uint32_t> index;
    for (uint32_t i = 0; i < nodes.GetN(); ++i)
    {
        index[nodes.Get(i)->GetId()] = i;
    }
    return index;
}

/**
 * \return whether \p ports rotate over \p n uplinks: the first n are distinct
 * and every later one repeats the one n before
 */
bool
IsRotation(const std::vector<uint32_t>& ports, uint32_t n)
{
    for (size_t i = 0; i < ports.size(); ++i)
    {
        const auto begin = ports.begin() + (i < n ? 0 : i - n);
        if (i < n ? std::find(begin, ports.begin() + i, ports[i]) != ports.begin() + i
                  : *begin != ports[i])
        {
            return false;
        }
    }
    return true;
}

// ---------------------------------------------------------------------------

/**
 * ecmp: every packet of a queue pair carries the queue pair's one label and
 * takes one uplink at every switch (its ACKs likewise), while different queue
 * pairs spread over the uplinks.
 */
class EcmpBehaviourTest : public TestCase
{
  public:
    EcmpBehaviourTest()
        : TestCase("ecmp: one label and one path per queue pair, queue pairs spread")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<FabricHelper> fabric = BuildScheme(4, "ecmp");
        const fabriclb::FatTreeTopology& topo = fabriclbtest::FatTreeOf(*fabric);
        std::vector<Hop> hops;
        RecordUpTiers(fabric, hops);
        NS_TEST_ASSERT_MSG_EQ(
            RunMessages(fabric, fabriclb::AllToAllWorkload(topo.HostCount(), 8 * PACKET_BYTES)),
            true,
            "every message completes");

        std::map<QueuePair, std::set<uint16_t>> labels;
        // (switch, queue pair, data or ACK) -> the up ports it took
        std::map<std::tuple<uint32_t, QueuePair, bool>, std::set<uint32_t>> ports;
        for (const Hop& hop : hops)
        {
            labels[hop.Qp()].insert(hop.label);
            if (hop.up)
            {
                ports[{hop.node, hop.Qp(), hop.IsData()}].insert(hop.port);
            }
        }
        NS_TEST_ASSERT_MSG_EQ(labels.size(), 240U, "every queue pair was seen");
        for (const auto& [qp, used] : labels)
        {
            NS_TEST_ASSERT_MSG_EQ(used.size(), 1U, "data and ACKs of a queue pair share one label");
        }
        std::map<uint32_t, std::vector<uint32_t>> queuePairsPerUplink; // switch -> per uplink
        for (const auto& [key, used] : ports)
        {
            NS_TEST_ASSERT_MSG_EQ(used.size(), 1U, "a queue pair took one uplink at a switch");
            if (std::get<2>(key))
            {
                std::vector<uint32_t>& counts = queuePairsPerUplink[std::get<0>(key)];
                counts.resize(topo.Half());
                ++counts[*used.begin()];
            }
        }
        NS_TEST_ASSERT_MSG_EQ(queuePairsPerUplink.size(), 16U, "every switch sent data up");
        double statistic = 0;
        for (const auto& [node, counts] : queuePairsPerUplink)
        {
            NS_TEST_ASSERT_MSG_GT(*std::min_element(counts.begin(), counts.end()),
                                  0U,
                                  "every uplink carries some queue pair");
            statistic += ChiSquare(counts);
        }
        NS_TEST_ASSERT_MSG_LT(statistic,
                              ChiSquareBound(16),
                              "queue pairs spread uniformly over the uplinks");
        Finish(fabric);
    }
};

// ---------------------------------------------------------------------------

/**
 * subflow: a queue pair draws Subflows = 4 labels and sends its packets on them
 * in turn, so the label of packet i is the label of packet i mod 4; under ECMP
 * each subflow keeps one uplink at every switch.
 */
class SubflowBehaviourTest : public TestCase
{
  public:
    SubflowBehaviourTest()
        : TestCase("subflow: 4 labels per queue pair, used in turn, one path each")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<FabricHelper> fabric = BuildScheme(4, "subflow");
        const fabriclb::FatTreeTopology& topo = fabriclbtest::FatTreeOf(*fabric);
        UintegerValue subflows;
        NS_TEST_ASSERT_MSG_EQ(
            fabric->GetNic(0)->GetPathPolicy()->GetAttributeFailSafe("Subflows", subflows),
            true,
            "hosts run a subflow policy");
        NS_TEST_ASSERT_MSG_EQ(subflows.Get(), 4U, "4 subflows by default");

        std::vector<Hop> hops;
        RecordUpTiers(fabric, hops);
        const uint32_t packets = 10; // not a multiple of 4: the last turn is cut short
        NS_TEST_ASSERT_MSG_EQ(
            RunMessages(fabric,
                        fabriclb::AllToAllWorkload(topo.HostCount(), packets * PACKET_BYTES)),
            true,
            "every message completes");

        std::map<QueuePair, std::vector<uint16_t>> labelOfPsn;
        std::map<std::tuple<uint32_t, QueuePair, uint16_t>, std::set<uint32_t>> ports;
        for (const Hop& hop : hops)
        {
            if (!hop.IsData())
            {
                continue;
            }
            std::vector<uint16_t>& labels = labelOfPsn[hop.Qp()];
            labels.resize(packets);
            labels[hop.roce.psn] = hop.label; // the same at every switch, as checked below
            if (hop.up)
            {
                ports[{hop.node, hop.Qp(), hop.label}].insert(hop.port);
            }
        }
        NS_TEST_ASSERT_MSG_EQ(labelOfPsn.size(), 240U, "every queue pair was seen");
        for (const Hop& hop : hops)
        {
            if (hop.IsData())
            {
                NS_TEST_ASSERT_MSG_EQ(hop.label,
                                      labelOfPsn[hop.Qp()][hop.roce.psn],
                                      "a packet keeps its label");
            }
        }
        for (const auto& [qp, labels] : labelOfPsn)
        {
            const std::set<uint16_t> distinct(labels.begin(), labels.end());
            NS_TEST_ASSERT_MSG_EQ(distinct.size(), 4U, "exactly 4 labels per queue pair");
            for (uint32_t psn = 0; psn < packets; ++psn)
            {
                NS_TEST_ASSERT_MSG_EQ(labels[psn],
                                      labels[psn % 4],
                                      "packet " << psn << " uses subflow " << psn % 4);
            }
        }
        for (const auto& [key, used] : ports)
        {
            NS_TEST_ASSERT_MSG_EQ(used.size(), 1U, "a subflow took one uplink at a switch");
        }
        Finish(fabric);
    }
};

// ---------------------------------------------------------------------------

/**
 * What the README says a REPS queue pair does, replayed from what its host
 * sends and receives: a FIFO of good labels, an unmarked ACK recycles its label
 * (while there is room), a marked ACK drops it, and a packet takes the oldest
 * good label or, when there is none, explores.
 */
struct RepsReplay
{
    std::deque<uint16_t> good; //!< recycled labels, oldest first
    uint32_t reused{0};        //!< packets sent on a recycled label
    uint32_t explored{0};      //!< packets sent on a fresh label
    uint32_t wrong{0};         //!< packets that did not take the oldest good label
};

/**
 * reps under real ECN marking: every packet a queue pair sends takes the label
 * the README's rule gives, replayed from the ACKs its host received before.
 */
class RepsMarkingTest : public TestCase
{
  public:
    RepsMarkingTest()
        : TestCase("reps: reuses labels ACKed unmarked and drops marked ones, under real marking")
    {
    }

  private:
    void DoRun() override
    {
        // A low threshold (four data packets queued) marks many, not all, packets of a
        // k=4 permutation; the scheme's own 10% of the buffer is seldom reached there.
        Ptr<FabricHelper> fabric = BuildScheme(4, "reps", 4 * 4158, true);
        const fabriclb::FatTreeTopology& topo = fabriclbtest::FatTreeOf(*fabric);
        UintegerValue capacity;
        NS_TEST_ASSERT_MSG_EQ(
            fabric->GetNic(0)->GetPathPolicy()->GetAttributeFailSafe("CacheLabels", capacity),
            true,
            "hosts run a REPS policy");

        std::map<QueuePair, RepsReplay> replays;
        uint32_t marked = 0;
        uint32_t unmarked = 0;
        for (uint32_t h = 0; h < topo.HostCount(); ++h)
        {
            Ptr<Ipv4L3Protocol> ipv4 = fabric->GetHosts().Get(h)->GetObject<Ipv4L3Protocol>();
            // The NIC picks a label and sends the packet in one call ...
            auto sent = [h, &replays](const Ipv4Header&, Ptr<const Packet> p, uint32_t) {
                const RocePacket packet = ReadRoce(p);
                if (packet.roce.opcode != RoceHeader::DATA)
                {
                    return;
                }
                RepsReplay& replay = replays[{h, packet.roce.queuePair}];
                if (replay.good.empty())
                {
                    ++replay.explored;
                    return;
                }
                replay.wrong += packet.label != replay.good.front();
                replay.good.pop_front();
                ++replay.reused;
            };
            // ... and hears of an ACK in the call that delivers it.
            auto delivered = [h, &replays, &marked, &unmarked, &capacity](const Ipv4Header&,
                                                                          Ptr<const Packet> p,
                                                                          uint32_t) {
                const RoceHeader roce = ReadRoce(p).roce;
                if (roce.opcode != RoceHeader::ACK)
                {
                    return;
                }
                std::deque<uint16_t>& good = replays[{h, roce.queuePair}].good;
                if (roce.ecnEcho)
                {
                    ++marked;
                    good.erase(std::remove(good.begin(), good.end(), roce.label), good.end());
                }
                else
                {
                    ++unmarked;
                    if (good.size() < capacity.Get())
                    {
                        good.push_back(roce.label);
                    }
                }
            };
            using HostTrace = Callback<void, const Ipv4Header&, Ptr<const Packet>, uint32_t>;
            ipv4->TraceConnectWithoutContext("SendOutgoing", HostTrace(sent));
            ipv4->TraceConnectWithoutContext("LocalDeliver", HostTrace(delivered));
        }

        const uint32_t packets = 256;
        NS_TEST_ASSERT_MSG_EQ(RunPermutation(fabric, packets), true, "every message completes");
        uint64_t losses = 0;
        for (uint32_t h = 0; h < topo.HostCount(); ++h)
        {
            losses += fabric->GetNic(h)->GetLossesDetected();
        }
        NS_TEST_ASSERT_MSG_EQ(losses, 0U, "no loss, so no freeze");

        uint32_t reused = 0;
        uint32_t explored = 0;
        for (const auto& [qp, replay] : replays)
        {
            NS_TEST_ASSERT_MSG_EQ(replay.wrong, 0U, "a packet took the oldest good label");
            NS_TEST_ASSERT_MSG_EQ(replay.reused + replay.explored,
                                  packets,
                                  "a queue pair sent m packets");
            reused += replay.reused;
            explored += replay.explored;
        }
        NS_TEST_ASSERT_MSG_EQ(replays.size(), topo.HostCount(), "every queue pair was seen");
        const uint32_t acks = marked + unmarked;
        NS_TEST_ASSERT_MSG_GT(marked, acks / 10, "many ACKs came back marked");
        NS_TEST_ASSERT_MSG_GT(unmarked, acks / 10, "many ACKs came back unmarked");
        NS_TEST_ASSERT_MSG_GT(reused, packets, "good labels were reused");
        Finish(fabric);
    }
};

/// Tells \p policy that queue pair 0's data packet on \p label was acknowledged.
void
NotifyAck(Ptr<HostPathPolicy> policy, uint16_t label, bool ecnMarked)
{
    PathFeedback ack;
    ack.label = label;
    ack.ecnMarked = ecnMarked;
    policy->NotifyFeedback(ack);
}

/// Tells \p policy that queue pair 0's data packet on \p label was lost.
void
NotifyLoss(Ptr<HostPathPolicy> policy, uint16_t label)
{
    PathFeedback loss;
    loss.kind = PathFeedback::LOSS;
    loss.label = label;
    policy->NotifyFeedback(loss);
}

/**
 * reps after a loss that freezes (FreezeAtEveryLoss; by default a freeze waits
 * until the lost label is picked again, as the unit tests check), scripted on a
 * host's installed policy inside a simulation:
 * for FreezeTime the cached labels are reused in turn without waiting for ACKs
 * and nothing new is explored; marked ACKs still drop labels; afterwards the
 * queue pair starts afresh with new labels.
 */
class RepsFreezeTest : public TestCase
{
  public:
    RepsFreezeTest()
        : TestCase("reps: a freeze stops exploration for FreezeTime")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<FabricHelper> fabric = BuildScheme(4, "reps");
        Ptr<HostPathPolicy> policy = fabric->GetNic(0)->GetPathPolicy();
        NS_TEST_ASSERT_MSG_EQ(
            policy->SetAttributeFailSafe("FreezeTime", TimeValue(MicroSeconds(8))),
            true,
            "hosts run a REPS policy");
        policy->SetAttribute("FreezeAtEveryLoss", BooleanValue(true));
        Simulator::Schedule(MicroSeconds(1), &RepsFreezeTest::Script, this, policy);
        Simulator::Run();
        Finish(fabric);
    }

    /// Drives queue pair 0 of \p policy through explore, recycle, loss, freeze and thaw.
    void Script(Ptr<HostPathPolicy> policy)
    {
        policy->AddQueuePair(0, 8);
        std::vector<uint16_t> fresh;
        for (uint32_t i = 0; i < 4; ++i)
        {
            fresh.push_back(policy->SelectLabel(0));
        }
        NS_TEST_ASSERT_MSG_EQ(std::set<uint16_t>(fresh.begin(), fresh.end()).size(),
                              4U,
                              "an empty cache explores");
        const uint16_t a = fresh[0];
        const uint16_t b = fresh[1];
        const uint16_t c = fresh[2];
        const uint16_t d = fresh[3];
        NotifyAck(policy, a, false);
        NotifyAck(policy, b, true);
        NotifyAck(policy, c, false);
        NotifyAck(policy, d, false);
        NS_TEST_ASSERT_MSG_EQ(policy->SelectLabel(0), a, "the oldest unmarked label first");
        NS_TEST_ASSERT_MSG_EQ(policy->SelectLabel(0), c, "the marked label is skipped");
        NS_TEST_ASSERT_MSG_EQ(policy->SelectLabel(0), d, "then the next unmarked one");
        const uint16_t e = policy->SelectLabel(0);
        NS_TEST_ASSERT_MSG_EQ(std::set<uint16_t>({a, b, c, d, e}).size(),
                              5U,
                              "used up, the cache explores again");

        NotifyAck(policy, a, false);
        NotifyAck(policy, c, false);
        NotifyAck(policy, e, false);
        NotifyLoss(policy, c); // cache [a, e], frozen for 8 us
        const std::vector<uint16_t> firstThree{policy->SelectLabel(0),
                                               policy->SelectLabel(0),
                                               policy->SelectLabel(0)};
        NS_TEST_ASSERT_MSG_EQ((firstThree == std::vector<uint16_t>{a, e, a}),
                              true,
                              "frozen, the good labels are reused in turn, the lost one not");
        NotifyAck(policy, a, false); // a is cached already: not added twice
        NS_TEST_ASSERT_MSG_EQ(policy->SelectLabel(0), e, "frozen: e");
        NS_TEST_ASSERT_MSG_EQ(policy->SelectLabel(0), a, "frozen: a, once");
        NotifyAck(policy, e, true); // a marked ACK drops e even while frozen
        for (uint32_t i = 5; i < 8; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(policy->SelectLabel(0), a, "frozen packet " << i << ": a");
        }
        NS_TEST_ASSERT_MSG_EQ(DynamicCast<RepsPathPolicy>(policy)->GetFreezes(), 1U, "one freeze");
        Simulator::Schedule(MicroSeconds(7), &RepsFreezeTest::StillFrozen, this, policy, a);
        Simulator::Schedule(MicroSeconds(8), &RepsFreezeTest::Thawed, this, policy, a, e);
    }

    /// Just before the freeze ends: still only a.
    void StillFrozen(Ptr<HostPathPolicy> policy, uint16_t a)
    {
        NS_TEST_ASSERT_MSG_EQ(policy->SelectLabel(0), a, "frozen at 8 us: a");
    }

    /// The freeze has run its 8 us: the cache is emptied and fresh labels explored.
    void Thawed(Ptr<HostPathPolicy> policy, uint16_t a, uint16_t e)
    {
        const uint16_t f = policy->SelectLabel(0);
        const uint16_t g = policy->SelectLabel(0);
        NS_TEST_ASSERT_MSG_EQ((f != a && f != e && g != a && g != f),
                              true,
                              "thawed: fresh labels are explored");
    }
};

// ---------------------------------------------------------------------------

/// Tells \p policy that queue pair 0 had an event of \p kind on \p label.
void
NotifyEvent(Ptr<HostPathPolicy> policy, PathFeedback::Kind kind, uint16_t label = 0)
{
    PathFeedback event;
    event.kind = kind;
    event.label = label;
    policy->NotifyFeedback(event);
}

/**
 * reps-uet, scripted on a host's installed policy inside a simulation: the transport's
 * feedback reaches uet-htsim's rules. Unmarked ACKs are recycled, marked ACKs, NACKs,
 * losses and CNPs not; a timeout freezes and the buffer is replayed; a loss or a CNP after
 * the freeze's end does not end it, an ACK does, and the next 16 labels explore the 64
 * entropies. Recycled labels are outside the entropies' range, so a label tells which.
 */
class RepsUetFeedbackTest : public TestCase
{
  public:
    RepsUetFeedbackTest()
        : TestCase("reps-uet: unmarked ACKs recycle, a timeout freezes, an ACK after "
                   "FreezeTime thaws and 16 labels explore")
    {
    }

  private:
    /// \return whether \p label is one of the 64 entropies
    static bool Entropy(uint16_t label)
    {
        return label >= HostPathPolicy::MIN_LABEL && label < HostPathPolicy::MIN_LABEL + 64;
    }

    void DoRun() override
    {
        Ptr<FabricHelper> fabric = BuildScheme(4, "reps-uet");
        Ptr<HostPathPolicy> policy = fabric->GetNic(0)->GetPathPolicy();
        NS_TEST_ASSERT_MSG_EQ(
            policy->SetAttributeFailSafe("FreezeTime", TimeValue(MicroSeconds(8))),
            true,
            "hosts run a REPS-UET policy");
        Simulator::Schedule(MicroSeconds(1), &RepsUetFeedbackTest::Script, this, policy);
        Simulator::Run();
        Finish(fabric);
    }

    /// Drives queue pair 0 of \p policy through recycling and a freeze.
    void Script(Ptr<HostPathPolicy> policy)
    {
        policy->AddQueuePair(0, 8);
        for (uint32_t i = 0; i < 100; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(Entropy(policy->SelectLabel(0)), true, "explores 64 labels");
        }
        NotifyAck(policy, 2000, false);
        NotifyAck(policy, 2001, true);
        NotifyEvent(policy, PathFeedback::NACK, 2002);
        NotifyEvent(policy, PathFeedback::LOSS, 2003);
        NotifyEvent(policy, PathFeedback::CNP);
        NS_TEST_ASSERT_MSG_EQ(policy->SelectLabel(0), 2000, "the unmarked ACK's label");
        NS_TEST_ASSERT_MSG_EQ(Entropy(policy->SelectLabel(0)), true, "nothing else recycled");

        NotifyAck(policy, 3000, false);
        NotifyAck(policy, 3001, false);
        NotifyEvent(policy, PathFeedback::TIMEOUT);
        NS_TEST_ASSERT_MSG_EQ(DynamicCast<RepsUetPathPolicy>(policy)->GetFreezes(),
                              1U,
                              "a timeout freezes");
        // Slots 0-2 hold 2000 (used), 3000 and 3001: replayed in turn.
        const std::vector<uint16_t> replay{policy->SelectLabel(0),
                                           policy->SelectLabel(0),
                                           policy->SelectLabel(0),
                                           policy->SelectLabel(0)};
        NS_TEST_ASSERT_MSG_EQ((replay == std::vector<uint16_t>{2000, 3000, 3001, 2000}),
                              true,
                              "frozen, the buffer is replayed from its first slot");
        Simulator::Schedule(MicroSeconds(10), &RepsUetFeedbackTest::AfterFreeze, this, policy);
    }

    /// Past the freeze's 8 us: only an ACK ends it.
    void AfterFreeze(Ptr<HostPathPolicy> policy)
    {
        NotifyEvent(policy, PathFeedback::LOSS, 2003);
        NotifyEvent(policy, PathFeedback::CNP);
        NS_TEST_ASSERT_MSG_EQ(policy->SelectLabel(0), 3000, "losses and CNPs do not thaw");
        NotifyAck(policy, 4000, false); // thaws, empties the buffer, then recycles 4000
        for (uint32_t i = 0; i < 16; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(Entropy(policy->SelectLabel(0)), true, "exploring " << i);
        }
        NS_TEST_ASSERT_MSG_EQ(policy->SelectLabel(0), 4000, "then the buffer, emptied before");
        NS_TEST_ASSERT_MSG_EQ(Entropy(policy->SelectLabel(0)), true, "and nothing older");
    }
};

/**
 * reps-uet under Ultra Ethernet's transport (--transport=uet: rud, nscc, trimming
 * switches): a small collective delivers every message, and the same seed and run give
 * the same result, field for field.
 */
class RepsUetTransportTest : public fabriclbtest::DeliveryTestCase
{
  public:
    /**
     * \param workload permutation or all-to-all
     * \param bytes each message's bytes
     * \param bufferBytes every port's buffer (small: the switches trim)
     */
    RepsUetTransportTest(const std::string& workload, uint64_t bytes, uint32_t bufferBytes)
        : DeliveryTestCase("reps-uet, --transport=uet, k=4 " + workload + " of " +
                           std::to_string(bytes) + " B, " + std::to_string(bufferBytes) +
                           " B buffers: every message delivered, the same twice"),
          m_workload(workload),
          m_bytes(bytes),
          m_bufferBytes(bufferBytes)
    {
    }

  private:
    /// \return one run of the collective
    ExperimentResult RunOnce()
    {
        fabriclb::ApplyTransportStack("uet", [](const std::string&) { return false; });
        Config::SetDefault("ns3::FatTreeHelper::BufferBytes", UintegerValue(m_bufferBytes));
        ExperimentConfig config;
        config.lb = "reps-uet";
        config.workload = m_workload;
        config.messageBytes = m_bytes;
        const ExperimentResult r = fabriclbtest::RunWithK(4, config);
        Config::SetDefault("ns3::FatTreeHelper::BufferBytes", UintegerValue(800000));
        fabriclb::ApplyTransportStack("ideal", [](const std::string&) { return false; });
        return r;
    }

    void DoRun() override
    {
        const ExperimentResult r = RunOnce();
        CheckEveryMessageDelivered(r);
        NS_TEST_EXPECT_MSG_EQ(r.recovery, "rud", "Ultra Ethernet's recovery");
        NS_TEST_EXPECT_MSG_GT(r.packetsTrimmed, 0, "the switches trim");
        NS_TEST_EXPECT_MSG_EQ(r.packetsDropped, 0, "and drop nothing");
        NS_TEST_EXPECT_MSG_EQ(r.nacks, r.headersDelivered, "each header draws a NACK");
        const ExperimentResult again = RunOnce();
        NS_TEST_EXPECT_MSG_EQ(again.cctPs, r.cctPs, "the same seed, the same run");
        NS_TEST_EXPECT_MSG_EQ(again.packetsTrimmed, r.packetsTrimmed, "the same trims");
        NS_TEST_EXPECT_MSG_EQ(again.retransmissions, r.retransmissions, "the same resends");
        NS_TEST_EXPECT_MSG_EQ(again.packetsMarked, r.packetsMarked, "the same marks");
        NS_TEST_EXPECT_MSG_EQ(again.timeouts, r.timeouts, "the same timeouts");
    }

    std::string m_workload; //!< collective
    uint64_t m_bytes;       //!< message bytes
    uint32_t m_bufferBytes; //!< port buffer
};

// ---------------------------------------------------------------------------

/**
 * host-spray: every packet a fresh random label, so a queue pair's packets,
 * and each switch's, spread near-uniformly over the uplinks.
 */
class HostSprayBehaviourTest : public TestCase
{
  public:
    HostSprayBehaviourTest()
        : TestCase("host-spray: a fresh label per packet, a near-uniform spread over uplinks")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<FabricHelper> fabric = BuildScheme(4, "host-spray");
        const fabriclb::FatTreeTopology& topo = fabriclbtest::FatTreeOf(*fabric);
        std::vector<Hop> hops;
        RecordUpTiers(fabric, hops);
        const uint32_t packets = 32;
        NS_TEST_ASSERT_MSG_EQ(
            RunMessages(fabric,
                        fabriclb::AllToAllWorkload(topo.HostCount(), packets * PACKET_BYTES)),
            true,
            "every message completes");

        const std::map<uint32_t, uint32_t> edge = IndexOf(fabric->GetEdgeSwitches());
        std::map<QueuePair, std::set<uint16_t>> labels;
        uint32_t data = 0;
        std::map<uint32_t, std::vector<uint32_t>> perSwitch; // switch -> data per uplink
        std::map<QueuePair, std::vector<uint32_t>> perQp;    // queue pair -> first uplinks
        for (const Hop& hop : hops)
        {
            if (!hop.IsData())
            {
                continue;
            }
            if (hop.up)
            {
                std::vector<uint32_t>& counts = perSwitch[hop.node];
                counts.resize(topo.Half());
                ++counts[hop.port];
            }
            if (!edge.count(hop.node) || edge.at(hop.node) != topo.EdgeOf(hop.source))
            {
                continue;
            }
            ++data; // every data packet passes its source's edge switch once
            labels[hop.Qp()].insert(hop.label);
            if (hop.up)
            {
                std::vector<uint32_t>& counts = perQp[hop.Qp()];
                counts.resize(topo.Half());
                ++counts[hop.port];
            }
        }
        NS_TEST_ASSERT_MSG_EQ(data, 240U * packets, "every data packet was seen once");
        uint32_t repeats = 0;
        for (const auto& [qp, used] : labels)
        {
            repeats += packets - used.size();
        }
        // 32 draws from 64512 labels repeat one with probability 0.008: about 2 of 240 queue pairs.
        NS_TEST_ASSERT_MSG_LT_OR_EQ(repeats, 8U, "labels are drawn afresh for every packet");

        double switchStatistic = 0;
        for (const auto& [node, counts] : perSwitch)
        {
            switchStatistic += ChiSquare(counts);
        }
        NS_TEST_ASSERT_MSG_EQ(perSwitch.size(), 16U, "every switch sent data up");
        NS_TEST_ASSERT_MSG_LT(switchStatistic,
                              ChiSquareBound(16),
                              "each switch spreads its data near-uniformly");
        double qpStatistic = 0;
        for (const auto& [qp, counts] : perQp)
        {
            qpStatistic += ChiSquare(counts);
        }
        NS_TEST_ASSERT_MSG_EQ(perQp.size(), 224U, "every queue pair across edges was seen");
        NS_TEST_ASSERT_MSG_LT(qpStatistic,
                              ChiSquareBound(224),
                              "each queue pair spreads its packets near-uniformly");
        Finish(fabric);
    }
};

/**
 * host-spray: the host policy's PathChosen trace reports, for every data packet a
 * host sends, in order, the label that packet carries onto the wire.
 */
class PathChosenTraceTest : public TestCase
{
  public:
    PathChosenTraceTest()
        : TestCase("host-spray: PathChosen reports every data packet's label, in order")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<FabricHelper> fabric = BuildScheme(4, "host-spray", 0, true);
        const fabriclb::FatTreeTopology& topo = fabriclbtest::FatTreeOf(*fabric);
        std::map<QueuePair, std::vector<uint16_t>> chosen; // by the trace
        std::map<QueuePair, std::vector<uint16_t>> sent;   // on the wire
        for (uint32_t h = 0; h < topo.HostCount(); ++h)
        {
            auto choice = [h, &chosen](uint32_t queuePair, uint16_t label) {
                chosen[{h, queuePair}].push_back(label);
            };
            fabric->GetNic(h)->GetPathPolicy()->TraceConnectWithoutContext(
                "PathChosen",
                Callback<void, uint32_t, uint16_t>(choice));
            auto outgoing = [h, &sent](const Ipv4Header&, Ptr<const Packet> p, uint32_t) {
                const RocePacket packet = ReadRoce(p);
                if (packet.roce.opcode == RoceHeader::DATA)
                {
                    sent[{h, packet.roce.queuePair}].push_back(packet.label);
                }
            };
            fabric->GetHosts().Get(h)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
                "SendOutgoing",
                Callback<void, const Ipv4Header&, Ptr<const Packet>, uint32_t>(outgoing));
        }
        const uint32_t packets = 16;
        NS_TEST_ASSERT_MSG_EQ(
            RunMessages(fabric,
                        fabriclb::AllToAllWorkload(topo.HostCount(), packets * PACKET_BYTES)),
            true,
            "every message completes");
        NS_TEST_ASSERT_MSG_EQ(sent.size(), 240U, "every queue pair sent data");
        NS_TEST_ASSERT_MSG_EQ(chosen.size(), sent.size(), "the trace saw every queue pair");
        for (const auto& [qp, labels] : sent)
        {
            NS_TEST_ASSERT_MSG_EQ(labels.size(), packets, "no loss, no retransmission");
            NS_TEST_ASSERT_MSG_EQ((chosen[qp] == labels),
                                  true,
                                  "host " << qp.first << " queue pair " << qp.second
                                          << ": the traced labels are the sent ones");
        }
        Finish(fabric);
    }
};

// ---------------------------------------------------------------------------

/**
 * Runs an all-to-all of \p packets a message on \p fabric, recording the up
 * ports each edge and aggregation switch takes, in order, into \p sequence (by
 * the switch's node id).
 * \return whether every message completed
 */
bool
RunAllToAllUpPorts(Ptr<FabricHelper> fabric,
                   uint64_t packets,
                   std::map<uint32_t, std::vector<uint32_t>>& sequence)
{
    std::vector<Hop> hops;
    RecordUpTiers(fabric, hops);
    const bool completed = RunMessages(
        fabric,
        fabriclb::AllToAllWorkload(fabric->GetTopology().HostCount(), packets * PACKET_BYTES));
    for (const Hop& hop : hops)
    {
        if (hop.up)
        {
            sequence[hop.node].push_back(hop.port);
        }
    }
    return completed;
}

/**
 * simple-rr: every switch sends its packets up in the fixed order 0, 1, .., n-1,
 * 0, 1, .., whatever they are and wherever they go, and never reshuffles (k=6,
 * so that a reshuffled order of 3 uplinks would show).
 */
class SimpleRrBehaviourTest : public TestCase
{
  public:
    SimpleRrBehaviourTest()
        : TestCase("simple-rr: uplinks 0, 1, 2, 0, 1, 2, .. at every switch, never reshuffled")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<FabricHelper> fabric = BuildScheme(6, "simple-rr");
        const fabriclb::FatTreeTopology& topo = fabriclbtest::FatTreeOf(*fabric);
        std::map<uint32_t, std::vector<uint32_t>> sequence; // switch -> up ports in order
        NS_TEST_ASSERT_MSG_EQ(RunAllToAllUpPorts(fabric, 2, sequence),
                              true,
                              "every message completes");
        NS_TEST_ASSERT_MSG_EQ(sequence.size(), 2 * topo.EdgeCount(), "every switch sent up");
        for (const auto& [node, ports] : sequence)
        {
            // Reshuffling every 5 wrap-arounds would have drawn a new order many times.
            NS_TEST_ASSERT_MSG_GT(ports.size(), 20 * 5 * topo.Half(), "many wrap-arounds");
            for (size_t i = 0; i < ports.size(); ++i)
            {
                NS_TEST_ASSERT_MSG_EQ(ports[i],
                                      i % topo.Half(),
                                      "packet " << i << " up from node " << node);
            }
        }
        Finish(fabric);
    }
};

// ---------------------------------------------------------------------------

/**
 * \return the length (1 .. \p n) of the partial first turn after which \p ports
 * falls into whole turns, each a permutation of the \p n uplinks; nothing if
 * no length does (with reshuffled orders only the true one fits)
 */
std::optional<size_t>
FirstTurnLength(const std::vector<uint32_t>& ports, uint32_t n)
{
    for (size_t first = 1; first <= n; ++first)
    {
        bool turns = true;
        for (size_t at = first; at + n <= ports.size() && turns; at += n)
        {
            turns = std::set<uint32_t>(ports.begin() + at, ports.begin() + at + n).size() == n;
        }
        if (turns)
        {
            return first;
        }
    }
    return std::nullopt;
}

/**
 * rr: every switch sends its packets up round robin: after a first partial
 * turn (its random start), turns of all n uplinks, each a permutation; the
 * order changes only every ReshuffleWraps (5) turns, and it does change; the
 * switches start at different slots (k=6: 3 uplinks, 6 orders).
 */
class RrBehaviourTest : public TestCase
{
  public:
    RrBehaviourTest()
        : TestCase("rr: whole turns over the uplinks, a new order only every 5 turns")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<FabricHelper> fabric = BuildScheme(6, "rr");
        const fabriclb::FatTreeTopology& topo = fabriclbtest::FatTreeOf(*fabric);
        const uint32_t n = topo.Half();
        const uint32_t reshuffleWraps = 5;
        std::map<uint32_t, std::vector<uint32_t>> sequence; // switch -> up ports in order
        NS_TEST_ASSERT_MSG_EQ(RunAllToAllUpPorts(fabric, 2, sequence),
                              true,
                              "every message completes");
        NS_TEST_ASSERT_MSG_EQ(sequence.size(), 2 * topo.EdgeCount(), "every switch sent up");
        std::set<size_t> firstTurnLengths;
        uint32_t orderChanges = 0;
        for (const auto& [node, ports] : sequence)
        {
            const std::optional<size_t> firstTurn = FirstTurnLength(ports, n);
            NS_TEST_ASSERT_MSG_EQ(firstTurn.has_value(), true, "whole turns at node " << node);
            firstTurnLengths.insert(*firstTurn);
            // A turn's order may differ from the one before only at turns 5, 10, ..
            // after the first (whole) turn.
            NS_TEST_ASSERT_MSG_GT(ports.size(), 20 * reshuffleWraps * n, "many turns");
            size_t turn = 1;
            for (size_t at = *firstTurn + n; at + n <= ports.size(); at += n, ++turn)
            {
                const bool same =
                    std::equal(ports.begin() + at - n, ports.begin() + at, ports.begin() + at);
                if (!same)
                {
                    ++orderChanges;
                    NS_TEST_ASSERT_MSG_EQ((turn + 1) % reshuffleWraps,
                                          0U,
                                          "node " << node << " changed its order after turn "
                                                  << turn);
                }
            }
        }
        // 36 switches of 20+ reshuffles each, 5 in 6 of which draw another order.
        NS_TEST_ASSERT_MSG_GT(orderChanges, 36 * 10U, "reshuffles draw new orders");
        NS_TEST_ASSERT_MSG_EQ(firstTurnLengths.size(), n, "switches start at every slot");
        Finish(fabric);
    }
};

/**
 * rsq: every packet takes a uniformly random uplink, whatever came before it:
 * each uplink about a third of a switch's packets (k=6), and the same uplink
 * twice in a row about a third of the time (round robin: never within a turn).
 */
class RsqBehaviourTest : public TestCase
{
  public:
    RsqBehaviourTest()
        : TestCase("rsq: uplinks drawn uniformly and independently, packet by packet")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<FabricHelper> fabric = BuildScheme(6, "rsq");
        const fabriclb::FatTreeTopology& topo = fabriclbtest::FatTreeOf(*fabric);
        const uint32_t n = topo.Half();
        std::map<uint32_t, std::vector<uint32_t>> sequence; // switch -> up ports in order
        NS_TEST_ASSERT_MSG_EQ(RunAllToAllUpPorts(fabric, 2, sequence),
                              true,
                              "every message completes");
        NS_TEST_ASSERT_MSG_EQ(sequence.size(), 2 * topo.EdgeCount(), "every switch sent up");
        uint64_t decisions = 0;
        uint64_t repeats = 0;
        std::vector<uint64_t> total(n, 0);
        for (const auto& [node, ports] : sequence)
        {
            NS_TEST_ASSERT_MSG_GT(ports.size(), 300U, "enough packets at node " << node);
            std::vector<uint64_t> count(n, 0);
            for (size_t i = 0; i < ports.size(); ++i)
            {
                ++count[ports[i]];
                ++total[ports[i]];
                repeats += i > 0 && ports[i] == ports[i - 1];
            }
            decisions += ports.size();
            // Each share within 4.4 standard deviations of 1/3.
            const double sigma = std::sqrt((1.0 / n) * (1 - 1.0 / n) / ports.size());
            for (uint32_t port = 0; port < n; ++port)
            {
                const double share = static_cast<double>(count[port]) / ports.size();
                NS_TEST_ASSERT_MSG_EQ_TOL(share,
                                          1.0 / n,
                                          4.4 * sigma,
                                          "node " << node << ", uplink " << port);
            }
        }
        const double sigma = std::sqrt((1.0 / n) * (1 - 1.0 / n) / decisions);
        for (uint32_t port = 0; port < n; ++port)
        {
            NS_TEST_ASSERT_MSG_EQ_TOL(static_cast<double>(total[port]) / decisions,
                                      1.0 / n,
                                      4.4 * sigma,
                                      "every switch, uplink " << port);
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(static_cast<double>(repeats) / decisions,
                                  1.0 / n,
                                  4.4 * sigma,
                                  "the same uplink twice in a row");
        Finish(fabric);
    }
};

// ---------------------------------------------------------------------------

/// \return the egress buffers of the up ports of switch \p sw, by port
std::vector<const EgressPort*>
UplinkQueues(Ptr<Node> sw, const NodeContainer& above, uint32_t half)
{
    const std::map<uint32_t, uint32_t> aboveIndex = IndexOf(above);
    std::vector<const EgressPort*> queues(half);
    for (uint32_t d = 0; d < sw->GetNDevices(); ++d)
    {
        Ptr<NetDevice> device = sw->GetDevice(d);
        Ptr<Channel> channel = device->GetChannel();
        for (uint32_t end = 0; channel && end < channel->GetNDevices(); ++end)
        {
            const auto peer = aboveIndex.find(channel->GetDevice(end)->GetNode()->GetId());
            if (peer != aboveIndex.end())
            {
                // Edge uplink a reaches the pod's aggregation switch a; aggregation
                // uplink p reaches core (position * k/2 + p).
                queues[peer->second % half] = fabriclbtest::EgressOf(device);
            }
        }
    }
    return queues;
}

/**
 * jsq: at every decision the uplink taken has the fewest bytes queued (queue
 * disc and device) among the switch's uplinks, read at that moment.
 */
class JsqBehaviourTest : public TestCase
{
  public:
    JsqBehaviourTest()
        : TestCase("jsq: every packet takes an uplink with the shortest queue at that moment")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<FabricHelper> fabric = BuildScheme(4, "jsq");
        const fabriclb::FatTreeTopology& topo = fabriclbtest::FatTreeOf(*fabric);
        std::map<uint32_t, std::vector<const EgressPort*>> uplinks; // by switch node id
        for (uint32_t i = 0; i < topo.EdgeCount(); ++i)
        {
            Ptr<Node> edge = fabric->GetEdgeSwitches().Get(i);
            Ptr<Node> agg = fabric->GetAggregationSwitches().Get(i);
            uplinks[edge->GetId()] =
                UplinkQueues(edge, fabric->GetAggregationSwitches(), topo.Half());
            uplinks[agg->GetId()] = UplinkQueues(agg, fabric->GetCoreSwitches(), topo.Half());
        }

        uint32_t decisions = 0;
        uint32_t shortest = 0;
        uint32_t contested = 0; // decisions between unequal queues
        std::vector<uint32_t> tiesWon(topo.Half(), 0);
        auto check =
            [&](Ptr<Node> node, Ptr<const Packet>, const Ipv4Header&, bool up, uint32_t port) {
                if (!up)
                {
                    return;
                }
                std::vector<uint32_t> backlogs;
                for (const EgressPort* queue : uplinks[node->GetId()])
                {
                    backlogs.push_back(queue->GetPortBacklogBytes());
                }
                ++decisions;
                shortest += backlogs[port] == *std::min_element(backlogs.begin(), backlogs.end());
                if (AllEqual(backlogs))
                {
                    ++tiesWon[port];
                }
                else
                {
                    ++contested;
                }
            };
        fabriclbtest::HookForward(fabric->GetEdgeSwitches(), check);
        fabriclbtest::HookForward(fabric->GetAggregationSwitches(), check);
        NS_TEST_ASSERT_MSG_EQ(
            RunMessages(fabric, fabriclb::AllToAllWorkload(topo.HostCount(), 16 * PACKET_BYTES)),
            true,
            "every message completes");

        NS_TEST_ASSERT_MSG_EQ(shortest, decisions, "every decision took a shortest queue");
        NS_TEST_ASSERT_MSG_GT(contested, decisions / 10, "queues differed often");
        for (uint32_t won : tiesWon)
        {
            NS_TEST_ASSERT_MSG_GT(won, 0U, "each uplink wins some ties");
        }
        Finish(fabric);
    }
};

// ---------------------------------------------------------------------------

/**
 * host-dr: a host rotates the packets to each destination over the lowest
 * common tier, so every core switch (and, within a pod, every aggregation
 * switch) carries the same number of packets of each destination and size bin,
 * for each source within 1 when m is no multiple of the rotation.
 */
class HostDrBehaviourTest : public TestCase
{
  public:
    /// \param packets m, packets per message of a k=4 all-to-all
    explicit HostDrBehaviourTest(uint32_t packets)
        : TestCase("host-dr: every core carries each destination's share, m = " +
                   std::to_string(packets)),
          m_packets(packets)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<FabricHelper> fabric = BuildScheme(4, "host-dr");
        const fabriclb::FatTreeTopology& topo = fabriclbtest::FatTreeOf(*fabric);
        std::vector<Hop> hops;
        RecordHops(fabric->GetCoreSwitches(), topo, hops);
        RecordHops(fabric->GetAggregationSwitches(), topo, hops);
        NS_TEST_ASSERT_MSG_EQ(
            RunMessages(fabric,
                        fabriclb::AllToAllWorkload(topo.HostCount(), m_packets * PACKET_BYTES)),
            true,
            "every message completes");

        const std::map<uint32_t, uint32_t> core = IndexOf(fabric->GetCoreSwitches());
        const std::map<uint32_t, uint32_t> agg = IndexOf(fabric->GetAggregationSwitches());
        // (data or ACK, destination) and (data or ACK, source, destination) -> per switch
        std::map<std::pair<bool, uint32_t>, std::vector<uint32_t>> perDestination;
        std::map<std::tuple<bool, uint32_t, uint32_t>, std::vector<uint32_t>> perPair;
        std::map<std::pair<bool, uint32_t>, std::vector<uint32_t>> perDestinationInPod;
        std::map<std::tuple<bool, uint32_t, uint32_t>, std::vector<uint32_t>> perPairInPod;
        auto count = [](std::vector<uint32_t>& counts, uint32_t size, uint32_t at) {
            counts.resize(size);
            ++counts[at];
        };
        for (const Hop& hop : hops)
        {
            const bool data = hop.IsData();
            if (core.count(hop.node))
            {
                count(perDestination[{data, hop.destination}], topo.CoreCount(), core.at(hop.node));
                count(perPair[{data, hop.source, hop.destination}],
                      topo.CoreCount(),
                      core.at(hop.node));
            }
            else if (topo.PodOf(hop.source) == topo.PodOf(hop.destination) && !hop.up)
            {
                // Within a pod the aggregation switches are the lowest common tier.
                const uint32_t position = agg.at(hop.node) % topo.Half();
                count(perDestinationInPod[{data, hop.destination}], topo.Half(), position);
                count(perPairInPod[{data, hop.source, hop.destination}], topo.Half(), position);
            }
        }

        const uint32_t crossPod = topo.HostCount() - topo.HostsPerPod(); // sources per host
        const uint32_t inPod = topo.HostsPerPod() - topo.Half();         // on other edges
        NS_TEST_ASSERT_MSG_EQ(perPair.size(),
                              2 * topo.HostCount() * crossPod,
                              "every pair across pods crossed");
        NS_TEST_ASSERT_MSG_EQ(perPairInPod.size(),
                              2 * topo.HostCount() * inPod,
                              "every pair within a pod");
        for (const auto* pairs : {&perPair, &perPairInPod})
        {
            for (const auto& [key, counts] : *pairs)
            {
                const uint32_t choices = counts.size();
                NS_TEST_ASSERT_MSG_EQ(std::accumulate(counts.begin(), counts.end(), 0U),
                                      m_packets,
                                      "each packet of a pair crossed the tier once");
                NS_TEST_ASSERT_MSG_EQ(Spread(counts),
                                      (m_packets % choices == 0 ? 0U : 1U),
                                      "a pair's packets rotate over the tier");
            }
        }
        if (m_packets % topo.CoreCount() == 0)
        {
            NS_TEST_ASSERT_MSG_EQ(perDestination.size(),
                                  2 * topo.HostCount(),
                                  "every destination, both bins");
            for (const auto& [key, counts] : perDestination)
            {
                NS_TEST_ASSERT_MSG_EQ(AllEqual(counts), true, "each core: the same share");
                NS_TEST_ASSERT_MSG_EQ(counts[0],
                                      crossPod * m_packets / topo.CoreCount(),
                                      "every source across pods: m / (k/2)^2 packets a core");
            }
            for (const auto& [key, counts] : perDestinationInPod)
            {
                NS_TEST_ASSERT_MSG_EQ(AllEqual(counts),
                                      true,
                                      "each aggregation switch: the same share");
            }
        }
        Finish(fabric);
    }

    uint32_t m_packets; //!< packets per message
};

// ---------------------------------------------------------------------------

/**
 * ofan: a pointer per (destination edge switch, size bin) at edge switches and
 * per (destination pod, size bin) at aggregation switches rotates strictly, so
 * every core carries the same number of packets of each destination pod, and
 * every aggregation switch the same number of each (source edge, destination
 * edge). Per destination host the cores need not balance (in this all-to-all
 * they carry 17 to 79 of a host's 192 packets): hosts under one edge switch
 * share its pointers, Ofan's destination consolidation.
 */
class OfanAllToAllTest : public TestCase
{
  public:
    OfanAllToAllTest()
        : TestCase("ofan: pointers rotate; each core carries each destination pod's share")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<FabricHelper> fabric = BuildScheme(4, "ofan");
        const fabriclb::FatTreeTopology& topo = fabriclbtest::FatTreeOf(*fabric);
        std::vector<Hop> hops;
        RecordUpTiers(fabric, hops);
        RecordHops(fabric->GetCoreSwitches(), topo, hops);
        NS_TEST_ASSERT_MSG_EQ(
            RunMessages(fabric, fabriclb::AllToAllWorkload(topo.HostCount(), 16 * PACKET_BYTES)),
            true,
            "every message completes");

        const std::map<uint32_t, uint32_t> edge = IndexOf(fabric->GetEdgeSwitches());
        const std::map<uint32_t, uint32_t> agg = IndexOf(fabric->GetAggregationSwitches());
        const std::map<uint32_t, uint32_t> core = IndexOf(fabric->GetCoreSwitches());
        // (switch, key, data or ACK) -> up ports in order
        std::map<std::tuple<uint32_t, uint32_t, bool>, std::vector<uint32_t>> pointers;
        // (data or ACK, destination pod) -> per core
        std::map<std::pair<bool, uint32_t>, std::vector<uint32_t>> perPod;
        // (data or ACK, source edge, destination edge) -> per aggregation switch of the pod
        std::map<std::tuple<bool, uint32_t, uint32_t>, std::vector<uint32_t>> perEdgePair;
        for (const Hop& hop : hops)
        {
            const bool data = hop.IsData();
            if (core.count(hop.node))
            {
                std::vector<uint32_t>& counts = perPod[{data, topo.PodOf(hop.destination)}];
                counts.resize(topo.CoreCount());
                ++counts[core.at(hop.node)];
                continue;
            }
            const bool atEdge = edge.count(hop.node);
            if (hop.up)
            {
                const uint32_t key =
                    atEdge ? topo.EdgeOf(hop.destination) : topo.PodOf(hop.destination);
                pointers[{hop.node, key, data}].push_back(hop.port);
            }
            if (!atEdge && topo.EdgeOf(hop.source) != topo.EdgeOf(hop.destination) &&
                topo.PodOf(hop.source) == topo.PodOfSwitch(agg.at(hop.node)))
            {
                std::vector<uint32_t>& counts =
                    perEdgePair[{data, topo.EdgeOf(hop.source), topo.EdgeOf(hop.destination)}];
                counts.resize(topo.Half());
                ++counts[agg.at(hop.node) % topo.Half()];
            }
        }

        // Edge: 7 other edge switches; aggregation: 3 other pods; both bins.
        NS_TEST_ASSERT_MSG_EQ(pointers.size(), 2U * (8 * 7 + 8 * 3), "every pointer was used");
        for (const auto& [key, ports] : pointers)
        {
            NS_TEST_ASSERT_MSG_EQ(IsRotation(ports, topo.Half()), true, "a pointer rotates");
        }
        NS_TEST_ASSERT_MSG_EQ(perPod.size(), 2U * 4, "every destination pod, both bins");
        for (const auto& [key, counts] : perPod)
        {
            NS_TEST_ASSERT_MSG_EQ(AllEqual(counts), true, "each core: the same share of a pod");
        }
        NS_TEST_ASSERT_MSG_EQ(perEdgePair.size(), 2U * 8 * 7, "every pair of edge switches");
        for (const auto& [key, counts] : perEdgePair)
        {
            NS_TEST_ASSERT_MSG_EQ(AllEqual(counts),
                                  true,
                                  "each aggregation switch: the same share of an edge pair");
        }
        Finish(fabric);
    }
};

/**
 * ofan's keys: host 0 sends m = 8 packets to each of hosts 8 and 9 (one edge
 * switch) and 10 (another edge switch of the same pod). At host 0's edge switch
 * the packets to 8 and 9 together rotate over the uplinks (one pointer for the
 * destination edge switch); at each aggregation switch all packets to the pod
 * together rotate over the cores; each core carries 24 / 4 of them.
 */
class OfanSharedPointerTest : public TestCase
{
  public:
    OfanSharedPointerTest()
        : TestCase("ofan: destinations under one edge switch, or in one pod, share a pointer")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<FabricHelper> fabric = BuildScheme(4, "ofan");
        const fabriclb::FatTreeTopology& topo = fabriclbtest::FatTreeOf(*fabric);
        std::vector<Hop> hops;
        RecordUpTiers(fabric, hops);
        RecordHops(fabric->GetCoreSwitches(), topo, hops);
        const uint64_t bytes = 8 * PACKET_BYTES;
        NS_TEST_ASSERT_MSG_EQ(RunMessages(fabric, {{0, 8, bytes}, {0, 9, bytes}, {0, 10, bytes}}),
                              true,
                              "every message completes");

        const uint32_t edge0 = fabric->GetEdgeSwitches().Get(0)->GetId();
        const std::map<uint32_t, uint32_t> core = IndexOf(fabric->GetCoreSwitches());
        std::vector<uint32_t> toEdge4;                   // edge 0's uplinks to hosts 8 and 9
        std::vector<uint32_t> toEdge5;                   // edge 0's uplinks to host 10
        std::map<uint32_t, std::vector<uint32_t>> toPod; // aggregation switch -> uplinks to pod 2
        std::set<uint32_t> hostsToEdge4;
        std::vector<uint32_t> perCore(topo.CoreCount(), 0);
        for (const Hop& hop : hops)
        {
            if (!hop.IsData())
            {
                continue;
            }
            if (core.count(hop.node))
            {
                ++perCore[core.at(hop.node)];
            }
            else if (hop.node == edge0)
            {
                (topo.EdgeOf(hop.destination) == 4 ? toEdge4 : toEdge5).push_back(hop.port);
                if (topo.EdgeOf(hop.destination) == 4)
                {
                    hostsToEdge4.insert(hop.destination);
                }
            }
            else if (hop.up)
            {
                toPod[hop.node].push_back(hop.port);
            }
        }
        NS_TEST_ASSERT_MSG_EQ(hostsToEdge4.size(), 2U, "hosts 8 and 9 sit under edge switch 4");
        NS_TEST_ASSERT_MSG_EQ(toEdge4.size(), 16U, "16 packets to edge switch 4");
        NS_TEST_ASSERT_MSG_EQ(IsRotation(toEdge4, topo.Half()),
                              true,
                              "packets to hosts 8 and 9 together rotate over the uplinks");
        NS_TEST_ASSERT_MSG_EQ(toEdge5.size(), 8U, "8 packets to edge switch 5");
        NS_TEST_ASSERT_MSG_EQ(IsRotation(toEdge5, topo.Half()), true, "its own rotation");
        NS_TEST_ASSERT_MSG_EQ(toPod.size(), 2U, "both aggregation switches of pod 0 sent up");
        for (const auto& [node, ports] : toPod)
        {
            NS_TEST_ASSERT_MSG_EQ(ports.size(), 12U, "an aggregation switch got half of 24");
            NS_TEST_ASSERT_MSG_EQ(IsRotation(ports, topo.Half()),
                                  true,
                                  "packets to pod 2 together rotate over the cores");
        }
        for (uint32_t c : perCore)
        {
            NS_TEST_ASSERT_MSG_EQ(c, 6U, "each core carries 24 / 4 packets");
        }
        Finish(fabric);
    }
};

// ---------------------------------------------------------------------------

/**
 * switch-ar: every decision takes an uplink of the lowest band among the
 * switch's cached bands, replayed from the uplinks' backlogs: at a decision an
 * uplink's band is recomputed from its backlog only when it is more than
 * RefreshInterval old, as the study's switches do. With a refresh interval of 0
 * every decision sees the backlogs of that moment; with the default 100 ns many
 * decisions are taken on bands that the queues have since left.
 */
class SwitchArRefreshTest : public TestCase
{
  public:
    /// \param instantaneous set RefreshInterval to 0 (otherwise its default, 100 ns)
    explicit SwitchArRefreshTest(bool instantaneous)
        : TestCase("switch-ar: decisions from bands no older than RefreshInterval" +
                   std::string(instantaneous ? " = 0" : " (default)")),
          m_instantaneous(instantaneous)
    {
    }

  private:
    void DoRun() override
    {
        const std::string disc = "ns3::QuantisedAdaptiveDiscipline::";
        // Bands at 2, 3 and 5 data packets of the 800 KB buffer, which a k=4
        // all-to-all crosses often; the defaults are restored after the build.
        const std::vector<double> thresholds{0.011, 0.016, 0.026};
        Config::SetDefault(disc + "Band1", DoubleValue(thresholds[0]));
        Config::SetDefault(disc + "Band2", DoubleValue(thresholds[1]));
        Config::SetDefault(disc + "Band3", DoubleValue(thresholds[2]));
        if (m_instantaneous)
        {
            Config::SetDefault(disc + "RefreshInterval", TimeValue(Time(0)));
        }
        Ptr<FabricHelper> fabric = BuildScheme(4, "switch-ar");
        Config::SetDefault(disc + "Band1", DoubleValue(0.05));
        Config::SetDefault(disc + "Band2", DoubleValue(0.10));
        Config::SetDefault(disc + "Band3", DoubleValue(0.20));
        Config::SetDefault(disc + "RefreshInterval", TimeValue(NanoSeconds(100)));
        const fabriclb::FatTreeTopology& topo = fabriclbtest::FatTreeOf(*fabric);
        TimeValue refresh;
        NS_TEST_ASSERT_MSG_EQ(
            fabric->GetEdgeSwitches().Get(0)->GetObject<SwitchDiscipline>()->GetAttributeFailSafe(
                "RefreshInterval",
                refresh),
            true,
            "switches run quantised adaptive routing");
        NS_TEST_ASSERT_MSG_EQ(refresh.Get(),
                              m_instantaneous ? Time(0) : NanoSeconds(100),
                              "the refresh interval");

        /// One switch's bands as the replay keeps them.
        struct Cache
        {
            std::vector<const EgressPort*> uplinks; //!< by port
            std::vector<uint32_t> bands;            //!< cached band by port
            std::vector<Time> refreshed;            //!< when it was computed
        };

        std::map<uint32_t, Cache> caches; // by switch node id
        for (uint32_t i = 0; i < topo.EdgeCount(); ++i)
        {
            Ptr<Node> edge = fabric->GetEdgeSwitches().Get(i);
            Ptr<Node> agg = fabric->GetAggregationSwitches().Get(i);
            caches[edge->GetId()].uplinks =
                UplinkQueues(edge, fabric->GetAggregationSwitches(), topo.Half());
            caches[agg->GetId()].uplinks =
                UplinkQueues(agg, fabric->GetCoreSwitches(), topo.Half());
        }
        const uint64_t buffer = caches.begin()->second.uplinks[0]->GetBufferBytes();
        uint32_t decisions = 0;
        uint32_t lowestCached = 0; // took an uplink of the lowest cached band
        uint32_t contested = 0;    // the cached bands differed
        uint32_t stale = 0;        // not in the lowest band of the backlogs at that moment
        auto check =
            [&](Ptr<Node> node, Ptr<const Packet>, const Ipv4Header&, bool up, uint32_t port) {
                if (!up)
                {
                    return;
                }
                Cache& cache = caches[node->GetId()];
                cache.bands.resize(topo.Half(), 0);
                cache.refreshed.resize(topo.Half(), Time(0));
                std::vector<uint32_t> now(topo.Half());
                for (uint32_t p = 0; p < topo.Half(); ++p)
                {
                    now[p] = fabriclb::QuantisedBand(cache.uplinks[p]->GetPortBacklogBytes(),
                                                     buffer,
                                                     thresholds);
                    if (refresh.Get().IsZero() ||
                        Simulator::Now() - cache.refreshed[p] > refresh.Get())
                    {
                        cache.bands[p] = now[p];
                        cache.refreshed[p] = Simulator::Now();
                    }
                }
                ++decisions;
                lowestCached +=
                    cache.bands[port] == *std::min_element(cache.bands.begin(), cache.bands.end());
                contested += !AllEqual(cache.bands);
                stale += now[port] != *std::min_element(now.begin(), now.end());
            };
        fabriclbtest::HookForward(fabric->GetEdgeSwitches(), check);
        fabriclbtest::HookForward(fabric->GetAggregationSwitches(), check);
        NS_TEST_ASSERT_MSG_EQ(
            RunMessages(fabric, fabriclb::AllToAllWorkload(topo.HostCount(), 16 * PACKET_BYTES)),
            true,
            "every message completes");

        NS_TEST_ASSERT_MSG_EQ(lowestCached,
                              decisions,
                              "every decision took the lowest cached band");
        NS_TEST_ASSERT_MSG_GT(contested, decisions / 20, "the bands differed often");
        if (m_instantaneous)
        {
            NS_TEST_ASSERT_MSG_EQ(stale, 0U, "refreshed at every packet, no band is stale");
        }
        else
        {
            NS_TEST_ASSERT_MSG_GT(stale, decisions / 100, "some decisions used bands since left");
        }
        Finish(fabric);
    }

    bool m_instantaneous; //!< RefreshInterval 0 rather than its default
};

// ---------------------------------------------------------------------------

/**
 * flowlet: at a switch a flow keeps its uplink while its packets come closer
 * than IdleGap = 10 us; after a longer gap it draws a new uplink with
 * probability RepathProbability, so at k=4 (two uplinks) it changes uplink
 * after p/2 of its gaps. Hosts pace every flow (the study's wire model): half
 * of them one packet per 12.5 us (every gap a chance to repath), half one per
 * 8.4 us (one flowlet for the whole message).
 */
class FlowletRepathTest : public TestCase
{
  public:
    /// \param probability RepathProbability; 0: the attribute's default (1/2)
    explicit FlowletRepathTest(double probability)
        : TestCase("flowlet: a new uplink after an idle gap with RepathProbability" +
                   std::string(probability == 0 ? " (default)" : " = 1") +
                   ", never within a flowlet"),
          m_probability(probability)
    {
    }

  private:
    void DoRun() override
    {
        Config::SetDefault("ns3::FatTreeHelper::Wire", StringValue("study"));
        if (m_probability > 0)
        {
            Config::SetDefault("ns3::FlowletDiscipline::RepathProbability",
                               DoubleValue(m_probability));
        }
        Ptr<FabricHelper> fabric = BuildScheme(4, "flowlet");
        Config::SetDefault("ns3::FatTreeHelper::Wire", StringValue("physical"));
        Config::SetDefault("ns3::FlowletDiscipline::RepathProbability", DoubleValue(0.5));
        const fabriclb::FatTreeTopology& topo = fabriclbtest::FatTreeOf(*fabric);
        DoubleValue probability;
        NS_TEST_ASSERT_MSG_EQ(
            fabric->GetEdgeSwitches().Get(0)->GetObject<SwitchDiscipline>()->GetAttributeFailSafe(
                "RepathProbability",
                probability),
            true,
            "switches run flowlet switching");
        NS_TEST_ASSERT_MSG_EQ(probability.Get(),
                              (m_probability > 0 ? m_probability : 0.5),
                              "the repath probability");
        for (uint32_t h = 0; h < topo.HostCount(); ++h)
        {
            // 300 and 200 flows' shares of a host's line: 12.5 and 8.4 us per packet.
            fabric->GetNic(h)->SetFlowsPerHost(h < topo.HostCount() / 2 ? 300 : 200);
        }
        std::vector<Hop> hops;
        RecordUpTiers(fabric, hops);
        std::vector<fabriclb::MessageSpec> messages;
        for (uint32_t h = 0; h < topo.HostCount(); ++h)
        {
            messages.push_back({h, (h + topo.HostsPerPod()) % topo.HostCount(), 40 * PACKET_BYTES});
        }
        NS_TEST_ASSERT_MSG_EQ(RunMessages(fabric, messages), true, "every message completes");

        // (switch, source, destination, label, data or ACK) -> its last up hop
        std::map<std::tuple<uint32_t, uint32_t, uint32_t, uint16_t, bool>, const Hop*> last;
        const Time idleGap = MicroSeconds(10);
        uint32_t within = 0;        // consecutive packets of a flow within the gap
        uint32_t movedWithin = 0;   // ... on different uplinks
        uint32_t afterGap = 0;      // consecutive packets of a flow after a longer gap
        uint32_t movedAfterGap = 0; // ... on different uplinks
        for (const Hop& hop : hops)
        {
            if (!hop.up)
            {
                continue;
            }
            const Hop*& previous =
                last[{hop.node, hop.source, hop.destination, hop.label, hop.IsData()}];
            if (previous)
            {
                const bool moved = hop.port != previous->port;
                if (hop.at - previous->at > idleGap)
                {
                    ++afterGap;
                    movedAfterGap += moved;
                }
                else
                {
                    ++within;
                    movedWithin += moved;
                }
            }
            previous = &hop;
        }
        NS_TEST_ASSERT_MSG_GT(within, 1000U, "many packets within a flowlet");
        NS_TEST_ASSERT_MSG_EQ(movedWithin, 0U, "a flowlet never changes uplink");
        NS_TEST_ASSERT_MSG_GT(afterGap, 1000U, "many idle gaps");
        // A new uplink after p of the gaps, each the old one again half of the time.
        const double q = probability.Get() / 2;
        const double expected = q * afterGap;
        const double bound = 4 * std::sqrt(afterGap * q * (1 - q));
        NS_TEST_ASSERT_MSG_EQ_TOL(movedAfterGap,
                                  expected,
                                  bound,
                                  "uplinks changed after " << movedAfterGap << " of " << afterGap
                                                           << " gaps");
        Finish(fabric);
    }

    double m_probability; //!< RepathProbability to set, 0 for the default
};

// ---------------------------------------------------------------------------

/**
 * What the study's PLB rule says of one queue pair, replayed from the ACKs its
 * host receives: the marks of the last WindowAcks ACKs; the last good time;
 * what is known of the congested interval drawn at it (in [lo, hi)).
 */
struct PlbReplay
{
    std::deque<bool> window; //!< the last marks
    uint32_t marked{0};      //!< marks in the window
    bool hasInterval{false}; //!< a good ACK came
    int64_t lastGood{0};     //!< last good time or repath, ps
    int64_t lo{0};           //!< the interval is at least this, ps
    int64_t hi{0};           //!< and below this, ps
};

/**
 * plb under real ECN marking: a queue pair draws a new label exactly when the
 * study's rule says so, replayed from the ACKs its host received. An ACK that
 * leaves fewer than MarkedAcks = 4 marks among the last WindowAcks = 10 must not
 * repath; one that leaves more must not repath within the congested interval,
 * at least CongestedGapsMin = 10 pacing gaps after the last good time, and must
 * repath beyond CongestedGapsMax = 12 gaps; in between the replay narrows what
 * it knows of the drawn interval. The pacing gap is the NIC's: unpaced at
 * line rate, one data packet, one ACK and their two gaps.
 */
class PlbMarkingTest : public TestCase
{
  public:
    PlbMarkingTest()
        : TestCase("plb: a new label exactly when the last ACKs' marks say so, under real marking")
    {
    }

  private:
    void DoRun() override
    {
        // A low threshold (four data packets queued) marks many, not all, packets.
        Ptr<FabricHelper> fabric = BuildScheme(4, "plb", 4 * 4158, true);
        const fabriclb::FatTreeTopology& topo = fabriclbtest::FatTreeOf(*fabric);
        UintegerValue windowAcks;
        UintegerValue markedAcks;
        UintegerValue gapsMin;
        UintegerValue gapsMax;
        Ptr<HostPathPolicy> policy0 = fabric->GetNic(0)->GetPathPolicy();
        NS_TEST_ASSERT_MSG_EQ(policy0->GetAttributeFailSafe("WindowAcks", windowAcks) &&
                                  policy0->GetAttributeFailSafe("MarkedAcks", markedAcks) &&
                                  policy0->GetAttributeFailSafe("CongestedGapsMin", gapsMin) &&
                                  policy0->GetAttributeFailSafe("CongestedGapsMax", gapsMax),
                              true,
                              "hosts run a PLB policy");
        NS_TEST_ASSERT_MSG_EQ(
            ((std::vector<uint64_t>{windowAcks.Get(),
                                    markedAcks.Get(),
                                    gapsMin.Get(),
                                    gapsMax.Get()}) == std::vector<uint64_t>{10, 4, 10, 12}),
            true,
            "the study's settings");
        const fabriclb::WireModel wire = fabric->GetWireModel();
        const auto gap = static_cast<int64_t>(wire.DataPs() + wire.AckPs() + 2 * wire.GapPs());

        /// An ACK as the sending host heard it.
        struct Ack
        {
            int64_t at;            //!< arrival, ps
            bool marked;           //!< ECN echo
            uint16_t labelBefore;  //!< the queue pair's label before the policy heard of it
            uint64_t lossesBefore; //!< losses its NIC had detected by then
        };

        std::map<QueuePair, std::vector<Ack>> acks;
        for (uint32_t h = 0; h < topo.HostCount(); ++h)
        {
            // Raw pointers: the NIC is aggregated to the node whose IPv4 keeps this
            // callback, so a Ptr here would keep the node alive for ever.
            RoceNic* nic = PeekPointer(fabric->GetNic(h));
            HostPathPolicy* policy = PeekPointer(nic->GetPathPolicy());
            // The host hears of an ACK in the call that delivers it, before its NIC does:
            // the label the policy gives now is the one the previous ACK left.
            auto delivered =
                [h, nic, policy, &acks](const Ipv4Header&, Ptr<const Packet> p, uint32_t) {
                    const RoceHeader roce = ReadRoce(p).roce;
                    if (roce.opcode != RoceHeader::ACK)
                    {
                        return;
                    }
                    acks[{h, roce.queuePair}].push_back({Simulator::Now().GetPicoSeconds(),
                                                         roce.ecnEcho,
                                                         policy->SelectLabel(roce.queuePair),
                                                         nic->GetLossesDetected()});
                };
            fabric->GetHosts().Get(h)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
                "LocalDeliver",
                Callback<void, const Ipv4Header&, Ptr<const Packet>, uint32_t>(delivered));
        }
        NS_TEST_ASSERT_MSG_EQ(RunPermutation(fabric, 256), true, "every message completes");
        uint32_t checked = 0;   // ACKs whose outcome the replay judged
        uint32_t unchecked = 0; // ACKs after a loss, before the next good one
        uint32_t wrong = 0;     // ACKs after which the label did what the rule forbids
        uint32_t held = 0;      // not good, within the interval: no repath allowed
        uint32_t forced = 0;    // not good beyond 12 gaps: a repath required
        uint32_t repaths = 0;   // repaths seen
        uint32_t marked = 0;    // marked ACKs
        for (const auto& [qp, list] : acks)
        {
            // One queue pair per host: its NIC's losses are the queue pair's. The last
            // ACK's outcome: the label and the losses once the run is over.
            Ptr<RoceNic> nic = fabric->GetNic(qp.first);
            const Ack end{0,
                          false,
                          nic->GetPathPolicy()->SelectLabel(qp.second),
                          nic->GetLossesDetected()};
            PlbReplay replay;
            bool synced = true; // false from a loss (a repath at an unseen time) to a good ACK
            for (size_t i = 0; i < list.size(); ++i)
            {
                const Ack& ack = list[i];
                const Ack& next = i + 1 < list.size() ? list[i + 1] : end;
                const bool repathed = next.labelBefore != ack.labelBefore;
                marked += ack.marked;
                replay.window.push_back(ack.marked);
                replay.marked += ack.marked;
                if (replay.window.size() > windowAcks.Get())
                {
                    replay.marked -= replay.window.front();
                    replay.window.pop_front();
                }
                const bool good = replay.marked < markedAcks.Get();
                if (good)
                {
                    synced = true;
                    replay.hasInterval = true;
                    replay.lastGood = ack.at;
                    replay.lo = gapsMin.Get() * gap;
                    replay.hi = gapsMax.Get() * gap;
                }
                // A loss before the next ACK repaths too: this ACK's own outcome is hidden.
                synced = synced && next.lossesBefore == ack.lossesBefore;
                if (!synced)
                {
                    ++unchecked;
                    continue;
                }
                ++checked;
                repaths += repathed;
                if (good)
                {
                    wrong += repathed;
                    continue;
                }
                const int64_t elapsed = ack.at - replay.lastGood;
                if (!replay.hasInterval || elapsed <= replay.lo)
                {
                    wrong += repathed;
                    held += replay.hasInterval;
                }
                else if (elapsed >= replay.hi)
                {
                    wrong += !repathed;
                    ++forced;
                }
                else if (repathed)
                {
                    replay.hi = elapsed; // the interval is below what has passed
                }
                else
                {
                    replay.lo = elapsed; // and at least this
                }
                if (repathed)
                {
                    replay.lastGood = ack.at;
                }
            }
        }
        NS_TEST_ASSERT_MSG_EQ(acks.size(), topo.HostCount(), "every queue pair was seen");
        NS_TEST_ASSERT_MSG_EQ(wrong, 0U, "every label change, and no other, as the rule says");
        NS_TEST_ASSERT_MSG_GT(checked,
                              20 * unchecked,
                              "few ACKs fall between a loss and a good ACK");
        NS_TEST_ASSERT_MSG_GT(marked, 1000U, "many ACKs came back marked");
        NS_TEST_ASSERT_MSG_GT(held, 100U, "congested paths were held within the interval");
        NS_TEST_ASSERT_MSG_GT(forced, 10U, "the rule forced repaths");
        NS_TEST_ASSERT_MSG_GT(repaths, 10U, "labels changed");
        Finish(fabric);
    }
};

} // namespace

/**
 * \ingroup fabric-lb-tests
 * \brief A scheme does what the README says: the suite fabric-lb-behaviour-<scheme>.
 */
class FabricLbBehaviourSuite : public TestSuite
{
  public:
    /**
     * \param scheme the scheme, as --lb takes it
     * \param cases its test cases, all quick
     */
    FabricLbBehaviourSuite(const std::string& scheme, std::initializer_list<TestCase*> cases)
        : TestSuite("fabric-lb-behaviour-" + scheme, FABRIC_LB_SUITE_SYSTEM)
    {
        for (TestCase* c : cases)
        {
            AddTestCase(c, FABRIC_LB_TEST_QUICK);
        }
    }
};

/// Registers fabric-lb-behaviour-ecmp.
static FabricLbBehaviourSuite g_fabricLbBehaviourEcmp("ecmp", {new EcmpBehaviourTest});
/// Registers fabric-lb-behaviour-subflow.
static FabricLbBehaviourSuite g_fabricLbBehaviourSubflow("subflow", {new SubflowBehaviourTest});
/// Registers fabric-lb-behaviour-reps.
static FabricLbBehaviourSuite g_fabricLbBehaviourReps("reps",
                                                      {new RepsMarkingTest, new RepsFreezeTest});
/// Registers fabric-lb-behaviour-reps-uet.
static FabricLbBehaviourSuite g_fabricLbBehaviourRepsUet(
    "reps-uet",
    {new RepsUetFeedbackTest,
     new RepsUetTransportTest("permutation", 1048576, 20000),
     new RepsUetTransportTest("all-to-all", 262144, 20000)});
/// Registers fabric-lb-behaviour-host-spray.
static FabricLbBehaviourSuite g_fabricLbBehaviourHostSpray("host-spray",
                                                           {new HostSprayBehaviourTest,
                                                            new PathChosenTraceTest});
/// Registers fabric-lb-behaviour-simple-rr.
static FabricLbBehaviourSuite g_fabricLbBehaviourSimpleRr("simple-rr", {new SimpleRrBehaviourTest});
/// Registers fabric-lb-behaviour-rr.
static FabricLbBehaviourSuite g_fabricLbBehaviourRr("rr", {new RrBehaviourTest});
/// Registers fabric-lb-behaviour-rsq.
static FabricLbBehaviourSuite g_fabricLbBehaviourRsq("rsq", {new RsqBehaviourTest});
/// Registers fabric-lb-behaviour-jsq.
static FabricLbBehaviourSuite g_fabricLbBehaviourJsq("jsq", {new JsqBehaviourTest});
/// Registers fabric-lb-behaviour-host-dr.
static FabricLbBehaviourSuite g_fabricLbBehaviourHostDr("host-dr",
                                                        {new HostDrBehaviourTest(16),
                                                         new HostDrBehaviourTest(10)});
/// Registers fabric-lb-behaviour-ofan.
static FabricLbBehaviourSuite g_fabricLbBehaviourOfan("ofan",
                                                      {new OfanAllToAllTest,
                                                       new OfanSharedPointerTest});
/// Registers fabric-lb-behaviour-switch-ar.
static FabricLbBehaviourSuite g_fabricLbBehaviourSwitchAr("switch-ar",
                                                          {new SwitchArRefreshTest(false),
                                                           new SwitchArRefreshTest(true)});
/// Registers fabric-lb-behaviour-flowlet.
static FabricLbBehaviourSuite g_fabricLbBehaviourFlowlet("flowlet",
                                                         {new FlowletRepathTest(0),
                                                          new FlowletRepathTest(1)});
/// Registers fabric-lb-behaviour-plb.
static FabricLbBehaviourSuite g_fabricLbBehaviourPlb("plb", {new PlbMarkingTest});
