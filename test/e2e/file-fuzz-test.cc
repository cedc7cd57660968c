/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * A fuzz of every kind of input file the programs read: a jobs file (--jobs), a flow-size CDF
 * (--background), a connection matrix (--matrix), a Chakra trace (--trace), an htsim topology
 * file (--topoFile), the sweep's
 * runs/settings.txt and the results.csv it redraws (--replot). Each starts from a valid seed and
 * takes deterministic mutations (truncations, flipped bytes, lines duplicated and deleted, numbers
 * replaced by huge, negative and odd ones, NUL bytes, a very long line, CRLF, binary, a directory
 * and a pipe in the file's place), each run on a tiny k=4 fabric in a folder of its own. Neither
 * program may die of a signal, outlast a wall-clock timeout or exit other than 0, 1 or 2; an
 * exit status of 2 (bad input) comes with exactly one line on stderr, the program's error line;
 * and every input file is byte for byte what it was.
 */

#include "fuzz-runner.h"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <filesystem>
#include <functional>
#include <gtest/gtest.h>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace fabriclbe2e;

namespace
{

namespace fs = std::filesystem;

/// The driver's options of every run: a time limit that ends a run of a mutated file that asks
/// for much traffic (status 1) long before the timeout.
const std::vector<std::string> SIM_BASE{FABRIC_LB_SIM, "--k=4", "--timeLimit=200us"};
/// A workload's messages (the jobs' default, the permutation beside background): one packet.
const std::string ONE_PACKET = "--msgBytes=4096";

/// A mutated input: what it is called in a report, and its bytes (or a directory or a pipe).
struct Mutation
{
    /// What stands at the input's name.
    enum Kind
    {
        TEXT,      //!< a file of these bytes
        DIRECTORY, //!< an empty directory
        PIPE       //!< a FIFO no one writes to
    };

    std::string name; //!< e.g. "line 3 deleted"
    std::string text; //!< the bytes, for TEXT
    Kind kind{TEXT};  //!< what stands there
};

/// \return \p text's lines, each with its newline
std::vector<std::string>
Lines(const std::string& text)
{
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
    {
        lines.push_back(line + "\n");
    }
    return lines;
}

/// \return \p lines joined
std::string
Joined(const std::vector<std::string>& lines)
{
    std::string text;
    for (const std::string& line : lines)
    {
        text += line;
    }
    return text;
}

/// \return \p count positions (at most \p size) spread evenly over [0, \p size), each once
std::vector<size_t>
Spread(size_t size, size_t count)
{
    count = std::min(count, size);
    std::vector<size_t> positions;
    for (size_t i = 0; i < count; ++i)
    {
        positions.push_back(size * (2 * i + 1) / (2 * count));
    }
    return positions;
}

/// \return the deterministic mutations of \p seed
std::vector<Mutation>
Mutations(const std::string& seed)
{
    std::vector<Mutation> mutations{{"the seed itself", seed}};
    for (size_t i = 0; i < 8; ++i)
    {
        const size_t at = seed.size() * i / 8;
        mutations.push_back({"truncated to " + std::to_string(at) + " bytes", seed.substr(0, at)});
    }
    for (size_t at : Spread(seed.size(), 6))
    {
        for (unsigned char mask : {0x01, 0xff})
        {
            std::string text = seed;
            text[at] = static_cast<char>(text[at] ^ mask);
            mutations.push_back(
                {"byte " + std::to_string(at) + " xor " + std::to_string(mask), text});
        }
    }
    const std::vector<std::string> lines = Lines(seed);
    for (size_t at : Spread(lines.size(), 5))
    {
        std::vector<std::string> twice = lines;
        twice.insert(twice.begin() + at, lines[at]);
        mutations.push_back({"line " + std::to_string(at + 1) + " twice", Joined(twice)});
        std::vector<std::string> without = lines;
        without.erase(without.begin() + at);
        mutations.push_back({"line " + std::to_string(at + 1) + " deleted", Joined(without)});
    }
    // Numbers: four of them, spread over the file, each replaced by each odd value in turn.
    std::vector<std::pair<size_t, size_t>> numbers; // (position, length)
    for (size_t at = 0; at < seed.size();)
    {
        const size_t begin = seed.find_first_of("0123456789", at);
        if (begin == std::string::npos)
        {
            break;
        }
        const size_t end = std::min(seed.find_first_not_of("0123456789", begin), seed.size());
        numbers.emplace_back(begin, end - begin);
        at = end;
    }
    for (size_t n : Spread(numbers.size(), 4))
    {
        for (const std::string& value :
             {"99999999999999999999", "18446744073709551616", "4294967296", "-1", "1e300", "0"})
        {
            std::string text = seed;
            text.replace(numbers[n].first, numbers[n].second, value);
            mutations.push_back(
                {"number " + std::to_string(n + 1) + " replaced by " + value, text});
        }
    }
    for (size_t at : Spread(seed.size(), 3))
    {
        std::string text = seed;
        text.insert(at, 1, '\0');
        mutations.push_back({"NUL at byte " + std::to_string(at), text});
    }
    mutations.push_back({"a line of 100000 digits first", std::string(100000, '7') + "\n" + seed});
    std::string crlf;
    for (char c : seed)
    {
        crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    }
    mutations.push_back({"CRLF", crlf});
    std::string binary;
    for (int i = 0; i < 1024; ++i)
    {
        binary += static_cast<char>(i * 37 % 256);
    }
    mutations.push_back({"binary", binary});
    mutations.push_back({"a directory", "", Mutation::DIRECTORY});
    mutations.push_back({"a pipe", "", Mutation::PIPE});
    return mutations;
}

/// \return the bytes of every regular file below \p dir, by path
std::map<std::string, std::string>
Contents(const fs::path& dir)
{
    std::map<std::string, std::string> contents;
    for (const fs::directory_entry& entry : fs::recursive_directory_iterator(dir))
    {
        if (entry.is_regular_file())
        {
            contents[entry.path().string()] = Slurp(entry.path().string());
        }
    }
    return contents;
}

/// One kind of input file: where it stands in a run's folder, what else the folder holds, and
/// how a program is run on it.
struct InputKind
{
    std::string name;                             //!< for the summary, e.g. "jobs file"
    std::string seed;                             //!< a valid file
    std::string input;                            //!< its path in the run's folder
    std::function<void(const fs::path&)> prepare; //!< fills a run's folder but the input
    std::vector<std::string> argv;                //!< the program and its arguments
    std::string errorPrefix;                      //!< the program's bad-input line starts so
    std::vector<std::string> inputs; //!< the files a run may not change: the input and these
};

/// What the fuzz of one kind found.
struct FuzzReport
{
    size_t runs{0};                           //!< runs made
    std::map<int, size_t> statuses;           //!< runs by exit status
    std::vector<std::string> problems;        //!< a line for each run that broke a rule
    std::chrono::duration<double> slowest{0}; //!< the longest run
};

/// \return a one-line account of \p report
std::string
Summary(const std::string& kind, const FuzzReport& report)
{
    std::ostringstream os;
    os << kind << ": " << report.runs << " runs, the slowest " << report.slowest.count()
       << " s; by exit status:";
    for (const auto& [status, runs] : report.statuses)
    {
        os << " " << status << ": " << runs;
    }
    return os.str();
}

/// \return the problem of a run that broke a rule, "" if none
std::string
BrokenRule(const FuzzOutcome& o, const std::string& errorPrefix)
{
    if (o.timedOut)
    {
        return "still running after " + std::to_string(FUZZ_TIMEOUT.count()) + " s";
    }
    if (o.signal != 0)
    {
        return "killed by signal " + std::to_string(o.signal);
    }
    if (o.status < 0 || o.status > 2)
    {
        return "exit status " + std::to_string(o.status);
    }
    if (o.status == 2 &&
        (o.err.rfind(errorPrefix, 0) != 0 || std::count(o.err.begin(), o.err.end(), '\n') != 1 ||
         o.err.back() != '\n'))
    {
        return "exit status 2 without exactly one '" + errorPrefix + "' line";
    }
    return "";
}

/// Runs every mutation of \p kind's seed, each in a folder of its own, and checks the rules.
FuzzReport
Fuzz(const InputKind& kind)
{
    FuzzReport report;
    const fs::path root = TempPath("file-fuzz");
    for (const Mutation& mutation : Mutations(kind.seed))
    {
        const fs::path dir = root / std::to_string(report.runs) / "run";
        fs::create_directories(dir);
        kind.prepare(dir);
        const fs::path input = dir / kind.input;
        fs::create_directories(input.parent_path());
        if (mutation.kind == Mutation::DIRECTORY)
        {
            fs::create_directory(input);
        }
        else if (mutation.kind == Mutation::PIPE)
        {
            mkfifo(input.c_str(), 0600);
        }
        else
        {
            std::ofstream(input, std::ios::binary) << mutation.text;
        }
        // Every regular file of the folder is an input: the one fuzzed and what it names.
        const std::map<std::string, std::string> before = Contents(dir);
        const auto start = std::chrono::steady_clock::now();
        const FuzzOutcome o = RunInDir(kind.argv, dir.string(), dir.string() + "/../stderr");
        report.slowest =
            std::max<std::chrono::duration<double>>(report.slowest,
                                                    std::chrono::steady_clock::now() - start);
        ++report.runs;
        ++report.statuses[o.status];
        std::string problem = BrokenRule(o, kind.errorPrefix);
        for (const std::string& path : kind.inputs)
        {
            const std::string file = (dir / path).string();
            if (before.count(file) && Slurp(file) != before.at(file))
            {
                problem += (problem.empty() ? "" : "; ") + path + " changed";
            }
        }
        if (mutation.kind != Mutation::TEXT &&
            fs::status(input).type() !=
                (mutation.kind == Mutation::PIPE ? fs::file_type::fifo : fs::file_type::directory))
        {
            problem += (problem.empty() ? "" : "; ") + kind.input + " is no longer there as it was";
        }
        if (!problem.empty())
        {
            report.problems.push_back(kind.name + ", " + mutation.name + ": " + problem +
                                      "; stderr: " + o.err.substr(0, 300));
        }
    }
    fs::remove_all(root);
    return report;
}

/// Fuzzes \p kind and fails the test for every broken rule, printing the summary.
void
FuzzAndReport(const InputKind& kind)
{
    const FuzzReport report = Fuzz(kind);
    ::testing::Test::RecordProperty("summary", Summary(kind.name, report));
    std::cout << Summary(kind.name, report) << std::endl;
    EXPECT_EQ(report.runs, Mutations(kind.seed).size());
    for (const std::string& problem : report.problems)
    {
        ADD_FAILURE() << problem;
    }
}

/// \return \p base with \p more after it
std::vector<std::string>
With(std::vector<std::string> base, const std::vector<std::string>& more)
{
    base.insert(base.end(), more.begin(), more.end());
    return base;
}

/// Writes \p text to \p path.
void
Write(const fs::path& path, const std::string& text)
{
    std::ofstream(path, std::ios::binary) << text;
}

/// A small matrix of every trigger kind on 8 hosts, of 4 KiB flows.
const std::string MATRIX_SEED = "# every trigger kind\n"
                                "Nodes 8\n"
                                "Connections 6\n"
                                "Triggers 3\n"
                                "0->1 id 1 start 0 size 8192 send_done_trigger 1\n"
                                "2->3 id 2 start 1000 size 4096 recv_done_trigger 2\n"
                                "1->0 id 3 trigger 1 size 4096 send_done_trigger 3\n"
                                "4->5 id 4 trigger 2 size 4096 send_done_trigger 3 "
                                "recv_done_trigger 3\n"
                                "5->4 id 5 start 0 size 4096 recv_done_trigger 2\n"
                                "6->7 id 6 trigger 3 size 4096 prio 2\n"
                                "trigger id 1 oneshot\n"
                                "trigger id 2 multishot\n"
                                "trigger id 3 barrier count 3\n";

/// A matrix of computes in the dependency graph: a compute after a flow's arrival that
/// releases another flow, a compute at a start time, and a barrier on a flow and a compute.
const std::string COMPUTE_MATRIX_SEED = "# computes\n"
                                        "Nodes 4\n"
                                        "Connections 3\n"
                                        "Triggers 3\n"
                                        "Computes 2\n"
                                        "0->1 id 1 start 0 size 4096 recv_done_trigger 1\n"
                                        "1->2 id 2 trigger 2 size 8192 recv_done_trigger 3\n"
                                        "2->3 id 3 trigger 3 size 100\n"
                                        "trigger id 1 oneshot\n"
                                        "trigger id 2 oneshot\n"
                                        "trigger id 3 barrier count 2\n"
                                        "compute 1 id 1 trigger 1 duration 5000000 "
                                        "done_trigger 2\n"
                                        "compute 3 id 2 start 2000000 duration 9000000 "
                                        "done_trigger 3\n";

/// A matrix that a job of the jobs file's seed names.
const std::string JOB_MATRIX = "Nodes 2\nConnections 1\n0->1 id 1 start 0 size 4096\n";

/// \return the sweep's arguments over its folder "sweep"
std::vector<std::string>
SweepArgs(const std::vector<std::string>& more)
{
    return With({FABRIC_LB_SWEEP,
                 std::string("--sim=") + FABRIC_LB_SIM,
                 "--schemes=ecmp",
                 "--sizes=4096",
                 "--runs=1",
                 "--k=4",
                 "--jobs=1",
                 "--out=sweep"},
                more);
}

/// The fuzz of every kind; the sweep's kinds share the folder of one finished sweep.
class FileFuzz : public ::testing::Test
{
  protected:
    /// Makes the folder of a finished k=4 sweep of one run: the seed of the sweep's inputs.
    static void SetUpTestSuite()
    {
        s_sweep = TempPath("file-fuzz-sweep");
        const Outcome o = fabriclbe2e::Run(
            FABRIC_LB_SWEEP,
            std::string("--sim=") + FABRIC_LB_SIM +
                " --schemes=ecmp --sizes=4096 --runs=1 --k=4 --jobs=1 --out=" + s_sweep.string());
        ASSERT_EQ(o.status, 0) << o.err;
    }

    static void TearDownTestSuite()
    {
        fs::remove_all(s_sweep);
    }

    /// \return a run's folder's preparation: the seed sweep's folder as "sweep", without \p file
    static std::function<void(const fs::path&)> SweepWithout(const std::string& file)
    {
        return [file](const fs::path& dir) {
            fs::copy(s_sweep, dir / "sweep", fs::copy_options::recursive);
            fs::remove(dir / "sweep" / file);
        };
    }

    static fs::path s_sweep; //!< the seed sweep's folder
};

fs::path FileFuzz::s_sweep;

} // namespace

TEST_F(FileFuzz, JobsFile)
{
    const std::string seed = R"({"shareHosts": false,
 "jobs": [{"name": "a2a", "workload": "all-to-all", "msgBytes": 4096, "hosts": "0-3"},
          {"name": "ring", "workload": "ring-allreduce", "msgBytes": 8192,
           "hosts": {"place": "strided", "across": "leaves", "count": 4},
           "start": "1us", "iterations": 2, "gap": "2us"},
          {"name": "incast", "workload": "incast", "hosts": [12, 13, 14], "receiver": 13},
          {"name": "pipe", "workload": "pipeline", "hosts": "5,7", "stages": 2,
           "microbatches": 2, "forwardTime": "1us", "backwardTime": "2us", "iterations": 2},
          {"name": "m", "workload": "matrix", "matrix": "m.cm",
           "hosts": {"place": "random", "count": 2}}]}
)";
    FuzzAndReport({"jobs file",
                   seed,
                   "jobs.json",
                   [](const fs::path& dir) { Write(dir / "m.cm", JOB_MATRIX); },
                   With(SIM_BASE, {ONE_PACKET, "--jobs=jobs.json"}),
                   "fabric-lb-sim: error: ",
                   {"jobs.json", "m.cm"}});
}

