/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * End-to-end tests of a shared fabric: several jobs (--jobs), background traffic
 * (--background, --load), incasts and HPCC (--cc=hpcc) through the driver: per-job bounds
 * by hand, a lone job equal to the plain run, iterations a gap apart, background arrivals at
 * their load, a lone flow's slowdown of 1, every byte delivered with everything at once, and
 * bad input refused in one line.
 */

#include "e2e-util.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

using namespace fabriclbe2e;

namespace
{

/// \return a temporary file holding \p text
std::string
FileWith(const std::string& tag, const std::string& text)
{
    const std::string path = TempPath(tag);
    std::ofstream(path) << text;
    return path;
}

/// \return the driver's JSON for \p args (which must succeed)
nlohmann::json
RunJson(const std::string& args)
{
    const std::string json = TempPath("json");
    const Outcome o = fabriclbe2e::Run(FABRIC_LB_SIM, args + " --out=" + json);
    EXPECT_EQ(o.status, 0) << args << "\n" << o.err;
    nlohmann::json parsed = nlohmann::json::parse(Slurp(json), nullptr, false);
    std::remove(json.c_str());
    return parsed;
}

/// A message of a --flows file: when it started and completed, in ns.
struct FlowTimes
{
    double startNs;      //!< start_ns
    double completionNs; //!< completion_ns
};

/// \return the messages of the --flows file \p path, in flow order
std::vector<FlowTimes>
ReadFlows(const std::string& path)
{
    std::istringstream rows(Slurp(path));
    std::string row;
    std::getline(rows, row); // source,destination,bytes,start_ns,completion_ns,...
    std::vector<FlowTimes> flows;
    while (std::getline(rows, row))
    {
        std::istringstream fields(row);
        std::string field;
        std::vector<std::string> values;
        while (std::getline(fields, field, ','))
        {
            values.push_back(field);
        }
        flows.push_back({std::stod(values.at(3)), std::stod(values.at(4))});
    }
    return flows;
}

/// A run of a jobs file: the driver's JSON and its messages' times (--flows).
struct JobsRun
{
    nlohmann::json result;        //!< the driver's JSON
    std::vector<FlowTimes> flows; //!< each message's start and completion, in flow order
};

/// \return the run of the jobs file \p text under the driver's \p args
JobsRun
RunJobsWithFlows(const std::string& text, const std::string& args)
{
    const std::string jobs = FileWith("jobs.json", text);
    const std::string flows = TempPath("flows.csv");
    JobsRun run{RunJson(args + " --jobs=" + jobs + " --flows=" + flows), ReadFlows(flows)};
    std::remove(jobs.c_str());
    std::remove(flows.c_str());
    return run;
}

/// Two incasts on k=4 (800 Gb/s, 500 ns links, 4158 B frames): three hosts of other pods
/// send 100 packets each to host 0; host 1 sends 100 packets to host 5, twice, 1 us apart.
const std::string TWO_INCASTS = R"({"jobs": [
    {"name": "incast", "workload": "incast", "msgBytes": 409600, "hosts": [0, 4, 8, 12]},
    {"name": "pair", "workload": "incast", "msgBytes": 409600, "hosts": [5, 1],
     "iterations": 2, "gap": "1us"}]})";

} // namespace

