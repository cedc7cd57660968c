/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * End-to-end tests of the fabric-lb-sim command line: output, determinism, bad input.
 */

#include "e2e-util.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

using namespace fabriclbe2e;

namespace
{

Outcome
RunSim(const std::string& args)
{
    return Run(FABRIC_LB_SIM, args);
}

nlohmann::json
RunJson(const std::string& args)
{
    const std::string json = TempPath("json");
    const Outcome o = RunSim(args + " --out=" + json);
    EXPECT_EQ(o.status, 0) << o.err;
    EXPECT_EQ(o.err, "") << "progress must stay quiet when stderr is not a terminal";
    nlohmann::json parsed = nlohmann::json::parse(Slurp(json));
    std::remove(json.c_str());
    return parsed;
}

} // namespace

TEST(Driver, WritesOneJsonObjectWithEveryField)
{
    const nlohmann::json j = RunJson("--k=4 --workload=permutation --msgBytes=65536");
    for (const char* field : {"scheme",
                              "recovery",
                              "cc",
                              "retransmissions",
                              "timeouts",
                              "nacks",
                              "cnps",
                              "link_drops",
                              "mean_final_rate_gbps",
                              "min_final_rate_gbps",
                              "workload",
                              "k",
                              "hosts",
                              "msg_bytes",
                              "cct_ns",
                              "bound_ns",
                              "cct_increase_pct",
                              "max_queue_bytes",
                              "mean_queue_bytes",
                              "packets_sent",
                              "packets_dropped",
                              "packets_trimmed",
                              "acks_delivered",
                              "in_flight",
                              "wall_seconds",
                              "events"})
    {
        EXPECT_TRUE(j.contains(field)) << field;
    }
    EXPECT_EQ(j["scheme"], "ecmp");
    EXPECT_EQ(j["workload"], "permutation");
    EXPECT_EQ(j["k"], 4);
    EXPECT_EQ(j["hosts"], 16);
    EXPECT_EQ(j["msg_bytes"], 65536);
    EXPECT_EQ(j["messages"], 16);
    EXPECT_EQ(j["messages_completed"], 16);
    EXPECT_EQ(j["packets_sent"], 16 * 16);
    EXPECT_EQ(j["packets_dropped"], 0);
    EXPECT_EQ(j["packets_trimmed"], 0);
    EXPECT_EQ(j["acks_sent"], 16 * 16);
    EXPECT_EQ(j["acks_delivered"], 16 * 16);
    EXPECT_EQ(j["in_flight"], 0);
    // Queues in data packets: bytes over a data packet's 4158 B on the wire.
    double largest = 0;
    for (const auto& [stage, bytes] : j["max_queue_bytes"].items())
    {
        EXPECT_DOUBLE_EQ(j["max_queue_packets"][stage].get<double>(), bytes.get<double>() / 4158)
            << stage;
        largest = std::max(largest, bytes.get<double>() / 4158);
    }
    EXPECT_DOUBLE_EQ(j["max_queue_pkts"].get<double>(), largest);
    EXPECT_GE(j["cct_ns"].get<double>(), j["bound_ns"].get<double>());
    EXPECT_GT(j["events"].get<uint64_t>(), 0U);
    const std::set<std::string> stages{"edge-up", "agg-up", "core-down", "agg-down", "edge-down"};
    for (const char* object : {"max_queue_bytes", "mean_queue_bytes", "overload", "over_share"})
    {
        std::set<std::string> keys;
        for (const auto& item : j[object].items())
        {
            keys.insert(item.key());
        }
        EXPECT_EQ(keys, stages) << object;
    }
}

TEST(Driver, DestinationRotationGivesEveryLinkItsFairShare)
{
    // A k=4 permutation of 64 packets a host: host DR and Ofan rotate every
    // destination's packets (and ACKs) over its paths, so each link of a stage carries
    // exactly its group's mean; ECMP pins whole flows, and its busiest uplink
    // carries a multiple of its share.
    for (const char* scheme : {"ofan", "host-dr"})
    {
        const nlohmann::json j = RunJson(std::string("--k=4 --msgBytes=262144 --lb=") + scheme);
        for (const auto& [stage, share] : j["over_share"].items())
        {
            EXPECT_DOUBLE_EQ(share.get<double>(), 1.0) << scheme << " " << stage;
        }
    }
    const nlohmann::json ecmp = RunJson("--k=4 --msgBytes=262144 --lb=ecmp");
    EXPECT_GE(ecmp["over_share"]["edge-up"].get<double>(), 1.5) << "flows collide on uplinks";
}

TEST(Driver, WritesToAPathWithASpace)
{
    const std::string json = TempPath("with space") + " result.json";
    const Outcome o = RunSim("--k=4 --msgBytes=8192 --out='" + json + "'");
    const std::string written = Slurp(json);
    std::remove(json.c_str());
    EXPECT_EQ(o.status, 0) << o.err;
    ASSERT_FALSE(written.empty()) << "no JSON at '" << json << "'";
    EXPECT_EQ(nlohmann::json::parse(written)["hosts"], 16);
}

TEST(Driver, SameSeedAndRunSameJson)
{
    const std::string args = "--k=4 --workload=all-to-all --msgBytes=16384 --seed=3 --run=2";
    nlohmann::json a = RunJson(args);
    nlohmann::json b = RunJson(args);
    a.erase("wall_seconds");
    b.erase("wall_seconds");
    EXPECT_EQ(a.dump(), b.dump());
    EXPECT_EQ(a["messages_completed"], 240);
}

/// A flag and its attribute are one setting: either sets it, and the NIC's own default holds
/// when no flag names a recovery or congestion control.
TEST(Driver, FlagsAndTheirAttributesAreOneSetting)
{
    const nlohmann::json flag = RunJson("--k=4 --msgBytes=16384 --lb=ofan --recovery=gbn");
    const nlohmann::json attributes = RunJson(
        "--k=4 --ns3::ExperimentConfig::MessageBytes=16384 "
        "--ns3::ExperimentConfig::Scheme=ofan --ns3::RoceNic::Recovery=ns3::RoceGoBackNRecovery");
    for (const char* field : {"msg_bytes", "scheme", "recovery", "cct_ns", "packets_sent"})
    {
        EXPECT_EQ(flag[field], attributes[field]) << field;
    }
    EXPECT_EQ(attributes["recovery"], "gbn");
    EXPECT_EQ(attributes["scheme"], "ofan");
    EXPECT_EQ(
        RunJson("--k=4 --msgBytes=16384 --ns3::RoceNic::CongestionControl=ns3::RoceDcqcn")["cc"],
        "dcqcn");
}

TEST(Driver, SwitchPathsGiveTheSameJson)
{
    // A fat tree, and a leaf-spine whose packets keep their lane over parallel links (the
    // port they arrived on, from ns-3's receive path or the direct one).
    for (const std::string args :
         {"--k=4 --workload=all-to-all --msgBytes=16384 --lb=ofan "
          "--failLinks=agg-p0-0:core-0@1us --convergence=1rtt",
          "--topology=leaf-spine --leaves=3 --spines=2 --hostsPerLeaf=3 --linksPerSpine=2 "
          "--workload=all-to-all --msgBytes=16384 --lb=host-spray "
          "--failLinks=leaf-0:spine-1/1@1us --convergence=1rtt"})
    {
        nlohmann::json ipv4 = RunJson(args + " --switchPath=ipv4");
        nlohmann::json direct = RunJson(args + " --switchPath=direct");
        EXPECT_GT(ipv4["blackhole_drops"], 0) << args;
        for (nlohmann::json* j : {&ipv4, &direct})
        {
            j->erase("wall_seconds");
            j->erase("events");
        }
        EXPECT_EQ(ipv4.dump(), direct.dump()) << args;
    }
}

TEST(Driver, RandomLossIsDrawnFromTheRunsStreams)
{
    const std::string args =
        "--k=4 --workload=all-to-all --msgBytes=65536 --recovery=sack --lossRate=0.01";
    nlohmann::json a = RunJson(args + " --run=1");
    nlohmann::json b = RunJson(args + " --run=1");
    nlohmann::json c = RunJson(args + " --run=2");
    for (nlohmann::json* j : {&a, &b, &c})
    {
        j->erase("wall_seconds");
        EXPECT_EQ((*j)["messages_completed"], 240);
        EXPECT_GT((*j)["link_drops"], 0);
    }
    EXPECT_EQ(a.dump(), b.dump());
    EXPECT_NE(a["link_drops"], c["link_drops"]);
}

