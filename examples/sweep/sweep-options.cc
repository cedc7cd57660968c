/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "sweep-options.h"

#include "ns3/collectives.h"
#include "ns3/command-line-values.h"
#include "ns3/command-line.h"
#include "ns3/fabric-registry.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace sweep
{

using namespace ns3;

std::vector<std::string>
ListItems(const std::string& text, const std::string& flag)
{
    std::vector<std::string> items;
    std::stringstream ss(text);
    std::string item;
    while (std::getline(ss, item, ','))
    {
        if (item.empty())
        {
            throw std::invalid_argument("--" + flag + ": an empty item in '" + text + "'");
        }
        if (std::find(items.begin(), items.end(), item) != items.end())
        {
            throw std::invalid_argument("--" + flag + ": '" + item + "' is given twice");
        }
        items.push_back(item);
    }
    if (!text.empty() && text.back() == ',')
    {
        throw std::invalid_argument("--" + flag + ": an empty item in '" + text + "'");
    }
    return items;
}

std::string
ShellWord(const std::string& text)
{
    std::string word = "'";
    for (char c : text)
    {
        word += c == '\'' ? std::string("'\\''") : std::string(1, c);
    }
    return word + "'";
}

namespace
{

/// The most runs at once (--jobs) and runs a point (--runs): well past any machine's cores
/// and any study's runs, far below what exhausts threads or memory.
constexpr uint32_t MAX_JOBS = 1024;
constexpr uint32_t MAX_RUNS = 100000;

/// Flags of the driver that the sweep sets itself for every run (--k too, unless --vary=k).
const std::vector<std::string> OWN_FLAGS = {"lb", "workload", "msgBytes", "run", "out"};

/// \return whether \p c may appear in a --vary value: shell- and file-name-safe
bool
IsValueChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.' ||
           c == '+';
}

/// \return whether \p flag looks like a driver flag (failProb) or attribute (ns3::Type::Name)
bool
IsFlagName(const std::string& flag)
{
    return !flag.empty() && std::isalpha(static_cast<unsigned char>(flag.front())) &&
           flag.back() != ':' && std::all_of(flag.begin(), flag.end(), [](char c) {
               return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' ||
                      c == ':';
           });
}

/// Parses --vary=FLAG:v1,v2,... into \p options; throws std::invalid_argument on bad input.
void
ParseVary(const std::string& vary, Options& options)
{
    const size_t colon = vary.rfind(':');
    if (colon == std::string::npos)
    {
        throw std::invalid_argument("--vary must be FLAG:v1,v2,..., got '" + vary + "'");
    }
    const std::string flag = vary.substr(0, colon);
    if (!IsFlagName(flag))
    {
        throw std::invalid_argument("--vary: '" + flag +
                                    "' is not the name of a fabric-lb-sim flag (failProb, "
                                    "convergence, ns3::Type::Attribute)");
    }
    if (std::find(OWN_FLAGS.begin(), OWN_FLAGS.end(), flag) != OWN_FLAGS.end())
    {
        throw std::invalid_argument("--vary: --" + flag +
                                    " is set by the sweep itself (--schemes, --workload, --sizes, "
                                    "--runs, --out)");
    }
    std::stringstream values(vary.substr(colon + 1));
    std::string value;
    while (std::getline(values, value, ','))
    {
        if (value.empty() || !std::all_of(value.begin(), value.end(), IsValueChar))
        {
            throw std::invalid_argument(
                "--vary: value '" + value + "' of " + flag +
                " is empty or has characters other than letters, digits and _-.+");
        }
        if (std::find(options.varyValues.begin(), options.varyValues.end(), value) !=
            options.varyValues.end())
        {
            throw std::invalid_argument("--vary: value '" + value + "' of " + flag +
                                        " is given twice");
        }
        options.varyValues.push_back(value);
    }
    if (options.varyValues.empty() || vary.back() == ',')
    {
        throw std::invalid_argument("--vary: no value, or an empty one, for " + flag + " in '" +
                                    vary + "'");
    }
    options.varyFlag = flag;
}

} // namespace

