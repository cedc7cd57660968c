/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Unit tests of several jobs on one fabric without a simulator: the jobs file, each
 * placement rule, and the composition of the jobs' iterations into one matrix.
 */

#include "ns3/collectives.h"
#include "ns3/job-plan.h"
#include "ns3/ring-collectives.h"

#include <algorithm>
#include <functional>
#include <gtest/gtest.h>
#include <map>
#include <set>
#include <sstream>

using namespace ns3::fabriclb;

namespace
{

/// \return the jobs file of \p text
JobsFile
Parse(const std::string& text)
{
    std::istringstream in(text);
    return ParseJobsFile(in, "jobs.json");
}

/// \return the error line ParseJobsFile gives for \p text ("" if it accepts it)
std::string
ParseError(const std::string& text)
{
    try
    {
        Parse(text);
    }
    catch (const JobsError& e)
    {
        return e.what();
    }
    return "";
}

/// A k=4 fat tree's hosts: 2 a leaf, 4 a pod, servers of \p perServer hosts.
PlacementFabric
FatTreeK4(uint32_t perServer = 1)
{
    PlacementFabric fabric;
    fabric.hosts = 16;
    fabric.hostsPerServer = perServer;
    for (uint32_t h = 0; h < 16; ++h)
    {
        fabric.leafOf.push_back(h / 2);
        fabric.podOf.push_back(h / 4);
    }
    return fabric;
}

/// Draws 0 always.
const UniformIndex FIRST = [](uint32_t) { return 0U; };

/// \return the hosts each job of \p text is placed on, on FatTreeK4
std::vector<std::vector<uint32_t>>
Placed(const std::string& text, const UniformIndex& draw = FIRST)
{
    JobsFile file = Parse(text);
    PlaceJobs(file, FatTreeK4(), draw);
    std::vector<std::vector<uint32_t>> hosts;
    for (const JobSpec& job : file.jobs)
    {
        hosts.push_back(job.hosts);
    }
    return hosts;
}

/// \return the error line PlaceJobs gives for \p text
std::string
PlaceError(const std::string& text)
{
    JobsFile file = Parse(text);
    try
    {
        PlaceJobs(file, FatTreeK4(), FIRST);
    }
    catch (const JobsError& e)
    {
        return e.what();
    }
    return "";
}

} // namespace

TEST(JobsFile, ReadsEveryKey)
{
    const JobsFile file =
        Parse(R"({"shareHosts": true, "jobs": [{"name": "a", "workload": "ring-allreduce",
              "msgBytes": 4096, "hosts": "0-3,8", "start": "10us", "iterations": 3,
              "gap": "2us", "group": 5}]})");
    ASSERT_EQ(file.jobs.size(), 1U);
    const JobSpec& job = file.jobs[0];
    EXPECT_TRUE(file.shareHosts);
    EXPECT_EQ(job.name, "a");
    EXPECT_EQ(job.workload, "ring-allreduce");
    EXPECT_EQ(job.bytes, 4096U);
    EXPECT_EQ(job.placement.hosts, (std::vector<uint32_t>{0, 1, 2, 3, 8}));
    EXPECT_EQ(job.startPs, 10000000U);
    EXPECT_EQ(job.iterations, 3U);
    EXPECT_EQ(job.gapPs, 2000000U);
    EXPECT_EQ(job.group, 5U);
}

