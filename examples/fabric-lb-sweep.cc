/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * fabric-lb-sweep: runs fabric-lb-sim over a grid of schemes, message sizes and
 * runs, in parallel over the machine's cores, and turns the results into a CSV,
 * log-log figures (ns-3's Gnuplot class writes the scripts, gnuplot draws the
 * PNGs) and least-squares fits (GSL) of the exponent in m of q(m) and of the
 * maximum queue.
 *
 *   fabric-lb-sweep --schemes=ofan,rsq --sizes=65536,262144 --runs=3 --out=results/fig6
 */

#include "ns3/command-line.h"
#include "ns3/fabric-experiment.h"
#include "ns3/gnuplot.h"
#include "ns3/lb-scheme.h"
#include "ns3/workload.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gsl/gsl_fit.h>
#include <iomanip>
#include <iostream>
#include <limits>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>
#include <vector>

using namespace ns3;

namespace
{

/// Splits a comma-separated list.
std::vector<std::string>
Split(const std::string& text)
{
    std::vector<std::string> items;
    std::stringstream ss(text);
    std::string item;
    while (std::getline(ss, item, ','))
    {
        if (!item.empty())
        {
            items.push_back(item);
        }
    }
    return items;
}

/// Prints one error line and returns the exit status of bad input.
int
Fail(const std::string& message)
{
    std::cerr << "fabric-lb-sweep: error: " << message << std::endl;
    return 2;
}

/// One run of the grid.
struct Job
{
    std::string scheme;
    uint64_t bytes;
    uint32_t run;
    std::string json; //!< where the driver writes its result
};

/// Mean of the runs of one (scheme, size).
struct Point
{
    double packets{0};
    double cctIncrease{0};
    double qMean{0};
    double maxQueue{0};
    uint32_t runs{0};
};

/// Least-squares slope of log(y) against log(x), over the points with x >= minX and y > 0.
double
LogLogSlope(const std::vector<double>& x, const std::vector<double>& y, double minX)
{
    std::vector<double> lx;
    std::vector<double> ly;
    for (size_t i = 0; i < x.size(); ++i)
    {
        if (x[i] > 0 && x[i] >= minX && y[i] > 0)
        {
            lx.push_back(std::log(x[i]));
            ly.push_back(std::log(y[i]));
        }
    }
    if (lx.size() < 2)
    {
        return NAN;
    }
    double c0;
    double c1;
    double cov00;
    double cov01;
    double cov11;
    double sumsq;
    gsl_fit_linear(lx.data(), 1, ly.data(), 1, lx.size(), &c0, &c1, &cov00, &cov01, &cov11, &sumsq);
    return c1;
}

/// Writes a log-log Gnuplot script of one metric per scheme and draws it.
void
Plot(const std::string& dir,
     const std::string& name,
     const std::string& title,
     const std::string& ylabel,
     const std::map<std::string, std::vector<Point>>& points,
     double Point::*metric)
{
    Gnuplot plot(dir + "/" + name + ".png", title);
    plot.SetTerminal("png size 960,640");
    plot.SetLegend("message size m (packets)", ylabel);
    plot.AppendExtra("set logscale xy");
    plot.AppendExtra("set key outside right");
    plot.AppendExtra("set grid");
    for (const auto& [scheme, series] : points)
    {
        Gnuplot2dDataset dataset(scheme);
        dataset.SetStyle(Gnuplot2dDataset::LINES_POINTS);
        for (const Point& p : series)
        {
            if (p.*metric > 0)
            {
                dataset.Add(p.packets, p.*metric);
            }
        }
        plot.AddDataset(dataset);
    }
    const std::string script = dir + "/" + name + ".plt";
    std::ofstream out(script);
    plot.GenerateOutput(out);
    out.close();
    if (std::system(("gnuplot " + script).c_str()) != 0)
    {
        std::cerr << "fabric-lb-sweep: gnuplot failed on " << script << std::endl;
    }
}

} // namespace

