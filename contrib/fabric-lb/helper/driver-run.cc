/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "driver-run.h"

#include "fabric-experiment.h"
#include "fabric-ranks.h"

#include <fstream>
#include <iostream>
#include <stdexcept>
#include <vector>

namespace ns3
{

namespace
{

/**
 * \param result a finished run's result
 * \param writer whether this rank tells what went wrong
 * \param program the program's name, the prefix of its error lines
 * \return the run's exit status: 1 if it deadlocked, its packet books do not balance or
 * messages were left undone, else 0
 */
int
ExitStatusOf(const ExperimentResult& result, bool writer, const std::string& program)
{
    // Every rank holds the combined result and exits alike; the first one tells.
    if (!writer)
    {
        return result.buffer.deadlock.empty() && result.PacketBooksBalance() &&
                       result.messagesCompleted == result.messages
                   ? 0
                   : 1;
    }
    if (!result.buffer.deadlock.empty())
    {
        return 1; // the detector named the ports
    }
    if (!result.PacketBooksBalance())
    {
        std::cerr << program << ": error: packet books do not balance: "
                  << result.packetsSent + result.acksSent << " sent (data and ACKs), "
                  << result.packetsDelivered + result.acksDelivered << " delivered, "
                  << result.packetsDropped << " dropped, " << result.inFlight << " in flight"
                  << std::endl;
        return 1;
    }
    if (result.messagesCompleted != result.messages)
    {
        std::cerr << program << ": error: ";
        if (result.timeLimitReached)
        {
            std::cerr << "the time limit of " << result.timeLimitPs / 1e6
                      << " us of simulated time (--timeLimit) ended the run: ";
        }
        std::cerr << "only " << result.messagesCompleted << " of " << result.messages
                  << " messages completed; not done: " << result.UnfinishedMessages(10)
                  << std::endl;
        return 1;
    }
    return 0;
}

} // namespace

int
RunDriver(const DriverOptions& options)
{
    const bool writer = FabricRanks::Local() == 0; // the rank that writes results
    const ExperimentConfig& config = options.GetConfig();
    const std::string& dumpMatrix = options.GetDumpMatrixFile();
    const std::string& out = options.GetJsonFile();
    const std::string& flows = options.GetFlowsFile();
    const std::string& flowmon = config.flowMonitorFile;
    std::ofstream json;
    std::ofstream flowsCsv;
    ExperimentResult result;
    try
    {
        FabricExperiment experiment(config);
        experiment.Configure();
        if (!dumpMatrix.empty())
        {
            for (const fabriclb::JobSpec& job : experiment.GetJobs()
                                                    ? experiment.GetJobs()->Jobs()
                                                    : std::vector<fabriclb::JobSpec>{})
            {
                if (job.iterations > 1)
                {
                    return options.Fail("--dump-matrix: job '" + job.name +
                                        "' runs several iterations a gap apart, which htsim's "
                                        "connection matrices cannot say");
                }
            }
            if (writer)
            {
                WriteConnectionMatrixFile(dumpMatrix, experiment.GetTraffic());
                std::cout << options.GetProgram() << ": wrote "
                          << experiment.GetTraffic().flows.size() << " flows to " << dumpMatrix
                          << std::endl;
            }
            return 0;
        }
        if (!out.empty() && writer)
        {
            json.open(out);
            if (!json)
            {
                return options.Fail("cannot write --out file '" + out + "'");
            }
        }
        if (!flows.empty() && writer)
        {
            flowsCsv.open(flows);
            if (!flowsCsv)
            {
                return options.Fail("cannot write --flows file '" + flows + "'");
            }
        }
        // FlowMonitor would fail silently at the end of the run.
        if (!flowmon.empty() && writer && !std::ofstream(flowmon))
        {
            return options.Fail("cannot write --flowmon file '" + flowmon + "'");
        }
        experiment.Install();
        experiment.Run();
        result = experiment.Collect();
        MeasureJobsAlone(config, experiment, result);
    }
    catch (const std::invalid_argument& e)
    {
        return options.Fail(e.what());
    }

    if (writer)
    {
        std::cout << result.Summary();
    }
    if (json.is_open())
    {
        json << result.ToJson().dump(2) << std::endl;
    }
    if (flowsCsv.is_open())
    {
        flowsCsv << result.FlowsCsv();
    }
    return ExitStatusOf(result, writer, options.GetProgram());
}

} // namespace ns3