TEST(JobsFile, RefusesWhatItCannotUseWithOneLineNamingTheJob)
{
    EXPECT_EQ(ParseError("{"),
              "jobs.json: not JSON: parse error at line 1, column 2: syntax "
              "error while parsing object key - unexpected end of input; "
              "expected string literal");
    EXPECT_EQ(ParseError(R"({"job": []})"), "jobs.json: needs an object with a \"jobs\" array");
    EXPECT_EQ(ParseError(R"({"jobs": []})"), "jobs.json: \"jobs\" is empty");
    EXPECT_EQ(ParseError(R"({"jobs": [{"workload": "permutation", "hosts": "0-1"}]})"),
              "jobs.json: job 1: needs a \"name\"");
    EXPECT_EQ(ParseError(R"({"jobs": [{"name": "x", "workload": "perm", "hosts": "0-1"}]})"),
              "jobs.json: job 'x': unknown workload 'perm' (--workload=help lists them)");
    EXPECT_EQ(ParseError(R"({"jobs": [{"name": "x", "workload": "permutation", "host": "0-1"}]})"),
              "jobs.json: job 'x': unknown key 'host'");
    EXPECT_EQ(ParseError(R"({"jobs": [{"name": "x", "workload": "chakra", "hosts": "0-1"}]})"),
              "jobs.json: job 'x': \"trace\" names the traces' prefix of workload \"chakra\", and "
              "only of it");
    EXPECT_EQ(ParseError(R"({"jobs": [{"name": "x", "workload": "permutation", "hosts": "0-1",
                            "trace": "t"}]})"),
              "jobs.json: job 'x': \"trace\" names the traces' prefix of workload \"chakra\", and "
              "only of it");
    EXPECT_EQ(ParseError(R"({"jobs": [{"name": "x", "workload": "chakra", "hosts": "0-1",
                            "trace": "t"}]})"),
              "");
    EXPECT_EQ(ParseError(R"({"jobs": [{"name": "x", "workload": "permutation",
                            "hosts": "0-1", "msgBytes": -5}]})"),
              "jobs.json: job 'x': 'msgBytes' must be a whole number from 1 to "
              "9223372036854775807, got -5");
    EXPECT_EQ(ParseError(R"({"jobs": [{"name": "x", "workload": "permutation",
                            "hosts": "0-1", "start": "10"}]})"),
              "jobs.json: job 'x': 'start' must be a time with a unit (10us), got '10'");
    EXPECT_EQ(ParseError(R"({"jobs": [{"name": "x", "workload": "permutation", "hosts": "3-1"}]})"),
              "jobs.json: job 'x': 'hosts': range 3-1 runs backwards");
    EXPECT_EQ(ParseError(R"({"jobs": [{"name": "x", "workload": "permutation",
                            "hosts": {"place": "nearby", "count": 2}}]})"),
              "jobs.json: job 'x': 'hosts' needs \"place\": contiguous, random, strided or "
              "per-server");
    EXPECT_EQ(ParseError(R"({"jobs": [{"name": "x", "workload": "permutation", "hosts": "0-1"},
                                     {"name": "x", "workload": "permutation", "hosts": "2-3"}]})"),
              "jobs.json: two jobs are called 'x'");
    EXPECT_EQ(ParseError(R"({"jobs": [{"name": "x", "workload": "permutation", "hosts": "0-1",
                            "receiver": 0}]})"),
              "jobs.json: job 'x': \"receiver\" is a host number, for workload \"incast\"");
}

