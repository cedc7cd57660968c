/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/connection-matrix.h"

#include <filesystem>
#include <gtest/gtest.h>
#include <map>
#include <sstream>
#include <string>

using namespace ns3::fabriclb;

namespace
{

/// The hosts of the k=8 fat tree, and of the fuzzer.
constexpr uint32_t HOSTS = 128;

const std::string MATRIX_DIR = FABRIC_LB_MATRIX_DIR;

ConnectionMatrix
Parse(const std::string& text, uint32_t hosts = HOSTS)
{
    std::istringstream in(text);
    return ParseConnectionMatrix(in, "m.cm", hosts);
}

/// \return what() of the MatrixError that parsing text throws, or "" if none
std::string
ErrorOf(const std::string& text, uint32_t hosts = HOSTS)
{
    try
    {
        Parse(text, hosts);
    }
    catch (const MatrixError& e)
    {
        return e.what();
    }
    return "";
}

/// A flow as the parser returns it, for comparisons.
MatrixFlow
Flow(uint32_t source,
     uint32_t destination,
     uint32_t id,
     uint64_t bytes,
     std::optional<uint64_t> startPs,
     std::optional<uint32_t> trigger,
     uint32_t line)
{
    MatrixFlow flow{};
    flow.source = source;
    flow.destination = destination;
    flow.id = id;
    flow.bytes = bytes;
    flow.startPs = startPs;
    flow.trigger = trigger;
    flow.line = line;
    return flow;
}

void
ExpectSameFlow(const MatrixFlow& actual, const MatrixFlow& expected, bool lines = true)
{
    SCOPED_TRACE("flow id " + std::to_string(expected.id));
    EXPECT_EQ(actual.source, expected.source);
    EXPECT_EQ(actual.destination, expected.destination);
    EXPECT_EQ(actual.id, expected.id);
    EXPECT_EQ(actual.bytes, expected.bytes);
    EXPECT_EQ(actual.startPs, expected.startPs);
    EXPECT_EQ(actual.trigger, expected.trigger);
    EXPECT_EQ(actual.sendDoneTrigger, expected.sendDoneTrigger);
    EXPECT_EQ(actual.recvDoneTrigger, expected.recvDoneTrigger);
    EXPECT_EQ(actual.priority, expected.priority);
    if (lines)
    {
        EXPECT_EQ(actual.line, expected.line);
    }
}

void
ExpectSameTrigger(const MatrixTrigger& actual, const MatrixTrigger& expected, bool lines = true)
{
    SCOPED_TRACE("trigger id " + std::to_string(expected.id));
    EXPECT_EQ(actual.id, expected.id);
    EXPECT_EQ(actual.kind, expected.kind);
    EXPECT_EQ(actual.count, expected.count);
    EXPECT_EQ(actual.waiting, expected.waiting);
    if (lines)
    {
        EXPECT_EQ(actual.line, expected.line);
    }
}

/// Every flow and trigger of the two matrices agree, lines aside.
void
ExpectSameTraffic(const ConnectionMatrix& actual, const ConnectionMatrix& expected)
{
    EXPECT_EQ(actual.nodes, expected.nodes);
    ASSERT_EQ(actual.flows.size(), expected.flows.size());
    for (size_t i = 0; i < expected.flows.size(); ++i)
    {
        ExpectSameFlow(actual.flows[i], expected.flows[i], false);
    }
    ASSERT_EQ(actual.triggers.size(), expected.triggers.size());
    for (size_t i = 0; i < expected.triggers.size(); ++i)
    {
        ExpectSameTrigger(actual.triggers[i], expected.triggers[i], false);
    }
    ASSERT_EQ(actual.failures.size(), expected.failures.size());
    for (size_t i = 0; i < expected.failures.size(); ++i)
    {
        EXPECT_EQ(actual.failures[i].switchType, expected.failures[i].switchType);
        EXPECT_EQ(actual.failures[i].switchId, expected.failures[i].switchId);
        EXPECT_EQ(actual.failures[i].linkId, expected.failures[i].linkId);
    }
}

std::string
Written(const ConnectionMatrix& matrix)
{
    std::ostringstream out;
    WriteConnectionMatrix(out, matrix);
    return out.str();
}

} // namespace