Options
ParseOptions(int argc, char* argv[])
{
    Options options;
    options.sim = "build/fabric-lb-sim";
    options.workload = "permutation";
    options.topology = "fat-tree";
    options.out = "results/sweep";
    std::string schemes = "ofan,rsq";
    std::string sizes = "65536,262144";
    // Numbers are read as text and parsed by ParseWholeInteger below.
    std::string runsText = "3";
    std::string kText; // empty: 8
    std::string jobsText = std::to_string(std::max(1U, std::thread::hardware_concurrency()));
    std::string fitMinPacketsText = "0";
    std::string bufferLineText;
    std::string vary;

    CommandLine cmd("fabric-lb-sweep"); // its help names the program, not this file
    cmd.Usage("Runs fabric-lb-sim over schemes x sizes [x --vary values] x runs; writes CSV, fits "
              "and figures.");
    cmd.AddValue("sim", "path of fabric-lb-sim", WholeTextValue(options.sim), options.sim);
    cmd.AddValue("schemes", "comma-separated scheme names", schemes);
    cmd.AddValue("workload", "permutation or all-to-all", options.workload);
    cmd.AddValue("sizes", "comma-separated message sizes in bytes", sizes);
    cmd.AddValue("runs", "runs (RngRun 1..runs) per point", runsText);
    cmd.AddValue("topology",
                 "the fabric: fat-tree (with --k), leaf-spine or rail (their shapes through "
                 "--extra, e.g. --leaves=8 --spines=4 or --servers=16)",
                 options.topology);
    cmd.AddValue("k", "fat-tree radix, 8 if not given (each run's with --vary=k)", kText);
    cmd.AddValue("jobs", "simulations at once", jobsText);
    cmd.AddValue("out", "output directory", WholeTextValue(options.out), options.out);
    cmd.AddValue("extra",
                 "further arguments for every run, spaces between them",
                 WholeTextValue(options.extra));
    cmd.AddValue("fitMinPackets",
                 "fit only message sizes of at least this many packets",
                 fitMinPacketsText);
    cmd.AddValue("vary",
                 "one more dimension, FLAG:v1,v2,...: each run gets --FLAG=value (e.g. "
                 "convergence:0,1rtt,inf, or k:4,8,16 instead of --k); figures then have the "
                 "values on the x axis",
                 vary);
    cmd.AddValue("replot",
                 "draw the figures (and fits) of --out's results.csv again, running nothing: "
                 "the schemes, sizes and --vary values are the CSV's",
                 options.replot);
    cmd.AddValue("caption",
                 "what every run shares, in words, for the figures' titles (e.g. \"1% of links "
                 "failed, never converged\")",
                 WholeTextValue(options.caption));
    cmd.AddValue("bufferLine",
                 "a port's buffer in data packets (its bytes over a data packet's wire size), "
                 "drawn as a line on the queue figures where the queues it caps can reach it",
                 bufferLineText);
    cmd.AddValue("printStyle",
                 "print the gnuplot style of this scheme as every figure draws it (colour, point "
                 "type and size), a tab and its name in figures, and exit",
                 WholeTextValue(options.printStyle));
    ParseCommandLineOrExit(cmd, argc, argv, "fabric-lb-sweep");
    if (cmd.GetNExtraNonOptions() > 0)
    {
        throw std::invalid_argument("unexpected argument '" + cmd.GetExtraNonOption(0) +
                                    "': options are --name=value (--help lists them)");
    }

    if (options.sim.empty())
    {
        throw std::invalid_argument("--sim is empty: it names fabric-lb-sim");
    }
    if (options.out.empty())
    {
        // Not the current directory: OUT/runs would be /runs, and the figures in /.
        throw std::invalid_argument("--out is empty: it names the output directory");
    }
    options.k = ParseRadix(kText.empty() ? "8" : kText);
    if (!fabriclb::Workloads().Find(options.workload))
    {
        throw std::invalid_argument("unknown workload '" + options.workload + "'");
    }
    options.runs = ParseWholeInteger<uint32_t>(runsText).value_or(0);
    options.jobs = ParseWholeInteger<uint32_t>(jobsText).value_or(0);
    if (options.runs == 0 || options.jobs == 0)
    {
        throw std::invalid_argument("--runs and --jobs must be integers of at least 1, got '" +
                                    runsText + "' and '" + jobsText + "'");
    }
    // Each job is a thread running one fabric-lb-sim at a time: more than a machine's cores
    // many times over only shares them (a million threads ended the sweep).
    if (options.jobs > MAX_JOBS)
    {
        throw std::invalid_argument("--jobs=" + jobsText + ": at most " + std::to_string(MAX_JOBS) +
                                    " runs at once");
    }
    if (options.runs > MAX_RUNS)
    {
        throw std::invalid_argument("--runs=" + runsText + ": at most " + std::to_string(MAX_RUNS) +
                                    " runs a point");
    }
    const std::optional<uint32_t> fitMinPackets = ParseWholeInteger<uint32_t>(fitMinPacketsText);
    if (!fitMinPackets)
    {
        throw std::invalid_argument("--fitMinPackets must be a non-negative integer, got '" +
                                    fitMinPacketsText + "'");
    }
    options.fitMinPackets = *fitMinPackets;
    if (!bufferLineText.empty())
    {
        size_t used = 0;
        try
        {
            options.bufferPackets = std::stod(bufferLineText, &used);
        }
        catch (const std::exception&)
        {
            used = 0;
        }
        if (used != bufferLineText.size() || !(options.bufferPackets > 0) ||
            !std::isfinite(options.bufferPackets))
        {
            throw std::invalid_argument("--bufferLine must be a positive number of packets, got '" +
                                        bufferLineText + "'");
        }
    }
    for (const std::string& size : ListItems(sizes, "sizes"))
    {
        const uint64_t bytes = ParseWholeInteger<uint64_t>(size).value_or(0);
        if (bytes == 0)
        {
            throw std::invalid_argument("message size '" + size + "' is not a positive integer");
        }
        options.sizes.push_back(bytes);
    }
    options.schemes = ListItems(schemes, "schemes");
    for (const std::string& scheme : options.schemes)
    {
        if (!fabriclb::LbSchemes().Find(scheme))
        {
            throw std::invalid_argument("unknown scheme '" + scheme +
                                        "' (fabric-lb-sim --lb=help lists them)");
        }
    }
    if (!vary.empty())
    {
        ParseVary(vary, options);
    }
    if (!fabriclb::TopologyKinds().Find(options.topology))
    {
        throw std::invalid_argument("unknown --topology '" + options.topology + "' (" +
                                    fabriclb::TopologyKinds().Names() + ")");
    }
    if (options.topology != "fat-tree" && (options.varyFlag == "k" || !kText.empty()))
    {
        throw std::invalid_argument("--k is a fat tree's radix: a " + options.topology +
                                    " fabric takes its shape through --extra or --vary");
    }
    if (options.varyFlag == "k")
    {
        // Each run's --k replaces the sweep's; a bad radix is bad input now, not a failed run.
        std::for_each(options.varyValues.begin(), options.varyValues.end(), ParseRadix);
    }
    if (options.schemes.empty() || options.sizes.empty())
    {
        throw std::invalid_argument("nothing to run: give --schemes and --sizes");
    }
    // --extra may not set what the sweep sets for every run: its runs would be labelled with
    // the sweep's value and run with another.
    std::istringstream extraWords(options.extra);
    for (std::string word; extraWords >> word;)
    {
        const std::string flag = word.rfind("--", 0) == 0 ? word.substr(2, word.find('=') - 2) : "";
        if (std::find(OWN_FLAGS.begin(), OWN_FLAGS.end(), flag) != OWN_FLAGS.end() || flag == "k" ||
            flag == "topology" || (!flag.empty() && flag == options.varyFlag))
        {
            throw std::invalid_argument("--extra: --" + flag +
                                        " is set by the sweep itself (--schemes, --workload, "
                                        "--sizes, --runs, --out, --k, --topology, --vary)");
        }
    }
    return options;
}

} // namespace sweep
