/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * End-to-end tests of Chakra execution traces: fabric-lb-trace-gen writes a step, and
 * fabric-lb-sim --workload=chakra runs it; bad traces are one error line.
 */

#include "e2e-util.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <string>

using namespace fabriclbe2e;

namespace
{

/// \return the prefix of a fresh step of \p gpus ranks written by fabric-lb-trace-gen
std::string
GeneratedStep(uint32_t gpus, const std::string& flags = "")
{
    const std::string prefix = TempPath("step");
    const Outcome o =
        fabriclbe2e::Run(FABRIC_LB_TRACE_GEN,
                         "--gpus=" + std::to_string(gpus) + " --out=" + prefix + " " + flags);
    EXPECT_EQ(o.status, 0) << o.err;
    return prefix;
}

/// Removes the files of a step of \p gpus ranks.
void
RemoveStep(const std::string& prefix, uint32_t gpus)
{
    for (uint32_t r = 0; r < gpus; ++r)
    {
        std::remove((prefix + "." + std::to_string(r) + ".et").c_str());
    }
}

} // namespace

TEST(Chakra, AGeneratedStepDeliversEveryMessageTheSameWayTwice)
{
    const std::string prefix = GeneratedStep(16, "--buckets=3 --bucketBytes=262144");
    for (const std::string algorithm : {"ring", "tree"})
    {
        const std::string args = "--k=4 --lb=ofan --workload=chakra --trace=" + prefix +
                                 " --algorithm=" + algorithm +
                                 (algorithm == "tree" ? " --chunkBytes=65536" : "");
        const nlohmann::json a = ResultJson(FABRIC_LB_SIM, args);
        const nlohmann::json b = ResultJson(FABRIC_LB_SIM, args);
        EXPECT_EQ(a.dump(), b.dump()) << algorithm << ": same seed, same run";
        EXPECT_EQ(a["workload"], "chakra");
        EXPECT_GT(a["messages"].get<uint64_t>(), 0U);
        EXPECT_EQ(a["messages_completed"], a["messages"]) << algorithm;
        // Per rank a forward pass, 3 backward passes and the optimizer, each on its GPU for
        // its duration (200, 100 and 50 us by default): the step lasts at least the GPU's work.
        EXPECT_EQ(a["compute"]["computes"], 16 * 5);
        EXPECT_EQ(a["compute"]["busiest_gpu_compute_ns"], 550000.0);
        EXPECT_GT(a["cct_ns"].get<double>(), 550000.0);
        if (algorithm == "ring")
        {
            // 3 buckets of a ring all-reduce over 16 ranks: 2 x 15 steps of 16 flows.
            EXPECT_EQ(a["messages"], 3 * 30 * 16);
        }
    }
    RemoveStep(prefix, 16);
}

TEST(Chakra, AJobOfTracesRunsItsComputesEveryIteration)
{
    // A jobs file's chakra job reads its traces ("trace") and runs their computes, iteration
    // after iteration.
    const std::string prefix = GeneratedStep(4, "--buckets=2 --bucketBytes=65536");
    const std::string jobs = TempPath("jobs.json");
    std::ofstream(jobs) << R"({"jobs": [{"name": "step", "workload": "chakra", "hosts": "4-7",
        "iterations": 2, "gap": "1us", "trace": ")"
                        << prefix << R"("}]})";
    const nlohmann::json a = ResultJson(FABRIC_LB_SIM, "--k=4 --jobs=" + jobs);
    EXPECT_EQ(a["messages_completed"], a["messages"]);
    // Per rank and iteration a forward pass, 2 backward passes and the optimizer (200, 100 and
    // 50 us): each iteration lasts at least a GPU's 450 us, the second after the first.
    EXPECT_EQ(a["compute"]["computes"], 2 * 4 * 4);
    EXPECT_EQ(a["compute"]["busiest_gpu_compute_ns"], 2 * 450000.0);
    ASSERT_EQ(a["jobs"][0]["cct_ns"].size(), 2U);
    for (uint32_t i = 0; i < 2; ++i)
    {
        EXPECT_GE(a["jobs"][0]["cct_ns"][i].get<double>(), 450000.0);
        EXPECT_GE(a["jobs"][0]["cct_ns"][i].get<double>(), a["jobs"][0]["bound_ns"].get<double>());
    }
    EXPECT_GE(a["cct_ns"].get<double>(),
              a["jobs"][0]["cct_ns"][0].get<double>() + 1000 +
                  a["jobs"][0]["cct_ns"][1].get<double>());
    std::remove(jobs.c_str());
    RemoveStep(prefix, 4);
}