TEST(ConnectionMatrix, ParsesEveryFieldOfAFlow)
{
    const ConnectionMatrix m = Parse("Nodes 4\n"
                                     "Connections 2\n"
                                     "Triggers 2\n"
                                     "3->0 id 7 start 123456789012 size 1000 send_done_trigger 2 "
                                     "recv_done_trigger 5 prio 9\n"
                                     "0->3 id 8 trigger 2 size 1\n"
                                     "trigger id 2 oneshot\n"
                                     "trigger id 5 barrier count 4\n");
    EXPECT_EQ(m.nodes, 4U);
    ASSERT_EQ(m.flows.size(), 2U);
    MatrixFlow first = Flow(3, 0, 7, 1000, 123456789012, std::nullopt, 4);
    first.sendDoneTrigger = 2;
    first.recvDoneTrigger = 5;
    first.priority = 9;
    ExpectSameFlow(m.flows[0], first);
    ExpectSameFlow(m.flows[1], Flow(0, 3, 8, 1, std::nullopt, 2, 5));
    ASSERT_EQ(m.triggers.size(), 2U);
    ExpectSameTrigger(m.triggers[0], MatrixTrigger{2, TriggerKind::ONESHOT, 1, {1}, 6});
    ExpectSameTrigger(m.triggers[1], MatrixTrigger{5, TriggerKind::BARRIER, 4, {}, 7});
}

TEST(ConnectionMatrix, LimitsAreInclusive)
{
    const ConnectionMatrix m = Parse("Nodes 128\n"
                                     "Connections 1\n"
                                     "0->127 id 2147483647 start 9223372036854775807 "
                                     "size 2147483647 prio 2147483647\n");
    ASSERT_EQ(m.flows.size(), 1U);
    EXPECT_EQ(m.flows[0].destination, 127U);
    EXPECT_EQ(m.flows[0].id, 2147483647U);
    EXPECT_EQ(m.flows[0].startPs, 9223372036854775807ULL);
    EXPECT_EQ(m.flows[0].bytes, 2147483647U);
    EXPECT_EQ(m.flows[0].priority, 2147483647U);
}

TEST(ConnectionMatrix, EmptyMatrixAndLeadingZeros)
{
    const ConnectionMatrix m = Parse("Connections 0\nNodes 0128\n");
    EXPECT_EQ(m.nodes, 128U);
    EXPECT_TRUE(m.flows.empty());
    EXPECT_TRUE(m.triggers.empty());
}

TEST(ConnectionMatrix, GoodPermutationFile)
{
    const ConnectionMatrix m = ReadConnectionMatrix(MATRIX_DIR + "/good-permutation.cm", HOSTS);
    EXPECT_EQ(m.nodes, 16U);
    ASSERT_EQ(m.flows.size(), 16U);
    for (uint32_t i = 0; i < 16; ++i)
    {
        ExpectSameFlow(
            m.flows[i],
            Flow(i, (5 * i + 3) % 16, i + 1, 1048576, i * 1000000ULL, std::nullopt, 7 + i));
    }
    EXPECT_TRUE(m.triggers.empty());
}

TEST(ConnectionMatrix, GoodFailureFile)
{
    const ConnectionMatrix m = ReadConnectionMatrix(MATRIX_DIR + "/good-failure.cm", HOSTS);
    ASSERT_EQ(m.failures.size(), 1U);
    EXPECT_EQ(m.failures[0].switchType, FabricRole::AGGREGATION);
    EXPECT_EQ(m.failures[0].switchId, 2U);
    EXPECT_EQ(m.failures[0].linkId, 1U);
    EXPECT_EQ(m.failures[0].line, 5U);
}

TEST(ConnectionMatrix, GoodTriggersFile)
{
    const ConnectionMatrix m = ReadConnectionMatrix(MATRIX_DIR + "/good-triggers.cm", HOSTS);
    EXPECT_EQ(m.nodes, 8U);
    ASSERT_EQ(m.flows.size(), 7U);
    MatrixFlow f1 = Flow(0, 1, 1, 4096, 0, std::nullopt, 10);
    f1.sendDoneTrigger = 1;
    f1.priority = 3;
    MatrixFlow f2 = Flow(2, 3, 2, 8192, 1500, std::nullopt, 11);
    f2.recvDoneTrigger = 2;
    MatrixFlow f3 = Flow(1, 0, 3, 100000, std::nullopt, 1, 12);
    f3.sendDoneTrigger = 3;
    MatrixFlow f10 = Flow(4, 5, 10, 512, std::nullopt, 2, 13);
    f10.priority = 0;
    f10.sendDoneTrigger = 3;
    f10.recvDoneTrigger = 3;
    const MatrixFlow f11 = Flow(5, 4, 11, 512, std::nullopt, 2, 14);
    MatrixFlow f12 = Flow(6, 7, 12, 18446744, std::nullopt, 3, 15);
    f12.priority = 2147483647;
    MatrixFlow f13 = Flow(7, 6, 13, 2147483647, 4000000000000ULL, std::nullopt, 16);
    f13.priority = 1;
    f13.recvDoneTrigger = 2;
    const MatrixFlow expected[] = {f1, f2, f3, f10, f11, f12, f13};
    for (size_t i = 0; i < 7; ++i)
    {
        ExpectSameFlow(m.flows[i], expected[i]);
    }
    ASSERT_EQ(m.triggers.size(), 3U);
    ExpectSameTrigger(m.triggers[0], MatrixTrigger{1, TriggerKind::ONESHOT, 1, {2}, 17});
    ExpectSameTrigger(m.triggers[1], MatrixTrigger{2, TriggerKind::MULTISHOT, 1, {3, 4}, 18});
    ExpectSameTrigger(m.triggers[2], MatrixTrigger{3, TriggerKind::BARRIER, 3, {5}, 19});
}