TEST(JobsFile, RefusesOddValuesOfEveryKind)
{
    const auto job = [](const std::string& keys) {
        return ParseError(R"({"jobs": [{"name": "x", "workload": "permutation", "hosts": "0-1")" +
                          keys + "}]}");
    };
    EXPECT_EQ(job(R"(, "iterations": 4294967295)"),
              "jobs.json: job 'x': 'iterations' must be a whole number from 1 to 268435456, got "
              "4294967295");
    EXPECT_EQ(job(R"(, "iterations": 268435456)"), "");
    EXPECT_EQ(job(R"(, "iterations": 1e300)"),
              "jobs.json: job 'x': 'iterations' must be a whole number from 1 to 268435456, got "
              "1e+300");
    EXPECT_EQ(job(R"(, "group": {"a": [1]})"),
              "jobs.json: job 'x': 'group' must be a whole number from 1 to 4294967295, got "
              "{\"a\":[1]}");
    EXPECT_EQ(job(R"(, "model": [")" + std::string(100, 'm') + R"("])"),
              "jobs.json: job 'x': 'model' must be a string, got '[\"" + std::string(38, 'm') +
                  "...'");
    // nlohmann would keep the last of two equal keys.
    EXPECT_EQ(job(R"(, "start": "1us", "start": "2us")"),
              "jobs.json: key 'start' twice in one object");
    EXPECT_EQ(ParseError(R"({"jobs": [], "jobs": [1]})"),
              "jobs.json: key 'jobs' twice in one object");
    EXPECT_EQ(ParseError(R"({"jobs": [{"name": "x", "workload": "permutation", "hosts": {"place":
              "random", "count": 2, "count": 3}}]})"),
              "jobs.json: key 'count' twice in one object");
    EXPECT_EQ(ParseError(R"({"jobs": )" + std::string(100, '[') + std::string(100, ']') + "}"),
              "jobs.json: nests deeper than 64 levels");
    // Host numbers from 2^24 on are no fabric's; 2^32 would have wrapped to host 0.
    EXPECT_EQ(ParseError(R"({"jobs": [{"name": "x", "workload": "permutation",
                            "hosts": [1, 4294967296]}]})"),
              "jobs.json: job 'x': 'hosts': host 4294967296 is beyond any fabric (at most "
              "16777216 hosts)");
    EXPECT_EQ(ParseError(R"({"jobs": [{"name": "x", "workload": "incast", "hosts": "0-3",
                            "receiver": 4294967296}]})"),
              "jobs.json: job 'x': \"receiver\" is a host number, for workload \"incast\"");
    // Names and keys are shown printable, on one line.
    EXPECT_EQ(ParseError(R"({"jobs": [{"name": "a\nb", "workload": "permutation",
                            "hosts": "0-1", "\u0001": 1}]})"),
              "jobs.json: job 'a\\x0ab': unknown key '\\x01'");
    // nlohmann's message ends in all it last read: cut short.
    const std::string unclosed = "parse error at line 1, column 5012: syntax error while parsing "
                                 "value - invalid string: missing closing quote; last read: '\"" +
                                 std::string(5000, 'z');
    EXPECT_EQ(ParseError("{\"jobs\": [\"" + std::string(5000, 'z')),
              "jobs.json: not JSON: " + unclosed.substr(0, 200) + "...");
}

TEST(PlaceJobs, ListsRangesAndContiguousRunsTakeTheHostsInOrder)
{
    EXPECT_EQ(Placed(R"({"jobs": [
        {"name": "a", "workload": "permutation", "hosts": {"place": "contiguous", "count": 3}},
        {"name": "b", "workload": "permutation", "hosts": [9, 4]},
        {"name": "c", "workload": "permutation", "hosts": {"place": "contiguous", "count": 5}}]})"),
              (std::vector<std::vector<uint32_t>>{{0, 1, 2}, {9, 4}, {10, 11, 12, 13, 14}}));
}

TEST(PlaceJobs, StridedRulesTakeOneHostOfEachLeafOrPodInTurn)
{
    EXPECT_EQ(Placed(R"({"jobs": [
        {"name": "a", "workload": "permutation", "hosts": {"place": "strided", "count": 10}},
        {"name": "b", "workload": "permutation",
         "hosts": {"place": "strided", "across": "pods", "count": 6}}]})"),
              (std::vector<std::vector<uint32_t>>{{0, 2, 4, 6, 8, 10, 12, 14, 1, 3},
                                                  {5, 9, 13, 7, 11, 15}}));
}

TEST(PlaceJobs, PerServerTakesOneHostOfEachServer)
{
    JobsFile file = Parse(R"({"jobs": [{"name": "a", "workload": "permutation",
                             "hosts": {"place": "per-server", "count": 5}}]})");
    PlaceJobs(file, FatTreeK4(4), FIRST);
    EXPECT_EQ(file.jobs[0].hosts, (std::vector<uint32_t>{0, 4, 8, 12, 1}));
}

