/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * A fuzz of every flag of fabric-lb-sim, fabric-lb-sweep and fabric-lb-trace-gen: each flag, one at
 * a time, on a tiny run (k=4, one packet a message), takes each of a set of odd values. Neither
 * program may die of a signal, outlast a wall-clock timeout, or exit with a status other than 0, 1
 * or 2, and an exit status of 2 (bad input) comes with exactly one line on stderr, the program's
 * error line. The flags are read from each program's --help, so a new flag is fuzzed too.
 */

#include "fuzz-runner.h"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <gtest/gtest.h>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace fabriclbe2e;

namespace
{

/// Every run ends by this simulated time: a value that asks for a long run (a message of 2^32
/// bytes) is not a hang. A k=4 run of one packet a message takes about 7 us.
const std::string SIMULATED_TIME_LIMIT = "--timeLimit=100us";

/// \return the flags in the "Program Options" part of \p program's --help, without "--"
std::vector<std::string>
ProgramFlags(const std::string& program)
{
    const Outcome help = Run(program, "--help");
    std::vector<std::string> flags;
    std::istringstream lines(help.out);
    bool inOptions = false;
    for (std::string line; std::getline(lines, line);)
    {
        if (line == "Program Options:")
        {
            inOptions = true;
        }
        else if (line.empty())
        {
            inOptions = false;
        }
        else if (inOptions && line.rfind("    --", 0) == 0)
        {
            flags.push_back(line.substr(6, line.find(':') - 6));
        }
    }
    return flags;
}

/// \return the odd values every flag gets
const std::vector<std::string>&
OddValues()
{
    static const std::vector<std::string> values{
        "",
        "-1",
        "0",
        "99999999999999999999", // beyond 64 bits
        "nan",
        "inf",
        std::string(3000, 'x'),
        "7",                      // a number without a unit
        "garbage text;$(true)*'", // with a space and the shell's special characters
        "1e-12",                  // a tiny share, rate or probability
        "4294967295",             // 2^32 - 1, the largest 32-bit count
        "2147483648",             // 2^31: products of two of them wrap 32 and 64 bits
        "1e14",                   // a huge real
        "100s",                   // a long time
        "1Tbps",                  // a rate where none is expected
        "/",                      // a folder where a file is expected
    };
    return values;
}

/// \return the odd values every attribute gets (by its name, --ns3::Class::Attribute)
const std::vector<std::string>&
OddAttributeValues()
{
    static const std::vector<std::string> values{"",
                                                 "-1",
                                                 "99999999999999999999",
                                                 "nan",
                                                 "4294967295",
                                                 "1e14",
                                                 "100s",
                                                 "ns3::Object"};
    return values;
}

/// \return \p value as a test's trace: the long one shortened
std::string
Shown(const std::string& value)
{
    return value.size() > 40
               ? value.substr(0, 10) + "... (" + std::to_string(value.size()) + " characters)"
               : "'" + value + "'";
}

/// What the fuzz of one program found.
struct FuzzReport
{
    size_t runs{0};                           //!< runs made
    std::map<int, size_t> statuses;           //!< runs by exit status
    std::vector<std::string> problems;        //!< a line for each run that broke a rule
    std::chrono::duration<double> slowest{0}; //!< the longest run
};

/**
 * Runs \p program with \p base, then --FLAG=VALUE for each of \p flags and \p values (and the
 * flag's context from \p context, before it), each in a fresh directory, and checks the rules.
 * \param errorPrefix the program's bad-input line starts so
 */
FuzzReport
Fuzz(const std::string& program,
     const std::vector<std::string>& base,
     const std::vector<std::string>& flags,
     const std::map<std::string, std::vector<std::string>>& context,
     const std::string& errorPrefix,
     const std::vector<std::string>& values = OddValues())
{
    FuzzReport report;
    const std::filesystem::path root = TempPath("fuzz");
    for (const std::string& flag : flags)
    {
        for (const std::string& value : values)
        {
            const std::filesystem::path dir = root / std::to_string(report.runs);
            std::filesystem::create_directories(dir);
            std::vector<std::string> argv{program};
            argv.insert(argv.end(), base.begin(), base.end());
            const auto extra = context.find(flag);
            if (extra != context.end())
            {
                argv.insert(argv.end(), extra->second.begin(), extra->second.end());
            }
            argv.push_back("--" + flag + "=" + value);
            const auto start = std::chrono::steady_clock::now();
            const FuzzOutcome o = RunInDir(argv, dir.string(), dir.string() + "/stderr");
            report.slowest =
                std::max<std::chrono::duration<double>>(report.slowest,
                                                        std::chrono::steady_clock::now() - start);
            ++report.runs;
            ++report.statuses[o.status];
            std::string problem;
            if (o.timedOut)
            {
                problem = "still running after " + std::to_string(FUZZ_TIMEOUT.count()) + " s";
            }
            else if (o.signal != 0)
            {
                problem = "killed by signal " + std::to_string(o.signal);
            }
            else if (o.status < 0 || o.status > 2)
            {
                problem = "exit status " + std::to_string(o.status);
            }
            else if (o.status == 2 &&
                     (o.err.rfind(errorPrefix, 0) != 0 ||
                      std::count(o.err.begin(), o.err.end(), '\n') != 1 || o.err.back() != '\n'))
            {
                problem = "exit status 2 without exactly one '" + errorPrefix + "' line";
            }
            if (!problem.empty())
            {
                report.problems.push_back("--" + flag + "=" + Shown(value) + ": " + problem +
                                          "; stderr: " + o.err.substr(0, 300));
            }
        }
    }
    std::filesystem::remove_all(root);
    return report;
}

/// \return a one-line account of \p report
std::string
Summary(const FuzzReport& report)
{
    std::ostringstream os;
    os << report.runs << " runs, the slowest " << report.slowest.count() << " s; by exit status:";
    for (const auto& [status, runs] : report.statuses)
    {
        os << " " << status << ": " << runs;
    }
    return os.str();
}

} // namespace