TEST_F(FileFuzz, FlowSizeCdf)
{
    const std::string seed = "# flow sizes of the fuzz\n"
                             "1 0\n"
                             "4096 0.5\n"
                             "65536\t0.9   # a tab, and a comment\n"
                             "1048576 1\n";
    FuzzAndReport({"CDF file",
                   seed,
                   "sizes.cdf",
                   [](const fs::path&) {},
                   With(SIM_BASE, {ONE_PACKET, "--background=sizes.cdf"}),
                   "fabric-lb-sim: error: ",
                   {"sizes.cdf"}});
}

TEST_F(FileFuzz, ConnectionMatrix)
{
    FuzzAndReport({"connection matrix",
                   MATRIX_SEED,
                   "m.cm",
                   [](const fs::path&) {},
                   With(SIM_BASE, {"--workload=matrix", "--matrix=m.cm"}),
                   "fabric-lb-sim: error: ",
                   {"m.cm"}});
}

TEST_F(FileFuzz, ConnectionMatrixWithComputes)
{
    FuzzAndReport({"connection matrix with computes",
                   COMPUTE_MATRIX_SEED,
                   "m.cm",
                   [](const fs::path&) {},
                   With(SIM_BASE, {"--workload=matrix", "--matrix=m.cm"}),
                   "fabric-lb-sim: error: ",
                   {"m.cm"}});
}