TEST(PlaceJobs, RandomDrawsFromTheFreeHostsOnly)
{
    // Drawing the last candidate each time: a partial Fisher-Yates shuffle from the back.
    const UniformIndex last = [](uint32_t bound) { return bound - 1; };
    const auto hosts = Placed(R"({"jobs": [
        {"name": "a", "workload": "permutation", "hosts": "0-11"},
        {"name": "b", "workload": "permutation", "hosts": {"place": "random", "count": 3}}]})",
                              last);
    // Pool 12 13 14 15: swap 0 and 3 (15), then 1 and 3 (12), then 2 and 3 (13).
    EXPECT_EQ(hosts[1], (std::vector<uint32_t>{15, 12, 13}));
}

TEST(PlaceJobs, AnIncastsReceiverIsItsRankZero)
{
    EXPECT_EQ(Placed(R"({"jobs": [{"name": "a", "workload": "incast", "hosts": "4-7",
                        "receiver": 6}]})")[0],
              (std::vector<uint32_t>{6, 4, 5, 7}));
}

TEST(PlaceJobs, RefusesHostsItCannotGive)
{
    EXPECT_EQ(
        PlaceError(R"({"jobs": [{"name": "a", "workload": "permutation", "hosts": "15-16"}]})"),
        "jobs.json: job 'a': host 16 is not one of the fabric's 16 (they count from 0)");
    EXPECT_EQ(
        PlaceError(R"({"jobs": [{"name": "a", "workload": "permutation", "hosts": [3, 3]}]})"),
        "jobs.json: job 'a': host 3 is listed twice");
    EXPECT_EQ(PlaceError(R"({"jobs": [{"name": "a", "workload": "permutation", "hosts": "0-3"},
                                     {"name": "b", "workload": "permutation", "hosts": "3-5"}]})"),
              "jobs.json: job 'b': host 3 belongs to an earlier job (\"shareHosts\": true "
              "allows it)");
    EXPECT_EQ(PlaceError(R"({"shareHosts": true, "jobs": [
                  {"name": "a", "workload": "permutation", "hosts": "0-3"},
                  {"name": "b", "workload": "permutation", "hosts": "3-5"}]})"),
              "");
    EXPECT_EQ(PlaceError(R"({"jobs": [{"name": "a", "workload": "permutation", "hosts": "0-9"},
                  {"name": "b", "workload": "permutation",
                   "hosts": {"place": "random", "count": 7}}]})"),
              "jobs.json: job 'b': wants 7 hosts, 6 are free");
    EXPECT_EQ(PlaceError(R"({"jobs": [{"name": "a", "workload": "permutation", "hosts": "0-4,6-9"},
                  {"name": "b", "workload": "permutation",
                   "hosts": {"place": "contiguous", "count": 5}}]})"),
              "");
    EXPECT_EQ(
        PlaceError(
            R"({"jobs": [{"name": "a", "workload": "permutation", "hosts": "1,3,5,7,9,11,13,15"},
                  {"name": "b", "workload": "permutation",
                   "hosts": {"place": "contiguous", "count": 2}}]})"),
        "jobs.json: job 'b': no 2 consecutive hosts are free");
    EXPECT_EQ(PlaceError(R"({"jobs": [{"name": "a", "workload": "incast", "hosts": "0-3",
                  "receiver": 9}]})"),
              "jobs.json: job 'a': its receiver, host 9, is not one of its hosts");
}

