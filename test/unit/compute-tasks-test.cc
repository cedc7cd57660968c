/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Computes in the dependency graph: the matrix's compute lines, read and written, their place
 * in the earliest starts, and the time messages cover.
 */

#include "ns3/connection-matrix.h"
#include "ns3/lower-bound.h"
#include "ns3/time-covered.h"

#include <gtest/gtest.h>
#include <sstream>
#include <string>

using namespace ns3::fabriclb;

namespace
{

ConnectionMatrix
Parse(const std::string& text, uint32_t hosts = 8)
{
    std::istringstream in(text);
    return ParseConnectionMatrix(in, "m.cm", hosts);
}

/// \return what() of the MatrixError that parsing text throws, or "" if none
std::string
ErrorOf(const std::string& text)
{
    try
    {
        Parse(text);
    }
    catch (const MatrixError& e)
    {
        return e.what();
    }
    return "";
}

/// Flow 1 (0->1) at 0, then compute 1 on host 1 when it has arrived, then flow 2 (1->2).
const std::string CHAIN = "Nodes 4\nConnections 2\nTriggers 2\nComputes 1\n"
                          "0->1 id 1 start 0 size 100 recv_done_trigger 1\n"
                          "1->2 id 2 trigger 2 size 100\n"
                          "trigger id 1 oneshot\ntrigger id 2 oneshot\n"
                          "compute 1 id 1 trigger 1 duration 5000 done_trigger 2\n";

} // namespace

TEST(ComputeTasks, ReadsAComputeAndLinksItToItsTrigger)
{
    const ConnectionMatrix m = Parse(CHAIN);
    ASSERT_EQ(m.computes.size(), 1U);
    const MatrixCompute& c = m.computes[0];
    EXPECT_EQ(c.host, 1U);
    EXPECT_EQ(c.id, 1U);
    EXPECT_EQ(c.durationPs, 5000U);
    EXPECT_EQ(c.trigger, 1U);
    EXPECT_EQ(c.doneTrigger, 2U);
    EXPECT_FALSE(c.startPs);
    EXPECT_EQ(c.line, 9U);
    // Trigger 1 releases the compute, trigger 2 the second flow.
    EXPECT_EQ(m.triggers[0].waiting, std::vector<uint32_t>{ComputeTask(0)});
    EXPECT_EQ(m.triggers[1].waiting, std::vector<uint32_t>{1});
    EXPECT_TRUE(IsComputeTask(ComputeTask(7)));
    EXPECT_FALSE(IsComputeTask(7));
    EXPECT_EQ(ComputeIndexOf(ComputeTask(7)), 7U);
}

TEST(ComputeTasks, WritesWhatItReads)
{
    const ConnectionMatrix m = Parse(CHAIN);
    std::ostringstream out;
    WriteConnectionMatrix(out, m);
    EXPECT_EQ(out.str(),
              "Nodes 4\nConnections 2\nTriggers 2\nComputes 1\n"
              "0->1 id 1 start 0 size 100 recv_done_trigger 1\n"
              "1->2 id 2 trigger 2 size 100\n"
              "trigger id 1 oneshot\ntrigger id 2 oneshot\n"
              "compute 1 id 1 trigger 1 duration 5000 done_trigger 2\n");
    // A timed compute with nothing after it.
    const ConnectionMatrix timed =
        Parse("Nodes 2\nConnections 0\nComputes 1\ncompute 0 id 3 start 7 duration 9\n");
    std::ostringstream again;
    WriteConnectionMatrix(again, timed);
    EXPECT_EQ(again.str(),
              "Nodes 2\nConnections 0\nComputes 1\ncompute 0 id 3 start 7 duration 9\n");
}