TEST(ConnectionMatrix, FilesOfHtsimsGenerators)
{
    // gen_allreduce.py: a ring all-reduce of 2 groups of 4, chained by oneshot triggers.
    const ConnectionMatrix ring =
        ReadConnectionMatrix(MATRIX_DIR + "/good-htsim-allreduce.cm", HOSTS);
    EXPECT_EQ(ring.nodes, 16U);
    ASSERT_EQ(ring.flows.size(), 56U);
    ASSERT_EQ(ring.triggers.size(), 48U);
    ExpectSameFlow(ring.flows[1], [] {
        MatrixFlow f = Flow(10, 0, 2, 65536, std::nullopt, 1, 6);
        f.sendDoneTrigger = 2;
        return f;
    }());
    for (const MatrixTrigger& t : ring.triggers)
    {
        EXPECT_EQ(t.kind, TriggerKind::ONESHOT);
        EXPECT_EQ(t.waiting.size(), 1U);
    }
    // gen_serialn_alltoall_prio.py: each host sends to its 7 peers two flows at a time; the
    // two completions of a step signal a multishot trigger that starts the next step's
    // flows one by one. The last step has one flow, so its trigger's second signal finds
    // nothing left to start.
    const ConnectionMatrix serial =
        ReadConnectionMatrix(MATRIX_DIR + "/good-htsim-serial-alltoall-prio.cm", HOSTS);
    ASSERT_EQ(serial.flows.size(), 56U);
    ASSERT_EQ(serial.triggers.size(), 24U);
    EXPECT_EQ(serial.flows[2].priority, 2U);
    for (size_t i = 0; i < serial.triggers.size(); ++i)
    {
        EXPECT_EQ(serial.triggers[i].kind, TriggerKind::MULTISHOT);
        EXPECT_EQ(serial.triggers[i].waiting.size(), i % 3 == 2 ? 1U : 2U);
    }
}

TEST(ConnectionMatrix, WritesWhatHtsimsGeneratorsWrite)
{
    ConnectionMatrix m{};
    m.nodes = 16;
    MatrixFlow a = Flow(2, 10, 1, 65536, 0, std::nullopt, 0);
    a.sendDoneTrigger = 1;
    a.priority = 1;
    MatrixFlow b = Flow(10, 0, 2, 65536, std::nullopt, 1, 0);
    b.recvDoneTrigger = 2;
    b.sendDoneTrigger = 3;
    m.flows = {a, b, Flow(0, 15, 3, 7, 123456789, std::nullopt, 0)};
    m.triggers = {MatrixTrigger{1, TriggerKind::ONESHOT, 1, {}, 0},
                  MatrixTrigger{2, TriggerKind::MULTISHOT, 1, {}, 0},
                  MatrixTrigger{3, TriggerKind::BARRIER, 2, {}, 0}};
    EXPECT_EQ(Written(m),
              "Nodes 16\n"
              "Connections 3\n"
              "Triggers 3\n"
              "2->10 id 1 start 0 size 65536 send_done_trigger 1 prio 1\n"
              "10->0 id 2 trigger 1 size 65536 send_done_trigger 3 recv_done_trigger 2\n"
              "0->15 id 3 start 123456789 size 7\n"
              "trigger id 1 oneshot\n"
              "trigger id 2 multishot\n"
              "trigger id 3 barrier count 2\n");
}