TEST_F(FileFuzz, ChakraTrace)
{
    // A step of 4 ranks from fabric-lb-trace-gen; rank 1's file is the one fuzzed, binary
    // as it is (a protobuf record cut, flipped, a digit of a name replaced, ...).
    const std::string prefix = TempPath("file-fuzz-chakra");
    const Outcome o = fabriclbe2e::Run(FABRIC_LB_TRACE_GEN,
                                       "--gpus=4 --buckets=2 --bucketBytes=16384 --forwardMicros=1 "
                                       "--backwardMicros=1 --optimizerMicros=1 --out=" +
                                           prefix);
    ASSERT_EQ(o.status, 0) << o.err;
    std::map<int, std::string> ranks;
    for (int r = 0; r < 4; ++r)
    {
        const std::string file = prefix + "." + std::to_string(r) + ".et";
        ranks[r] = Slurp(file);
        fs::remove(file);
    }
    FuzzAndReport({"Chakra trace",
                   ranks[1],
                   "t.1.et",
                   [ranks](const fs::path& dir) {
                       for (const int r : {0, 2, 3})
                       {
                           Write(dir / ("t." + std::to_string(r) + ".et"), ranks.at(r));
                       }
                   },
                   With(SIM_BASE, {"--workload=chakra", "--trace=t"}),
                   "fabric-lb-sim: error: ",
                   {"t.0.et", "t.1.et", "t.2.et", "t.3.et"}});
}

