/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Chakra execution traces in a simulation on k=4: a send, computes and a send back run one
 * after another as their dependencies say; a data-parallel step delivers every message, runs
 * every compute and gives the same result twice.
 */

#include "fabric-lb-test-util.h"

#include "ns3/chakra-trace-writer.h"
#include "ns3/chakra-traffic.h"
#include "ns3/config.h"
#include "ns3/fabric-lb-compat.h"
#include "ns3/test.h"

#include <cstdio>
#include <fstream>
#include <unistd.h>

namespace ns3
{

namespace
{

/// Bytes of each message: 16 packets.
constexpr uint64_t MESSAGE_BYTES = 65536;

/**
 * \brief Temporary trace files PREFIX.<rank>.et of a step; the files go with the object.
 */
class TemporaryTraces
{
  public:
    /// \param ranks by rank, its trace
    explicit TemporaryTraces(const std::vector<fabriclb::ChakraTrace>& ranks)
        : m_ranks(static_cast<uint32_t>(ranks.size()))
    {
        const int fd = mkstemp(m_prefix);
        NS_ABORT_MSG_IF(fd < 0, "cannot make a temporary file");
        close(fd);
        for (uint32_t r = 0; r < m_ranks; ++r)
        {
            std::ofstream out(fabriclb::ChakraRankFile(m_prefix, r), std::ios::binary);
            fabriclb::WriteChakraTrace(out, ranks[r]);
        }
    }

    ~TemporaryTraces()
    {
        for (uint32_t r = 0; r < m_ranks; ++r)
        {
            std::remove(fabriclb::ChakraRankFile(m_prefix, r).c_str());
        }
        std::remove(m_prefix);
    }

    TemporaryTraces(const TemporaryTraces&) = delete;
    TemporaryTraces& operator=(const TemporaryTraces&) = delete;

    /// \return the traces' prefix
    std::string Prefix() const
    {
        return m_prefix;
    }

  private:
    char m_prefix[32] = "/tmp/fabric-lb-chakra-XXXXXX"; //!< reserves the prefix
    uint32_t m_ranks;                                   //!< files written
};

/// \return a node of \p type after \p deps
fabriclb::ChakraNode
NodeOf(uint64_t id, fabriclb::ChakraNodeType type, std::vector<uint64_t> deps)
{
    fabriclb::ChakraNode node;
    node.id = id;
    node.name = "n" + std::to_string(id);
    node.type = type;
    node.dataDeps = std::move(deps);
    return node;
}

/// \return a send of MESSAGE_BYTES to \p peer with \p tag after \p deps
fabriclb::ChakraNode
SendOf(uint64_t id, uint32_t peer, uint32_t tag, std::vector<uint64_t> deps)
{
    fabriclb::ChakraNode node = NodeOf(id, fabriclb::ChakraNodeType::SEND, std::move(deps));
    node.commDst = peer;
    node.commTag = tag;
    node.commSize = MESSAGE_BYTES;
    return node;
}

/// \return a receive from \p peer with \p tag after \p deps
fabriclb::ChakraNode
ReceiveOf(uint64_t id, uint32_t peer, uint32_t tag, std::vector<uint64_t> deps)
{
    fabriclb::ChakraNode node = NodeOf(id, fabriclb::ChakraNodeType::RECEIVE, std::move(deps));
    node.commSrc = peer;
    node.commTag = tag;
    return node;
}

/// \return a compute of \p micros after \p deps
fabriclb::ChakraNode
ComputeOf(uint64_t id, uint64_t micros, std::vector<uint64_t> deps)
{
    fabriclb::ChakraNode node = NodeOf(id, fabriclb::ChakraNodeType::COMPUTE, std::move(deps));
    node.durationMicros = micros;
    return node;
}

/// Runs the step of \p ranks on k=4 under host spraying.
ExperimentResult
RunTraces(const std::vector<fabriclb::ChakraTrace>& ranks)
{
    const TemporaryTraces traces(ranks);
    ExperimentConfig config;
    config.lb = "host-spray";
    config.workload = "chakra";
    config.traceFile = traces.Prefix();
    const ExperimentResult result = fabriclbtest::RunWithK(4, config);
    Config::Reset();
    return result;
}

} // namespace

/**
 * \ingroup fabric-lb-tests
 * \brief Rank 0 sends rank 1 a message and computes 20 us once it is acknowledged; rank 1
 * computes 10 us once it has it, then sends a message back, which rank 0 receives after its
 * compute: the message back starts 20 us or more after the first, and the step ends with it.
 */
class ChakraPingPongTest : public fabriclbtest::DeliveryTestCase
{
  public:
    ChakraPingPongTest()
        : DeliveryTestCase("a send, computes on both ranks and a send back run as the traces' "
                           "dependencies say")
    {
    }