TEST(ConnectionMatrix, TimedFlowsHaveNoTriggersLine)
{
    ConnectionMatrix m{};
    m.nodes = 2;
    m.flows = {Flow(0, 1, 1, 10, 5, std::nullopt, 0)};
    EXPECT_EQ(Written(m), "Nodes 2\nConnections 1\n0->1 id 1 start 5 size 10\n");
}

TEST(ConnectionMatrix, RoundTripsEveryCorpusFile)
{
    size_t seen = 0;
    for (const auto& entry : std::filesystem::directory_iterator(MATRIX_DIR))
    {
        const std::string name = entry.path().filename().string();
        if (name.rfind("good-", 0) != 0)
        {
            continue;
        }
        SCOPED_TRACE(name);
        ++seen;
        const ConnectionMatrix read = ReadConnectionMatrix(entry.path().string(), HOSTS);
        const std::string text = Written(read);
        const ConnectionMatrix again = Parse(text, read.nodes);
        ExpectSameTraffic(again, read);
        EXPECT_EQ(Written(again), text);
    }
    EXPECT_GT(seen, 0U) << "no good-*.cm file in " << MATRIX_DIR << ": nothing was checked";
}

TEST(ConnectionMatrix, WriterRefusesWhatTheParserRejects)
{
    ConnectionMatrix m{};
    m.nodes = 4;
    const auto refused = [&m](const MatrixFlow& flow) {
        m.flows = {flow};
        std::ostringstream out;
        try
        {
            WriteConnectionMatrix(out, m);
        }
        catch (const MatrixError& e)
        {
            EXPECT_EQ(out.str(), "");
            return std::string(e.what());
        }
        return std::string("written");
    };
    EXPECT_EQ(refused(Flow(0, 1, 1, 0, 0, std::nullopt, 0)),
              "(matrix to write):3: size 0: a flow carries at least one byte");
    EXPECT_EQ(refused(Flow(0, 1, 1, 3000000000, 0, std::nullopt, 0)),
              "(matrix to write):3: size '3000000000' out of range (largest is 2147483647)");
    EXPECT_EQ(refused(Flow(0, 4, 1, 10, 0, std::nullopt, 0)),
              "(matrix to write):3: host 4 is beyond the fabric's 4 hosts");
    EXPECT_EQ(refused(Flow(0, 1, 1, 10, std::nullopt, std::nullopt, 0)),
              "(matrix to write):3: flow has neither start nor trigger");
    EXPECT_EQ(refused(Flow(0, 1, 1, 10, 0, 1, 0)),
              "(matrix to write):3: flow has both start and trigger");
    EXPECT_EQ(refused(Flow(0, 1, 1, 10, std::nullopt, 1, 0)),
              "(matrix to write):3: trigger 1 is not declared");
    m.triggers = {MatrixTrigger{1, static_cast<TriggerKind>(7), 1, {}, 0}};
    EXPECT_EQ(refused(Flow(0, 1, 1, 10, std::nullopt, 1, 0)),
              "(matrix to write):5: unknown token 'unknown'");
    m.triggers.clear();
    m.nodes = 0;
    EXPECT_EQ(refused(Flow(0, 1, 1, 10, 0, std::nullopt, 0)),
              "(matrix to write):1: Nodes 0: a matrix needs at least one node");
}

