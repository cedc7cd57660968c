/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "training-step.h"

#include "fsdp-collective.h"
#include "moe-step.h"
#include "pipeline-step.h"

#include <cmath>
#include <optional>
#include <stdexcept>

namespace ns3
{
namespace fabriclb
{

namespace
{

/// Bytes of a bf16 value.
constexpr uint64_t BF16_BYTES = 2;

/// What the generator needs of a model.
struct ModelShape
{
    uint32_t layers{0};           //!< transformer blocks
    uint64_t hidden{0};           //!< model width
    double flopsPerTokenLayer{0}; //!< a token's forward FLOPs in one layer
    uint64_t denseParameters{0};  //!< a layer's parameters every tensor shard holds a part of
    uint64_t expertParameters{0}; //!< a layer's experts' parameters (0: a dense model)
    uint32_t topK{0};             //!< experts a token is routed to (0: a dense model)
};

/// \return the shape of \p name \throws std::invalid_argument naming the known models
ModelShape
ShapeOf(const std::string& name)
{
    std::string known;
    for (const LlamaModel& m : LlamaModels())
    {
        if (m.name == name)
        {
            const uint64_t parameters = LlamaLayerParameters(m);
            return {m.layers, m.width, 2.0 * parameters, parameters, 0, 0};
        }
        known += (known.empty() ? "" : ", ") + m.name;
    }
    for (const MoeModel& m : MoeModels())
    {
        if (m.name == name)
        {
            const uint64_t attention = 4 * m.hidden * m.hidden;
            const uint64_t expert = 3 * m.hidden * m.expertFfn;
            return {m.layers,
                    m.hidden,
                    2.0 * (attention + m.topK * expert),
                    attention,
                    m.experts * expert,
                    m.topK};
        }
        known += ", " + m.name;
    }
    throw std::invalid_argument("unknown model '" + name + "' (" + known + ")");
}

/// Builds one rank's trace, node by node.
class RankTrace
{
  public:
    /// \return the trace
    ChakraTrace& Trace()
    {
        return m_trace;
    }

    /// \return a new node of \p type after \p deps
    ChakraNode& Add(const std::string& name, ChakraNodeType type, const std::vector<uint64_t>& deps)
    {
        ChakraNode node;
        node.id = m_trace.nodes.size();
        node.name = name;
        node.type = type;
        node.dataDeps = deps;
        m_trace.nodes.push_back(std::move(node));
        return m_trace.nodes.back();
    }