TEST(SharedFabric, ALoneJobOnEveryHostGivesThePlainDriversResult)
{
    // (workload, its own parameters as a job's keys, as the driver's flags): the workloads
    // with computes too.
    const std::string bytes = R"(, "msgBytes": 65536)";
    const std::vector<std::tuple<std::string, std::string, std::string>> workloads{
        {"permutation", bytes, " --msgBytes=65536"},
        {"ring-allreduce", bytes, " --msgBytes=65536"},
        {"all-to-all", bytes, " --msgBytes=65536"},
        {"moe", R"(, "tokens": 64, "skew": 1)", " --tokens=64 --skew=1"},
        {"pipeline",
         bytes + R"(, "stages": 4, "microbatches": 2, "forwardTime": "5us")",
         " --msgBytes=65536 --stages=4 --microbatches=2 --forwardTime=5us"}};
    for (const auto& [workload, keys, flags] : workloads)
    {
        const std::string jobs =
            FileWith("jobs.json",
                     R"({"jobs": [{"name": "only", "workload": ")" + workload +
                         R"(", "hosts": {"place": "contiguous", "count": 16})" + keys + "}]}");
        nlohmann::json plain = RunJson("--k=4 --lb=reps --workload=" + workload + flags);
        nlohmann::json shared = RunJson("--k=4 --lb=reps --jobs=" + jobs);
        ASSERT_TRUE(shared.contains("jobs")) << workload;
        EXPECT_EQ(shared["jobs"][0]["cct_ns"][0], plain["cct_ns"]) << workload;
        EXPECT_EQ(shared["jobs"][0]["bound_ns"], plain["bound_ns"]) << workload;
        EXPECT_EQ(shared["jobs"][0]["slowdown"], 1.0) << workload;
        EXPECT_EQ(plain.contains("compute"), keys != bytes) << workload;
        for (nlohmann::json* j : {&plain, &shared})
        {
            j->erase("wall_seconds");
            j->erase("jobs");
        }
        EXPECT_EQ(plain, shared) << workload;
        std::remove(jobs.c_str());
    }
}

TEST(SharedFabric, EachJobsBoundIsItsOwnAloneAsComputedByHand)
{
    const std::string jobs = FileWith("jobs.json", TWO_INCASTS);
    const nlohmann::json j = RunJson("--k=4 --jobs=" + jobs);
    std::remove(jobs.c_str());
    // In ps: a data frame 41,780 with its gap (Td 41,580, Tg 200), an ACK 640; 500 ns links.
    // Host 0 receives 300 packets over 6 hops: 300 x 41,780 - 200 + 6 x 640 + 6 x 500,000.
    EXPECT_DOUBLE_EQ(j["jobs"][0]["bound_ns"].get<double>(), 15537.64);
    // One message of 100 packets over 6 hops, alone: 100 x 41,780 - 200 + 5 x 41,580 (the last
    // packet's store and forward) + 6 x 500,000 + 6 x 640 + 6 x 500,000 (its ACK back).
    EXPECT_DOUBLE_EQ(j["jobs"][1]["bound_ns"].get<double>(), 10389.54);
    // The whole: the later of the jobs, the pair's two iterations and its gap.
    EXPECT_DOUBLE_EQ(j["bound_ns"].get<double>(), 2 * 10389.54 + 1000);
    EXPECT_EQ(j["workload"], "jobs");
    EXPECT_EQ(j["messages"], 5);
    ASSERT_EQ(j["jobs"][1]["cct_ns"].size(), 2U);
    // Alone, the pair runs at its bound each time; beside the incast, never faster.
    for (uint32_t i = 0; i < 2; ++i)
    {
        EXPECT_DOUBLE_EQ(j["jobs"][1]["alone_cct_ns"][i].get<double>(), 10389.54);
        EXPECT_GE(j["jobs"][1]["cct_ns"][i].get<double>(), 10389.54);
    }
    // The second iteration starts a gap after the first's completion.
    EXPECT_GE(j["cct_ns"].get<double>(),
              j["jobs"][1]["cct_ns"][0].get<double>() + 1000 +
                  j["jobs"][1]["cct_ns"][1].get<double>());
    for (const auto& job : j["jobs"])
    {
        EXPECT_GE(job["slowdown"].get<double>(), 1.0) << job["name"];
    }
}

