/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "job-set.h"

#include "experiment-memory.h"

#include "ns3/simulator.h"

namespace ns3
{

JobSet
JobSet::Read(const std::string& path,
             const fabriclb::FabricTopology& topology,
             const fabriclb::UniformIndex& draw,
             const BuildJob& build)
{
    JobSet set;
    set.m_file = fabriclb::ReadJobsFile(path);
    fabriclb::PlacementFabric fabric;
    fabric.hosts = topology.HostCount();
    fabric.hostsPerServer = topology.HostsPerServer();
    for (uint32_t h = 0; h < fabric.hosts; ++h)
    {
        const uint32_t leaf = topology.AttachmentOf(h).leaf;
        fabric.leafOf.push_back(leaf);
        fabric.podOf.push_back(topology.PartitionGroupOf({0, leaf}));
    }
    fabriclb::PlaceJobs(set.m_file, fabric, draw);
    // Each job's collective is built once, so that its run alone has the same traffic; the
    // messages of all iterations are counted, and refused beyond memory, before they are made.
    set.m_composed = fabriclb::ComposeJobs(
        set.m_file,
        fabric.hosts,
        [&set, &build](const fabriclb::JobSpec& j) {
            set.m_built.push_back(build(j));
            return set.m_built.back();
        },
        [&topology](uint64_t messages) { CheckMemory(topology, messages); });
    return set;
}

JobSet
JobSet::Alone(uint32_t job) const
{
    JobSet alone;
    alone.m_file.name = m_file.name;
    alone.m_file.jobs.push_back(m_file.jobs.at(job));
    alone.m_file.jobs.back().startPs = 0;
    alone.m_built.push_back(m_built.at(job));
    alone.m_composed =
        fabriclb::ComposeJobs(alone.m_file,
                              m_composed.traffic.nodes,
                              [&alone](const fabriclb::JobSpec&) { return alone.m_built.front(); });
    return alone;
}

fabriclb::ConnectionMatrix
JobSet::IterationTraffic(uint32_t job) const
{
    fabriclb::ConnectionMatrix traffic;
    traffic.nodes = m_composed.traffic.nodes;
    const uint32_t first = m_composed.firstFlow.at(job);
    const uint32_t count = m_composed.flowsPerIteration.at(job);
    const uint64_t startPs = m_file.jobs[job].startPs;
    // The first iteration's flows, computes and triggers, renumbered from 0 and in job time.
    for (uint32_t f = first; f < first + count; ++f)
    {
        fabriclb::MatrixFlow flow = m_composed.traffic.flows[f];
        flow.id -= first;
        if (flow.startPs)
        {
            *flow.startPs -= startPs;
        }
        traffic.flows.push_back(flow);
    }
    const uint32_t firstCompute = m_composed.firstCompute.at(job);
    for (uint32_t c = firstCompute; c < firstCompute + m_composed.computesPerIteration[job]; ++c)
    {
        fabriclb::MatrixCompute compute = m_composed.traffic.computes[c];
        compute.id -= firstCompute;
        if (compute.startPs)
        {
            *compute.startPs -= startPs;
        }
        traffic.computes.push_back(compute);
    }
    const uint32_t firstTrigger = m_composed.firstTrigger.at(job);
    for (uint32_t t = firstTrigger; t < firstTrigger + m_composed.iterationTriggers[job]; ++t)
    {
        fabriclb::MatrixTrigger local = m_composed.traffic.triggers[t];
        for (uint32_t& waiting : local.waiting)
        {
            waiting = fabriclb::IsComputeTask(waiting)
                          ? fabriclb::ComputeTask(fabriclb::ComputeIndexOf(waiting) - firstCompute)
                          : waiting - first;
        }
        traffic.triggers.push_back(local);
    }
    return traffic;
}

void
JobSet::Start(StartFlow start, StartCompute startCompute)
{
    m_start = std::move(start);
    m_startCompute = std::move(startCompute);
    m_completed.clear();
    m_releasePs.clear();
    for (const fabriclb::JobSpec& job : m_file.jobs)
    {
        m_completed.emplace_back(job.iterations, 0);
        m_releasePs.emplace_back(job.iterations, -1);
        m_releasePs.back()[0] = static_cast<int64_t>(job.startPs);
    }
}

void
JobSet::MessageAcked(uint32_t flow, uint32_t /* queuePair */)
{
    if (flow < m_composed.owners.size()) // else not a job's (background traffic)
    {
        TaskDone(m_composed.owners[flow]);
    }
}

void
JobSet::ComputeDone(uint32_t compute)
{
    TaskDone(m_composed.computeOwners.at(compute));
}

void
JobSet::TaskDone(const fabriclb::FlowOwner& owner)
{
    const fabriclb::JobSpec& job = m_file.jobs[owner.job];
    const uint32_t tasks =
        m_composed.flowsPerIteration[owner.job] + m_composed.computesPerIteration[owner.job];
    if (++m_completed[owner.job][owner.iteration] == tasks && owner.iteration + 1 < job.iterations)
    {
        Simulator::Schedule(PicoSeconds(job.gapPs),
                            &JobSet::Release,
                            this,
                            owner.job,
                            owner.iteration + 1);
    }
}

void
JobSet::Release(uint32_t job, uint32_t iteration)
{
    m_releasePs[job][iteration] = Simulator::Now().GetPicoSeconds();
    const uint32_t first =
        m_composed.firstFlow[job] + iteration * m_composed.flowsPerIteration[job];
    for (uint32_t f = first; f < first + m_composed.flowsPerIteration[job]; ++f)
    {
        const std::optional<uint64_t> offset = m_composed.owners[f].releaseOffsetPs;
        if (offset)
        {
            Simulator::Schedule(PicoSeconds(*offset), [this, f]() { m_start(f); });
        }
    }
    const uint32_t firstCompute =
        m_composed.firstCompute[job] + iteration * m_composed.computesPerIteration[job];
    for (uint32_t c = firstCompute; c < firstCompute + m_composed.computesPerIteration[job]; ++c)
    {
        const std::optional<uint64_t> offset = m_composed.computeOwners[c].releaseOffsetPs;
        if (offset)
        {
            Simulator::Schedule(PicoSeconds(*offset), [this, c]() { m_startCompute(c); });
        }
    }
}

std::vector<JobResult>
JobSet::Measure(const std::vector<int64_t>& completionsPs,
                const std::vector<int64_t>& computeCompletionsPs,
                const std::vector<uint64_t>& boundsPs) const
{
    std::vector<JobResult> results;
    for (uint32_t j = 0; j < m_file.jobs.size(); ++j)
    {
        const fabriclb::JobSpec& job = m_file.jobs[j];
        JobResult result;
        result.name = job.name;
        result.workload = job.workload;
        result.hosts = static_cast<uint32_t>(job.hosts.size());
        result.startPs = job.startPs;
        result.boundPs = boundsPs.at(j);
        const uint32_t count = m_composed.flowsPerIteration[j];
        const uint32_t computes = m_composed.computesPerIteration[j];
        for (uint32_t i = 0; i < job.iterations; ++i)
        {
            // The latest of its tasks' ends, if every one ended.
            int64_t last = -1;
            bool ended = true;
            const auto take = [&last, &ended](int64_t endPs) {
                ended = ended && endPs >= 0;
                last = std::max(last, endPs);
            };
            const uint32_t first = m_composed.firstFlow[j] + i * count;
            for (uint32_t f = first; f < first + count; ++f)
            {
                take(completionsPs[f]);
            }
            const uint32_t firstCompute = m_composed.firstCompute[j] + i * computes;
            for (uint32_t c = firstCompute; c < firstCompute + computes; ++c)
            {
                take(computeCompletionsPs.at(c));
            }
            const int64_t release = m_releasePs.empty() ? -1 : m_releasePs[j][i];
            result.cctPs.push_back(!ended || last < 0 || release < 0 ? -1 : last - release);
        }
        results.push_back(result);
    }
    return results;
}

} // namespace ns3