TEST(ComposeJobs, MapsRanksToHostsAndChainsIterations)
{
    JobsFile file = Parse(R"({"jobs": [
        {"name": "ring", "workload": "ring-allgather", "hosts": [5, 1, 9], "iterations": 2,
         "start": "1us", "gap": "3us"},
        {"name": "incast", "workload": "incast", "hosts": "12-14", "receiver": 14}]})");
    PlaceJobs(file, FatTreeK4(), FIRST);
    const ComposedJobs composed = ComposeJobs(file, 16, [](const JobSpec& job) {
        return job.workload == "incast" ? Workloads()
                                              .Get("incast", "workload")
                                              .build({3, 100, 0, FIRST, "", "llama3-7b", 1})
                                        : RingCollective(RingKind::ALL_GATHER, 3, 0, 300);
    });
    // The ring: 3 ranks x 2 steps, twice; then the incast's 2 flows.
    const ConnectionMatrix& t = composed.traffic;
    ASSERT_EQ(t.flows.size(), 14U);
    EXPECT_EQ(composed.firstFlow, (std::vector<uint32_t>{0, 12}));
    EXPECT_EQ(composed.flowsPerIteration, (std::vector<uint32_t>{6, 2}));
    for (uint32_t f = 0; f < t.flows.size(); ++f)
    {
        EXPECT_EQ(t.flows[f].id, f + 1);
    }
    // Rank r sends to rank r+1: hosts 5 -> 1 -> 9 -> 5.
    EXPECT_EQ(t.flows[0].source, 5U);
    EXPECT_EQ(t.flows[0].destination, 1U);
    EXPECT_EQ(t.flows[2].source, 9U);
    EXPECT_EQ(t.flows[2].destination, 5U);
    // The first iteration starts at the job's start; the second waits on its release.
    EXPECT_EQ(t.flows[0].startPs, 1000000U);
    EXPECT_FALSE(t.flows[6].startPs);
    ASSERT_TRUE(t.flows[6].trigger);
    EXPECT_EQ(composed.owners[6].iteration, 1U);
    EXPECT_EQ(composed.owners[6].releaseOffsetPs, 0U);
    // Step 2 of each iteration waits on its own iteration's triggers, released by step 1.
    std::set<uint32_t> triggerIds;
    for (const MatrixTrigger& trigger : t.triggers)
    {
        EXPECT_TRUE(triggerIds.insert(trigger.id).second);
        for (uint32_t waiting : trigger.waiting)
        {
            EXPECT_EQ(t.flows[waiting].trigger, trigger.id);
        }
    }
    EXPECT_EQ(t.flows[3].trigger, t.flows[2].recvDoneTrigger);
    EXPECT_EQ(t.flows[9].trigger, t.flows[8].recvDoneTrigger);
    EXPECT_NE(t.flows[3].trigger, t.flows[9].trigger);
    // The incast: hosts 12 and 13 to its receiver 14, from time 0.
    EXPECT_EQ(t.flows[12].source, 12U);
    EXPECT_EQ(t.flows[12].destination, 14U);
    EXPECT_EQ(t.flows[13].source, 13U);
    EXPECT_EQ(t.flows[13].startPs, 0U);
    EXPECT_EQ(composed.owners[13].job, 1U);
}

TEST(ParseHostList, ReadsListsAndRanges)
{
    EXPECT_EQ(ParseHostList("7"), (std::vector<uint32_t>{7}));
    EXPECT_EQ(ParseHostList("0-2,5,9-10"), (std::vector<uint32_t>{0, 1, 2, 5, 9, 10}));
    EXPECT_THROW(ParseHostList(""), std::invalid_argument);
    EXPECT_THROW(ParseHostList("1,"), std::invalid_argument);
    EXPECT_THROW(ParseHostList("a-b"), std::invalid_argument);
    EXPECT_THROW(ParseHostList("1 2"), std::invalid_argument);
}

TEST(ParseHostList, RefusesListsNoFabricHasBeforeMakingThem)
{
    const auto error = [](const std::string& text) {
        try
        {
            ParseHostList(text);
        }
        catch (const std::invalid_argument& e)
        {
            return std::string(e.what());
        }
        return std::string();
    };
    EXPECT_EQ(error("0-999999999"), "host 999999999 is beyond any fabric (at most 16777216 hosts)");
    EXPECT_EQ(error("0-16777215"), "");
    EXPECT_EQ(error("0-16777215,0"), "lists more than 16777216 hosts, more than any fabric has");
    EXPECT_EQ(error("0-9999999999"), "'0-9999999999' is not a list of hosts and ranges (0-7,12)");
}