TEST(SharedFabric, InterleavedJobsSlowEachOtherDownWhereContiguousOnesDoNot)
{
    const auto jobsPlaced = [](const std::string& place) {
        return FileWith("jobs.json",
                        R"({"jobs": [{"name": "a2a", "workload": "all-to-all", "msgBytes": 65536,
                            "hosts": {"place": ")" +
                            place + R"(", "count": 8}},
                           {"name": "ring", "workload": "ring-allreduce", "msgBytes": 1048576,
                            "hosts": {"place": ")" +
                            place + R"(", "count": 8}}]})");
    };
    const std::string contiguous = jobsPlaced("contiguous");
    const std::string strided = jobsPlaced("strided");
    // Contiguous jobs hold two pods each: they share no link of a fat tree.
    const nlohmann::json apart = RunJson("--k=4 --lb=ecmp --jobs=" + contiguous);
    const nlohmann::json mixed = RunJson("--k=4 --lb=ecmp --jobs=" + strided);
    std::remove(contiguous.c_str());
    std::remove(strided.c_str());
    for (const auto& job : apart["jobs"])
    {
        EXPECT_EQ(job["slowdown"], 1.0) << job["name"];
        EXPECT_EQ(job["cct_ns"], job["alone_cct_ns"]) << job["name"];
    }
    double worst = 0;
    for (const auto& job : mixed["jobs"])
    {
        worst = std::max(worst, job["slowdown"].get<double>());
        EXPECT_NE(job["cct_ns"], job["alone_cct_ns"]) << job["name"] << ": measured, not assumed";
    }
    EXPECT_GT(worst, 1.01);
}

TEST(SharedFabric, ALoneFlowOnAnIdleFabricHasASlowdownOfOne)
{
    const std::string matrix = FileWith("one.cm",
                                        "Nodes 16\nConnections 1\n"
                                        "0->9 id 1 start 0 size 100000\n");
    const std::string flows = TempPath("flows.csv");
    const Outcome o =
        fabriclbe2e::Run(FABRIC_LB_SIM,
                         "--k=4 --workload=matrix --matrix=" + matrix + " --flows=" + flows);
    ASSERT_EQ(o.status, 0) << o.err;
    const std::string csv = Slurp(flows);
    std::remove(matrix.c_str());
    std::remove(flows.c_str());
    // The header, then the one flow: its completion time is its own bound exactly.
    const std::string row = csv.substr(csv.find('\n') + 1);
    EXPECT_EQ(row.substr(row.rfind(',') + 1), "1\n") << csv;
}

TEST(SharedFabric, BackgroundArrivalsMatchTheirLoad)
{
    // Hadoop's flows (mean 120,420.755 B) at 40% of 16 hosts' 800 Gb/s: lambda =
    // 0.4 x 16 x 800e9 / (8 x 120,420.755) = 5.315 flows a microsecond.
    const double lambdaPerNs = 0.4 * 16 * 800e9 / (8 * 120420.755) / 1e9;
    const nlohmann::json j = RunJson("--k=4 --lb=ofan --msgBytes=4194304 --background=hadoop "
                                     "--load=0.4");
    const nlohmann::json& b = j["background"];
    ASSERT_TRUE(b.is_object());
    EXPECT_EQ(b["distribution"], "hadoop");
    EXPECT_EQ(b["flows"], b["flows_completed"]);
    // Arrivals come until the collective completes: a Poisson count of mean lambda x CCT, whose
    // standard deviation is its square root; five of them bound a correct run's deviation.
    const double expected = lambdaPerNs * j["cct_ns"].get<double>();
    EXPECT_NEAR(b["flows"].get<double>(), expected, 5 * std::sqrt(expected));
    EXPECT_GT(expected, 200) << "enough arrivals for the tolerance to mean something";
    EXPECT_GE(b["slowdown_p50"].get<double>(), 1.0);
    EXPECT_GE(b["slowdown_p99"].get<double>(), b["slowdown_p50"].get<double>());
    uint64_t flows = 0;
    for (const auto& bucket : b["buckets"])
    {
        flows += bucket["flows"].get<uint64_t>();
    }
    EXPECT_EQ(flows, b["flows_completed"].get<uint64_t>());
    EXPECT_EQ(j["messages"].get<uint64_t>(), 16 + b["flows"].get<uint64_t>());
}