  private:
    void DoRun() override
    {
        fabriclb::ChakraTrace rank0;
        rank0.nodes = {SendOf(1, 1, 0, {}), ComputeOf(2, 20, {1}), ReceiveOf(3, 1, 1, {2})};
        fabriclb::ChakraTrace rank1;
        rank1.nodes = {ReceiveOf(1, 0, 0, {}), ComputeOf(2, 10, {1}), SendOf(3, 0, 1, {2})};
        const ExperimentResult r = RunTraces({rank0, rank1});
        CheckEveryMessageDelivered(r);
        NS_TEST_ASSERT_MSG_EQ(r.messages, 2, "two messages");
        NS_TEST_EXPECT_MSG_EQ(r.compute.computes, 2, "two computes");
        NS_TEST_EXPECT_MSG_EQ(r.compute.busiestGpuPs, 20000000, "rank 0 computed 20 us");
        const MessageRecord& ping = r.messageRecords[r.messageRecords[0].source == 0 ? 0 : 1];
        const MessageRecord& pong = r.messageRecords[r.messageRecords[0].source == 0 ? 1 : 0];
        NS_TEST_ASSERT_MSG_EQ(ping.destination, 1, "rank r is host r");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(pong.startPs - ping.startPs,
                                    20000000,
                                    "the message back waits for rank 0's compute");
        NS_TEST_EXPECT_MSG_EQ(static_cast<int64_t>(r.cctPs),
                              pong.completionPs,
                              "the step ends with the message back");
    }
};

/**
 * \ingroup fabric-lb-tests
 * \brief A data-parallel step of 16 ranks (a forward pass, two buckets of backward pass and
 * ring all-reduce, an optimizer): every message delivered, every compute run, the step no
 * shorter than a GPU's work, and the same result twice.
 */
class ChakraDataParallelStepTest : public fabriclbtest::DeliveryTestCase
{
  public:
    ChakraDataParallelStepTest()
        : DeliveryTestCase("a 16-rank data-parallel step delivers every message, runs every "
                           "compute, the same twice")
    {
    }

  private:
    void DoRun() override
    {
        fabriclb::ChakraTrace step;
        step.nodes = {ComputeOf(0, 30, {}), ComputeOf(1, 20, {0})};
        step.nodes.push_back(NodeOf(2, fabriclb::ChakraNodeType::COLLECTIVE, {1}));
        step.nodes.push_back(ComputeOf(3, 20, {1}));
        step.nodes.push_back(NodeOf(4, fabriclb::ChakraNodeType::COLLECTIVE, {3}));
        step.nodes.push_back(ComputeOf(5, 5, {2, 4}));
        for (const uint32_t reduce : {2, 4})
        {
            step.nodes[reduce].commType = fabriclb::ChakraCommType::ALL_REDUCE;
            step.nodes[reduce].commSize = 16 * MESSAGE_BYTES;
        }
        const std::vector<fabriclb::ChakraTrace> ranks(16, step);
        const ExperimentResult r = RunTraces(ranks);
        CheckEveryMessageDelivered(r);
        NS_TEST_EXPECT_MSG_EQ(r.messages, 2 * 30 * 16, "two ring all-reduces of 16 ranks");
        NS_TEST_EXPECT_MSG_EQ(r.compute.computes, 4 * 16, "four computes a rank");
        NS_TEST_EXPECT_MSG_EQ(r.compute.busiestGpuPs, 75000000, "a GPU's 75 us");
        NS_TEST_EXPECT_MSG_GT(r.cctPs, 75000000, "the last all-reduce and the optimizer");
        const ExperimentResult again = RunTraces(ranks);
        NS_TEST_EXPECT_MSG_EQ(again.cctPs, r.cctPs, "deterministic");
        NS_TEST_EXPECT_MSG_EQ(again.packetsSent, r.packetsSent, "deterministic");
    }
};

/**
 * \ingroup fabric-lb-tests
 * \brief Chakra execution traces.
 */
class FabricLbChakraSuite : public TestSuite
{
  public:
    FabricLbChakraSuite()
        : TestSuite("fabric-lb-chakra", FABRIC_LB_SUITE_SYSTEM)
    {
        AddTestCase(new ChakraPingPongTest, FABRIC_LB_TEST_QUICK);
        AddTestCase(new ChakraDataParallelStepTest, FABRIC_LB_TEST_QUICK);
    }
};

/// The suite's one instance.
static FabricLbChakraSuite g_fabricLbChakraSuite;

} // namespace ns3