// Each broken file of the corpus, with the line and problem it is rejected for.
TEST(ConnectionMatrix, EveryBrokenCorpusFileFailsAtItsLine)
{
    const std::map<std::string, std::pair<uint32_t, std::string>> expected = {
        {"bad-empty.cm", {1, "missing 'Nodes' header line"}},
        {"bad-missing-nodes.cm", {2, "missing 'Nodes' header line"}},
        {"bad-missing-connections.cm", {3, "missing 'Connections' header line"}},
        {"bad-nodes-beyond-fabric.cm", {1, "Nodes 256 exceeds the fabric's 128 hosts"}},
        {"bad-nodes-zero.cm", {1, "Nodes 0: a matrix needs at least one node"}},
        {"bad-duplicate-header.cm", {3, "duplicate 'Nodes' line (first on line 1)"}},
        {"bad-header-value.cm", {1, "'Nodes' needs exactly one value"}},
        {"bad-header-after-flow.cm",
         {4, "'Triggers' line after the first flow or trigger line (header lines come first)"}},
        {"bad-unknown-header.cm", {2, "unknown token 'Flows'"}},
        {"bad-comment-after-flow.cm",
         {4,
          "comment after the first flow or trigger line (htsim accepts comments only before "
          "it)"}},
        {"bad-trailing-comment.cm", {3, "unknown token '#'"}},
        {"bad-host-beyond-fabric.cm", {4, "host 128 is beyond the fabric's 128 hosts"}},
        {"bad-host-beyond-nodes.cm", {3, "host 20 is beyond 'Nodes 16'"}},
        {"bad-self-flow.cm", {3, "flow from host 2 to itself"}},
        {"bad-endpoints.cm",
         {3, "malformed destination host '1->2': expected a non-negative decimal integer"}},
        {"bad-no-start.cm", {3, "flow has neither start nor trigger"}},
        {"bad-start-and-trigger.cm", {5, "flow has both start and trigger"}},
        {"bad-trigger-before-id.cm", {4, "'trigger' before 'id' (htsim needs the flow id first)"}},
        {"bad-no-id.cm", {3, "flow has no id"}},
        {"bad-no-size.cm", {3, "flow has no size"}},
        {"bad-unknown-token.cm", {3, "unknown token 'colour'"}},
        {"bad-unknown-line.cm", {4, "unknown token 'flow'"}},
        {"bad-missing-value.cm", {3, "'size' needs a value"}},
        {"bad-duplicate-key.cm", {3, "duplicate 'size'"}},
        {"bad-negative.cm", {3, "malformed size '-10': expected a non-negative decimal integer"}},
        {"bad-non-numeric.cm",
         {3, "malformed start 'soon': expected a non-negative decimal integer"}},
        {"bad-trailing-junk.cm",
         {3, "malformed size '12x': expected a non-negative decimal integer"}},
        {"bad-fractional-start.cm",
         {3, "malformed start '0.000000': expected a non-negative decimal integer"}},
        {"bad-htsim-old-format.cm",
         {3, "malformed start '0.000000': expected a non-negative decimal integer"}},
        {"bad-overflow.cm", {3, "size '2147483648' out of range (largest is 2147483647)"}},
        {"bad-start-overflow.cm",
         {3, "start '9223372036854775808' out of range (largest is 9223372036854775807)"}},
        {"bad-zero-size.cm", {3, "size 0: a flow carries at least one byte"}},
        {"bad-flow-id-zero.cm", {3, "flow id 0 is not allowed (ids start at 1)"}},
        {"bad-duplicate-flow-id.cm", {5, "duplicate flow id 1 (first on line 3)"}},
        {"bad-undeclared-trigger.cm", {5, "trigger 2 is not declared"}},
        {"bad-undeclared-send-done.cm", {3, "send_done_trigger 5 is not declared"}},
        {"bad-trigger-never-signalled.cm",
         {6,
          "trigger 1 never fires: no flow signals it (send_done_trigger or recv_done_trigger); "
          "flow 2 (line 5) would never start"}},
        {"bad-barrier-too-few-signals.cm",
         {7,
          "barrier trigger 1 never fires: it needs count 3 signals, and flows signal it 2 "
          "times; flow 3 (line 6) would never start"}},
        {"bad-multishot-too-few-signals.cm",
         {7,
          "multishot trigger 1 starts one flow a signal: 2 flows wait on it, and flows signal "
          "it 1 time; flow 3 (line 6) would never start"}},
        {"bad-trigger-cycle.cm",
         {7,
          "trigger 1 never fires: the flows that signal it never start (they wait on it, or on "
          "a trigger that never fires); flow 2 (line 5) would never start"}},
        {"bad-trigger-id-zero.cm", {5, "trigger id 0 is not allowed (ids start at 1)"}},
        {"bad-duplicate-trigger-id.cm", {6, "duplicate trigger id 1 (first on line 4)"}},
        {"bad-barrier-no-count.cm", {5, "barrier trigger 1 needs 'count N' with N at least 1"}},
        {"bad-barrier-count-zero.cm", {5, "barrier trigger 1 needs 'count N' with N at least 1"}},
        {"bad-count-on-oneshot.cm", {5, "'count' is only for barrier triggers"}},
        {"bad-trigger-two-types.cm", {5, "trigger has two types ('oneshot' and 'multishot')"}},
        {"bad-trigger-no-type.cm", {5, "trigger has no type (oneshot, multishot or barrier)"}},
        {"bad-trigger-no-id.cm", {4, "trigger has no id"}},
        {"bad-connections-mismatch.cm", {2, "Connections 3 but 2 flow lines"}},
        {"bad-triggers-mismatch.cm", {3, "Triggers 2 but 1 trigger line"}},
        {"bad-triggers-no-header.cm", {4, "trigger lines need a 'Triggers' header line"}},
        {"bad-failure-no-header.cm", {4, "failure lines need a 'Failures' header line"}},
        {"bad-failure-no-link.cm", {4, "failure needs switch_type, switch_id and link_id"}},
        {"bad-failure-switch-type.cm", {4, "unknown switch_type 'SPINE' (TOR, AGG or CORE)"}},
        {"bad-failures-mismatch.cm", {3, "Failures 1 but 0 failure lines"}},
        {"bad-tab.cm", {3, "tab character: tokens are separated by single spaces"}},
        {"bad-crlf.cm", {1, "carriage return: lines must end in a bare newline"}},
        {"bad-double-space.cm",
         {3,
          "empty token: a leading space or two spaces in a row (tokens are separated by single "
          "spaces)"}},
        {"bad-leading-space.cm",
         {3,
          "empty token: a leading space or two spaces in a row (tokens are separated by single "
          "spaces)"}},
    };
    size_t seen = 0;
    for (const auto& entry : std::filesystem::directory_iterator(MATRIX_DIR))
    {
        const std::string name = entry.path().filename().string();
        if (name.rfind("bad-", 0) != 0)
        {
            continue;
        }
        SCOPED_TRACE(name);
        const auto it = expected.find(name);
        ASSERT_NE(it, expected.end()) << "no expected error for " << name;
        ++seen;
        const std::string path = entry.path().string();
        try
        {
            ReadConnectionMatrix(path, HOSTS);
            ADD_FAILURE() << "accepted";
        }
        catch (const MatrixError& e)
        {
            EXPECT_EQ(e.what(),
                      path + ":" + std::to_string(it->second.first) + ": " + it->second.second);
            EXPECT_EQ(e.Line(), it->second.first);
            EXPECT_EQ(e.Problem(), it->second.second);
        }
    }
    EXPECT_EQ(seen, expected.size());
}