TEST(Chakra, AMalformedTraceIsOneErrorLineNamingFileAndNode)
{
    const std::string prefix = GeneratedStep(4);
    // Rank 2's file cut short inside its last record.
    const std::string cut = prefix + ".2.et";
    std::string bytes = Slurp(cut);
    std::ofstream(cut, std::ios::binary | std::ios::trunc) << bytes.substr(0, bytes.size() - 3);
    Outcome o = fabriclbe2e::Run(FABRIC_LB_SIM, "--k=4 --workload=chakra --trace=" + prefix);
    EXPECT_EQ(o.status, 2);
    EXPECT_EQ(o.err.rfind("fabric-lb-sim: error: " + cut + ": byte ", 0), 0U) << o.err;
    EXPECT_NE(o.err.find("runs past the end of the file"), std::string::npos) << o.err;
    EXPECT_EQ(o.err.find('\n'), o.err.size() - 1) << "one line: " << o.err;
    // More ranks than hosts.
    const std::string wide = GeneratedStep(17);
    o = fabriclbe2e::Run(FABRIC_LB_SIM, "--k=4 --workload=chakra --trace=" + wide);
    EXPECT_EQ(o.status, 2);
    EXPECT_NE(o.err.find("more ranks than the 16 hosts"), std::string::npos) << o.err;
    RemoveStep(wide, 17);
    // No traces, and no --trace.
    o = fabriclbe2e::Run(FABRIC_LB_SIM, "--k=4 --workload=chakra --trace=" + prefix + "-none");
    EXPECT_EQ(o.status, 2);
    EXPECT_EQ(o.err,
              "fabric-lb-sim: error: " + prefix +
                  "-none.0.et: cannot open (--trace=PREFIX reads PREFIX.0.et, PREFIX.1.et, "
                  "...)\n");
    // An output over a rank's trace is refused, the trace left as it was.
    const std::string rank1 = prefix + ".1.et";
    const std::string before = Slurp(rank1);
    o = fabriclbe2e::Run(FABRIC_LB_SIM,
                         "--k=4 --workload=chakra --trace=" + prefix + " --out=" + rank1);
    EXPECT_EQ(o.status, 2);
    EXPECT_NE(o.err.find("--trace"), std::string::npos) << o.err;
    EXPECT_EQ(Slurp(rank1), before);
    o = fabriclbe2e::Run(FABRIC_LB_SIM, "--k=4 --workload=chakra");
    EXPECT_EQ(o.status, 2);
    EXPECT_NE(o.err.find("--trace=PREFIX"), std::string::npos) << o.err;
    o = fabriclbe2e::Run(FABRIC_LB_SIM, "--k=4 --workload=permutation --trace=" + prefix);
    EXPECT_EQ(o.status, 2);
    EXPECT_NE(o.err.find("--trace"), std::string::npos) << o.err;
    RemoveStep(prefix, 4);
}

TEST(Chakra, TheGeneratorRefusesBadFlagsInOneLine)
{
    Outcome o = fabriclbe2e::Run(FABRIC_LB_TRACE_GEN, "--gpus=1 --out=/tmp/x");
    EXPECT_EQ(o.status, 2);
    EXPECT_EQ(o.err, "fabric-lb-trace-gen: error: --gpus must be 2 to 131072\n");
    o = fabriclbe2e::Run(FABRIC_LB_TRACE_GEN, "--gpus=4");
    EXPECT_EQ(o.status, 2);
    EXPECT_EQ(o.err, "fabric-lb-trace-gen: error: --out=PREFIX is required\n");
    // A folder is not a prefix: its files would be hidden ones (/tmp/.0.et), and "/" the root's.
    o = fabriclbe2e::Run(FABRIC_LB_TRACE_GEN, "--gpus=4 --out=/tmp");
    EXPECT_EQ(o.status, 2);
    EXPECT_EQ(o.err,
              "fabric-lb-trace-gen: error: --out=/tmp is a folder: give the files' prefix, as "
              "/tmp/step\n");
    // A step too large to hold is refused before anything is built or written.
    o = fabriclbe2e::Run(FABRIC_LB_TRACE_GEN, "--gpus=4096 --buckets=4096 --out=/tmp/x");
    EXPECT_EQ(o.status, 2);
    EXPECT_EQ(o.err,
              "fabric-lb-trace-gen: error: --gpus x --buckets: more than 16777216 trace nodes\n");
    EXPECT_FALSE(std::filesystem::exists("/tmp/x.0.et"));
}

TEST(Chakra, GeneratedTrainingStepsRunAndMap)
{
    // 16 GPUs on k=4: a Llama-3 7B slice of 8 layers under tensor and pipeline parallelism.
    const std::string dense = GeneratedStep(16,
                                            "--model=llama3-7b --tp=2 --pp=8 --layers=8 "
                                            "--microbatches=2 --sequenceLength=256");
    const nlohmann::json r =
        ResultJson(FABRIC_LB_SIM, "--k=4 --lb=ofan --workload=chakra --trace=" + dense);
    RemoveStep(dense, 16);
    EXPECT_GT(r["messages"].get<uint64_t>(), 0U);
    EXPECT_EQ(r["messages_completed"], r["messages"]);
    // Every rank computes its 2 x 2 passes (and the mapping may add joins of no time).
    EXPECT_GE(r["compute"]["computes"].get<uint64_t>(), 16U * 4);
    EXPECT_GE(r["cct_ns"].get<double>(), r["bound_ns"].get<double>());
    // Mixtral with pipeline, data and expert parallelism maps onto the fabric's traffic (its
    // gradients, hundreds of MB a rank, are left to experiments).
    const std::string moe = GeneratedStep(
        16,
        "--model=mixtral-8x7b --pp=2 --ep=4 --layers=2 --microbatches=2 --sequenceLength=512");
    const std::string matrix = TempPath("cm");
    const Outcome dump =
        fabriclbe2e::Run(FABRIC_LB_SIM,
                         "--k=4 --workload=chakra --trace=" + moe + " --dump-matrix=" + matrix);
    RemoveStep(moe, 16);
    EXPECT_EQ(dump.status, 0) << dump.err;
    const std::string text = Slurp(matrix);
    std::remove(matrix.c_str());
    EXPECT_EQ(text.rfind("Nodes 16\n", 0), 0U);
    EXPECT_NE(text.find("\nComputes "), std::string::npos);
    const Outcome bad =
        fabriclbe2e::Run(FABRIC_LB_TRACE_GEN,
                         "--gpus=16 --model=llama3-70b --tp=3 --out=" + TempPath("step"));
    EXPECT_EQ(bad.status, 2);
    EXPECT_EQ(bad.err, "fabric-lb-trace-gen: error: --tp x --pp x --dp must be --gpus (16)\n");
}