TEST(Driver, CongestionControlsRunWithFlowMonitor)
{
    for (const std::string cc : {"dcqcn", "nscc", "swift"})
    {
        const std::string xml = TempPath("flowmon");
        const std::string json = TempPath("json");
        const Outcome o =
            RunSim("--k=4 --msgBytes=262144 --recovery=sack --hostPath=ipv4 --cc=" + cc +
                   " --flowmon=" + xml + " --out=" + json);
        EXPECT_EQ(o.status, 0) << o.err;
        EXPECT_NE(Slurp(xml).find("<Flow flowId="), std::string::npos) << cc;
        const nlohmann::json j = nlohmann::json::parse(Slurp(json));
        std::remove(xml.c_str());
        std::remove(json.c_str());
        EXPECT_EQ(j["cc"], cc);
        EXPECT_EQ(j["messages_completed"], 16);
        EXPECT_GT(j["min_final_rate_gbps"], 0);
        EXPECT_LE(j["mean_final_rate_gbps"], 800);
    }
}

TEST(Driver, PrintsAHumanReadableSummary)
{
    const Outcome o = RunSim("--k=4 --msgBytes=8192");
    EXPECT_EQ(o.status, 0);
    EXPECT_NE(o.out.find("CCT"), std::string::npos);
    EXPECT_NE(o.out.find("edge-up"), std::string::npos);
}

TEST(Driver, NsLogShowsThePacketPath)
{
    // A k=4 permutation of two packets a host: 32 data packets, each path chosen at its
    // host once and forwarded at switches, all in the log that NS_LOG asks for.
    const Outcome o = fabriclbe2e::Run(
        "NS_LOG='HostPathPolicy=level_logic|prefix_func:FabricRouting=level_logic|prefix_func'"
        " " FABRIC_LB_SIM,
        "--k=4 --msgBytes=8192");
    EXPECT_EQ(o.status, 0) << o.err;
    size_t choices = 0;
    size_t forwards = 0;
    std::istringstream lines(o.err);
    for (std::string line; std::getline(lines, line);)
    {
        choices += line.rfind("HostPathPolicy:SelectLabel(): queue pair 0: label ", 0) == 0;
        forwards += line.rfind("FabricRouting:Forward(): 10.", 0) == 0;
    }
    EXPECT_EQ(choices, 32U);
    EXPECT_GE(forwards, 32U) << "every data packet passes a switch";
}

TEST(Driver, FlowMonitorSeesEveryFlow)
{
    // A k=4 permutation: 16 data flows and 16 ACK flows, each one five-tuple under ECMP.
    const std::string xml = TempPath("flowmon");
    const Outcome o = RunSim("--k=4 --msgBytes=16384 --hostPath=ipv4 --flowmon=" + xml);
    EXPECT_EQ(o.status, 0) << o.err;
    const std::string text = Slurp(xml);
    std::remove(xml.c_str());
    size_t flows = 0;
    for (size_t at = text.find("<Flow flowId="); at != std::string::npos;
         at = text.find("<Flow flowId=", at + 1))
    {
        ++flows;
    }
    EXPECT_EQ(flows, 2U * 32U) << "stats and classifier entries of 32 flows";
}

TEST(Driver, ListsSchemes)
{
    const Outcome o = RunSim("--lb=help");
    EXPECT_EQ(o.status, 0);
    EXPECT_EQ(o.out.rfind("ecmp\t", 0), 0U) << o.out;
}

TEST(Driver, ListsTopologies)
{
    const Outcome o = RunSim("--topology=help");
    EXPECT_EQ(o.status, 0);
    EXPECT_EQ(o.out.rfind("fat-tree\t", 0), 0U) << o.out;
    EXPECT_NE(o.out.find("\nleaf-spine\t"), std::string::npos) << o.out;
    EXPECT_NE(o.out.find("\nrail\t"), std::string::npos) << o.out;
}

TEST(Driver, ListsEveryRegisteredStrategy)
{
    // One line per registered name, in name order, each with its description; the study's
    // names among them (a new strategy may join them).
    for (const auto& [flag, names] :
         {std::pair<std::string, std::vector<std::string>>{
              "--cc=help",
              {"dcqcn", "fixed", "hpcc", "nscc", "swift"}},
          {"--recovery=help", {"erasure", "gbn", "rud", "sack", "study-erasure"}},
          {"--transport=help", {"ideal", "roce", "uet"}}})
    {
        const Outcome o = RunSim(flag);
        EXPECT_EQ(o.status, 0) << flag;
        std::istringstream lines(o.out);
        std::string line;
        std::vector<std::string> listed;
        while (std::getline(lines, line))
        {
            const std::string::size_type tab = line.find('\t');
            ASSERT_NE(tab, std::string::npos) << line;
            EXPECT_GT(line.size(), tab + 10) << "a description: " << line;
            listed.push_back(line.substr(0, tab));
        }
        EXPECT_TRUE(std::is_sorted(listed.begin(), listed.end())) << flag;
        for (const std::string& name : names)
        {
            EXPECT_EQ(std::count(listed.begin(), listed.end(), name), 1) << flag << " " << name;
        }
    }
}

TEST(Driver, ATransportStackSetsThePartsNotGivenAlone)
{
    const std::string run = "--k=4 --workload=permutation --msgBytes=65536";
    nlohmann::json j = RunJson(run + " --transport=uet");
    EXPECT_EQ(j["transport"], "uet");
    EXPECT_EQ(j["recovery"], "rud");
    EXPECT_EQ(j["cc"], "nscc");
    // With 5 KB buffers its switches trim, and every header reaches its NIC.
    j = RunJson(run + " --transport=uet --bufferBytes=5000");
    EXPECT_GT(j["packets_trimmed"].get<uint64_t>(), 0U);
    EXPECT_EQ(j["trimmed_headers_delivered"], j["packets_trimmed"]);
    // A part given alone replaces the stack's.
    j = RunJson(run + " --transport=roce --cc=swift --bufferBytes=5000");
    EXPECT_EQ(j["recovery"], "gbn");
    EXPECT_EQ(j["cc"], "swift");
    EXPECT_EQ(j["packets_trimmed"], 0);
    const Outcome unknown = RunSim(run + " --transport=tcp");
    EXPECT_EQ(unknown.status, 2);
    EXPECT_NE(unknown.err.find("unknown transport stack 'tcp' (ideal, roce, uet)"),
              std::string::npos)
        << unknown.err;
    const Outcome idle = RunSim(run + " --transport=uet --recovery=sack --cc=swift --trim=false");
    EXPECT_EQ(idle.status, 2);
    EXPECT_NE(idle.err.find("--transport does nothing"), std::string::npos) << idle.err;
}

TEST(Driver, ReceiverCreditGrantsAndTakesAnIncastsDropsAway)
{
    // The k=4 incast, 15 senders to host 0 of 1 MiB each, under UET's stack without
    // trimming, a sender's speculative credit 0.05 BDP (8 packets, 120 for all, under the
    // 192 the bottleneck holds): without --rccc NSCC's windows overflow the buffer; with it
    // the receiver's grants keep every packet within it.
    const std::string run = "--k=4 --workload=incast --transport=uet --trim=false "
                            "--ns3::RoceReceiverCredit::MaxCredit=0.05";
    const nlohmann::json off = RunJson(run);
    EXPECT_EQ(off["credit_grants"], 0);
    EXPECT_GT(off["packets_dropped"].get<uint64_t>(), 0U);
    const nlohmann::json on = RunJson(run + " --rccc");
    EXPECT_GT(on["credit_grants"].get<uint64_t>(), 0U);
    EXPECT_EQ(on["packets_dropped"], 0);
    EXPECT_EQ(on["messages_completed"], on["messages"]);
    const Outcome bad = RunSim(run + " --ns3::RoceReceiverCredit::MaxCredit=0");
    EXPECT_EQ(bad.status, 2) << bad.err;
}

