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
 */

#include "ns3/chakra-trace-writer.h"
#include "ns3/chakra-traffic.h"
#include "ns3/command-line.h"

#include <fstream>
#include <iostream>
#include <stdexcept>

using namespace ns3;
using namespace ns3::fabriclb;

namespace
{

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
    cmd.Parse(argc, argv);
    if (out.empty())
    {
        return Fail("--out=PREFIX is required");
    }
    if (shape.gpus < 2)
    {
        return Fail("--gpus must be at least 2");
    }
    if (shape.buckets < 1 || shape.bucketBytes < 1)
    {
        return Fail("--buckets and --bucketBytes must be at least 1");
    }
    const ChakraTrace trace = StepTrace(shape);
    for (uint32_t rank = 0; rank < shape.gpus; ++rank)
    {
        const std::string file = ChakraRankFile(out, rank);
        std::ofstream stream(file, std::ios::binary);
        WriteChakraTrace(stream, trace);
        stream.close();
        if (!stream)
        {
            return Fail(file + ": cannot write");
        }
    }
    return 0;
}