  private:
    ChakraTrace m_trace; //!< the nodes so far
};

/// \return \p deps: the one node \p last, or none
std::vector<uint64_t>
After(const std::optional<uint64_t>& last)
{
    return last ? std::vector<uint64_t>{*last} : std::vector<uint64_t>{};
}

} // namespace

uint64_t
LayoutRanks(const ParallelLayout& layout)
{
    uint64_t ranks = 0;
    const bool wraps = __builtin_mul_overflow(static_cast<uint64_t>(layout.tp) * layout.pp,
                                              static_cast<uint64_t>(layout.dp),
                                              &ranks);
    return wraps ? UINT64_MAX : ranks;
}

std::vector<ChakraTrace>
TrainingStepTraces(const TrainingStepSpec& spec)
{
    ModelShape model = ShapeOf(spec.model);
    if (spec.layers > model.layers)
    {
        throw std::invalid_argument(spec.model + " has " + std::to_string(model.layers) +
                                    " layers, not " + std::to_string(spec.layers));
    }
    model.layers = spec.layers > 0 ? spec.layers : model.layers;
    const ParallelLayout& l = spec.layout;
    if (l.tp == 0 || l.pp == 0 || l.dp == 0 || l.ep == 0 || l.dp % l.ep != 0)
    {
        throw std::invalid_argument("every parallel degree must be at least 1, and the expert "
                                    "degree must divide the data-parallel one");
    }
    if (l.ep > 1 && model.topK == 0)
    {
        throw std::invalid_argument("the dense model " + spec.model + " has no experts to spread");
    }
    if (l.pp > model.layers)
    {
        throw std::invalid_argument(std::to_string(l.pp) + " pipeline stages for " +
                                    std::to_string(model.layers) + " layers");
    }
    if (spec.microbatches == 0 || spec.sequenceLength == 0 || spec.microbatchSequences == 0 ||
        !(spec.gpuFlops > 0) || !std::isfinite(spec.gpuFlops))
    {
        throw std::invalid_argument("a step needs a micro-batch, a token and a positive "
                                    "throughput");
    }
    if (static_cast<uint64_t>(spec.sequenceLength) * spec.microbatchSequences >
        MAX_MICROBATCH_TOKENS)
    {
        throw std::invalid_argument("a micro-batch of " + std::to_string(spec.sequenceLength) +
                                    " x " + std::to_string(spec.microbatchSequences) +
                                    " tokens: at most " + std::to_string(MAX_MICROBATCH_TOKENS));
    }
    // A pass has at most 5 nodes (receive, compute, two collectives, send), a rank 2 passes a
    // micro-batch and its gradient all-reduces.
    const uint64_t ranks = LayoutRanks(l);
    if (ranks > MAX_TRACE_NODES || ranks * (2ULL * spec.microbatches * 5 + 2) > MAX_TRACE_NODES)
    {
        throw std::invalid_argument("the step would have " + std::to_string(ranks) + " ranks of " +
                                    std::to_string(spec.microbatches) +
                                    " micro-batches: more than " + std::to_string(MAX_TRACE_NODES) +
                                    " trace nodes");
    }
    const double tokens = static_cast<double>(spec.sequenceLength) * spec.microbatchSequences;
    const auto tokenBytes = static_cast<uint64_t>(tokens) * model.hidden * BF16_BYTES;
    const uint64_t passBytes = (tokenBytes + l.tp - 1) / l.tp;
    std::vector<ChakraTrace> traces(ranks);
    for (uint32_t s = 0; s < l.pp; ++s)
    {
        // Stage s holds layers / pp layers, the first layers % pp stages one more.
        const uint32_t layers = model.layers / l.pp + (s < model.layers % l.pp ? 1 : 0);
        const double forwardFlops = layers * model.flopsPerTokenLayer * tokens / l.tp;
        const auto forwardMicros =
            static_cast<uint64_t>(std::llround(forwardFlops / spec.gpuFlops * 1e6));
        const uint64_t tensorBytes = 2ULL * layers * tokenBytes;
        const uint64_t expertBytes = 2ULL * layers * static_cast<uint64_t>(tokens / l.tp) *
                                     model.topK * model.hidden * BF16_BYTES;
        // Dense gradients are reduced over every replica, an expert shard's over the replicas
        // that hold it (the same place in every expert-parallel group).
        const uint64_t denseGradientBytes = layers * (model.denseParameters / l.tp) * BF16_BYTES;
        const uint64_t expertGradientBytes =
            layers * (model.expertParameters / (l.tp * l.ep)) * BF16_BYTES;
        for (uint32_t d = 0; d < l.dp; ++d)
        {
            for (uint32_t t = 0; t < l.tp; ++t)
            {
                RankTrace rank;
                const auto rankOf = [&](uint32_t stage) { return t + l.tp * (d + l.dp * stage); };
                const std::string where = "." + std::to_string(t) + "." + std::to_string(s);
                std::optional<uint64_t> last; // the pass before's last node but its send
                std::vector<uint64_t> ends;   // every pass's last nodes, sends included
                for (const PipelineOp& op : OneForwardOneBackward(l.pp, s, spec.microbatches))
                {
                    const std::string pass =
                        (op.forward ? "forward." : "backward.") + std::to_string(op.microbatch);
                    const uint32_t tag = 2 * op.microbatch + (op.forward ? 0 : 1);
                    const bool receives = op.forward ? s > 0 : s + 1 < l.pp;
                    if (receives)
                    {
                        ChakraNode& receive =
                            rank.Add(pass + ".receive", ChakraNodeType::RECEIVE, After(last));
                        receive.commSrc = rankOf(op.forward ? s - 1 : s + 1);
                        receive.commSize = passBytes;
                        receive.commTag = tag;
                        last = receive.id;
                    }
                    ChakraNode& compute = rank.Add(pass, ChakraNodeType::COMPUTE, After(last));
                    compute.durationMicros = op.forward ? forwardMicros : 2 * forwardMicros;
                    last = compute.id;
                    if (l.tp > 1)
                    {
                        ChakraNode& reduce =
                            rank.Add(pass + ".tp", ChakraNodeType::COLLECTIVE, After(last));
                        reduce.commType = ChakraCommType::ALL_REDUCE;
                        reduce.commSize = tensorBytes;
                        reduce.pgName = "tp." + std::to_string(d) + "." + std::to_string(s);
                        last = reduce.id;
                    }
                    if (l.ep > 1)
                    {
                        ChakraNode& exchange =
                            rank.Add(pass + ".ep", ChakraNodeType::COLLECTIVE, After(last));
                        exchange.commType = ChakraCommType::ALL_TO_ALL;
                        exchange.commSize = expertBytes;
                        exchange.pgName = "ep" + where + "." + std::to_string(d / l.ep);
                        last = exchange.id;
                    }
                    ends.push_back(*last);
                    const bool sends = op.forward ? s + 1 < l.pp : s > 0;
                    if (sends)
                    {
                        ChakraNode& send = rank.Add(pass + ".send", ChakraNodeType::SEND, {*last});
                        send.commDst = rankOf(op.forward ? s + 1 : s - 1);
                        send.commSize = passBytes;
                        send.commTag = tag;
                        ends.push_back(send.id);
                    }
                }
                if (l.dp > 1)
                {
                    ChakraNode& gradients =
                        rank.Add("gradients.dp", ChakraNodeType::COLLECTIVE, ends);
                    gradients.commType = ChakraCommType::ALL_REDUCE;
                    gradients.commSize = denseGradientBytes;
                    gradients.pgName = "dp" + where;
                }
                if (l.dp / l.ep > 1 && expertGradientBytes > 0)
                {
                    ChakraNode& gradients =
                        rank.Add("gradients.experts", ChakraNodeType::COLLECTIVE, ends);
                    gradients.commType = ChakraCommType::ALL_REDUCE;
                    gradients.commSize = expertGradientBytes;
                    gradients.pgName = "edp" + where + "." + std::to_string(d % l.ep);
                }
                rank.Trace().version = "0.0.4";
                traces[rankOf(s)] = std::move(rank.Trace());
            }
        }
    }
    return traces;
}

} // namespace fabriclb
} // namespace ns3