TEST(ComputeTasks, BadComputeLinesFailAtTheirLine)
{
    const std::string head = "Nodes 4\nConnections 0\nTriggers 1\nComputes 1\n";
    const std::string trigger = "trigger id 1 oneshot\n";
    EXPECT_EQ(ErrorOf(head + trigger + "compute 1 id 1 start 0\n"),
              "m.cm:6: compute has no duration");
    EXPECT_EQ(ErrorOf(head + trigger + "compute 1 start 0 duration 4\n"),
              "m.cm:6: compute has no id");
    EXPECT_EQ(ErrorOf(head + trigger + "compute 1 id 1 duration 4\n"),
              "m.cm:6: compute has neither start nor trigger");
    EXPECT_EQ(ErrorOf(head + trigger + "compute 1 id 1 start 0 trigger 1 duration 4\n"),
              "m.cm:6: compute has both start and trigger");
    EXPECT_EQ(ErrorOf(head + trigger + "compute 9 id 1 start 0 duration 4\n"),
              "m.cm:6: host 9 is beyond the fabric's 8 hosts");
    EXPECT_EQ(ErrorOf(head + trigger + "compute 1 id 0 start 0 duration 4\n"),
              "m.cm:6: compute id 0 is not allowed (ids start at 1)");
    EXPECT_EQ(ErrorOf(head + trigger + "compute 1 id 1 start 0 duration 4 flops 3\n"),
              "m.cm:6: unknown token 'flops'");
    EXPECT_EQ(ErrorOf(head + trigger + "compute 1 id 1 start 0 duration 4 done_trigger 5\n"),
              "m.cm:6: done_trigger 5 is not declared");
    EXPECT_EQ(ErrorOf(head + trigger + "compute\n"), "m.cm:6: compute needs a host");
    EXPECT_EQ(ErrorOf("Nodes 4\nConnections 0\nComputes 2\n"
                      "compute 1 id 1 start 0 duration 4\ncompute 2 id 1 start 0 duration 4\n"),
              "m.cm:5: duplicate compute id 1 (first on line 4)");
    EXPECT_EQ(ErrorOf("Nodes 4\nConnections 0\ncompute 1 id 1 start 0 duration 4\n"),
              "m.cm:3: compute lines need a 'Computes' header line");
    EXPECT_EQ(ErrorOf("Nodes 4\nConnections 0\nComputes 2\ncompute 1 id 1 start 0 duration 4\n"),
              "m.cm:3: Computes 2 but 1 compute line");
}

TEST(ComputeTasks, AComputeThatNeverStartsIsAnError)
{
    // The compute waits on a trigger only the flow it releases signals.
    EXPECT_EQ(ErrorOf("Nodes 4\nConnections 1\nTriggers 2\nComputes 1\n"
                      "0->1 id 1 trigger 2 size 100 recv_done_trigger 1\n"
                      "trigger id 1 oneshot\ntrigger id 2 oneshot\n"
                      "compute 1 id 1 trigger 1 duration 5 done_trigger 2\n"),
              "m.cm:7: trigger 2 never fires: the tasks that signal it never start (they wait "
              "on it, or on a trigger that never fires); flow 1 (line 5) would never start");
    // A barrier that a compute and a flow meet together.
    EXPECT_EQ(ErrorOf("Nodes 4\nConnections 2\nTriggers 1\nComputes 1\n"
                      "0->1 id 1 start 0 size 100 send_done_trigger 1\n"
                      "1->2 id 2 trigger 1 size 100\n"
                      "trigger id 1 barrier count 2\n"
                      "compute 3 id 1 start 0 duration 5 done_trigger 1\n"),
              "");
    EXPECT_EQ(ErrorOf("Nodes 4\nConnections 1\nTriggers 1\nComputes 1\n"
                      "0->1 id 1 start 0 size 100\n"
                      "trigger id 1 oneshot\n"
                      "compute 3 id 1 trigger 1 duration 5\n"),
              "m.cm:6: trigger 1 never fires: no task signals it (send_done_trigger, "
              "recv_done_trigger or done_trigger); compute 1 (line 7) would never start");
}

TEST(ComputeTasks, EarliestStartsRunThroughComputes)
{
    const ConnectionMatrix m = Parse(CHAIN);
    std::vector<std::optional<uint64_t>> computeStarts;
    // Flow 1 arrives at 40 ps and completes at 60; flow 2 likewise.
    const auto starts = ComputeEarliestStarts(m, {40, 40}, {60, 60}, &computeStarts);
    ASSERT_EQ(computeStarts.size(), 1U);
    EXPECT_EQ(computeStarts[0], 40U);
    EXPECT_EQ(starts[0], 0U);
    EXPECT_EQ(starts[1], 5040U); // after the compute's 5000 ps
}

TEST(TimeCovered, UnionOfIntervals)
{
    // [0,10] and [5,20] overlap: 20; [30,40]: 10; one never completed; one not counted.
    EXPECT_EQ(TimeCovered({0, 5, 30, 50, 100}, {10, 20, 40, -1, 200}, 4), 30U);
    EXPECT_EQ(TimeCovered({0, 5, 30, 50, 100}, {10, 20, 40, -1, 200}, 5), 130U);
    // One inside another.
    EXPECT_EQ(TimeCovered({0, 2}, {10, 3}, 2), 10U);
    EXPECT_EQ(TimeCovered({}, {}, 0), 0U);
    EXPECT_THROW(TimeCovered({0}, {1}, 2), std::invalid_argument);
}