TEST(FlagFuzz, EveryDriverFlagTakesOddValuesWithoutCrashOrHang)
{
    const std::vector<std::string> flags = ProgramFlags(FABRIC_LB_SIM);
    ASSERT_GE(flags.size(), 30U) << "the driver's --help lists its flags";
    // Flags that act only with others get them, so that the odd value is used.
    const std::vector<std::string> failure{"--failLinks=agg-p0-0:core-0"};
    const std::map<std::string, std::vector<std::string>> context{
        {"group", {"--workload=ring-allgather"}},
        {"model", {"--workload=fsdp"}},
        {"layers", {"--workload=fsdp"}},
        {"algorithm", {"--workload=allreduce"}},
        {"chunkBytes", {"--workload=allreduce", "--algorithm=tree"}},
        {"localRanks", {"--workload=allreduce", "--algorithm=hierarchical"}},
        {"moeModel", {"--workload=moe", "--tokens=4"}},
        {"tokens", {"--workload=moe"}},
        {"skew", {"--workload=moe", "--tokens=4"}},
        {"gpuTflops", {"--workload=moe", "--tokens=4"}},
        {"stages", {"--workload=pipeline"}},
        {"microbatches", {"--workload=pipeline"}},
        {"forwardTime", {"--workload=pipeline"}},
        {"backwardTime", {"--workload=pipeline"}},
        {"matrix", {"--workload=matrix"}},
        {"trace", {"--workload=chakra"}},
        {"failMode", failure},
        {"failRate", {"--failLinks=agg-p0-0:core-0", "--failMode=degrade"}},
        {"convergence", failure},
        {"rate", failure},
        {"queueTimelineInterval", {"--queueTimeline=/dev/null"}},
    };
    const FuzzReport report =
        Fuzz(FABRIC_LB_SIM,
             {"--k=4", "--workload=permutation", "--msgBytes=4096", SIMULATED_TIME_LIMIT},
             flags,
             context,
             "fabric-lb-sim: error: ");
    RecordProperty("summary", Summary(report));
    std::cout << "fabric-lb-sim: " << Summary(report) << std::endl;
    EXPECT_EQ(report.runs, flags.size() * OddValues().size());
    for (const std::string& problem : report.problems)
    {
        ADD_FAILURE() << problem;
    }
}