TEST(Driver, RunsRepsAsUltraEthernetRunsIt)
{
    const Outcome listed = RunSim("--lb=help");
    EXPECT_NE(listed.out.find("\nreps-uet\t"), std::string::npos) << listed.out;
    // Under UET's transport, with buffers small enough that its switches trim.
    const std::string run = "--k=4 --workload=all-to-all --msgBytes=65536 --lb=reps-uet "
                            "--transport=uet --bufferBytes=20000";
    nlohmann::json j = RunJson(run);
    EXPECT_EQ(j["scheme"], "reps-uet");
    EXPECT_EQ(j["messages_completed"], j["messages"]);
    EXPECT_GT(j["packets_trimmed"].get<uint64_t>(), 0U);
    EXPECT_EQ(j["mark_threshold_bytes"], 0) << "marking is the congestion control's";
    nlohmann::json again = RunJson(run);
    j.erase("wall_seconds");
    again.erase("wall_seconds");
    EXPECT_EQ(j.dump(), again.dump()) << "the same seed, the same run";
    // Its parameters are attributes.
    const Outcome bad = RunSim(run + " --ns3::RepsUetPathPolicy::BufferEntropies=0");
    EXPECT_NE(bad.status, 0);
    EXPECT_NE(bad.err.find("BufferEntropies"), std::string::npos) << bad.err;
}

TEST(DriverFiles, AnOutputNeverOverwritesAnInputOrAnotherOutput)
{
    // Before: --out over the matrix file replaced the traffic with the result, and two
    // outputs of one name kept one of them, silently.
    const std::string matrix = TempPath("input.cm");
    std::ofstream(matrix) << "Nodes 16\nConnections 1\n1->2 id 1 start 0 size 4096\n";
    const std::string before = Slurp(matrix);
    const Outcome over = RunSim("--k=4 --workload=matrix --matrix=" + matrix + " --out=" + matrix);
    const std::string json = TempPath("shared.json");
    const Outcome twice =
        RunSim("--k=4 --workload=all-to-all --msgBytes=4096 --out=" + json + " --flows=" + json);
    const std::string after = Slurp(matrix);
    std::remove(matrix.c_str());
    EXPECT_EQ(over.status, 2) << over.err;
    EXPECT_NE(over.err.find("--out=" + matrix + " names --matrix's file"), std::string::npos)
        << over.err;
    EXPECT_EQ(after, before) << "the input is byte for byte as it was";
    EXPECT_EQ(twice.status, 2) << twice.err;
    EXPECT_NE(twice.err.find("two outputs cannot share one"), std::string::npos) << twice.err;
    EXPECT_FALSE(std::filesystem::exists(json));
}

TEST(DriverFiles, AResultIsWrittenWholeOrNotAtAll)
{
    // A refused run leaves an earlier result as it was (before: an empty file), and a write
    // error fails the run (before: --out=/dev/full exited 0).
    const std::string json = TempPath("kept.json");
    std::ofstream(json) << "{\"earlier\": true}\n";
    const Outcome refused =
        RunSim("--k=4 --workload=ring-allreduce --group=3 --msgBytes=4096 --out=" + json);
    const std::string kept = Slurp(json);
    const Outcome full = RunSim("--k=4 --workload=all-to-all --msgBytes=4096 --out=/dev/full");
    const Outcome written = RunSim("--k=4 --workload=all-to-all --msgBytes=4096 --out=" + json);
    const nlohmann::json result = nlohmann::json::parse(Slurp(json));
    const bool partial = std::filesystem::exists(json + ".partial");
    std::remove(json.c_str());
    EXPECT_EQ(refused.status, 2) << refused.err;
    EXPECT_EQ(kept, "{\"earlier\": true}\n");
    EXPECT_EQ(full.status, 1) << full.err;
    EXPECT_NE(full.err.find("cannot write --out file '/dev/full'"), std::string::npos) << full.err;
    EXPECT_EQ(written.status, 0) << written.err;
    EXPECT_EQ(result["messages"], 240);
    EXPECT_FALSE(partial);
}

TEST(Driver, ListsModels)
{
    const Outcome o = RunSim("--model=help");
    EXPECT_EQ(o.status, 0);
    EXPECT_EQ(o.out,
              "llama3-7b\t32 layers, 425984 B per flow (104 packets of 4096 B)\n"
              "llama3-70b\t80 layers, 1671168 B per flow (408 packets of 4096 B)\n"
              "llama3-405b\t126 layers, 6225920 B per flow (1520 packets of 4096 B)\n");
}

/// Bad input: exit status 2 and exactly one error line that names the problem.
class BadInput : public ::testing::TestWithParam<std::pair<std::string, std::string>>
{
};

TEST_P(BadInput, OneClearErrorLine)
{
    const auto& [args, mention] = GetParam();
    const Outcome o = RunSim(args);
    EXPECT_EQ(o.status, 2) << o.err;
    EXPECT_EQ(o.err.rfind("fabric-lb-sim: error: ", 0), 0U) << o.err;
    EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
    EXPECT_NE(o.err.find(mention), std::string::npos) << o.err;
}