TEST(SharedFabric, EveryByteIsDeliveredWithJobsIncastsAndBackgroundAtOnce)
{
    const std::string jobs = FileWith("jobs.json", R"({"jobs": [
        {"name": "a2a", "workload": "all-to-all", "msgBytes": 65536,
         "hosts": {"place": "strided", "across": "pods", "count": 8}},
        {"name": "incast", "workload": "incast", "msgBytes": 262144, "hosts": "8-15",
         "receiver": 9, "iterations": 3, "gap": "2us"}], "shareHosts": true})");
    for (const std::string cc : {"fixed", "dcqcn", "hpcc"})
    {
        const std::string flows = TempPath("flows.csv");
        const nlohmann::json j = RunJson(
            "--k=4 --lb=reps --recovery=sack --background=web-search --load=0.3 --cc=" + cc +
            " --jobs=" + jobs + " --flows=" + flows);
        EXPECT_EQ(j["messages_completed"], j["messages"]) << cc;
        EXPECT_EQ(j["packets_sent"].get<uint64_t>() + j["acks_sent"].get<uint64_t>(),
                  j["packets_delivered"].get<uint64_t>() + j["acks_delivered"].get<uint64_t>() +
                      j["packets_dropped"].get<uint64_t>() + j["in_flight"].get<uint64_t>())
            << cc;
        // Every message, the background's included, has its completion.
        std::istringstream rows(Slurp(flows));
        std::string row;
        std::getline(rows, row);
        uint64_t rowsSeen = 0;
        while (std::getline(rows, row))
        {
            ++rowsSeen;
            EXPECT_EQ(row.find(",,"), std::string::npos) << cc << ": " << row;
        }
        EXPECT_EQ(rowsSeen, j["messages"].get<uint64_t>()) << cc;
        EXPECT_GT(j["background"]["flows"].get<uint64_t>(), 0U) << cc;
        EXPECT_EQ(j["jobs"][1]["cct_ns"].size(), 3U) << cc;
        std::remove(flows.c_str());
    }
    std::remove(jobs.c_str());
}

TEST(SharedFabric, HpccRunsOnEveryPortPathAndHoldsQueuesBelowDcqcns)
{
    // A permutation of 1 MiB: HPCC's largest queue stays below DCQCN's, on both paths.
    for (const std::string path : {"", " --switchPort=queue-disc --hostPath=ipv4"})
    {
        const nlohmann::json hpcc = RunJson("--k=4 --lb=ecmp --recovery=sack --cc=hpcc" + path);
        const nlohmann::json dcqcn = RunJson("--k=4 --lb=ecmp --recovery=sack --cc=dcqcn" + path);
        EXPECT_EQ(hpcc["cc"], "hpcc");
        EXPECT_EQ(hpcc["messages_completed"], 16) << path;
        EXPECT_LT(hpcc["max_queue_pkts"].get<double>(), dcqcn["max_queue_pkts"].get<double>())
            << path;
    }
}