TEST(ConnectionMatrix, HostsAndNodesAgainstTheFabric)
{
    const std::string flow = "Connections 1\n0->15 id 1 start 0 size 10\n";
    EXPECT_EQ(ErrorOf("Nodes 16\n" + flow, 16), "");
    EXPECT_EQ(ErrorOf("Nodes 17\n" + flow, 16), "m.cm:1: Nodes 17 exceeds the fabric's 16 hosts");
    EXPECT_EQ(ErrorOf("Nodes 15\n" + flow, 16), "m.cm:3: host 15 is beyond 'Nodes 15'");
    EXPECT_EQ(ErrorOf("Nodes 16\nConnections 1\n16->0 id 1 start 0 size 10\n", 16),
              "m.cm:3: host 16 is beyond the fabric's 16 hosts");
    EXPECT_EQ(ErrorOf("Nodes 16\nConnections 1\n99999999999->0 id 1 start 0 size 10\n", 16),
              "m.cm:3: source host '99999999999' out of range (largest is 2147483647)");
    EXPECT_EQ(ErrorOf("Nodes 16\nConnections 1\n->0 id 1 start 0 size 10\n", 16),
              "m.cm:3: malformed source host '': expected a non-negative decimal integer");
}

TEST(ConnectionMatrix, CountsAreCheckedAtTheirHeaderLine)
{
    EXPECT_EQ(ErrorOf("Nodes 4\nConnections 0\n0->1 id 1 start 0 size 10\n"),
              "m.cm:2: Connections 0 but 1 flow line");
    EXPECT_EQ(ErrorOf("Nodes 4\nTriggers 0\nConnections 1\n0->1 id 1 start 0 size 10\n"), "");
    EXPECT_EQ(ErrorOf("Nodes 4\nConnections 0\nFailures 0\n"), "");
}

TEST(ConnectionMatrix, TriggersMayBeDeclaredAfterTheirFlows)
{
    const ConnectionMatrix m = Parse("Nodes 4\nConnections 2\nTriggers 1\n"
                                     "0->1 id 5 trigger 9 size 10\n"
                                     "1->2 id 6 start 0 size 10 send_done_trigger 9\n"
                                     "trigger id 9 oneshot\n");
    ASSERT_EQ(m.triggers.size(), 1U);
    EXPECT_EQ(m.triggers[0].waiting, std::vector<uint32_t>{0});
}