INSTANTIATE_TEST_SUITE_P(
    Driver,
    BadInput,
    ::testing::Values(
        std::make_pair("--lb=nope", "nope"),
        std::make_pair("--k=5", "even"),
        std::make_pair("--k=2", "at least 4"),
        std::make_pair("--msgBytes=0", "msgBytes"),
        std::make_pair("--msgBytes=-5", "msgBytes"),
        std::make_pair("--bufferBytes=-1", "bufferBytes"),
        std::make_pair("--workload=bogus --k=4", "bogus"),
        std::make_pair("--linkRate=fast", "linkRate"),
        std::make_pair("--wire=htsim", "--wire: unknown value 'htsim' (physical, study)"),
        std::make_pair("--switchPath=lean", "--switchPath: unknown value 'lean' (direct, ipv4)"),
        std::make_pair("--failMode=cut", "--failMode: unknown value 'cut' (drop, degrade)"),
        std::make_pair("--linkDelay=soon", "linkDelay"),
        std::make_pair("--out=/nonexistent/dir/x.json", "/nonexistent/dir"),
        std::make_pair("--msgBytes=1.5", "msgBytes"),
        std::make_pair("--k=abc", "abc"),
        std::make_pair("--k=1000", "--k: '1000' is not an integer in [0, 256]"),
        std::make_pair("--k=256", "address plan"),
        // Every number of the module has a range of its own (its attribute's checker), also
        // when set by its attribute's name; ns-3's global values are checked alike.
        std::make_pair("--k=4 --lb=subflow --ns3::SubflowPathPolicy::Subflows=4294967295",
                       "--ns3::SubflowPathPolicy::Subflows: '4294967295' is not an integer in "
                       "[1, 4096]"),
        std::make_pair("--k=4 --SimulatorImplementationType=ns3::Foo",
                       "--SimulatorImplementationType: 'ns3::Foo' is not a registered "
                       "ns3::SimulatorImpl"),
        std::make_pair("--k=4 --SchedulerType=ns3::Object", "not a registered ns3::Scheduler"),
        std::make_pair("--k=4 --ns3::Foo::Bar=1", "--ns3::Foo::Bar: no attribute ns3::Foo::Bar"),
        std::make_pair("--k=4 --ns3::RoceNic::PathPolicy=ns3::Object",
                       "'ns3::Object' is not a registered ns3::HostPathPolicy"),
        std::make_pair("--k=4 --ns3::QueueDisc::InternalQueueList=x",
                       "a container of objects is not set from text"),
        std::make_pair("--k=4 --seed=4294967295",
                       "--seed: '4294967295' is not a seed in [1, 4294967086]"),
        std::make_pair("--k=4 --ns3::FatTreeHelper::LinkDelay=-5ns",
                       "--ns3::FatTreeHelper::LinkDelay: '-5ns' is not a time"),
        std::make_pair("--k=4 --linkDelay=2s", "--linkDelay: '2s' is not a time"),
        std::make_pair("--topology=leaf-spine --spines=2147483648 --linksPerSpine=2147483648",
                       "--spines: '2147483648' is not an integer in [1, 1048576]"),
        std::make_pair("--k=4 --bufferSharing=dynamic --alpha=1e14",
                       "--alpha: '1e14' is not a number in [0, 64]"),
        // Rates the wire model cannot time, the degraded and the server links' too.
        std::make_pair("--k=4 --failLinks=agg-p0-0:core-0 --failMode=degrade --failRate=1e-12",
                       "a degraded link's rate (--failRate=1e-12 of its link's) of 0 bit/s is "
                       "below 1Mbps"),
        std::make_pair("--topology=rail --servers=4 --serversPerLeaf=2 --gpusPerServer=4 "
                       "--railSpines=2 --nvlinkRate=10000000Gbps",
                       "a server link's rate of 10000000000000000 bit/s is above 100Tbps"),
        // A flag that does nothing in the run given is refused, as another fabric's flag is.
        std::make_pair("--k=4 --load=0.5", "--load does nothing without --background"),
        std::make_pair("--k=4 --workload=permutation --group=4",
                       "--group does nothing in the permutation workload (it shapes allgather, "
                       "allreduce, reducescatter, ring-allgather, ring-allreduce, "
                       "ring-reducescatter)"),
        std::make_pair("--k=4 --workload=fsdp --msgBytes=4096",
                       "--msgBytes does nothing in the fsdp workload"),
        std::make_pair("--k=4 --workload=all-to-all --matrix=x.cm",
                       "--matrix does nothing in the all-to-all workload"),
        std::make_pair("--k=4 --failMode=degrade",
                       "--failMode does nothing without --failLinks or --failProb"),
        std::make_pair("--k=4 --failRate=0.5",
                       "--failRate does nothing without --failLinks or --failProb"),
        std::make_pair("--k=4 --failProb=0.1 --failPlane=0",
                       "--failPlane does nothing without --failProb and several --planes"),
        std::make_pair("--k=4 --jobsAlone=false", "--jobsAlone does nothing without --jobs"),
        std::make_pair("--k=4 --trimThreshold=20000",
                       "--trimThreshold does nothing without --trim"),
        std::make_pair("--k=4 --trim --ns3::FatTreeHelper::TrimBytes=4",
                       "'4' is not an integer in [8, 65000]"),
        std::make_pair("--k=4 --jobs=j.json --workload=all-to-all",
                       "--workload does nothing beside --jobs"),
        std::make_pair("--k=4 --workload=ring-allreduce --group=3", "ring group of 3"),
        std::make_pair("--k=4 --workload=ring-allgather --group=x", "--group"),
        std::make_pair("--k=4 --workload=allreduce --algorithm=butterfly",
                       "unknown all-reduce algorithm 'butterfly' (ring, tree, hierarchical)"),
        std::make_pair("--k=4 --workload=allgather --algorithm=tree",
                       "unknown allgather algorithm 'tree' (ring, hierarchical)"),
        std::make_pair("--k=4 --workload=allreduce --algorithm=hierarchical --localRanks=3",
                       "servers of 3 hosts must divide the group of 16 hosts (--localRanks)"),
        std::make_pair("--k=4 --workload=reducescatter --localRanks=4",
                       "--localRanks does nothing without --algorithm=hierarchical"),
        std::make_pair("--k=4 --workload=moe --moeModel=gpt-moe",
                       "unknown MoE model 'gpt-moe' (mixtral-8x7b, qwen2-57b-a14b, deepseek-v3)"),
        std::make_pair("--k=4 --workload=moe --skew=-1", "--skew"),
        std::make_pair("--k=4 --workload=pipeline --stages=3",
                       "a pipeline of 3 stages needs at least 2 that divide the 16 hosts"),
        std::make_pair("--k=4 --workload=pipeline --microbatches=0", "--microbatches"),
        std::make_pair("--k=4 --workload=pipeline --forwardTime=-1us", "--forwardTime"),
        std::make_pair("--k=4 --workload=moe --tokens=0", "--tokens"),
        std::make_pair("--k=6 --workload=moe", "cannot be spread evenly over groups of 8 of 54"),
        std::make_pair("--k=4 --workload=permutation --skew=1",
                       "--skew does nothing in the permutation workload (it shapes moe)"),
        std::make_pair("--k=4 --workload=ring-allreduce --algorithm=tree",
                       "--algorithm does nothing in the ring-allreduce workload"),
        std::make_pair("--k=4 --workload=allreduce --algorithm=tree --chunkBytes=0",
                       "--chunkBytes"),
        std::make_pair("--k=4 --workload=allreduce --algorithm=tree --group=3", "tree group of 3"),
        std::make_pair("--k=4 --workload=allreduce --chunkBytes=4096",
                       "--chunkBytes does nothing without --algorithm=tree"),
        std::make_pair("--k=4 --workload=fsdp --model=llama2-7b", "unknown --model 'llama2-7b'"),
        std::make_pair("--k=4 --workload=fsdp --layers=0", "--layers"),
        std::make_pair("--k=64 --workload=all-to-all", "more than this machine's"),
        std::make_pair("--run=1x", "--run"),
        std::make_pair("--bogus=3", "--bogus=3"),
        std::make_pair("--ns3::RoceNic::InitialRtt=soon", "soon"),
        std::make_pair("--ns3::OfanDiscipline::ShiftWraps=x", "'x' is not a non-negative integer"),
        std::make_pair("--recovery=tcp --k=4", "unknown recovery 'tcp'"),
        std::make_pair("--cc=bbr --k=4", "unknown congestion control 'bbr'"),
        std::make_pair("--lossRate=-0.01 --k=4", "--lossRate"),
        std::make_pair("--lossRate=1.5 --k=4", "--lossRate"),
        std::make_pair("--lossRate=often --k=4", "--lossRate"),
        std::make_pair("--ns3::RoceSelectiveRepeatRecovery::ReorderThreshold=0",
                       "ReorderThreshold: '0' is not an integer in [1, 1048576]"),
        std::make_pair("--k=4 --failProb=1.5", "--failProb"),
        std::make_pair("--k=4 --failProb=-0.1", "--failProb"),
        std::make_pair("--k=4 --failProb=often", "often"),
        std::make_pair("--k=4 --failLinks=agg-p9-0:core-0", "agg-p9-0:core-0"),
        std::make_pair("--k=4 --failLinks=agg-p1-0:core-1@soon", "soon"),
        std::make_pair("--k=4 --failLinks=agg-p1-0:core-1 --convergence=fast", "fast"),
        std::make_pair("--k=4 --failLinks=agg-p1-0:core-1 --failMode=melt", "melt"),
        std::make_pair("--k=4 --failLinks=agg-p1-0:core-1 --failRate=0", "--failRate"),
        std::make_pair("--k=4 --failLinks=agg-p1-0:core-1 --rate=fast", "--rate"),
        std::make_pair("--k=4 --failLinks=agg-p1-0:core-1 --timeLimit=0", "--timeLimit"),
        // ns-3 reads a bare number as bit/s, saturating at 2^64 - 1 (a division by zero
        // later), and -1 as 2^64 - 1.
        std::make_pair("--k=4 --linkRate=99999999999999999999", "--linkRate"),
        std::make_pair("--k=4 --linkRate=-1", "--linkRate"),
        std::make_pair("--k=4 --linkRate=800", "with its unit"),
        std::make_pair("--k=4 --linkRate=1000000Gbps", "above 100Tbps"),
        std::make_pair("--k=4 --linkRate=5.5.5Gbps", "--linkRate"),
        std::make_pair("--k=4 --linkDelay=5", "with its unit"),
        std::make_pair("--k=4 --linkDelay=99999999999999999999s", "--linkDelay"),
        std::make_pair("--k=4 --linkDelay=-1ns", "--linkDelay"),
        // A buffer that holds no data packet drops every one of them, for ever.
        std::make_pair("--k=4 --bufferBytes=1", "--bufferBytes=1 holds no data packet"),
        std::make_pair("--k=4 --bufferBytes=4157", "4158 B"),
        std::make_pair("--k=4 --bufferBytes=4177 --wire=study", "slots of 4178 B"),
        // A payload the devices' MTU cannot carry: one line, not ns-3's fragmentation assert.
        std::make_pair("--k=4 --ns3::FatTreeHelper::PayloadBytes=16384",
                       "ns3::FatTreeHelper::PayloadBytes=16384 makes IP packets of 16444 B, above "
                       "the devices' ns3::FatTreeHelper::Mtu of 9000 B"),
        std::make_pair("--k=4 --msgBytes=9223372036854775807",
                       "not an integer in [1, 17592186044416]"),
        std::make_pair("--k=4 --msgBytes=17592186044416", "2^32 - 1 packets"),
        std::make_pair("--k=4 --linkRate=1bps --msgBytes=1048576", "below 1Mbps"),
        std::make_pair("--k=4 --workload=incast --linkRate=1Mbps --msgBytes=20000000000",
                       "picosecond clock"),
        std::make_pair("--k=4 --dump-matrix=/dev/null --out=/dev/null", "drop --out"),
        std::make_pair("--k=4 --dump-matrix=/dev/null --flows=/dev/null", "drop --flows"),
        std::make_pair("--k=4 --dump-matrix=/dev/null --flowmon=/dev/null", "drop --flowmon"),
        // FlowMonitor fails silently on a file it cannot write; ns-3 ignores stray words.
        std::make_pair("--k=4 --hostPath=ipv4 --flowmon=/nonexistent/dir/f.xml", "--flowmon"),
        std::make_pair("--k=4 --flowmon=f.xml",
                       "--flowmon watches the hosts' IPv4 stack, which --hostPath=bypass skips: "
                       "add --hostPath=ipv4"),
        std::make_pair("--k=4 --switchPort=queue-disc",
                       "--hostPath=bypass hands frames to fabric ports: with "
                       "--switchPort=queue-disc use --hostPath=ipv4"),
        std::make_pair("--switchPort=ports",
                       "--switchPort: unknown value 'ports' (fabric, "
                       "queue-disc)"),
        std::make_pair("--k=4 --msgBytes=4096 7", "unexpected argument '7'"),
        std::make_pair("--topology=torus", "unknown topology 'torus' (fat-tree, htsim, leaf-spine"),
        std::make_pair("--topology=leaf-spine --leaves=1", "--leaves"),
        std::make_pair("--topology=leaf-spine --spines=0", "--spines"),
        std::make_pair("--topology=leaf-spine --hostsPerLeaf=-2", "--hostsPerLeaf"),
        std::make_pair("--topology=leaf-spine --linksPerSpine=0", "--linksPerSpine"),
        std::make_pair("--topology=leaf-spine --leaves=1024 --hostsPerLeaf=2048", "address plan"),
        std::make_pair("--topology=leaf-spine --failLinks=leaf-9:spine-0",
                       "unknown link 'leaf-9:spine-0' (names look like leaf-0:spine-0 or "
                       "leaf-7:spine-7)"),
        std::make_pair("--leaves=4",
                       "--leaves shapes a leaf-spine fabric, not a fat-tree one "
                       "(--topology=leaf-spine)"),
        std::make_pair("--topology=leaf-spine --k=4", "--k shapes a fat-tree fabric"),
        std::make_pair("--topology=rail --servers=5",
                       "a rail fabric's 5 servers do not form rail groups of 16 servers per "
                       "leaf"),
        std::make_pair("--topology=rail --gpusPerServer=0", "--gpusPerServer"),
        std::make_pair("--topology=rail --railSpines=0", "--railSpines"),
        std::make_pair("--topology=rail --nvlink=false --pxn=true",
                       "PXN crosses a server's NVLink: it needs NVLink"),
        std::make_pair("--pxn=true", "--pxn shapes a rail fabric, not a fat-tree one"),
        std::make_pair("--topology=leaf-spine --nvlinkRate=900Gbps",
                       "--nvlinkRate shapes a rail fabric"),
        std::make_pair("--topology=rail --nvlinkRate=0bps", "--nvlinkRate"),
        std::make_pair("--servers=4", "--servers shapes a rail fabric, not a fat-tree one"),
        std::make_pair("--topology=rail --leaves=4", "--leaves shapes a leaf-spine fabric"),
        std::make_pair("--topology=leaf-spine --oversubscription=2", "--oversubscription"),
        std::make_pair("--oversubscription=0", "--oversubscription"),
        std::make_pair("--planes=0", "--planes must be at least 1, got 0"),
        std::make_pair("--planes=2 --failProb=0.1 --failPlane=2",
                       "--failPlane 2 is not a plane of this fabric's 2 (--planes; they count "
                       "from 0)"),
        std::make_pair("--failPlane=-2", "--failPlane"),
        std::make_pair("--planes=-1", "--planes"),
        std::make_pair("--planeRate=400Gbps",
                       "--planeRate sets the rate of several planes' links: with one plane it "
                       "is --linkRate"),
        std::make_pair("--planes=2 --planeRate=400Gbps --linkRate=400Gbps",
                       "--planeRate and --linkRate both set the planes' links' rate: give one"),
        std::make_pair("--topology=leaf-spine --planes=2 --failLinks=leaf-0:spine-0",
                       "unknown link 'leaf-0:spine-0' (names look like p0/leaf-0:spine-0 or "
                       "p1/leaf-7:spine-7)"),
        std::make_pair("--k=160 --oversubscription=2", "beyond the address plan"),
        std::make_pair("--k=4 --msgBytes=8192 --queueTimelineInterval=1us",
                       "--queueTimelineInterval does nothing without --queueTimeline"),
        std::make_pair("--k=4 --msgBytes=8192 --queueTimeline=/dev/null "
                       "--queueTimelineInterval=0ns",
                       "--queueTimelineInterval must be positive, not 0 ps"),
        std::make_pair("--k=4 --msgBytes=8192 --queueTimeline=/dev/null "
                       "--queueTimelineInterval=-5ns",
                       "--queueTimelineInterval: '-5ns' is not a time with its unit"),
        std::make_pair("--k=4 --msgBytes=8192 --queueTimeline=/nonexistent/dir/q.csv",
                       "cannot write --queueTimeline file"),
        std::make_pair("--k=4 --msgBytes=8192 --queueTimeline=/dev/null "
                       "--queueTimelineInterval=2s",
                       "--queueTimelineInterval: '2s' is not a time in [0ps, 1s]")));