TEST(SharedFabric, BadJobsFilesLoadsAndDistributionsAreOneLineAndExitTwo)
{
    const std::string notJson = FileWith("bad.json", "{\"jobs\": [");
    const std::string unknown =
        FileWith("unknown.json",
                 R"({"jobs": [{"name": "x", "workload": "ring", "hosts": "0-3"}]})");
    const std::string beyond =
        FileWith("beyond.json",
                 R"({"jobs": [{"name": "big", "workload": "permutation", "hosts": "0-16"}]})");
    const std::string overlap = FileWith("overlap.json", R"({"jobs": [
        {"name": "a", "workload": "permutation", "hosts": "0-7"},
        {"name": "b", "workload": "permutation", "hosts": "7-9"}]})");
    const std::string ringGroup = FileWith(
        "group.json",
        R"({"jobs": [{"name": "r", "workload": "ring-allreduce", "hosts": "0-4", "group": 2}]})");
    const std::string falling = FileWith("falling.cdf", "100 0.5\n50 1\n");
    const std::string short_ = FileWith("short.cdf", "100 0.5\n200 0.9\n");
    const std::string endless =
        FileWith("endless.json", R"({"jobs": [{"name": "a", "workload": "permutation",
                                  "hosts": "0-3", "iterations": 4294967295}]})");
    const std::string huge =
        FileWith("huge.json", R"({"jobs": [{"name": "a", "workload": "all-to-all",
                               "hosts": "0-15", "iterations": 100000000}]})");
    const std::vector<std::pair<std::string, std::string>> cases{
        {"--jobs=" + notJson, notJson + ": not JSON: parse error at line 1"},
        {"--jobs=" + unknown, unknown + ": job 'x': unknown workload 'ring'"},
        {"--jobs=" + beyond, beyond + ": job 'big': host 16 is not one of the fabric's 16"},
        {"--jobs=" + overlap, overlap + ": job 'b': host 7 belongs to an earlier job"},
        {"--jobs=" + ringGroup, ringGroup + ": job 'r': a ring group of 2 hosts"},
        {"--jobs=/nonexistent/jobs.json", "/nonexistent/jobs.json: cannot open"},
        // Before: iterations 2^32 - 1 were composed, until std::bad_alloc ended the run.
        {"--jobs=" + endless,
         endless + ": job 'a': 'iterations' must be a whole number from 1 to 268435456, got "
                   "4294967295"},
        {"--jobs=" + huge, huge + ": job 'a': k=4 with 24000000000 messages needs about "},
        {"--background=web-search --load=1.5", "--load: '1.5' is not a number in [0, 1]"},
        {"--background=web-search --load=1", "--load=1: a load must be in (0, 1)"},
        {"--background=web-search --load=0", "--load=0: a load must be in (0, 1)"},
        {"--background=" + falling, falling + ":2: size 50 is not above the previous size"},
        {"--background=" + short_, short_ + ":2: the last probability is '0.9', not 1"},
        {"--background=websearch",
         "--background=websearch: neither a distribution (web-search, hadoop, data-mining) nor "
         "a file that can be read"},
    };
    for (const auto& [args, message] : cases)
    {
        const Outcome o = fabriclbe2e::Run(FABRIC_LB_SIM, "--k=4 --msgBytes=8192 " + args);
        EXPECT_EQ(o.status, 2) << args << "\n" << o.err;
        EXPECT_NE(o.err.find(message), std::string::npos) << args << "\n" << o.err;
        EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << args << "\n" << o.err;
    }
    for (const std::string& path :
         {notJson, unknown, beyond, overlap, ringGroup, falling, short_, endless, huge})
    {
        std::remove(path.c_str());
    }
}

TEST(SharedFabric, AnMoeJobBesideAnAllReduceRunsEveryMessageAndComputeIterationAfterIteration)
{
    // Interleaved over the leaves, so that they share links: an MoE forward step of 64 tokens a
    // device on hosts 0, 2, ..., 14 and a ring all-reduce of 256 KiB on hosts 1, 3, ..., 15.
    const auto [j, times] = RunJobsWithFlows(R"({"jobs": [
        {"name": "moe", "workload": "moe", "tokens": 64, "skew": 1, "iterations": 2,
         "gap": "1us", "hosts": {"place": "strided", "count": 8}},
        {"name": "ar", "workload": "ring-allreduce", "msgBytes": 262144, "iterations": 2,
         "hosts": {"place": "strided", "count": 8}}]})",
                                             "--k=4 --lb=ecmp");
    EXPECT_EQ(j["messages_completed"], j["messages"]);
    // Each MoE iteration: each of its 8 devices' attention, experts and two joins; the run's
    // compute object covers every job's.
    ASSERT_TRUE(j.contains("compute"));
    EXPECT_EQ(j["compute"]["computes"], 2 * 8 * 4);
    EXPECT_GT(j["compute"]["busiest_gpu_compute_ns"].get<double>(), 0);
    // No iteration of either job beats its bound alone, here or alone.
    for (const auto& job : j["jobs"])
    {
        ASSERT_EQ(job["cct_ns"].size(), 2U) << job["name"];
        for (uint32_t i = 0; i < 2; ++i)
        {
            EXPECT_GE(job["cct_ns"][i].get<double>(), job["bound_ns"].get<double>()) << job["name"];
            EXPECT_GE(job["alone_cct_ns"][i].get<double>(), job["bound_ns"].get<double>())
                << job["name"];
        }
    }
    // The ring: 2 x 7 steps of 8 messages an iteration; the MoE's messages come first.
    ASSERT_EQ(times.size(), j["messages"].get<size_t>());
    const size_t moeFlows = (times.size() - 2 * 112) / 2;
    ASSERT_GT(moeFlows, 0U);
    const double firstEndNs = j["jobs"][0]["cct_ns"][0].get<double>();
    double lastCompletionNs = 0;
    double secondStartNs = 1e300;
    for (size_t f = 0; f < moeFlows; ++f)
    {
        lastCompletionNs = std::max(lastCompletionNs, times[f].completionNs);
        secondStartNs = std::min(secondStartNs, times[moeFlows + f].startNs);
    }
    // Iteration 1 ends with its last task (its last combine, then that device's join); the
    // second starts a gap later, each device's attention first.
    // (--flows writes 6 significant digits: to the nanosecond here.)
    EXPECT_GE(firstEndNs + 1, lastCompletionNs);
    EXPECT_GE(secondStartNs, firstEndNs + 1000);
}