TEST(ComposeJobs, CountsEveryIterationsMessagesBeforeComposingThem)
{
    const auto matrix = [](uint32_t flows, uint64_t startPs) {
        ConnectionMatrix m{};
        m.nodes = 2;
        for (uint32_t f = 0; f < flows; ++f)
        {
            m.flows.push_back(MatrixFlow{f % 2, 1 - f % 2, f + 1, 10, startPs, {}, {}, {}, {}, 0});
        }
        return m;
    };
    const auto composeError = [](const std::string& text,
                                 const ConnectionMatrix& one,
                                 const std::function<void(uint64_t)>& check) {
        JobsFile file = Parse(text);
        PlaceJobs(file, FatTreeK4(), FIRST);
        try
        {
            ComposeJobs(
                file,
                16,
                [&one](const JobSpec&) { return one; },
                check);
        }
        catch (const JobsError& e)
        {
            return std::string(e.what());
        }
        return std::string();
    };
    const std::string twoJobs = R"({"jobs": [
        {"name": "a", "workload": "matrix", "matrix": "m.cm", "hosts": "0-1", "iterations": 3},
        {"name": "b", "workload": "matrix", "matrix": "m.cm", "hosts": "2-3", "iterations": 5}]})";
    // The check sees every iteration's messages, 3 x 4 + 5 x 4, and its refusal names the file.
    uint64_t checked = 0;
    EXPECT_EQ(composeError(twoJobs, matrix(4, 0), [&checked](uint64_t m) { checked = m; }), "");
    EXPECT_EQ(checked, 32U);
    EXPECT_EQ(composeError(twoJobs,
                           matrix(4, 0),
                           [](uint64_t) { throw std::invalid_argument("too big"); }),
              "jobs.json: too big");
    // 2^28 iterations of 4 messages: refused before the check, before any is composed.
    EXPECT_EQ(composeError(R"({"jobs": [{"name": "a", "workload": "matrix", "matrix": "m.cm",
                               "hosts": "0-1", "iterations": 268435456}]})",
                           matrix(4, 0),
                           [](uint64_t) { ADD_FAILURE() << "checked"; }),
              "jobs.json: job 'a': its 268435456 iterations of 4 messages and 0 triggers take the "
              "jobs beyond the 2^28 messages or triggers a run may hold");
    // A flow's start on top of the job's, and iterations a huge gap apart, beyond ns-3's clock.
    EXPECT_EQ(composeError(R"({"jobs": [{"name": "a", "workload": "matrix", "matrix": "m.cm",
                               "hosts": "0-1", "start": "1000000s"}]})",
                           matrix(1, 9000000000000000000U),
                           {}),
              "jobs.json: job 'a': its flows and computes would start beyond ns-3's clock (2^63 "
              "- 1 ps, 106 days): from 1000000000000000000 ps on, 1 iteration(s) 0 ps apart, "
              "each with flows or computes starting up to 9000000000000000000 ps in");
    EXPECT_EQ(composeError(R"({"jobs": [{"name": "a", "workload": "matrix", "matrix": "m.cm",
                               "hosts": "0-1", "iterations": 11, "gap": "1000000s"}]})",
                           matrix(1, 0),
                           {}),
              "jobs.json: job 'a': its flows and computes would start beyond ns-3's clock (2^63 "
              "- 1 ps, 106 days): from 0 ps on, 11 iteration(s) 1000000000000000000 ps apart, "
              "each with flows or computes starting up to 0 ps in");
    // Computes count against their own cap, and a compute's start counts as a flow's does.
    ConnectionMatrix computing = matrix(1, 0);
    for (uint32_t c = 0; c < 4; ++c)
    {
        computing.computes.push_back(MatrixCompute{c % 2, c + 1, 5, 0, {}, {}, 0});
    }
    EXPECT_EQ(composeError(R"({"jobs": [{"name": "a", "workload": "matrix", "matrix": "m.cm",
                               "hosts": "0-1", "iterations": 67108865}]})",
                           computing,
                           {}),
              "jobs.json: job 'a': its 67108865 iterations of 4 computes take the jobs beyond the "
              "2^28 computes a run may hold");
    computing.computes[3].startPs = 9000000000000000000U;
    EXPECT_EQ(composeError(R"({"jobs": [{"name": "a", "workload": "matrix", "matrix": "m.cm",
                               "hosts": "0-1", "start": "1000000s"}]})",
                           computing,
                           {}),
              "jobs.json: job 'a': its flows and computes would start beyond ns-3's clock (2^63 "
              "- 1 ps, 106 days): from 1000000000000000000 ps on, 1 iteration(s) 0 ps apart, "
              "each with flows or computes starting up to 9000000000000000000 ps in");
}