TEST(Driver, AnOversubscribedFatTreeHasMoreHostsAndACutBound)
{
    const std::string args = "--k=4 --lb=ofan --workload=all-to-all --msgBytes=16384";
    const nlohmann::json full = RunJson(args);
    const nlohmann::json tapered = RunJson(args + " --oversubscription=2");
    EXPECT_EQ(tapered["fabric"], "k=4 oversubscription=2");
    EXPECT_EQ(tapered["hosts"], 32);
    EXPECT_EQ(tapered["messages"], 32 * 31);
    EXPECT_EQ(tapered["messages_completed"], tapered["messages"]);
    // Each edge switch's 2 uplinks carry its 4 hosts' traffic out: twice a host link's
    // share per link, so the edge cut, not the host links, bounds the all-to-all.
    const double hostLinkPs = 31.0 * 4 * (41580 + 200 + 640 + 200) - 200;
    EXPECT_GT(tapered["bound_ns"].get<double>() * 1000, 1.3 * hostLinkPs);
    EXPECT_EQ(full["fabric"], "k=4");
}

TEST(Driver, LeafSpineRunsWithItsShapeInTheJson)
{
    const nlohmann::json j = RunJson("--topology=leaf-spine --leaves=4 --spines=2 "
                                     "--hostsPerLeaf=4 --linksPerSpine=2 --lb=ofan "
                                     "--workload=all-to-all --msgBytes=16384");
    EXPECT_EQ(j["topology"], "leaf-spine");
    EXPECT_EQ(j["fabric"], "leaf-spine leaves=4 spines=2 hostsPerLeaf=4 linksPerSpine=2");
    EXPECT_EQ(j["hosts"], 16);
    EXPECT_EQ(j["k"], 0);
    EXPECT_EQ(j["messages"], 16 * 15);
    EXPECT_EQ(j["messages_completed"], j["messages"]);
    // Its stages as its tiers name them: every per-stage object keyed by them.
    const std::vector<std::string> stages{"leaf-up", "spine-down", "leaf-down"};
    EXPECT_EQ(j["stages"], stages);
    for (const char* perStage : {"max_queue_packets", "overload", "over_share"})
    {
        ASSERT_EQ(j[perStage].size(), 3U) << perStage;
        for (const std::string& stage : stages)
        {
            EXPECT_TRUE(j[perStage].contains(stage)) << perStage << " " << stage;
        }
    }
    EXPECT_GT(j["overload"]["spine-down"].get<double>(), 0);
    const nlohmann::json fatTree = RunJson("--k=4 --msgBytes=16384");
    EXPECT_EQ(fatTree["topology"], "fat-tree");
    EXPECT_EQ(fatTree["fabric"], "k=4");
    EXPECT_EQ(
        fatTree["stages"],
        (std::vector<std::string>{"edge-up", "agg-up", "core-down", "agg-down", "edge-down"}));
}

