/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The pipeline workload: a 1F1B pipeline-parallel step (pipeline-step.h), its parameters
 * attributes of ns3::PipelineWorkload.
 */

#include "collectives.h"
#include "pipeline-step.h"

#include "ns3/attribute-construction-list.h"
#include "ns3/nstime.h"
#include "ns3/object-base.h"
#include "ns3/uinteger.h"

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief The pipeline workload's parameters (--stages, --microbatches, --forwardTime,
 * --backwardTime), read from the attributes' defaults when the step is built.
 */
class PipelineWorkload : public ObjectBase
{
  public:
    /// \return the attributes
    static TypeId GetTypeId()
    {
        static TypeId tid =
            TypeId("ns3::PipelineWorkload")
                .SetParent<ObjectBase>()
                .SetGroupName("FabricLb")
                .AddAttribute("Stages",
                              "pipeline stages; the hosts / Stages pipelines run side by side, "
                              "stage s of pipeline j on host s x (hosts / Stages) + j",
                              UintegerValue(4),
                              MakeUintegerAccessor(&PipelineWorkload::stages),
                              MakeUintegerChecker<uint32_t>(2, 1U << 20))
                .AddAttribute("Microbatches",
                              "micro-batches a step, each --msgBytes of activations forward "
                              "and as much of gradients back between neighbouring stages",
                              UintegerValue(8),
                              MakeUintegerAccessor(&PipelineWorkload::microbatches),
                              MakeUintegerChecker<uint32_t>(1, 1U << 20))
                .AddAttribute("ForwardTime",
                              "a stage's forward pass of one micro-batch",
                              TimeValue(MicroSeconds(50)),
                              MakeTimeAccessor(&PipelineWorkload::forward),
                              MakeTimeChecker(Time(0), Seconds(3600)))
                .AddAttribute("BackwardTime",
                              "a stage's backward pass of one micro-batch",
                              TimeValue(MicroSeconds(100)),
                              MakeTimeAccessor(&PipelineWorkload::backward),
                              MakeTimeChecker(Time(0), Seconds(3600)));
        return tid;
    }

    TypeId GetInstanceTypeId() const override
    {
        return GetTypeId();
    }

    /// Takes the attributes' defaults.
    PipelineWorkload()
    {
        ConstructSelf(AttributeConstructionList());
    }

    uint32_t stages{0};       //!< pipeline stages
    uint32_t microbatches{0}; //!< micro-batches a step
    Time forward;             //!< a forward pass
    Time backward;            //!< a backward pass
};

NS_OBJECT_ENSURE_REGISTERED(PipelineWorkload);

namespace fabriclb
{
namespace
{

/// \return the step \p p and the attributes describe
PipelineSpec
SpecOf(const CollectiveParams& p)
{
    const PipelineWorkload workload;
    PipelineSpec spec;
    spec.hosts = p.hosts;
    spec.stages = workload.stages;
    spec.microbatches = workload.microbatches;
    spec.bytes = p.bytes;
    spec.forwardPs = static_cast<uint64_t>(workload.forward.GetPicoSeconds());
    spec.backwardPs = static_cast<uint64_t>(workload.backward.GetPicoSeconds());
    return spec;
}

const Registration<Collective> g_pipeline(
    {"pipeline",
     "a pipeline-parallel step in the 1F1B schedule: --stages stages, --microbatches "
     "micro-batches each sending --msgBytes of activations on and of gradients back, "
     "--forwardTime and --backwardTime of compute",
     CollectiveBound::MATRIX,
     {"msgBytes", "stages", "microbatches", "forwardTime", "backwardTime"},
     [](const CollectiveParams& p) -> uint64_t {
         const PipelineSpec spec = SpecOf(p);
         if (spec.stages < 2 || p.hosts % spec.stages != 0)
         {
             return PipelineStep(spec).flows.size(); // its error
         }
         return static_cast<uint64_t>(p.hosts / spec.stages) * (spec.stages - 1) * 2 *
                spec.microbatches;
     },
     [](const CollectiveParams& p) { return PipelineStep(SpecOf(p)); },
     {{"stages", "ns3::PipelineWorkload::Stages"},
      {"microbatches", "ns3::PipelineWorkload::Microbatches"},
      {"forwardTime", "ns3::PipelineWorkload::ForwardTime"},
      {"backwardTime", "ns3::PipelineWorkload::BackwardTime"}}});

} // namespace
} // namespace fabriclb
} // namespace ns3