TEST(ConnectionMatrix, UndeclaredDoneTriggersNameTheirFlowsLine)
{
    EXPECT_EQ(ErrorOf("Nodes 4\nConnections 2\n"
                      "0->1 id 1 start 0 size 10\n"
                      "1->2 id 2 start 0 size 10 recv_done_trigger 3\n"),
              "m.cm:4: recv_done_trigger 3 is not declared");
}

TEST(ConnectionMatrix, EveryTriggerThatFlowsWaitOnCanFire)
{
    const std::string header = "Nodes 4\nConnections 3\nTriggers 1\n";
    // A chain: flow 1 fires trigger 1, which starts flow 2, which signals the barrier with
    // flow 1's receiver; the barrier's count is met by signals of flows it started itself.
    EXPECT_EQ(ErrorOf("Nodes 4\nConnections 3\nTriggers 2\n"
                      "0->1 id 1 start 0 size 10 send_done_trigger 1 recv_done_trigger 2\n"
                      "1->2 id 2 trigger 1 size 10 send_done_trigger 2\n"
                      "2->3 id 3 trigger 2 size 10\n"
                      "trigger id 1 oneshot\ntrigger id 2 barrier count 2\n"),
              "");
    // A trigger no flow waits on may go unsignalled.
    EXPECT_EQ(ErrorOf("Nodes 4\nConnections 1\nTriggers 1\n0->1 id 1 start 0 size 10\n"
                      "trigger id 7 multishot\n"),
              "");
    // A multishot trigger that signals itself: each flow it starts signals it for the next.
    EXPECT_EQ(ErrorOf(header + "0->1 id 1 start 0 size 10 send_done_trigger 1\n"
                               "1->2 id 2 trigger 1 size 10 send_done_trigger 1\n"
                               "2->3 id 3 trigger 1 size 10\ntrigger id 1 multishot\n"),
              "");
    // Signals only from flows that wait on the trigger themselves.
    EXPECT_EQ(ErrorOf(header + "0->1 id 1 start 0 size 10\n"
                               "1->2 id 2 trigger 1 size 10 recv_done_trigger 1\n"
                               "2->3 id 3 trigger 1 size 10\ntrigger id 1 barrier count 1\n"),
              "m.cm:7: trigger 1 never fires: the flows that signal it never start (they wait on "
              "it, or on a trigger that never fires); flow 2 (line 5) would never start");
}

TEST(ConnectionMatrix, OneTrailingSpaceIsAllowedAsInHtsim)
{
    EXPECT_EQ(ErrorOf("Nodes 4 \nConnections 1 \n0->1 id 1 start 0 size 10 \n"), "");
    EXPECT_EQ(ErrorOf("Nodes 4\nConnections 1\n0->1 id 1 start 0 size 10  \n"),
              "m.cm:3: empty token: a leading space or two spaces in a row (tokens are separated "
              "by single spaces)");
    EXPECT_EQ(ErrorOf("Nodes 4\n \nConnections 0\n"),
              "m.cm:2: empty token: a leading space or two spaces in a row (tokens are separated "
              "by single spaces)");
}

TEST(ConnectionMatrix, LastLineNeedsNoNewline)
{
    EXPECT_EQ(ErrorOf("Nodes 4\nConnections 1\n0->1 id 1 start 0 size 10"), "");
}

TEST(ConnectionMatrix, ErrorsAreOnePrintableLine)
{
    const std::string error = ErrorOf("Nodes 4\nConnections 1\n0->1 id 1 start 0 size 1\v0\n");
    EXPECT_EQ(error, "m.cm:3: malformed size '1\\x0b0': expected a non-negative decimal integer");
    EXPECT_EQ(
        ErrorOf("Nodes 4\nConnections 1\n0->1 id 1 start 0 size 1" + std::string(1, '\0') + "\n"),
        "m.cm:3: malformed size '1\\x00': expected a non-negative decimal integer");
    EXPECT_EQ(ErrorOf("Nodes 4\nConnections 0\n" + std::string(100, 'x') + "\n"),
              "m.cm:3: unknown token '" + std::string(40, 'x') + "...'");
    try
    {
        std::istringstream in("Nodes 4\n");
        ParseConnectionMatrix(in, "odd\nname.cm", HOSTS);
        ADD_FAILURE() << "accepted";
    }
    catch (const MatrixError& e)
    {
        EXPECT_EQ(std::string(e.what()), "odd\\x0aname.cm:1: missing 'Connections' header line");
    }
}