TEST(Driver, TwoPlanesOfHalfTheRateHaveTheBoundOfOne)
{
    // Two planes of 400 Gb/s links: a host's two ports send as fast as one 800 Gb/s port,
    // and no cut is busier than the host links, so the bound is the one plane's.
    const std::string args = "--topology=leaf-spine --leaves=4 --spines=4 --hostsPerLeaf=4 "
                             "--workload=all-to-all --msgBytes=16384 --lb=host-dr";
    const nlohmann::json one = RunJson(args);
    const nlohmann::json two = RunJson(args + " --planes=2 --planeRate=400Gbps");
    EXPECT_EQ(two["fabric"],
              "leaf-spine leaves=4 spines=4 hostsPerLeaf=4 linksPerSpine=1 planes=2");
    EXPECT_EQ(two["topology"], "leaf-spine");
    EXPECT_EQ(two["hosts"], 16);
    EXPECT_EQ(two["messages_completed"], two["messages"]);
    EXPECT_EQ(two["bound_ns"], one["bound_ns"]);
    // Host DR's rotation alternates the planes: each carries half the hosts' bytes.
    EXPECT_EQ(two["plane_shares"], (std::vector<double>{0.5, 0.5}));
    EXPECT_FALSE(one.contains("plane_shares"));
    // A link of plane 1 fails by its plane's name; host DR routes around it, losing nothing.
    const nlohmann::json failed = RunJson(args + " --planes=2 --failLinks=p1/leaf-3:spine-2 "
                                                 "--convergence=0");
    EXPECT_EQ(failed["failed_links"], std::vector<std::string>{"p1/leaf-3:spine-2"});
    EXPECT_EQ(failed["messages_completed"], failed["messages"]);
    EXPECT_EQ(failed["packets_dropped"], 0);
    EXPECT_GT(failed["plane_shares"][0].get<double>(), 0.5) << "the healthy plane takes more";
    // Random failures in plane 1 only: half its 16 links, none of plane 0's.
    const nlohmann::json random = RunJson(args + " --planes=2 --failProb=0.5 --failPlane=1 "
                                                 "--convergence=0");
    ASSERT_GT(random["failed_links"].size(), 0U);
    for (const std::string link : random["failed_links"])
    {
        EXPECT_EQ(link.substr(0, 3), "p1/") << link;
    }
}

TEST(Driver, ABareBooleanFlagMeansTrue)
{
    // --pxn as --pfc: given without a value, a switch is on, by its flag or its attribute.
    const std::string rail = "--topology=rail --servers=2 --gpusPerServer=2 --serversPerLeaf=1 "
                             "--railSpines=1 --workload=all-to-all --msgBytes=8192";
    nlohmann::json bare = RunJson(rail + " --pxn");
    nlohmann::json given = RunJson(rail + " --pxn=true");
    nlohmann::json attribute = RunJson(rail + " --ns3::RailShape::Pxn");
    nlohmann::json off = RunJson(rail);
    for (nlohmann::json* j : {&bare, &given, &attribute, &off})
    {
        j->erase("wall_seconds");
    }
    EXPECT_EQ(bare, given);
    EXPECT_EQ(attribute, given);
    EXPECT_NE(off["fabric"], given["fabric"]) << "PXN names itself in the fabric";
}

TEST(Driver, TrimmingCutsWhatTheBuffersWouldDropAndCountsIt)
{
    // A 15-to-1 incast into 50 KB buffers: drop-tail drops; --trim forwards the headers of
    // what it would drop, and those that reach a full port downstream are dropped there.
    const std::string incast =
        "--k=4 --workload=incast --msgBytes=65536 --bufferBytes=50000 --recovery=rud";
    const nlohmann::json off = RunJson(incast);
    const nlohmann::json trim = RunJson(incast + " --trim");
    const nlohmann::json threshold = RunJson(incast + " --trim --trimThreshold=20000");
    EXPECT_EQ(off["packets_trimmed"], 0);
    EXPECT_GT(off["packets_dropped"].get<uint64_t>(), 0U);
    EXPECT_GT(trim["packets_trimmed"].get<uint64_t>(), 0U);
    EXPECT_LT(trim["packets_dropped"].get<uint64_t>(), off["packets_dropped"].get<uint64_t>());
    // Trimming above 20 KB keeps room for the headers: none is dropped, each reaches its NIC.
    EXPECT_EQ(threshold["packets_dropped"], 0);
    EXPECT_GT(threshold["packets_trimmed"].get<uint64_t>(), 0U);
    EXPECT_EQ(threshold["trimmed_headers_delivered"], threshold["packets_trimmed"]);
    for (const nlohmann::json* j : {&off, &trim, &threshold})
    {
        EXPECT_EQ((*j)["messages_completed"], (*j)["messages"]);
    }
    const Outcome summary = RunSim(incast + " --trim");
    EXPECT_NE(summary.out.find("dropped " + trim["packets_dropped"].dump() + ", trimmed " +
                               trim["packets_trimmed"].dump() + ","),
              std::string::npos)
        << summary.out;
}

TEST(Driver, ATreeAllReduceDeliversEveryMessageWithinItsBound)
{
    const std::string tree =
        "--k=4 --workload=allreduce --algorithm=tree --msgBytes=262144 --chunkBytes=32768";
    for (const char* lb : {"ecmp", "ofan"})
    {
        nlohmann::json a = RunJson(tree + " --lb=" + lb);
        nlohmann::json b = RunJson(tree + " --lb=" + lb);
        // 16 hosts, two trees of 15 edges, 4 chunks of 32 KiB up and down each.
        EXPECT_EQ(a["messages"], 2 * 15 * 4 * 2);
        EXPECT_EQ(a["messages_completed"], a["messages"]);
        EXPECT_GT(a["bound_ns"].get<double>(), 0);
        EXPECT_GE(a["cct_ns"].get<double>(), a["bound_ns"].get<double>()) << lb;
        a.erase("wall_seconds");
        b.erase("wall_seconds");
        EXPECT_EQ(a, b) << "the same seed and run, the same result";
    }
}

TEST(Driver, AllReduceByRingIsTheRingAllReduce)
{
    nlohmann::json ring = RunJson("--k=4 --workload=ring-allreduce --msgBytes=65536");
    nlohmann::json byName = RunJson("--k=4 --workload=allreduce --msgBytes=65536");
    for (nlohmann::json* j : {&ring, &byName})
    {
        j->erase("workload");
        j->erase("wall_seconds");
    }
    EXPECT_EQ(ring, byName);
}

TEST(Driver, ARingWithinAServerIsBoundByItsNvLink)
{
    // One server of 2 GPUs (2 rails, 2 leaves): a ring all-reduce of 8 KiB is two steps of one
    // 4096 B packet each way over NVLink at 3.6 Tb/s, 100 ns a link. A step alone: the data
    // packet (9.24 ns) twice (GPU to NVSwitch, NVSwitch to GPU), 2 x 100 ns, the ACK back
    // (2 x 0.142 ns, 2 x 100 ns): 418.764 ns; the second step starts when the first has
    // arrived, 418.764 - 200.284 = 218.48 ns: 637.244 ns in all.
    const nlohmann::json j =
        RunJson("--topology=rail --servers=1 --gpusPerServer=2 --serversPerLeaf=1 "
                "--railSpines=1 --workload=ring-allreduce --msgBytes=8192 --lb=ofan");
    EXPECT_EQ(j["fabric"], "rail servers=1 gpusPerServer=2 serversPerLeaf=1 spines=1 nvlink");
    EXPECT_DOUBLE_EQ(j["bound_ns"].get<double>(), 637.244);
    EXPECT_DOUBLE_EQ(j["cct_ns"].get<double>(), 637.244) << "alone, nothing waits";
    // Without NVLink the same ring crosses the fabric: 800 Gb/s, 4 hops, 500 ns a link.
    const nlohmann::json fabric =
        RunJson("--topology=rail --servers=1 --gpusPerServer=2 --serversPerLeaf=1 "
                "--railSpines=1 --workload=ring-allreduce --msgBytes=8192 --lb=ofan "
                "--nvlink=false");
    EXPECT_GT(fabric["bound_ns"].get<double>(), 4 * j["bound_ns"].get<double>());
}

TEST(Driver, BuffersOfOneDataPacketRun)
{
    for (const char* args : {"--bufferBytes=4158", "--bufferBytes=4178 --wire=study"})
    {
        const nlohmann::json j = RunJson(std::string("--k=4 --msgBytes=4096 ") + args);
        EXPECT_EQ(j["messages_completed"], 16) << args;
    }
}

TEST(Driver, DumpingAMatrixCreatesNoOtherFile)
{
    const std::string matrix = TempPath("cm");
    const std::string json = TempPath("json");
    const Outcome o = RunSim("--k=4 --dump-matrix=" + matrix + " --out=" + json);
    EXPECT_EQ(o.status, 2) << o.err;
    EXPECT_FALSE(std::ifstream(json).good()) << "an empty --out file was left behind";
    EXPECT_FALSE(std::ifstream(matrix).good()) << "the refused dump wrote its matrix";
}

