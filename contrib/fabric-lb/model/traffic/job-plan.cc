/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "job-plan.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

namespace ns3
{
namespace fabriclb
{
namespace
{

/// The hosts no job holds yet (or every host, when jobs share them).
class FreeHosts
{
  public:
    /// \param hosts the fabric's host count
    explicit FreeHosts(uint32_t hosts)
        : m_free(hosts, true)
    {
    }

    /// \return whether \p host is free
    bool IsFree(uint32_t host) const
    {
        return m_free[host];
    }

    /// Takes \p host.
    void Take(uint32_t host)
    {
        m_free[host] = false;
    }

    /// \return how many are free
    uint32_t Count() const
    {
        return static_cast<uint32_t>(std::count(m_free.begin(), m_free.end(), true));
    }

  private:
    std::vector<bool> m_free; //!< by host
};

/// \return the hosts of \p groupOf's groups, each group's in host order, groups in order
std::vector<std::vector<uint32_t>>
GroupHosts(const std::vector<uint32_t>& groupOf)
{
    std::vector<std::vector<uint32_t>> groups;
    for (uint32_t host = 0; host < groupOf.size(); ++host)
    {
        if (groupOf[host] >= groups.size())
        {
            groups.resize(groupOf[host] + 1);
        }
        groups[groupOf[host]].push_back(host);
    }
    return groups;
}

/// \return \p count free hosts taken round robin over \p groups (lowest free host of each)
std::vector<uint32_t>
RoundRobin(const std::vector<std::vector<uint32_t>>& groups, const FreeHosts& free, uint32_t count)
{
    std::vector<uint32_t> chosen;
    std::vector<size_t> next(groups.size(), 0);
    bool any = true;
    while (chosen.size() < count && any)
    {
        any = false;
        for (size_t g = 0; g < groups.size() && chosen.size() < count; ++g)
        {
            while (next[g] < groups[g].size() && !free.IsFree(groups[g][next[g]]))
            {
                ++next[g];
            }
            if (next[g] < groups[g].size())
            {
                chosen.push_back(groups[g][next[g]++]);
                any = true;
            }
        }
    }
    return chosen;
}

} // namespace

void
PlaceJobs(JobsFile& file, const PlacementFabric& fabric, const UniformIndex& draw)
{
    FreeHosts free(fabric.hosts);
    for (JobSpec& job : file.jobs)
    {
        const auto fail = [&file, &job](const std::string& problem) {
            throw JobsError(JobProblem(file.name, job.name, problem));
        };
        const HostPlacement& placement = job.placement;
        const FreeHosts available = file.shareHosts ? FreeHosts(fabric.hosts) : free;
        const uint32_t count = placement.count;
        if (placement.rule != HostPlacement::LIST && count > available.Count())
        {
            fail("wants " + std::to_string(count) + " hosts, " + std::to_string(available.Count()) +
                 " are free");
        }
        job.hosts.clear();
        switch (placement.rule)
        {
        case HostPlacement::LIST:
            job.hosts = placement.hosts;
            break;
        case HostPlacement::CONTIGUOUS:
            for (uint32_t first = 0; first + count <= fabric.hosts && job.hosts.empty(); ++first)
            {
                uint32_t run = 0;
                while (run < count && available.IsFree(first + run))
                {
                    ++run;
                }
                if (run == count)
                {
                    for (uint32_t h = first; h < first + count; ++h)
                    {
                        job.hosts.push_back(h);
                    }
                }
            }
            if (job.hosts.empty())
            {
                fail("no " + std::to_string(count) + " consecutive hosts are free");
            }
            break;
        case HostPlacement::RANDOM: {
            std::vector<uint32_t> pool;
            for (uint32_t h = 0; h < fabric.hosts; ++h)
            {
                if (available.IsFree(h))
                {
                    pool.push_back(h);
                }
            }
            // A partial Fisher-Yates shuffle: the first count of the pool, drawn uniformly.
            for (uint32_t i = 0; i < count; ++i)
            {
                std::swap(pool[i], pool[i + draw(static_cast<uint32_t>(pool.size()) - i)]);
                job.hosts.push_back(pool[i]);
            }
            break;
        }
        case HostPlacement::STRIDED:
            job.hosts = RoundRobin(GroupHosts(placement.acrossPods ? fabric.podOf : fabric.leafOf),
                                   available,
                                   count);
            break;
        case HostPlacement::PER_SERVER: {
            std::vector<uint32_t> serverOf(fabric.hosts);
            for (uint32_t h = 0; h < fabric.hosts; ++h)
            {
                serverOf[h] = h / fabric.hostsPerServer;
            }
            job.hosts = RoundRobin(GroupHosts(serverOf), available, count);
            break;
        }
        }
        std::set<uint32_t> seen;
        for (uint32_t host : job.hosts)
        {
            if (host >= fabric.hosts)
            {
                fail("host " + std::to_string(host) + " is not one of the fabric's " +
                     std::to_string(fabric.hosts) + " (they count from 0)");
            }
            if (!seen.insert(host).second)
            {
                fail("host " + std::to_string(host) + " is listed twice");
            }
            if (!available.IsFree(host))
            {
                fail("host " + std::to_string(host) +
                     " belongs to an earlier job (\"shareHosts\": true allows it)");
            }
        }
        if (job.hosts.size() < 2)
        {
            fail("needs at least 2 hosts");
        }
        if (job.receiver)
        {
            const auto it = std::find(job.hosts.begin(), job.hosts.end(), *job.receiver);
            if (it == job.hosts.end())
            {
                fail("its receiver, host " + std::to_string(*job.receiver) +
                     ", is not one of its hosts");
            }
            // The incast's receiver is its rank 0.
            std::rotate(job.hosts.begin(), it, it + 1);
        }
        for (uint32_t host : job.hosts)
        {
            free.Take(host);
        }
    }
}

ComposedJobs
ComposeJobs(const JobsFile& file,
            uint32_t fabricHosts,
            const std::function<ConnectionMatrix(const JobSpec&)>& build,
            const std::function<void(uint64_t messages)>& checkMessages)
{
    // Each job's collective, once; then what its iterations expand to, before any is composed.
    std::vector<ConnectionMatrix> built;
    unsigned __int128 messages = 0;
    unsigned __int128 triggers = 0;
    unsigned __int128 computes = 0;
    for (const JobSpec& job : file.jobs)
    {
        const auto fail = [&file, &job](const std::string& problem) {
            throw JobsError(JobProblem(file.name, job.name, problem));
        };
        try
        {
            built.push_back(build(job));
        }
        catch (const std::invalid_argument& e)
        {
            fail(e.what());
        }
        const ConnectionMatrix& one = built.back();
        if (!one.failures.empty())
        {
            fail("a job's matrix may not fail links (use --failLinks)");
        }
        messages += static_cast<unsigned __int128>(job.iterations) * one.flows.size();
        // A later iteration's timed flows wait on a release trigger of its own.
        triggers += static_cast<unsigned __int128>(job.iterations) * (one.triggers.size() + 1);
        if (messages > MAX_JOB_MESSAGES || triggers > MAX_JOB_MESSAGES)
        {
            fail("its " + std::to_string(job.iterations) + " iterations of " +
                 std::to_string(one.flows.size()) + " messages and " +
                 std::to_string(one.triggers.size()) +
                 " triggers take the jobs beyond the 2^28 messages or triggers a run may hold");
        }
        computes += static_cast<unsigned __int128>(job.iterations) * one.computes.size();
        if (computes > MAX_JOB_MESSAGES)
        {
            fail("its " + std::to_string(job.iterations) + " iterations of " +
                 std::to_string(one.computes.size()) +
                 " computes take the jobs beyond the 2^28 computes a run may hold");
        }
        // Each iteration starts a gap after the previous one ends, and ends after its latest
        // timed flow or compute has started: the last one's latest starts no earlier than this.
        uint64_t latestStart = 0;
        for (const MatrixFlow& flow : one.flows)
        {
            latestStart = std::max(latestStart, flow.startPs.value_or(0));
        }
        for (const MatrixCompute& compute : one.computes)
        {
            latestStart = std::max(latestStart, compute.startPs.value_or(0));
        }
        const unsigned __int128 lastFlowStart =
            job.startPs + static_cast<unsigned __int128>(job.iterations) * latestStart +
            static_cast<unsigned __int128>(job.iterations - 1) * job.gapPs;
        if (lastFlowStart > INT64_MAX)
        {
            fail("its flows and computes would start beyond ns-3's clock (2^63 - 1 ps, 106 "
                 "days): from " +
                 std::to_string(job.startPs) + " ps on, " + std::to_string(job.iterations) +
                 " iteration(s) " + std::to_string(job.gapPs) +
                 " ps apart, each with flows or computes starting up to " +
                 std::to_string(latestStart) + " ps in");
        }
    }
    if (checkMessages)
    {
        try
        {
            checkMessages(static_cast<uint64_t>(messages));
        }
        catch (const std::invalid_argument& e)
        {
            throw JobsError(file.name, 0, e.what());
        }
    }
    ComposedJobs composed;
    composed.traffic.nodes = fabricHosts;
    uint32_t nextTriggerId = 1;
    for (uint32_t j = 0; j < file.jobs.size(); ++j)
    {
        const JobSpec& job = file.jobs[j];
        const ConnectionMatrix& one = built[j];
        composed.firstFlow.push_back(static_cast<uint32_t>(composed.traffic.flows.size()));
        composed.flowsPerIteration.push_back(static_cast<uint32_t>(one.flows.size()));
        composed.firstCompute.push_back(static_cast<uint32_t>(composed.traffic.computes.size()));
        composed.computesPerIteration.push_back(static_cast<uint32_t>(one.computes.size()));
        composed.firstTrigger.push_back(static_cast<uint32_t>(composed.traffic.triggers.size()));
        composed.iterationTriggers.push_back(static_cast<uint32_t>(one.triggers.size()));
        const bool timed =
            std::any_of(one.flows.begin(),
                        one.flows.end(),
                        [](const MatrixFlow& flow) { return flow.startPs.has_value(); }) ||
            std::any_of(one.computes.begin(), one.computes.end(), [](const MatrixCompute& c) {
                return c.startPs.has_value();
            });
        for (uint32_t iteration = 0; iteration < job.iterations; ++iteration)
        {
            const auto flowBase = static_cast<uint32_t>(composed.traffic.flows.size());
            const auto computeBase = static_cast<uint32_t>(composed.traffic.computes.size());
            const size_t triggerBase = composed.traffic.triggers.size();
            // The job's trigger ids, renumbered fabric-wide.
            std::unordered_map<uint32_t, uint32_t> triggerIds;
            for (const MatrixTrigger& trigger : one.triggers)
            {
                triggerIds[trigger.id] = nextTriggerId++;
            }
            const auto renumber = [&triggerIds](std::optional<uint32_t>& id) {
                if (id)
                {
                    id = triggerIds.at(*id);
                }
            };
            // A later iteration's timed flows and computes wait on its release, which no task
            // signals: JobSet starts them at their offsets.
            std::optional<uint32_t> release;
            if (iteration > 0 && timed)
            {
                release = nextTriggerId++;
                composed.traffic.triggers.push_back(
                    MatrixTrigger{*release, TriggerKind::ONESHOT, 1, {}, 0});
            }
            // A timed task of the first iteration starts at the job's start plus its own;
            // of a later one, on the release, its start its offset from it.
            const auto schedule = [&](std::optional<uint64_t>& startPs,
                                      std::optional<uint32_t>& trigger,
                                      FlowOwner& owner) {
                if (startPs && iteration == 0)
                {
                    *startPs += job.startPs;
                }
                else if (startPs)
                {
                    owner.releaseOffsetPs = startPs;
                    startPs.reset();
                    trigger = release;
                }
            };
            for (const MatrixFlow& original : one.flows)
            {
                MatrixFlow flow = original;
                flow.source = job.hosts.at(original.source);
                flow.destination = job.hosts.at(original.destination);
                flow.id = static_cast<uint32_t>(composed.traffic.flows.size() + 1);
                flow.line = 0;
                FlowOwner owner{j, iteration, std::nullopt};
                renumber(flow.trigger);
                renumber(flow.sendDoneTrigger);
                renumber(flow.recvDoneTrigger);
                schedule(flow.startPs, flow.trigger, owner);
                composed.traffic.flows.push_back(flow);
                composed.owners.push_back(owner);
            }
            for (const MatrixCompute& original : one.computes)
            {
                MatrixCompute compute = original;
                compute.host = job.hosts.at(original.host);
                compute.id = static_cast<uint32_t>(composed.traffic.computes.size() + 1);
                compute.line = 0;
                FlowOwner owner{j, iteration, std::nullopt};
                renumber(compute.trigger);
                renumber(compute.doneTrigger);
                schedule(compute.startPs, compute.trigger, owner);
                composed.traffic.computes.push_back(compute);
                composed.computeOwners.push_back(owner);
            }
            for (const MatrixTrigger& original : one.triggers)
            {
                MatrixTrigger trigger = original;
                trigger.id = triggerIds.at(original.id);
                trigger.line = 0;
                trigger.waiting.clear();
                composed.traffic.triggers.push_back(trigger);
            }
            // Each trigger's waiting tasks as the parser fills them: flows, then computes, each
            // in order.
            std::unordered_map<uint32_t, size_t> triggerIndex;
            for (size_t t = triggerBase; t < composed.traffic.triggers.size(); ++t)
            {
                triggerIndex[composed.traffic.triggers[t].id] = t;
            }
            for (uint32_t f = flowBase; f < composed.traffic.flows.size(); ++f)
            {
                const MatrixFlow& flow = composed.traffic.flows[f];
                if (flow.trigger)
                {
                    composed.traffic.triggers[triggerIndex.at(*flow.trigger)].waiting.push_back(f);
                }
            }
            for (uint32_t c = computeBase; c < composed.traffic.computes.size(); ++c)
            {
                const MatrixCompute& compute = composed.traffic.computes[c];
                if (compute.trigger)
                {
                    composed.traffic.triggers[triggerIndex.at(*compute.trigger)].waiting.push_back(
                        ComputeTask(c));
                }
            }
        }
    }
    return composed;
}

} // namespace fabriclb
} // namespace ns3