TEST(FlagFuzz, EverySweepFlagTakesOddValuesWithoutCrashOrHang)
{
    const std::vector<std::string> flags = ProgramFlags(FABRIC_LB_SWEEP);
    ASSERT_GE(flags.size(), 11U) << "the sweep's --help lists its flags";
    const FuzzReport report = Fuzz(FABRIC_LB_SWEEP,
                                   {std::string("--sim=") + FABRIC_LB_SIM,
                                    "--schemes=ecmp",
                                    "--workload=permutation",
                                    "--sizes=4096",
                                    "--runs=1",
                                    "--k=4",
                                    "--jobs=1",
                                    "--out=sweep",
                                    "--extra=" + SIMULATED_TIME_LIMIT},
                                   flags,
                                   {},
                                   "fabric-lb-sweep: error: ");
    RecordProperty("summary", Summary(report));
    std::cout << "fabric-lb-sweep: " << Summary(report) << std::endl;
    EXPECT_EQ(report.runs, flags.size() * OddValues().size());
    for (const std::string& problem : report.problems)
    {
        ADD_FAILURE() << problem;
    }
}

TEST(FlagFuzz, EveryTraceGeneratorFlagTakesOddValuesWithoutCrashOrHang)
{
    const std::vector<std::string> flags = ProgramFlags(FABRIC_LB_TRACE_GEN);
    ASSERT_GE(flags.size(), 17U) << "the generator's --help lists its flags";
    // A model's step on 4 GPUs of 2 layers, so that its flags are used.
    const std::vector<std::string> dense{"--model=llama3-7b", "--layers=2"};
    const std::map<std::string, std::vector<std::string>> context{
        {"model", {"--layers=2"}},
        {"tp", dense},
        {"pp", dense},
        {"dp", dense},
        {"ep", {"--model=mixtral-8x7b", "--layers=2"}},
        {"microbatches", dense},
        {"sequenceLength", dense},
        {"microbatchSequences", dense},
        {"gpuTflops", dense},
        {"layers", {"--model=llama3-7b"}},
    };
    const FuzzReport report = Fuzz(FABRIC_LB_TRACE_GEN,
                                   {"--out=trace", "--gpus=4"},
                                   flags,
                                   context,
                                   "fabric-lb-trace-gen: error: ");
    RecordProperty("summary", Summary(report));
    std::cout << "fabric-lb-trace-gen: " << Summary(report) << std::endl;
    EXPECT_EQ(report.runs, flags.size() * OddValues().size());
    for (const std::string& problem : report.problems)
    {
        ADD_FAILURE() << problem;
    }
}

/// \return every attribute of the module's TypeIds, "ns3::Class::Attribute", from the driver's
/// own listing (ns-3's --PrintGroup and --PrintAttributes), so that a new one is fuzzed too
std::vector<std::string>
ModuleAttributes()
{
    std::vector<std::string> attributes;
    std::istringstream typeIds(Run(FABRIC_LB_SIM, "--PrintGroup=FabricLb").out);
    for (std::string line; std::getline(typeIds, line);)
    {
        const std::string::size_type name = line.find("ns3::");
        if (name == std::string::npos)
        {
            continue;
        }
        std::istringstream listing(
            Run(FABRIC_LB_SIM, "--PrintAttributes=" + line.substr(name)).out);
        for (std::string attribute; std::getline(listing, attribute);)
        {
            const std::string::size_type dashes = attribute.find("--ns3::");
            if (dashes != std::string::npos)
            {
                attributes.push_back(
                    attribute.substr(dashes + 2, attribute.find('=') - (dashes + 2)));
            }
        }
    }
    return attributes;
}

TEST(FlagFuzz, EveryAttributeOfTheModuleTakesOddValuesWithoutCrashOrHang)
{
    const std::vector<std::string> attributes = ModuleAttributes();
    ASSERT_GE(attributes.size(), 100U) << "the driver lists the module's attributes";
    const FuzzReport report =
        Fuzz(FABRIC_LB_SIM,
             {"--k=4", "--workload=permutation", "--msgBytes=4096", SIMULATED_TIME_LIMIT},
             attributes,
             {},
             "fabric-lb-sim: error: ",
             OddAttributeValues());
    RecordProperty("summary", Summary(report));
    std::cout << "fabric-lb-sim attributes: " << Summary(report) << std::endl;
    EXPECT_EQ(report.runs, attributes.size() * OddAttributeValues().size());
    for (const std::string& problem : report.problems)
    {
        ADD_FAILURE() << problem;
    }
}
