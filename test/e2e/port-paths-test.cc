/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The fast path (fabric ports, the NIC bypassing the host stack: the default) gives the JSON
 * of ns-3's path (point-to-point devices behind queue discs, UDP and IPv4 on the hosts), field
 * by field, wall time and events aside: every scheme on both wires at the k=4 all-to-all of
 * 256 KiB and the k=8 permutation of 1 MiB, failures (drop and degrade, at 0 and mid-run),
 * DCQCN, Swift, go-back-N and selective repeat under loss, FSDP, a connection matrix with
 * triggers, trimming, and the fabrics beyond the fat tree. (MPI over two ranks:
 * tools/in-tree-check.sh.)
 */

#include "e2e-util.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

using namespace fabriclbe2e;

namespace
{

/// The JSON of a run of the driver with \p args, wall time and events aside.
nlohmann::json
ResultOf(const std::string& args)
{
    const std::string json = TempPath("json");
    const Outcome o = Run(FABRIC_LB_SIM, args + " --out=" + json);
    EXPECT_EQ(o.status, 0) << args << "\n" << o.err;
    nlohmann::json result = nlohmann::json::parse(Slurp(json));
    std::remove(json.c_str());
    result.erase("wall_seconds");
    result.erase("events");
    return result;
}

/// Every case: driver flags.
std::vector<std::string>
Cases()
{
    std::vector<std::string> cases;
    for (const std::string wire : {"physical", "study"})
    {
        for (const std::string& lb : STUDY_SCHEMES)
        {
#ifdef FABRIC_LB_SANITIZED
            // Under the sanitizers, one case of each kind of path choice (hashing, a host's
            // spraying, adaptive routing, Ofan) on the physical wire and ECMP on the study's:
            // the code paths, not every combination (the stand-alone tier runs them all).
            const std::set<std::string> sanitized =
                wire == "physical"
                    ? std::set<std::string>{"ecmp", "host-spray", "switch-ar", "ofan"}
                    : std::set<std::string>{"ecmp"};
            if (sanitized.count(lb) == 0)
            {
                continue;
            }
#endif
            cases.push_back("--k=4 --workload=all-to-all --msgBytes=262144 --wire=" + wire +
                            " --lb=" + lb);
#ifndef FABRIC_LB_SANITIZED
            // Under the sanitizers the k=4 cases take the same code paths in a tenth of the time.
            cases.push_back("--k=8 --workload=permutation --msgBytes=1048576 --wire=" + wire +
                            " --lb=" + lb);
#endif
        }
    }
    const std::string k4 = "--k=4 --workload=all-to-all --msgBytes=262144 ";
    for (const std::string mode : {"drop", "degrade"})
    {
        for (const std::string at : {"0us", "3us"})
        {
#ifdef FABRIC_LB_SANITIZED
            if ((mode == "drop") != (at == "0us"))
            {
                continue; // a failure at the start dropping, one during the run degrading
            }
#endif
            cases.push_back(k4 + "--lb=reps --failLinks=agg-p0-0:core-0@" + at +
                            ",edge-p1-1:agg-p1-0@" + at + " --convergence=1rtt --failMode=" + mode);
        }
    }
    cases.push_back("--k=8 --workload=all-to-all --msgBytes=65536 --lb=ofan --failProb=0.03 "
                    "--convergence=1rtt --seed=5");
    cases.push_back(k4 + "--lb=ofan --recovery=sack --cc=dcqcn");
    cases.push_back(k4 + "--lb=reps --recovery=sack --cc=swift");
    cases.push_back(k4 + "--lb=host-spray --recovery=gbn --lossRate=0.01 --seed=3");
    cases.push_back(k4 + "--lb=ofan --recovery=sack --lossRate=0.01 --seed=3");
    cases.push_back("--k=4 --lb=ofan --workload=fsdp --model=llama3-7b");
    cases.push_back("--k=4 --lb=host-dr --workload=matrix --matrix=" FABRIC_LB_MATRIX_DIR
                    "/good-triggers.cm");
    // Trimming at the switch ports: of what the buffers would drop, and above a threshold.
    const std::string incast = "--k=4 --workload=incast --msgBytes=65536 --bufferBytes=50000 "
                               "--recovery=rud --trim";
    cases.push_back(incast);
    cases.push_back(incast + " --trimThreshold=20000");
    cases.push_back("--topology=leaf-spine --leaves=3 --spines=2 --hostsPerLeaf=3 "
                    "--linksPerSpine=2 --workload=all-to-all --msgBytes=65536 --lb=host-spray "
                    "--failLinks=leaf-0:spine-1/1@1us --convergence=1rtt");
    cases.push_back("--k=4 --planes=2 --workload=all-to-all --msgBytes=65536 --lb=ofan");
    cases.push_back("--topology=rail --servers=4 --serversPerLeaf=2 --gpusPerServer=4 "
                    "--railSpines=2 --pxn=true "
                    "--workload=ring-allreduce --msgBytes=65536 --lb=host-dr");
    return cases;
}

/// One case: its flags.
class PortPaths : public ::testing::TestWithParam<std::string>
{
};

/// \return a test name for \p info's case: its flags, letters and digits only
std::string
CaseName(const ::testing::TestParamInfo<std::string>& info)
{
    std::string flags = info.param;
    const std::string directory = FABRIC_LB_MATRIX_DIR "/";
    if (const size_t at = flags.find(directory); at != std::string::npos)
    {
        flags.erase(at, directory.size()); // names that do not depend on the checkout
    }
    std::string name;
    for (const char c : flags)
    {
        if (std::isalnum(static_cast<unsigned char>(c)))
        {
            name += c;
        }
        else if (!name.empty() && name.back() != '_')
        {
            name += '_';
        }
    }
    return name + "_" + std::to_string(info.index);
}

} // namespace

TEST_P(PortPaths, FabricPortsAndBypassGiveNs3sJson)
{
    const std::string args = GetParam();
    const nlohmann::json ns3Path = ResultOf(args + " --switchPort=queue-disc --hostPath=ipv4");
    const nlohmann::json fastPath = ResultOf(args);
    ASSERT_EQ(ns3Path["messages_completed"], ns3Path["messages"]) << args;
    for (const auto& [key, value] : ns3Path.items())
    {
        EXPECT_EQ(fastPath.value(key, nlohmann::json()), value) << key << " of " << args;
    }
    EXPECT_EQ(fastPath.size(), ns3Path.size()) << args;
}

TEST(PortPaths, FabricPortsUnderNs3sHostStackGiveTheSameJson)
{
    const std::string args = "--k=4 --workload=all-to-all --msgBytes=65536 --lb=reps "
                             "--recovery=sack --cc=dcqcn --lossRate=0.005";
    EXPECT_EQ(ResultOf(args + " --hostPath=ipv4").dump(),
              ResultOf(args + " --switchPort=queue-disc --hostPath=ipv4").dump());
    EXPECT_EQ(ResultOf(args + " --switchPath=ipv4").dump(), ResultOf(args).dump());
}

INSTANTIATE_TEST_SUITE_P(EveryCase, PortPaths, ::testing::ValuesIn(Cases()), CaseName);
