/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "sweep-runs.h"

#include "ns3/collectives.h"
#include "ns3/error-text.h"
#include "ns3/input-file.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace sweep
{

std::vector<Job>
MakeGrid(const Options& options)
{
    std::vector<Job> grid;
    const size_t variants = std::max<size_t>(1, options.varyValues.size());
    for (const std::string& scheme : options.schemes)
    {
        for (uint64_t bytes : options.sizes)
        {
            for (size_t variant = 0; variant < variants; ++variant)
            {
                for (uint32_t run = 1; run <= options.runs; ++run)
                {
                    // Without --vary, the names of earlier sweeps: they resume.
                    const std::string vary =
                        options.varyFlag.empty()
                            ? ""
                            : options.varyFlag + "=" + options.varyValues[variant] + "-";
                    grid.push_back({scheme,
                                    bytes,
                                    variant,
                                    run,
                                    options.out + "/runs/" + scheme + "-" + std::to_string(bytes) +
                                        "-" + vary + std::to_string(run) + ".json"});
                }
            }
        }
    }
    return grid;
}

nlohmann::json
ReadResult(const std::string& path)
{
    const nlohmann::json none(nlohmann::json::value_t::discarded);
    std::error_code noFile;
    if (!std::filesystem::exists(path, noFile))
    {
        return none;
    }
    try
    {
        const nlohmann::json result =
            nlohmann::json::parse(ns3::fabriclb::ReadInputFile("", path), nullptr, false);
        return result.is_object() ? result : none; // a result is one object
    }
    catch (const ns3::fabriclb::InputFileError&)
    {
        return none; // a directory or a pipe: no result
    }
}

bool
IsIncomplete(const nlohmann::json& result)
{
    return !result.is_discarded() && result.value("messages_completed", nlohmann::json()) !=
                                         result.value("messages", nlohmann::json());
}

void
KeepSettings(const Options& options)
{
    std::ostringstream settings;
    settings << "topology=" << options.topology << " k="
             << (options.topology == "fat-tree" && options.varyFlag != "k"
                     ? std::to_string(options.k)
                     : "-")
             << " workload=" << options.workload << " vary=" << options.varyFlag
             << " extra=" << options.extra;
    settings << "\n";
    const std::string path = options.out + "/runs/settings.txt";
    std::error_code noFile;
    if (!std::filesystem::exists(path, noFile))
    {
        if (!(std::ofstream(path) << settings.str()))
        {
            throw std::invalid_argument("cannot write " + path);
        }
        return;
    }
    // Whatever stands there, written by this sweep or not, is read whole and compared.
    const std::string kept = ns3::fabriclb::ReadInputFile("--out", path);
    if (kept != settings.str())
    {
        const auto shown = [](const std::string& text) {
            return ns3::fabriclb::ShortText(text.substr(0, text.find_last_not_of('\n') + 1), 200);
        };
        throw std::invalid_argument("--out '" + ns3::fabriclb::PrintableText(options.out) +
                                    "' holds runs of other settings (" + shown(kept) + ", now " +
                                    shown(settings.str()) + "): remove " +
                                    ns3::fabriclb::PrintableText(options.out) +
                                    "/runs to run anew, or choose another --out");
    }
}

size_t
RunGrid(const Options& options, const std::vector<Job>& grid)
{
    std::atomic<size_t> next{0};
    std::atomic<size_t> done{0};
    std::atomic<size_t> ran{0};
    std::atomic<size_t> incomplete{0};
    std::atomic<size_t> failed{0};
    std::mutex printing;
    const auto start = std::chrono::steady_clock::now();
    std::istringstream extraWords(options.extra);
    const bool runsJobs =
        options.varyFlag == "jobs" ||
        std::any_of(std::istream_iterator<std::string>(extraWords),
                    std::istream_iterator<std::string>(),
                    [](const std::string& word) { return word.rfind("--jobs=", 0) == 0; });
    const std::vector<std::string>& parameters =
        ns3::fabriclb::Workloads().Get(options.workload, "workload").parameters;
    const bool readsSize =
        std::find(parameters.begin(), parameters.end(), "msgBytes") != parameters.end();
    auto worker = [&]() {
        for (size_t i = next++; i < grid.size(); i = next++)
        {
            const Job& job = grid[i];
            const nlohmann::json kept = ReadResult(job.json);
            if (!kept.is_discarded())
            {
                // Kept from an earlier sweep: delete out/runs to run it again.
                incomplete += IsIncomplete(kept) ? 1 : 0;
                ++done;
                continue;
            }
            std::ostringstream command;
            command << ShellWord(options.sim);
            if (options.topology != "fat-tree")
            {
                command << " --topology=" << options.topology;
            }
            else if (options.varyFlag != "k")
            {
                command << " --k=" << options.k;
            }
            command << " --lb=" << job.scheme;
            // The driver refuses a flag that does nothing: a jobs file gives each job its
            // workload (the size stays the jobs' default), and fsdp or a matrix size no message.
            if (!runsJobs)
            {
                command << " --workload=" << options.workload;
            }
            if (runsJobs || readsSize)
            {
                command << " --msgBytes=" << job.bytes;
            }
            command << " --run=" << job.run << " --out=" << ShellWord(job.json);
            if (!options.varyFlag.empty())
            {
                command << " --" << options.varyFlag << "=" << options.varyValues[job.variant];
            }
            // --extra's words, each passed as it is: none of it is shell syntax.
            std::istringstream extra(options.extra);
            for (std::string word; extra >> word;)
            {
                command << " " << ShellWord(word);
            }
            command << " >/dev/null 2>" << ShellWord(job.json + ".err");
            // A run fails when it exits non-zero or writes no result (a --sim that is not
            // fabric-lb-sim); an incomplete one wrote its result and says so.
            const int status = std::system(command.str().c_str());
            const nlohmann::json result = ReadResult(job.json);
            if (status != 0 || result.is_discarded())
            {
                ++(IsIncomplete(result) ? incomplete : failed);
            }
            const size_t finished = ++done;
            const size_t executed = ++ran;
            const double elapsed =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            const double left = elapsed / executed * (grid.size() - finished);
            std::lock_guard<std::mutex> lock(printing);
            std::fprintf(stderr,
                         "\r[fabric-lb-sweep] %zu/%zu runs done, %zu incomplete, %zu failed, "
                         "%.0f s elapsed, about %.0f s left   ",
                         finished,
                         grid.size(),
                         incomplete.load(),
                         failed.load(),
                         elapsed,
                         left);
        }
    };
    std::vector<std::thread> threads;
    for (uint32_t t = 0; t < options.jobs; ++t)
    {
        threads.emplace_back(worker);
    }
    for (std::thread& t : threads)
    {
        t.join();
    }
    std::fprintf(stderr, "\n");
    if (incomplete > 0)
    {
        std::cerr << "[fabric-lb-sweep] " << incomplete
                  << " incomplete run(s) (not every message completed): in results.csv, not "
                     "in the means"
                  << std::endl;
    }
    return failed;
}

} // namespace sweep