TEST(SharedFabric, TwoPipelineJobsEachStartAnIterationAfterTheLastComputeOfTheOneBefore)
{
    // Each job: 2 pipelines of 4 stages, 2 micro-batches; its iteration ends with stage 0's
    // last backward pass, 20 us after the last gradient arrives.
    const auto [j, times] = RunJobsWithFlows(R"({"jobs": [
        {"name": "p1", "workload": "pipeline", "stages": 4, "microbatches": 2,
         "forwardTime": "5us", "backwardTime": "20us", "msgBytes": 65536, "iterations": 2,
         "gap": "1us", "hosts": {"place": "strided", "count": 8}},
        {"name": "p2", "workload": "pipeline", "stages": 4, "microbatches": 2,
         "forwardTime": "5us", "backwardTime": "20us", "msgBytes": 65536, "iterations": 2,
         "gap": "1us", "hosts": {"place": "strided", "count": 8}}]})",
                                             "--k=4 --lb=ecmp");
    EXPECT_EQ(j["messages_completed"], j["messages"]);
    // An iteration: 2 pipelines x 3 stage boundaries x 2 directions x 2 micro-batches.
    constexpr size_t perIteration = 24;
    ASSERT_EQ(times.size(), 4 * perIteration);
    // Per host and micro-batch a forward and a backward pass, and a join between two passes.
    EXPECT_EQ(j["compute"]["computes"], 2 * 2 * 8 * (2 * 2 + 2 * 2 - 1));
    for (size_t job = 0; job < 2; ++job)
    {
        const size_t first = job * 2 * perIteration;
        double lastCompletionNs = 0;
        double secondStartNs = 1e300;
        for (size_t f = first; f < first + perIteration; ++f)
        {
            lastCompletionNs = std::max(lastCompletionNs, times[f].completionNs);
            secondStartNs = std::min(secondStartNs, times[f + perIteration].startNs);
        }
        // Had the iteration ended with its last message, the next would start 6 us later
        // (the gap and a forward pass): it waits for the backward pass as well.
        EXPECT_GE(secondStartNs, lastCompletionNs + 20000 + 1000) << job;
        // The iteration's end is that backward pass's, not the last message's: 20 us after the
        // last gradient arrived, whose ACK reached its sender within 5 us.
        EXPECT_GE(j["jobs"][job]["cct_ns"][0].get<double>(), lastCompletionNs + 20000 - 5000)
            << job;
        // The first micro-batch forward through the 4 stages and back, at least.
        EXPECT_GE(j["jobs"][job]["cct_ns"][0].get<double>(), 4 * 5000 + 4 * 20000) << job;
    }
}
