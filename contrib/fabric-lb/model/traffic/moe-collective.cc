/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The moe workload: an expert-parallel forward step (moe-step.h), its parameters attributes of
 * ns3::MoeWorkload.
 */

#include "collectives.h"
#include "moe-step.h"

#include "ns3/double.h"
#include "ns3/attribute-construction-list.h"
#include "ns3/object-base.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief The moe workload's parameters (--moeModel, --tokens, --skew, --gpuTflops), read from
 * the attributes' defaults when the step is built.
 */
class MoeWorkload : public ObjectBase
{
  public:
    /// \return the attributes
    static TypeId GetTypeId()
    {
        static TypeId tid =
            TypeId("ns3::MoeWorkload")
                .SetParent<ObjectBase>()
                .SetGroupName("FabricLb")
                .AddAttribute("Model",
                              "the MoE model whose layers run: mixtral-8x7b, qwen2-57b-a14b or "
                              "deepseek-v3 (its experts, top-k, hidden and expert widths)",
                              StringValue("mixtral-8x7b"),
                              MakeStringAccessor(&MoeWorkload::model),
                              MakeStringChecker())
                .AddAttribute("Tokens",
                              "tokens each device routes per MoE layer",
                              UintegerValue(512),
                              MakeUintegerAccessor(&MoeWorkload::tokens),
                              MakeUintegerChecker<uint32_t>(1, 1U << 20))
                .AddAttribute("Skew",
                              "how uneven the experts' popularity is: the expert of rank r is "
                              "chosen with weight 1/r^Skew (0: uniform)",
                              DoubleValue(0),
                              MakeDoubleAccessor(&MoeWorkload::skew),
                              MakeDoubleChecker<double>(0, 16))
                .AddAttribute("GpuTflops",
                              "a GPU's effective throughput in TFLOP/s, which sets the compute "
                              "times (400: an H100's 989 dense BF16 at about 40% utilisation)",
                              DoubleValue(400),
                              MakeDoubleAccessor(&MoeWorkload::gpuTflops),
                              MakeDoubleChecker<double>(1e-3, 1e6));
        return tid;
    }

    TypeId GetInstanceTypeId() const override
    {
        return GetTypeId();
    }

    /// Takes the attributes' defaults.
    MoeWorkload()
    {
        ConstructSelf(AttributeConstructionList());
    }

    std::string model;   //!< the model's name
    uint32_t tokens{0};  //!< tokens per device
    double skew{0};      //!< the popularity's exponent
    double gpuTflops{0}; //!< a GPU's effective TFLOP/s
};

NS_OBJECT_ENSURE_REGISTERED(MoeWorkload);

namespace fabriclb
{
namespace
{

/// \return the step \p p and the attributes describe
MoeStepSpec
SpecOf(const CollectiveParams& p)
{
    const MoeWorkload workload;
    MoeStepSpec spec;
    spec.model = MoeModelNamed(workload.model);
    spec.hosts = p.hosts;
    spec.layers = p.layers;
    spec.tokens = workload.tokens;
    spec.skew = workload.skew;
    spec.gpuFlops = workload.gpuTflops * 1e12;
    MoeGroupSize(spec.model, p.hosts);
    return spec;
}

const Registration<Collective> g_moe(
    {"moe",
     "forward pass of --layers mixture-of-experts layers of --moeModel: attention, the dispatch "
     "all-to-all of --tokens tokens a device routed top-k by --skew, the experts' compute, the "
     "combine all-to-all (compute at --gpuTflops)",
     CollectiveBound::MATRIX,
     {"layers", "moeModel", "tokens", "skew", "gpuTflops"},
     [](const CollectiveParams& p) -> uint64_t {
         SpecOf(p);
         return 0; // the routing tells
     },
     [](const CollectiveParams& p) { return MoeForwardStep(SpecOf(p), p.draw); },
     {{"moeModel", "ns3::MoeWorkload::Model"},
      {"tokens", "ns3::MoeWorkload::Tokens"},
      {"skew", "ns3::MoeWorkload::Skew"},
      {"gpuTflops", "ns3::MoeWorkload::GpuTflops"}}});

} // namespace
} // namespace fabriclb
} // namespace ns3