/// Runs the driver with \p args, killed after a minute of wall-clock time (exit status 124).
Outcome
RunSimAtMostAMinute(const std::string& args)
{
    return fabriclbe2e::Run("timeout 60 " FABRIC_LB_SIM, args);
}

TEST(Driver, EveryRunEndsAtItsTimeLimitWithItsJson)
{
    // Links that lose every packet, no failure: nothing completes, and the erasure sender
    // retries for ever. The automatic limit, 50 x the bound of 6.25 us, ends it.
    const std::string json = TempPath("json");
    const Outcome o = RunSimAtMostAMinute("--k=4 --msgBytes=4096 --lossRate=1 --out=" + json);
    EXPECT_EQ(o.status, 1) << o.err;
    EXPECT_EQ(o.err,
              "fabric-lb-sim: error: the time limit of 312.666 us of simulated time (--timeLimit) "
              "ended the run: only 0 of 16 messages completed; not done: 0 (host 0 to 13), 1 "
              "(host 1 to 7), 2 (host 2 to 0), 3 (host 3 to 6), 4 (host 4 to 1), 5 (host 5 to "
              "14), 6 (host 6 to 3), 7 (host 7 to 11), 8 (host 8 to 5), 9 (host 9 to 8) and 6 "
              "more\n");
    const nlohmann::json j = nlohmann::json::parse(Slurp(json));
    std::remove(json.c_str());
    EXPECT_EQ(j["messages_completed"], 0);
    EXPECT_GT(j["link_drops"], 0);
    // A limit given explicitly applies alike.
    const Outcome given =
        RunSimAtMostAMinute("--k=4 --msgBytes=4096 --lossRate=1 --timeLimit=20us");
    EXPECT_EQ(given.status, 1) << given.err;
    EXPECT_NE(given.err.find("the time limit of 20 us"), std::string::npos) << given.err;
}

TEST(Driver, ATimeLimitChangesNothingInARunThatEndsBeforeIt)
{
    const std::string args = "--k=4 --workload=all-to-all --msgBytes=16384 --lb=reps";
    nlohmann::json automatic = RunJson(args);
    nlohmann::json late = RunJson(args + " --timeLimit=1s");
    automatic.erase("wall_seconds");
    late.erase("wall_seconds");
    EXPECT_EQ(automatic.dump(), late.dump()) << "events included";
}

TEST(Driver, ALongRunSaysSoBeforeItStarts)
{
    // 1 Mbit/s links, the slowest: a message of 64 packets takes 2.35 s of simulated time
    // (few events).
    const Outcome slow = RunSimAtMostAMinute("--k=4 --msgBytes=262144 --linkRate=1Mbps");
    EXPECT_EQ(slow.status, 0) << slow.err;
    EXPECT_EQ(slow.err.rfind("fabric-lb: a long run: its bound alone is 2.35 s of simulated "
                             "time",
                             0),
              0U)
        << slow.err;
    // An all-to-all of 1 GB messages: about 5 x 10^9 events, announced before the run,
    // which its limit of 1 us ends at once.
    const Outcome big =
        RunSimAtMostAMinute("--k=4 --workload=all-to-all --msgBytes=1000000000 --timeLimit=1us");
    EXPECT_EQ(big.status, 1) << big.err;
    EXPECT_EQ(big.err.rfind("fabric-lb: a long run: about ", 0), 0U) << big.err;
    EXPECT_NE(big.err.find(" events expected"), std::string::npos) << big.err;
}

TEST(Driver, DumpedMatrixRunsLikeTheBuiltInWorkload)
{
    const std::string matrix = TempPath("cm");
    const Outcome dump =
        RunSim("--k=4 --workload=all-to-all --msgBytes=8192 --dump-matrix=" + matrix);
    ASSERT_EQ(dump.status, 0) << dump.err;
    const std::string text = Slurp(matrix);
    EXPECT_EQ(text.rfind("Nodes 16\nConnections 240\n0->1 id 1 start 0 size 8192\n", 0), 0U)
        << text.substr(0, 200);
    nlohmann::json builtIn = RunJson("--k=4 --workload=all-to-all --msgBytes=8192 --lb=ofan");
    nlohmann::json fromFile = RunJson("--k=4 --workload=matrix --matrix=" + matrix + " --lb=ofan");
    std::remove(matrix.c_str());
    EXPECT_EQ(fromFile["workload"], "matrix");
    // Messages this short make one message's round trip the tighter bound.
    EXPECT_GE(fromFile["bound_ns"].get<double>(), builtIn["bound_ns"].get<double>());
    for (nlohmann::json* j : {&builtIn, &fromFile})
    {
        for (const char* field : {"workload", "wall_seconds", "bound_ns", "cct_increase_pct"})
        {
            j->erase(field);
        }
    }
    EXPECT_EQ(builtIn, fromFile);
}

TEST(Driver, AMatrixWithoutMessagesIsOneErrorLine)
{
    // Computes alone, or nothing at all: nothing for the fabric to carry.
    for (const std::string text :
         {"Nodes 4\nConnections 0\n",
          "Nodes 4\nConnections 0\nComputes 1\ncompute 0 id 1 start 0 duration 1000\n"})
    {
        const std::string matrix = TempPath("cm");
        std::ofstream(matrix) << text;
        const Outcome o = RunSim("--k=4 --workload=matrix --matrix=" + matrix);
        std::remove(matrix.c_str());
        EXPECT_EQ(o.status, 2) << o.err;
        EXPECT_EQ(o.err,
                  "fabric-lb-sim: error: the workload has no message to send (a matrix with "
                  "'Connections 0'): a run needs at least one\n");
    }
}

TEST(Driver, DumpedStepWithComputesRunsLikeTheWorkload)
{
    // An MoE step: flows, computes and triggers written as a matrix and read back.
    const std::string matrix = TempPath("cm");
    const std::string step = "--k=4 --workload=moe --tokens=32 --skew=1";
    const Outcome dump = RunSim(step + " --dump-matrix=" + matrix);
    ASSERT_EQ(dump.status, 0) << dump.err;
    EXPECT_NE(Slurp(matrix).find("\nComputes 64\n"), std::string::npos);
    nlohmann::json builtIn = RunJson(step + " --lb=ofan");
    nlohmann::json fromFile = RunJson("--k=4 --workload=matrix --matrix=" + matrix + " --lb=ofan");
    std::remove(matrix.c_str());
    EXPECT_EQ(builtIn["compute"]["computes"], 64);
    for (nlohmann::json* j : {&builtIn, &fromFile})
    {
        for (const char* field : {"workload", "wall_seconds"})
        {
            j->erase(field);
        }
    }
    EXPECT_EQ(builtIn, fromFile);
}

TEST(Driver, FlowsCsvHasOneRowPerMessage)
{
    const std::string csv = TempPath("csv");
    const Outcome o = RunSim("--k=4 --workload=permutation --msgBytes=40960 --flows=" + csv);
    ASSERT_EQ(o.status, 0) << o.err;
    std::istringstream in(Slurp(csv));
    std::remove(csv.c_str());
    std::string line;
    std::getline(in, line);
    EXPECT_EQ(line, "source,destination,bytes,start_ns,completion_ns,fct_ns,bound_ns,slowdown");
    uint32_t rows = 0;
    while (std::getline(in, line))
    {
        ++rows;
        std::vector<std::string> cells;
        std::istringstream row(line);
        for (std::string cell; std::getline(row, cell, ',');)
        {
            cells.push_back(cell);
        }
        ASSERT_EQ(cells.size(), 8U) << line;
        EXPECT_EQ(cells[2], "40960");
        EXPECT_EQ(cells[3], "0");
        EXPECT_DOUBLE_EQ(std::stod(cells[5]), std::stod(cells[4]) - std::stod(cells[3]));
        EXPECT_GE(std::stod(cells[7]), 1.0) << "no message beats its own bound";
        EXPECT_NEAR(std::stod(cells[7]), std::stod(cells[5]) / std::stod(cells[6]), 1e-4);
    }
    EXPECT_EQ(rows, 16U);
}

TEST(Driver, MalformedMatrixIsOneErrorLineNamingFileAndLine)
{
    const std::string matrix = TempPath("cm");
    std::ofstream(matrix) << "Nodes 16\nConnections 1\n0->99 id 1 start 0 size 4096\n";
    const Outcome o = RunSim("--k=4 --workload=matrix --matrix=" + matrix);
    EXPECT_EQ(o.status, 2);
    EXPECT_EQ(o.err,
              "fabric-lb-sim: error: " + matrix + ":3: host 99 is beyond the fabric's 16 hosts\n");
    std::remove(matrix.c_str());
    const Outcome missing = RunSim("--k=4 --workload=matrix");
    EXPECT_EQ(missing.status, 2);
    EXPECT_NE(missing.err.find("--matrix=FILE"), std::string::npos) << missing.err;
}

