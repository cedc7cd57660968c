/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "driver-run.h"

#include "command-line-values.h"
#include "fabric-experiment.h"
#include "fabric-ranks.h"
#include "output-files.h"

#include "ns3/chakra-traffic.h"

#include <filesystem>
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
                  << result.packetsDelivered + result.headersDelivered + result.acksDelivered
                  << " delivered, " << result.packetsDropped << " dropped, " << result.inFlight
                  << " in flight" << std::endl;
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
    ExperimentResult result;
    try
    {
        // Every file named before anything is built: no output over an input or another
        // output, each output's folder writable.
        OutputFiles files;
        files.AddInput("--matrix", config.matrixFile);
        for (uint32_t rank = 0; !config.traceFile.empty(); ++rank)
        {
            // Each rank's trace, up to the first rank without one.
            const std::string trace = fabriclb::ChakraRankFile(config.traceFile, rank);
            std::error_code noFile;
            if (!std::filesystem::exists(trace, noFile))
            {
                break;
            }
            files.AddInput("--trace", trace);
        }
        files.AddInput("--jobs", config.jobsFile);
        const std::string background = AttributeDefault("ns3::BackgroundTraffic::Distribution");
        std::error_code noFile; // a name (web-search), or one too long to be a file
        if (!background.empty() && std::filesystem::exists(background, noFile))
        {
            files.AddInput("--background", background);
        }
        files.AddOutput("--out", out);
        files.AddOutput("--flows", flows);
        files.AddOutput("--flowmon", flowmon);
        files.AddOutput("--pfcTimeline", config.pfcTimelineFile);
        files.AddOutput("--queueTimeline", config.queueTimelineFile);
        files.AddOutput("--dump-matrix", dumpMatrix);
        if (writer)
        {
            files.Check();
        }
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
        try
        {
            if (!out.empty())
            {
                OutputFiles::Write("--out", out, result.ToJson().dump(2) + "\n");
            }
            if (!flows.empty())
            {
                OutputFiles::Write("--flows", flows, result.FlowsCsv());
            }
        }
        catch (const std::runtime_error& e)
        {
            std::cerr << options.GetProgram() << ": error: " << e.what() << std::endl;
            return 1;
        }
    }
    return ExitStatusOf(result, writer, options.GetProgram());
}

} // namespace ns3