TEST_F(FileFuzz, HtsimTopologyFile)
{
    // uet-htsim's fat_tree_128_1os.topo made k=4: every key it takes without refusing.
    const std::string seed = "# a k=4 fat tree\tas htsim writes it\n"
                             "Nodes 16\nTiers 3\nPodsize 4\n\n"
                             "Tier 0\nOversubscribed 1\nDownlink_speed_Gbps 100\nRadix_Down 2\n"
                             "Radix_Up 2\nDownlink_Latency_ns 1000\nSwitch_Latency_ns 0\n\n"
                             "Tier 1\nOversubscribed 1\nDownlink_speed_Gbps 100\nRadix_Down 2\n"
                             "Radix_Up 2\nDownlink_Latency_ns 1000\nSwitch_Latency_ns 0\n"
                             "Bundle 1\n\n"
                             "Tier 2\nDownlink_speed_Gbps 100\nRadix_Down 4\n"
                             "Downlink_Latency_ns 1000\nSwitch_Latency_ns 0\nBundle 1\n";
    FuzzAndReport(
        {"htsim topology file",
         seed,
         "f.topo",
         [](const fs::path&) {},
         {FABRIC_LB_SIM, "--topology=htsim", "--topoFile=f.topo", "--timeLimit=200us", ONE_PACKET},
         "fabric-lb-sim: error: ",
         {"f.topo"}});
}

