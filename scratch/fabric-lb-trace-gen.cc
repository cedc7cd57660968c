/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * fabric-lb-trace-gen: writes a small data-parallel training step as MLCommons Chakra
 * execution traces, one file a rank (PREFIX.0.et .. PREFIX.N-1.et), for
 * fabric-lb-sim --workload=chakra --trace=PREFIX.
 *
 *   fabric-lb-trace-gen --gpus=16 --out=/tmp/dp
 *   fabric-lb-sim --k=4 --workload=chakra --trace=/tmp/dp --out=run.json
 *
 * Each rank runs the same step: a forward pass, then the backward pass one gradient bucket
 * at a time (each bucket's compute after the previous one's), an all-reduce of every bucket
 * as soon as its gradients are computed, and an optimizer step once every all-reduce is done.
 *
 * With --model, a training step of that model under a parallel layout instead
 * (fabriclb::TrainingStepTraces: tensor, pipeline, data and expert parallel, 1F1B):
 *
 *   fabric-lb-trace-gen --model=llama3-70b --gpus=1024 --tp=8 --pp=4 --layers=4 --out=/tmp/70b
 */

#include "ns3/chakra-trace-writer.h"
#include "ns3/chakra-traffic.h"
#include "ns3/command-line.h"
#include "ns3/output-files.h"
#include "ns3/training-step.h"

#include <filesystem>
#include <iostream>
#include <sstream>
#include <stdexcept>

using namespace ns3;
using namespace ns3::fabriclb;

namespace
{

/// The most ranks a step may have: twice the largest fabric fabric-lb builds (65,536 hosts).
constexpr uint32_t MAX_RANKS = 131072;

/// The step's shape, as the flags give it.
struct StepShape
{
    uint32_t gpus{16};             //!< ranks
    uint32_t buckets{4};           //!< gradient buckets
    uint64_t bucketBytes{1 << 20}; //!< bytes of each bucket's all-reduce
    uint64_t forwardMicros{200};   //!< the forward pass
    uint64_t backwardMicros{100};  //!< each bucket's backward pass
    uint64_t optimizerMicros{50};  //!< the optimizer step
};

/// \return one rank's trace of the step
ChakraTrace
StepTrace(const StepShape& shape)
{
    ChakraTrace trace;
    trace.version = "0.0.4";
    const auto add = [&trace](const std::string& name,
                              ChakraNodeType type,
                              std::vector<uint64_t> deps) -> ChakraNode& {
        ChakraNode node;
        node.id = trace.nodes.size();
        node.name = name;
        node.type = type;
        node.dataDeps = std::move(deps);
        trace.nodes.push_back(std::move(node));
        return trace.nodes.back();
    };
    add("forward", ChakraNodeType::COMPUTE, {}).durationMicros = shape.forwardMicros;
    uint64_t previous = 0;
    std::vector<uint64_t> reductions;
    for (uint32_t b = 0; b < shape.buckets; ++b)
    {
        ChakraNode& backward =
            add("backward." + std::to_string(b), ChakraNodeType::COMPUTE, {previous});
        backward.durationMicros = shape.backwardMicros;
        previous = backward.id;
        ChakraNode& reduce =
            add("allreduce." + std::to_string(b), ChakraNodeType::COLLECTIVE, {previous});
        reduce.commType = ChakraCommType::ALL_REDUCE;
        reduce.commSize = shape.bucketBytes;
        reductions.push_back(reduce.id);
    }
    add("optimizer", ChakraNodeType::COMPUTE, reductions).durationMicros = shape.optimizerMicros;
    return trace;
}

/// Prints one error line and returns the exit status of bad input.
int
Fail(const std::string& message)
{
    std::cerr << "fabric-lb-trace-gen: error: " << message << std::endl;
    return 2;
}

} // namespace