int
main(int argc, char* argv[])
{
    std::string sim = "build/fabric-lb-sim";
    std::string schemes = "ofan,rsq";
    std::string workload = "permutation";
    std::string sizes = "65536,262144";
    // Numbers are read as text and parsed by ParseWholeInteger below.
    std::string runsText = "3";
    std::string kText = "8";
    std::string jobsText = std::to_string(std::max(1U, std::thread::hardware_concurrency()));
    std::string out = "results/sweep";
    std::string extra;
    std::string fitMinPacketsText = "0";

    CommandLine cmd(__FILE__);
    cmd.Usage("Runs fabric-lb-sim over schemes x sizes x runs; writes CSV, fits and figures.");
    cmd.AddValue("sim", "path of fabric-lb-sim", sim);
    cmd.AddValue("schemes", "comma-separated scheme names", schemes);
    cmd.AddValue("workload", "permutation or all-to-all", workload);
    cmd.AddValue("sizes", "comma-separated message sizes in bytes", sizes);
    cmd.AddValue("runs", "runs (RngRun 1..runs) per point", runsText);
    cmd.AddValue("k", "fat-tree radix", kText);
    cmd.AddValue("jobs", "simulations at once", jobsText);
    cmd.AddValue("out", "output directory", out);
    cmd.AddValue("extra", "further arguments for every run", extra);
    cmd.AddValue("fitMinPackets",
                 "fit only message sizes of at least this many packets",
                 fitMinPacketsText);
    cmd.Parse(argc, argv);

    uint32_t k = 0;
    try
    {
        k = ParseRadix(kText);
    }
    catch (const std::invalid_argument& e)
    {
        return Fail(e.what());
    }
    const std::vector<std::string>& workloads = fabriclb::WorkloadNames();
    if (std::find(workloads.begin(), workloads.end(), workload) == workloads.end())
    {
        return Fail("unknown workload '" + workload + "'");
    }
    const uint32_t runs = ParseWholeInteger<uint32_t>(runsText).value_or(0);
    const uint32_t jobs = ParseWholeInteger<uint32_t>(jobsText).value_or(0);
    if (runs == 0 || jobs == 0)
    {
        return Fail("--runs and --jobs must be integers of at least 1, got '" + runsText +
                    "' and '" + jobsText + "'");
    }
    const std::optional<uint32_t> fitMinPacketsValue =
        ParseWholeInteger<uint32_t>(fitMinPacketsText);
    if (!fitMinPacketsValue)
    {
        return Fail("--fitMinPackets must be a non-negative integer, got '" + fitMinPacketsText +
                    "'");
    }
    const uint32_t fitMinPackets = *fitMinPacketsValue;
    std::vector<uint64_t> sizeList;
    for (const std::string& size : Split(sizes))
    {
        const uint64_t bytes = ParseWholeInteger<uint64_t>(size).value_or(0);
        if (bytes == 0)
        {
            return Fail("message size '" + size + "' is not a positive integer");
        }
        sizeList.push_back(bytes);
    }
    std::vector<Job> grid;
    for (const std::string& scheme : Split(schemes))
    {
        if (!fabriclb::FindLbScheme(scheme))
        {
            return Fail("unknown scheme '" + scheme + "' (fabric-lb-sim --lb=help lists them)");
        }
        for (uint64_t bytes : sizeList)
        {
            for (uint32_t run = 1; run <= runs; ++run)
            {
                grid.push_back({scheme, bytes, run, ""});
            }
        }
    }
    if (grid.empty())
    {
        return Fail("nothing to run: give --schemes and --sizes");
    }
    std::error_code error;
    std::filesystem::create_directories(out + "/runs", error);
    if (error)
    {
        return Fail("cannot create " + out + "/runs: " + error.message());
    }

    std::atomic<size_t> next{0};
    std::atomic<size_t> done{0};
    std::atomic<size_t> failed{0};
    std::mutex printing;
    const auto start = std::chrono::steady_clock::now();
    auto worker = [&]() {
        for (size_t i = next++; i < grid.size(); i = next++)
        {
            Job& job = grid[i];
            job.json = out + "/runs/" + job.scheme + "-" + std::to_string(job.bytes) + "-" +
                       std::to_string(job.run) + ".json";
            std::ifstream existing(job.json);
            if (existing && nlohmann::json::accept(existing))
            {
                ++done; // kept from an earlier sweep: delete out/runs to run it again
                continue;
            }
            std::ostringstream command;
            command << sim << " --k=" << k << " --lb=" << job.scheme << " --workload=" << workload
                    << " --msgBytes=" << job.bytes << " --run=" << job.run << " --out=" << job.json
                    << " " << extra << " >/dev/null 2>" << job.json << ".err";
            if (std::system(command.str().c_str()) != 0)
            {
                ++failed;
            }
            const size_t finished = ++done;
            const double elapsed =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            std::lock_guard<std::mutex> lock(printing);
            std::fprintf(stderr,
                         "\r[fabric-lb-sweep] %zu/%zu runs done, %zu failed, %.0f s   ",
                         finished,
                         grid.size(),
                         failed.load(),
                         elapsed);
        }
    };
    std::vector<std::thread> threads;
    for (uint32_t t = 0; t < jobs; ++t)
    {
        threads.emplace_back(worker);
    }
    for (std::thread& t : threads)
    {
        t.join();
    }
    std::fprintf(stderr, "\n");

    std::ofstream csv(out + "/results.csv");
    csv << "scheme,workload,k,msg_bytes,msg_packets,run,cct_ns,bound_ns,cct_increase_pct,"
           "q_mean_pkts,max_queue_pkts,packets_dropped,recovery,cc,retransmissions,timeouts,"
           "link_drops,cnps,mean_final_rate_gbps,min_final_rate_gbps\n";
    std::map<std::string, std::map<uint64_t, Point>> sums;
    for (const Job& job : grid)
    {
        std::ifstream in(job.json);
        if (!in)
        {
            continue;
        }
        const nlohmann::json r = nlohmann::json::parse(in, nullptr, false);
        if (r.is_discarded() || r["messages_completed"] != r["messages"])
        {
            continue;
        }
        csv << job.scheme << "," << workload << "," << k << "," << job.bytes << ","
            << r["msg_packets"] << "," << job.run << "," << r["cct_ns"] << "," << r["bound_ns"]
            << "," << r["cct_increase_pct"] << "," << r["q_mean_pkts"] << "," << r["max_queue_pkts"]
            << "," << r["packets_dropped"] << "," << r.value("recovery", "erasure") << ","
            << r.value("cc", "fixed") << "," << r.value("retransmissions", 0) << ","
            << r.value("timeouts", 0) << "," << r.value("link_drops", 0) << ","
            << r.value("cnps", 0) << "," << r.value("mean_final_rate_gbps", 0.0) << ","
            << r.value("min_final_rate_gbps", 0.0) << "\n";
        Point& p = sums[job.scheme][job.bytes];
        p.packets = r["msg_packets"].get<double>();
        p.cctIncrease += r["cct_increase_pct"].get<double>();
        p.qMean += r["q_mean_pkts"].get<double>();
        p.maxQueue += r["max_queue_pkts"].get<double>();
        ++p.runs;
    }
    csv.close();

    if (sizeList.size() < 2)
    {
        std::cout << "results: " << out << "/results.csv (one message size: no fits, no figures)"
                  << std::endl;
        return failed > 0 ? 1 : 0;
    }

    std::map<std::string, std::vector<Point>> means;
    const std::string fitsName =
        fitMinPackets > 0 ? "/fits-from-" + std::to_string(fitMinPackets) + ".csv" : "/fits.csv";
    std::ofstream fits(out + fitsName);
    fits << std::setprecision(std::numeric_limits<double>::max_digits10);
    fits << "scheme,q_mean_exponent,max_queue_exponent\n";
    std::cout << "exponents in m fitted over m >= " << fitMinPackets << " packets\n";
    std::cout << "scheme      q(m) exponent  max-queue exponent\n";
    for (auto& [scheme, bySize] : sums)
    {
        std::vector<double> m;
        std::vector<double> q;
        std::vector<double> maxq;
        for (auto& [bytes, p] : bySize)
        {
            p.cctIncrease /= p.runs;
            p.qMean /= p.runs;
            p.maxQueue /= p.runs;
            means[scheme].push_back(p);
            m.push_back(p.packets);
            q.push_back(p.qMean);
            maxq.push_back(p.maxQueue);
        }
        const double qExponent = LogLogSlope(m, q, fitMinPackets);
        const double maxExponent = LogLogSlope(m, maxq, fitMinPackets);
        fits << scheme << "," << qExponent << "," << maxExponent << "\n";
        std::printf("%-10s %14.3f %19.3f\n", scheme.c_str(), qExponent, maxExponent);
    }
    fits.close();

    Plot(out,
         "cct-increase",
         "CCT increase over the bound",
         "CCT increase (%)",
         means,
         &Point::cctIncrease);
    Plot(out, "max-queue", "Largest switch queue", "max queue (packets)", means, &Point::maxQueue);
    Plot(out,
         "q-mean",
         "q(m): time-averaged switch queue",
         "mean queue (packets)",
         means,
         &Point::qMean);
    std::cout << "results: " << out << "/results.csv, " << fitsName.substr(1)
              << ", cct-increase.png, max-queue.png, q-mean.png" << std::endl;
    return failed > 0 ? 1 : 0;
}