TEST(ConnectionMatrix, FilesThatCannotBeRead)
{
    const std::string missing = MATRIX_DIR + "/no-such-file.cm";
    try
    {
        ReadConnectionMatrix(missing, HOSTS);
        ADD_FAILURE() << "accepted";
    }
    catch (const MatrixError& e)
    {
        EXPECT_EQ(std::string(e.what()), missing + ": cannot open");
        EXPECT_EQ(e.Line(), 0U);
    }
    try
    {
        ReadConnectionMatrix(MATRIX_DIR, HOSTS);
        ADD_FAILURE() << "accepted";
    }
    catch (const MatrixError& e)
    {
        EXPECT_EQ(std::string(e.what()), MATRIX_DIR + ": cannot read: a directory");
    }
}

TEST(TriggerState, OneshotStartsEveryWaitingFlowOnTheFirstSignalOnly)
{
    TriggerState t(MatrixTrigger{1, TriggerKind::ONESHOT, 1, {4, 7, 9}, 0});
    EXPECT_FALSE(t.Spent());
    const TriggerRelease first = t.Signal();
    EXPECT_EQ(first.first, 0U);
    EXPECT_EQ(first.last, 3U);
    EXPECT_TRUE(t.Spent());
    const TriggerRelease second = t.Signal(); // htsim aborts here
    EXPECT_EQ(second.first, second.last);
}

TEST(TriggerState, MultishotStartsOneWaitingFlowPerSignalInFileOrder)
{
    TriggerState t(MatrixTrigger{2, TriggerKind::MULTISHOT, 1, {4, 7}, 0});
    for (uint32_t i = 0; i < 2; ++i)
    {
        EXPECT_FALSE(t.Spent());
        const TriggerRelease r = t.Signal();
        EXPECT_EQ(r.first, i);
        EXPECT_EQ(r.last, i + 1);
    }
    EXPECT_TRUE(t.Spent());
    const TriggerRelease third = t.Signal(); // htsim: "Noone left to activate"
    EXPECT_EQ(third.first, third.last);
    EXPECT_TRUE(TriggerState(MatrixTrigger{3, TriggerKind::MULTISHOT, 1, {}, 0}).Spent());
}

TEST(TriggerState, BarrierStartsEveryWaitingFlowOnTheCountthSignal)
{
    TriggerState t(MatrixTrigger{3, TriggerKind::BARRIER, 3, {0, 1}, 0});
    for (int i = 0; i < 2; ++i)
    {
        const TriggerRelease r = t.Signal();
        EXPECT_EQ(r.first, r.last);
        EXPECT_FALSE(t.Spent());
    }
    const TriggerRelease third = t.Signal();
    EXPECT_EQ(third.first, 0U);
    EXPECT_EQ(third.last, 2U);
    EXPECT_TRUE(t.Spent());
    const TriggerRelease fourth = t.Signal(); // htsim aborts here
    EXPECT_EQ(fourth.first, fourth.last);
    EXPECT_THROW(TriggerState(MatrixTrigger{4, TriggerKind::BARRIER, 0, {}, 0}),
                 std::invalid_argument);
}

TEST(TriggerState, GoodTriggersFileRunsToTheEnd)
{
    // Replays good-triggers.cm's dependencies, completing each flow as soon as it starts.
    const ConnectionMatrix m = ReadConnectionMatrix(MATRIX_DIR + "/good-triggers.cm", HOSTS);
    std::map<uint32_t, size_t> index;
    std::vector<TriggerState> states;
    for (const MatrixTrigger& t : m.triggers)
    {
        index[t.id] = states.size();
        states.emplace_back(t);
    }
    std::vector<size_t> pending;
    for (size_t f = 0; f < m.flows.size(); ++f)
    {
        if (m.flows[f].startPs)
        {
            pending.push_back(f);
        }
    }
    std::vector<uint32_t> order;
    const auto signal = [&](std::optional<uint32_t> id) {
        if (!id)
        {
            return;
        }
        const size_t t = index.at(*id);
        const TriggerRelease r = states[t].Signal();
        for (uint32_t i = r.first; i < r.last; ++i)
        {
            pending.push_back(m.triggers[t].waiting[i]);
        }
    };
    for (size_t next = 0; next < pending.size(); ++next)
    {
        const MatrixFlow& flow = m.flows[pending[next]];
        order.push_back(flow.id);
        signal(flow.sendDoneTrigger);
        signal(flow.recvDoneTrigger);
    }
    EXPECT_EQ(order, (std::vector<uint32_t>{1, 2, 13, 3, 10, 11, 12}));
    for (const TriggerState& s : states)
    {
        EXPECT_TRUE(s.Spent());
    }
}