TEST(Driver, FailuresAreReportedInTheJson)
{
    const nlohmann::json j = RunJson("--k=4 --workload=all-to-all --msgBytes=16384 --lb=ofan "
                                     "--failLinks=agg-p1-0:core-1 --convergence=10us");
    EXPECT_EQ(j["failed_links"], nlohmann::json::array({"agg-p1-0:core-1"}));
    EXPECT_EQ(j["convergence_ns"], 10000);
    EXPECT_EQ(j["converged"], true);
    EXPECT_GT(j["rho_max_gbps"].get<double>(), 0);
    EXPECT_LT(j["rho_max_gbps"].get<double>(), 800.0 / 15); // below a host link's fair share
    EXPECT_EQ(j["messages_completed"], j["messages"]);
    EXPECT_GE(j["cct_ns"].get<double>(), j["bound_ns"].get<double>());
    const nlohmann::json none = RunJson("--k=4 --msgBytes=16384");
    EXPECT_TRUE(none["failed_links"].empty());
    EXPECT_TRUE(none["rho_max_gbps"].is_null());
}

TEST(Driver, ACutOffDestinationEndsAtTheTimeLimitWithExitOne)
{
    // Both uplinks of edge switch 0 of pod 0 fail: its hosts can reach no one.
    const std::string json = TempPath("json");
    const Outcome o = RunSim("--k=4 --msgBytes=16384 --lb=ofan --timeLimit=100us "
                             "--failLinks=edge-p0-0:agg-p0-0,edge-p0-0:agg-p0-1 --out=" +
                             json);
    EXPECT_EQ(o.status, 1) << o.err;
    EXPECT_NE(o.err.find("cannot complete: no usable path"), std::string::npos) << o.err;
    const nlohmann::json j = nlohmann::json::parse(Slurp(json));
    std::remove(json.c_str());
    EXPECT_LT(j["messages_completed"].get<int>(), j["messages"].get<int>());
    EXPECT_GT(j["blackhole_drops"].get<int>(), 0);
}

TEST(Driver, MatrixFailureLinesFailTheirLinksAndDumpsCarryThem)
{
    // --failLinks at time 0 is written as htsim's failure line; reading it back fails
    // the same link.
    const std::string matrix = TempPath("cm");
    const Outcome dump =
        RunSim("--k=4 --msgBytes=16384 --failLinks=agg-p1-0:core-1 --dump-matrix=" + matrix);
    ASSERT_EQ(dump.status, 0) << dump.err;
    EXPECT_NE(Slurp(matrix).find("failure switch_type AGG switch_id 2 link_id 1\n"),
              std::string::npos);
    const nlohmann::json j = RunJson("--k=4 --workload=matrix --matrix=" + matrix);
    std::remove(matrix.c_str());
    EXPECT_EQ(j["failed_links"], nlohmann::json::array({"agg-p1-0:core-1"}));
    EXPECT_EQ(j["messages_completed"], j["messages"]);
}

namespace
{

/// \return the JSON of a run of \p args, without its wall-clock time
nlohmann::json
RunJsonBut(const std::string& args)
{
    nlohmann::json j = RunJson(args);
    j.erase("wall_seconds");
    return j;
}

/// \return a fresh file of \p text
std::string
WriteTopo(const std::string& text)
{
    const std::string path = TempPath("t.topo");
    std::ofstream(path) << text;
    return path;
}

} // namespace

/// uet-htsim's topology files build the fabric their flags would: the same JSON.
TEST(Driver, HtsimTopologyFilesRunAsTheirFabricsFlags)
{
    const std::string leafSpine =
        WriteTopo("Nodes 12\nTiers 2\nPodsize 12\n"
                  "Tier 0\nDownlink_speed_Gbps 200\nRadix_Down 4\nRadix_Up 4\n"
                  "Downlink_Latency_ns 700\nSwitch_Latency_ns 0\n"
                  "Tier 1\nDownlink_speed_Gbps 200\nRadix_Down 6\nBundle 2\n"
                  "Downlink_Latency_ns 700\n");
    const std::string run = " --workload=all-to-all --msgBytes=16384 --lb=ofan";
    const nlohmann::json fromFile = RunJsonBut("--topology=htsim --topoFile=" + leafSpine + run);
    EXPECT_EQ(fromFile.dump(),
              RunJsonBut("--topology=leaf-spine --leaves=3 --spines=2 --hostsPerLeaf=4 "
                         "--linksPerSpine=2 --linkRate=200Gbps --linkDelay=700ns" +
                         run)
                  .dump());
    EXPECT_EQ(fromFile["hosts"], 12);
    const std::string fatTree =
        WriteTopo("# k=4\nNodes 16\nTiers 3\nPodsize 4\n"
                  "Tier 0\nDownlink_speed_Gbps 100\nRadix_Down 2\nRadix_Up 2\n"
                  "Downlink_Latency_ns 1000\n"
                  "Tier 1\nDownlink_speed_Gbps 100\nRadix_Down 2\nRadix_Up 2\n"
                  "Downlink_Latency_ns 1000\n"
                  "Tier 2\nDownlink_speed_Gbps 100\nRadix_Down 4\nDownlink_Latency_ns 1000\n");
    const nlohmann::json k4 = RunJsonBut("--topology=htsim --topoFile=" + fatTree + run);
    EXPECT_EQ(k4.dump(), RunJsonBut("--k=4 --linkRate=100Gbps --linkDelay=1us" + run).dump());
    EXPECT_EQ(k4["k"], 4);
    std::remove(leafSpine.c_str());
    std::remove(fatTree.c_str());
}

TEST(Driver, HtsimTopologyFilesItCannotBuildAreRefusedInOneLine)
{
    const std::string ok = "Nodes 16\nTiers 3\nPodsize 4\nTier 0\nRadix_Down 2\nRadix_Up 2\n"
                           "Tier 1\nRadix_Down 2\nRadix_Up 2\nTier 2\nRadix_Down 4\n";
    for (const auto& [text, more, error] :
         std::vector<std::tuple<std::string, std::string, std::string>>{
             {ok + "Switch_Latency_ns 100\n",
              "",
              ":12: Tier 2 Switch_Latency_ns 100: fabric-lb's switches forward with no latency "
              "(0 only)"},
             {ok + "Color 3\n", "", ":12: unknown key 'Color' (keys: "},
             {"Tiers 3\n", "", ": no Nodes line"},
             {ok + "Downlink_speed_Gbps 100\n",
              "",
              ":12: Tier 2 Downlink_speed_Gbps given while Tier 0 has none: fabric-lb has one "
              "--linkRate for every link"},
             {ok + "Downlink_Latency_ns 100\n",
              "",
              ":12: Tier 2 Downlink_Latency_ns given while Tier 0 has none"},
             {"Nodes 16\nTiers 3\nPodsize 4\nTier 0\nRadix_Down 2\nRadix_Up 2\nDownlink_Latency_ns "
              "5\nTier 1\nRadix_Down 2\nRadix_Up 2\nDownlink_Latency_ns 5\nTier 2\nRadix_Down "
              "4\nDownlink_Latency_ns 5\n",
              " --linkDelay=5ns",
              "--linkDelay and --topoFile="}})
    {
        const std::string topo = WriteTopo(text);
        const Outcome o = RunSim("--topology=htsim --msgBytes=4096 --topoFile=" + topo + more);
        EXPECT_EQ(o.status, 2) << text;
        EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
        const std::string line =
            error.rfind("--", 0) == 0 ? error : topo + error; // the file's name, then its line
        EXPECT_EQ(o.err.rfind("fabric-lb-sim: error: " + line, 0), 0U) << o.err;
        std::remove(topo.c_str());
    }
    const Outcome none = RunSim("--topology=htsim");
    EXPECT_EQ(none.status, 2);
    EXPECT_EQ(none.err,
              "fabric-lb-sim: error: --topology=htsim reads its fabric from --topoFile=FILE\n");
    const Outcome other = RunSim("--k=4 --topoFile=x.topo");
    EXPECT_EQ(other.status, 2);
    EXPECT_EQ(other.err.rfind("fabric-lb-sim: error: --topoFile shapes a htsim fabric", 0), 0U)
        << other.err;
}
