/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Watching a run as it happens: connects to the module's trace sources by
 * their Config paths and writes every queue pair's congestion-control rate
 * over time as CSV, with a gnuplot PNG of one host's queue pairs.
 *
 * By default a k=4 fat tree runs an all-to-all of 256 KiB under ECMP with
 * DCQCN, whose hash collisions build the queues that RED marks and CNPs answer.
 *
 *   ./ns3 run "fabric-lb-rate-trace --out=/tmp/rates"
 *   ./ns3 run "fabric-lb-rate-trace --lb=ofan --cc=swift --out=/tmp/rates"
 *
 * Writes OUT/rates.csv (time_us, host, queue_pair, rate_gbps, window_packets),
 * OUT/rates.plt and, where gnuplot is installed, OUT/rates.png.
 */

#include "ns3/core-module.h"
#include "ns3/fabric-experiment.h"
#include "ns3/gnuplot.h"

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <string>

using namespace ns3;

namespace
{

/// \return the node index in a Config context such as "/NodeList/5/$ns3::RoceNic/..."
uint32_t
NodeOf(const std::string& context)
{
    const std::string prefix = "/NodeList/";
    return std::stoul(context.substr(prefix.size(), context.find('/', prefix.size())));
}

} // namespace

int
main(int argc, char* argv[])
{
    Time::SetResolution(Time::PS); // 41.58 ns packets need picoseconds

    ExperimentConfig config;
    config.lb = "ecmp";
    config.workload = "all-to-all";
    config.messageBytes = 262144;
    config.cc = "dcqcn";
    config.recovery = "sack";
    uint32_t k = 4;
    std::string out = ".";
    CommandLine cmd(__FILE__);
    cmd.AddValue("k", "fat-tree radix", k);
    cmd.AddValue("lb", "load-balancing scheme (fabric-lb-sim --lb=help)", config.lb);
    cmd.AddValue("cc", "congestion control (fabric-lb-sim --cc=help)", config.cc);
    cmd.AddValue("msgBytes", "bytes per message", config.messageBytes);
    cmd.AddValue("out", "directory for rates.csv, rates.plt and rates.png", out);
    cmd.Parse(argc, argv);
    Config::SetDefault("ns3::FatTreeHelper::K", UintegerValue(k));

    FabricExperiment experiment(config);
    experiment.Configure();
    experiment.Install();

    // Every queue pair's rate and window, on every change: the CSV, and host 0's
    // queue pairs for the picture (one line each).
    std::ofstream csv(out + "/rates.csv");
    if (!csv)
    {
        std::cerr << "fabric-lb-rate-trace: error: cannot write " << out << "/rates.csv\n";
        return 2;
    }
    csv << "time_us,host,queue_pair,rate_gbps,window_packets\n";
    std::map<uint32_t, Gnuplot2dDataset> hostZero;
    uint64_t updates = 0;
    uint64_t losses = 0;
    Config::Connect("/NodeList/*/$ns3::RoceNic/CongestionState",
                    Callback<void, std::string, uint32_t, double, double>(
                        [&](std::string context, uint32_t qp, double rateBps, double window) {
                            const double us = Simulator::Now().GetPicoSeconds() / 1e6;
                            const uint32_t node = NodeOf(context);
                            csv << us << "," << node << "," << qp << "," << rateBps / 1e9 << ","
                                << window << "\n";
                            ++updates;
                            if (node == 0)
                            {
                                hostZero[qp].Add(us, rateBps / 1e9);
                            }
                        }));
    Config::ConnectWithoutContext("/NodeList/*/$ns3::RoceNic/PacketLost",
                                  Callback<void, uint32_t, uint32_t, uint16_t>(
                                      [&](uint32_t, uint32_t, uint16_t) { ++losses; }));
    experiment.Run();
    const ExperimentResult result = experiment.Collect();

    Gnuplot plot(out + "/rates.png");
    plot.SetTitle("k=" + std::to_string(k) + " fat tree (" + std::to_string(result.hosts) +
                  " hosts), " + result.workload + " of " + std::to_string(config.messageBytes) +
                  " B, " + config.lb + " + " + config.cc + ", 1 run: host 0's queue pairs");
    plot.SetTerminal("pngcairo size 900,540");
    plot.SetLegend("time (us)", "sending rate (Gb/s)");
    plot.AppendExtra("set key outside right");
    plot.AppendExtra("set yrange [0:850]");
    for (auto& [qp, dataset] : hostZero)
    {
        dataset.SetTitle("queue pair " + std::to_string(qp));
        dataset.SetStyle(Gnuplot2dDataset::STEPS);
        plot.AddDataset(dataset);
    }
    {
        std::ofstream script(out + "/rates.plt");
        plot.GenerateOutput(script);
    }
    const bool drawn =
        std::system(("command -v gnuplot >/dev/null && gnuplot '" + out + "/rates.plt'").c_str()) ==
        0;

    std::cout << result.Summary() << updates << " rate updates, " << losses
              << " losses traced; wrote " << out << "/rates.csv"
              << (drawn ? " and rates.png" : " (no gnuplot: rates.plt only)") << std::endl;
    return result.messagesCompleted == result.messages && updates > 0 ? 0 : 1;
}