int
main(int argc, char* argv[])
{
    StepShape shape;
    std::string out;
    TrainingStepSpec step;
    uint32_t dp = 0;
    double gpuTflops = step.gpuFlops / 1e12;
    CommandLine cmd(__FILE__);
    cmd.Usage("Writes a data-parallel training step as Chakra execution traces, one a rank.");
    cmd.AddValue("gpus", "ranks (one file each)", shape.gpus);
    cmd.AddValue("out", "the files' prefix: PREFIX.0.et, PREFIX.1.et, ...", out);
    cmd.AddValue("buckets",
                 "gradient buckets, each all-reduced after its backward pass",
                 shape.buckets);
    cmd.AddValue("bucketBytes", "bytes of each bucket's all-reduce", shape.bucketBytes);
    cmd.AddValue("forwardMicros", "duration of the forward pass (us)", shape.forwardMicros);
    cmd.AddValue("backwardMicros",
                 "duration of each bucket's backward pass (us)",
                 shape.backwardMicros);
    cmd.AddValue("optimizerMicros", "duration of the optimizer step (us)", shape.optimizerMicros);
    cmd.AddValue("model",
                 "a training step of this model instead (llama3-7b, llama3-70b, llama3-405b, "
                 "mixtral-8x7b, qwen2-57b-a14b, deepseek-v3) under --tp, --pp, --dp, --ep",
                 step.model);
    cmd.AddValue("tp", "--model: tensor-parallel degree (consecutive ranks)", step.layout.tp);
    cmd.AddValue("pp", "--model: pipeline stages", step.layout.pp);
    cmd.AddValue("dp", "--model: data-parallel replicas (0: --gpus / (tp pp))", dp);
    cmd.AddValue("ep", "--model: expert-parallel degree of an MoE model", step.layout.ep);
    cmd.AddValue("microbatches", "--model: micro-batches a step", step.microbatches);
    cmd.AddValue("sequenceLength", "--model: tokens a sequence", step.sequenceLength);
    cmd.AddValue("microbatchSequences",
                 "--model: sequences a micro-batch",
                 step.microbatchSequences);
    cmd.AddValue("gpuTflops", "--model: a GPU's effective TFLOP/s", gpuTflops);
    cmd.AddValue("layers",
                 "--model: layers the step covers, spread over the stages (0: all; a few make "
                 "a step's slice that a packet-level run can afford)",
                 step.layers);
    cmd.Parse(argc, argv);
    if (out.empty())
    {
        return Fail("--out=PREFIX is required");
    }
    std::error_code error;
    if (out.back() == '/' || std::filesystem::is_directory(out, error))
    {
        return Fail("--out=" + out + " is a folder: give the files' prefix, as " +
                    (std::filesystem::path(out) / "step").string());
    }
    if (shape.gpus < 2 || shape.gpus > MAX_RANKS)
    {
        return Fail("--gpus must be 2 to " + std::to_string(MAX_RANKS));
    }
    std::vector<ChakraTrace> traces;
    if (step.model.empty())
    {
        if (shape.buckets < 1 || shape.bucketBytes < 1)
        {
            return Fail("--buckets and --bucketBytes must be at least 1");
        }
        if (static_cast<uint64_t>(shape.gpus) * (2ULL * shape.buckets + 2) > MAX_TRACE_NODES)
        {
            return Fail("--gpus x --buckets: more than " + std::to_string(MAX_TRACE_NODES) +
                        " trace nodes");
        }
        traces.assign(shape.gpus, StepTrace(shape));
    }
    else
    {
        const uint64_t tpp = static_cast<uint64_t>(step.layout.tp) * step.layout.pp;
        step.layout.dp = dp > 0 ? dp : (tpp > 0 ? static_cast<uint32_t>(shape.gpus / tpp) : 0);
        step.gpuFlops = gpuTflops * 1e12;
        if (LayoutRanks(step.layout) != shape.gpus)
        {
            return Fail("--tp x --pp x --dp must be --gpus (" + std::to_string(shape.gpus) + ")");
        }
        try
        {
            traces = TrainingStepTraces(step);
        }
        catch (const std::invalid_argument& e)
        {
            return Fail(e.what());
        }
    }
    for (uint32_t rank = 0; rank < shape.gpus; ++rank)
    {
        std::ostringstream trace;
        WriteChakraTrace(trace, traces[rank]);
        try
        {
            OutputFiles::Write("--out", ChakraRankFile(out, rank), trace.str());
        }
        catch (const std::runtime_error& e)
        {
            return Fail(e.what());
        }
    }
    return 0;
}