TEST_F(FileFuzz, SweepSettings)
{
    // Only the seed itself is the settings of these runs: the sweep resumes, running nothing.
    const std::string settings = "sweep/runs/settings.txt";
    FuzzAndReport({"sweep's runs/settings.txt",
                   Slurp((s_sweep / "runs/settings.txt").string()),
                   settings,
                   SweepWithout("runs/settings.txt"),
                   SweepArgs({}),
                   "fabric-lb-sweep: error: ",
                   {settings, "sweep/runs/ecmp-4096-1.json"}});
}

TEST_F(FileFuzz, SweepResultsRedrawn)
{
    FuzzAndReport({"sweep's results.csv (--replot)",
                   Slurp((s_sweep / "results.csv").string()),
                   "sweep/results.csv",
                   SweepWithout("results.csv"),
                   {FABRIC_LB_SWEEP, "--replot", "--out=sweep"},
                   "fabric-lb-sweep: error: ",
                   {"sweep/results.csv"}});
}

TEST_F(FileFuzz, WhatIsNoFileIsRefusedNamingTheFlagAndFile)
{
    // Before: --jobs=DIR died of an uncaught std::ios_base::failure (status 134), and a pipe
    // in a file's place was waited on for ever.
    const fs::path dir = TempPath("file-fuzz-no-file");
    fs::create_directories(dir / "folder");
    mkfifo((dir / "pipe").c_str(), 0600);
    const std::string sim = "fabric-lb-sim: error: ";
    for (const std::string& name : {"folder", "pipe"})
    {
        const std::string what = name == "folder" ? "a directory" : "a pipe, not a regular file";
        for (const auto& [flag, args] :
             std::vector<std::pair<std::string, std::vector<std::string>>>{
                 {"--jobs", {ONE_PACKET}},
                 {"--matrix", {"--workload=matrix"}},
                 {"--background", {ONE_PACKET}}})
        {
            const FuzzOutcome o = RunInDir(With(With(SIM_BASE, args), {flag + "=" + name}),
                                           dir.string(),
                                           dir.string() + "/../stderr");
            EXPECT_EQ(o.status, 2) << flag;
            EXPECT_EQ(o.err, sim + flag + "=" + name + ": cannot read: " + what + "\n");
        }
    }
    fs::copy(s_sweep, dir / "sweep", fs::copy_options::recursive);
    for (const std::string& file : {"runs/settings.txt", "results.csv"})
    {
        fs::remove(dir / "sweep" / file);
        fs::create_directory(dir / "sweep" / file);
        const bool replot = file == "results.csv";
        const FuzzOutcome o =
            RunInDir(replot ? std::vector<std::string>{FABRIC_LB_SWEEP, "--replot", "--out=sweep"}
                            : SweepArgs({}),
                     dir.string(),
                     dir.string() + "/../stderr");
        EXPECT_EQ(o.status, 2) << file;
        EXPECT_EQ(o.err,
                  "fabric-lb-sweep: error: --out=sweep/" + file + ": cannot read: a directory" +
                      (replot ? ": nothing to draw" : "") + "\n");
    }
    fs::remove_all(dir);
}