TEST(JobsFile, ReadsAWorkloadsOwnParametersAndRefusesAnothersInOneLine)
{
    const JobsFile file = Parse(R"({"jobs": [{"name": "moe", "workload": "moe", "hosts": "0-7",
        "tokens": 64, "skew": 1.5, "moeModel": "deepseek-v3"}]})");
    EXPECT_EQ(file.jobs[0].parameters,
              (std::vector<std::pair<std::string, std::string>>{{"moeModel", "deepseek-v3"},
                                                                {"skew", "1.5"},
                                                                {"tokens", "64"}}));
    EXPECT_EQ(ParseError(R"({"jobs": [{"name": "x", "workload": "all-to-all", "hosts": "0-3",
                            "stages": 2}]})"),
              "jobs.json: job 'x': 'stages' does nothing in workload 'all-to-all' (it shapes "
              "pipeline)");
    EXPECT_EQ(ParseError(R"({"jobs": [{"name": "x", "workload": "moe", "hosts": "0-3",
                            "tokens": {"n": 1}}]})"),
              "jobs.json: job 'x': 'tokens' must be a number or a string, got {\"n\":1}");
}

TEST(ComposeJobs, MapsComputesToHostsAndChainsThemWithTheFlows)
{
    // Rank 0 sends to rank 1 at 0; its arrival starts rank 1's reply and its 5 ns compute,
    // which then starts rank 1's send to rank 2; rank 2 computes 3 ns from 7 ns on.
    ConnectionMatrix step{};
    step.nodes = 3;
    step.flows = {MatrixFlow{0, 1, 1, 100, 0, {}, {}, 10, {}, 0},
                  MatrixFlow{1, 2, 2, 100, {}, 20, {}, {}, {}, 0},
                  MatrixFlow{1, 0, 3, 100, {}, 10, {}, {}, {}, 0}};
    step.triggers = {MatrixTrigger{10, TriggerKind::ONESHOT, 1, {}, 0},
                     MatrixTrigger{20, TriggerKind::ONESHOT, 1, {}, 0}};
    step.computes = {MatrixCompute{1, 1, 5000, {}, 10, 20, 0},
                     MatrixCompute{2, 2, 3000, 7000, {}, {}, 0}};
    LinkWaitingTasks(step);
    JobsFile file = Parse(R"({"jobs": [
        {"name": "x", "workload": "matrix", "matrix": "m.cm", "hosts": [6, 3, 11],
         "iterations": 2, "start": "1us", "gap": "2us"},
        {"name": "y", "workload": "matrix", "matrix": "m.cm", "hosts": "0-2"}]})");
    PlaceJobs(file, FatTreeK4(), FIRST);
    const ComposedJobs composed = ComposeJobs(file, 16, [&step](const JobSpec&) { return step; });
    const ConnectionMatrix& t = composed.traffic;
    ASSERT_EQ(t.flows.size(), 9U);
    ASSERT_EQ(t.computes.size(), 6U);
    EXPECT_EQ(composed.firstCompute, (std::vector<uint32_t>{0, 4}));
    EXPECT_EQ(composed.computesPerIteration, (std::vector<uint32_t>{2, 2}));
    // Ids unique fabric-wide, hosts mapped rank -> host.
    for (uint32_t c = 0; c < t.computes.size(); ++c)
    {
        EXPECT_EQ(t.computes[c].id, c + 1);
        EXPECT_EQ(t.computes[c].line, 0U);
    }
    const std::vector<uint32_t> hosts{3, 11, 3, 11, 1, 2};
    for (uint32_t c = 0; c < t.computes.size(); ++c)
    {
        EXPECT_EQ(t.computes[c].host, hosts[c]) << c;
        EXPECT_EQ(composed.computeOwners[c].job, c < 4 ? 0U : 1U) << c;
        EXPECT_EQ(composed.computeOwners[c].iteration, c == 2 || c == 3 ? 1U : 0U) << c;
    }
    // The first iteration's timed compute starts at the job's start plus its own.
    EXPECT_EQ(t.computes[1].startPs, 1007000U);
    EXPECT_FALSE(composed.computeOwners[1].releaseOffsetPs);
    // Each iteration's compute waits on its own arrival and starts its own send.
    EXPECT_EQ(t.computes[0].trigger, t.flows[0].recvDoneTrigger);
    EXPECT_EQ(t.computes[0].doneTrigger, t.flows[1].trigger);
    EXPECT_EQ(t.computes[2].trigger, t.flows[3].recvDoneTrigger);
    EXPECT_EQ(t.computes[2].doneTrigger, t.flows[4].trigger);
    EXPECT_NE(t.computes[0].trigger, t.computes[2].trigger);
    EXPECT_NE(t.computes[0].doneTrigger, t.computes[2].doneTrigger);
    // The second iteration's timed compute waits on its release, 7 ns after it, as its timed
    // flow does at 0.
    EXPECT_FALSE(t.computes[3].startPs);
    ASSERT_TRUE(t.computes[3].trigger);
    EXPECT_EQ(t.computes[3].trigger, t.flows[3].trigger);
    EXPECT_EQ(composed.computeOwners[3].releaseOffsetPs, 7000U);
    EXPECT_EQ(composed.owners[3].releaseOffsetPs, 0U);
    // Job y from its start, 0, with triggers of its own.
    EXPECT_EQ(t.computes[5].startPs, 7000U);
    EXPECT_EQ(t.computes[4].trigger, t.flows[6].recvDoneTrigger);
    // Every trigger id once; each waiting list holds exactly the tasks that name it, flows
    // first, then computes, each in order.
    std::set<uint32_t> ids;
    std::map<uint32_t, std::vector<uint32_t>> expected;
    for (uint32_t f = 0; f < t.flows.size(); ++f)
    {
        if (t.flows[f].trigger)
        {
            expected[*t.flows[f].trigger].push_back(f);
        }
    }
    for (uint32_t c = 0; c < t.computes.size(); ++c)
    {
        if (t.computes[c].trigger)
        {
            expected[*t.computes[c].trigger].push_back(ComputeTask(c));
        }
    }
    for (const MatrixTrigger& trigger : t.triggers)
    {
        EXPECT_TRUE(ids.insert(trigger.id).second);
        EXPECT_EQ(trigger.waiting, expected[trigger.id]) << "trigger " << trigger.id;
    }
    // Two triggers an iteration, and the second iteration's release.
    EXPECT_EQ(t.triggers.size(), 2U + (2U + 1U) + 2U);
    const MatrixTrigger& release =
        *std::find_if(t.triggers.begin(), t.triggers.end(), [&t](const MatrixTrigger& trigger) {
            return trigger.id == t.computes[3].trigger;
        });
    EXPECT_EQ(release.waiting, (std::vector<uint32_t>{3, ComputeTask(3)}));
    // The arrival of the second iteration's first flow: its reply, then its compute.
    const MatrixTrigger& arrival =
        *std::find_if(t.triggers.begin(), t.triggers.end(), [&t](const MatrixTrigger& trigger) {
            return trigger.id == t.flows[3].recvDoneTrigger;
        });
    EXPECT_EQ(arrival.waiting, (std::vector<uint32_t>{5, ComputeTask(2)}));
}
