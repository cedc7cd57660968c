/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "job-plan.h"

#include "collectives.h"

#include "ns3/fabric-paths.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <unordered_map>

namespace ns3
{
namespace fabriclb
{

JobsError::JobsError(const std::string& what)
    : std::invalid_argument(what)
{
}

namespace
{

using Json = nlohmann::json;

/// Reads one job's keys; \p fail throws for its job.
class JobReader
{
  public:
    /// \param job the JSON object \param fail throws a JobsError for this job
    JobReader(const Json& job, std::function<void(const std::string&)> fail)
        : m_job(job),
          m_fail(std::move(fail))
    {
    }

    /// \return key \p key as a string, if present
    std::optional<std::string> String(const std::string& key) const
    {
        if (!m_job.contains(key))
        {
            return std::nullopt;
        }
        if (!m_job[key].is_string())
        {
            m_fail("'" + key + "' must be a string");
        }
        return m_job[key].get<std::string>();
    }

    /// \return key \p key as a positive integer below \p max, if present
    std::optional<uint64_t> Positive(const std::string& key, uint64_t max = UINT32_MAX) const
    {
        if (!m_job.contains(key))
        {
            return std::nullopt;
        }
        const Json& value = m_job[key];
        if (!value.is_number_integer() ||
            (value.is_number_integer() && value.get<int64_t>() <= 0) || value.get<uint64_t>() > max)
        {
            m_fail("'" + key + "' must be a whole number from 1 to " + std::to_string(max) +
                   ", got " + value.dump());
        }
        return value.get<uint64_t>();
    }

    /// \return key \p key as a time (a string with a unit), 0 if absent
    uint64_t Time(const std::string& key) const
    {
        const std::optional<std::string> text = String(key);
        if (!text)
        {
            return 0;
        }
        const std::optional<uint64_t> ps = ParseSimulatedTimePs(*text);
        if (!ps)
        {
            m_fail("'" + key + "' must be a time with a unit (10us), got '" + *text + "'");
        }
        return *ps;
    }

  private:
    const Json& m_job;                              //!< the job
    std::function<void(const std::string&)> m_fail; //!< throws for this job
};

/// \return the placement that \p hosts describes
HostPlacement
ReadPlacement(const Json& hosts, const std::function<void(const std::string&)>& fail)
{
    HostPlacement placement;
    if (hosts.is_string())
    {
        try
        {
            placement.hosts = ParseHostList(hosts.get<std::string>());
        }
        catch (const std::invalid_argument& e)
        {
            fail(std::string("'hosts': ") + e.what());
        }
        return placement;
    }
    if (hosts.is_array())
    {
        for (const Json& host : hosts)
        {
            if (!host.is_number_unsigned())
            {
                fail("'hosts' must list host numbers, got " + host.dump());
            }
            placement.hosts.push_back(host.get<uint32_t>());
        }
        if (placement.hosts.empty())
        {
            fail("'hosts' is empty");
        }
        return placement;
    }
    if (!hosts.is_object())
    {
        fail("'hosts' must be a list (\"0-7\"), an array or a placement rule");
    }
    static const std::map<std::string, HostPlacement::Rule> rules{
        {"contiguous", HostPlacement::CONTIGUOUS},
        {"random", HostPlacement::RANDOM},
        {"strided", HostPlacement::STRIDED},
        {"per-server", HostPlacement::PER_SERVER}};
    for (const auto& [key, value] : hosts.items())
    {
        if (key != "place" && key != "count" && key != "across")
        {
            fail("unknown key '" + key + "' in 'hosts' (place, count, across)");
        }
    }
    if (!hosts.contains("place") || !hosts["place"].is_string() ||
        rules.count(hosts["place"].get<std::string>()) == 0)
    {
        fail("'hosts' needs \"place\": contiguous, random, strided or per-server");
    }
    placement.rule = rules.at(hosts["place"].get<std::string>());
    if (!hosts.contains("count") || !hosts["count"].is_number_unsigned() ||
        hosts["count"].get<uint64_t>() == 0 || hosts["count"].get<uint64_t>() > UINT32_MAX)
    {
        fail("'hosts' needs a positive \"count\"");
    }
    placement.count = hosts["count"].get<uint32_t>();
    if (hosts.contains("across"))
    {
        const Json& across = hosts["across"];
        if (placement.rule != HostPlacement::STRIDED || !across.is_string() ||
            (across != "pods" && across != "leaves"))
        {
            fail("\"across\" is pods or leaves, with \"place\": \"strided\"");
        }
        placement.acrossPods = across == "pods";
    }
    return placement;
}

/// \return job \p job of a file, read
JobSpec
ReadJob(const Json& job, size_t index, const std::string& fileName)
{
    std::string label = "job " + std::to_string(index + 1);
    const auto fail = [&fileName, &label](const std::string& problem) {
        throw JobsError(fileName + ": " + label + ": " + problem);
    };
    if (!job.is_object())
    {
        fail("must be an object");
    }
    static const std::set<std::string> keys{"name",
                                            "workload",
                                            "msgBytes",
                                            "hosts",
                                            "start",
                                            "iterations",
                                            "gap",
                                            "group",
                                            "model",
                                            "layers",
                                            "matrix",
                                            "receiver"};
    const JobReader reader(job, fail);
    JobSpec spec;
    const std::optional<std::string> name = reader.String("name");
    if (!name || name->empty())
    {
        fail("needs a \"name\"");
    }
    spec.name = *name;
    label = "job '" + spec.name + "'";
    for (const auto& [key, value] : job.items())
    {
        if (keys.count(key) == 0)
        {
            fail("unknown key '" + key + "'");
        }
    }
    const std::optional<std::string> workload = reader.String("workload");
    if (!workload)
    {
        fail("needs a \"workload\"");
    }
    if (!Workloads().Find(*workload))
    {
        fail("unknown workload '" + *workload + "' (--workload=help lists them)");
    }
    spec.workload = *workload;
    spec.bytes = reader.Positive("msgBytes", UINT64_MAX >> 1);
    if (!job.contains("hosts"))
    {
        fail("needs \"hosts\"");
    }
    spec.placement = ReadPlacement(job["hosts"], fail);
    spec.startPs = reader.Time("start");
    spec.gapPs = reader.Time("gap");
    spec.iterations = static_cast<uint32_t>(reader.Positive("iterations").value_or(1));
    if (const std::optional<uint64_t> group = reader.Positive("group"))
    {
        spec.group = static_cast<uint32_t>(*group);
    }
    spec.model = reader.String("model");
    if (const std::optional<uint64_t> layers = reader.Positive("layers"))
    {
        spec.layers = static_cast<uint32_t>(*layers);
    }
    spec.matrixFile = reader.String("matrix").value_or("");
    if ((spec.workload == "matrix") != !spec.matrixFile.empty())
    {
        fail("\"matrix\" names the file of workload \"matrix\", and only of it");
    }
    if (job.contains("receiver"))
    {
        if (spec.workload != "incast" || !job["receiver"].is_number_unsigned())
        {
            fail("\"receiver\" is a host number, for workload \"incast\"");
        }
        spec.receiver = job["receiver"].get<uint32_t>();
    }
    return spec;
}

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

std::vector<uint32_t>
ParseHostList(const std::string& text)
{
    std::vector<uint32_t> hosts;
    size_t position = 0;
    const auto number = [&text, &position]() {
        const size_t begin = position;
        while (position < text.size() && std::isdigit(static_cast<unsigned char>(text[position])))
        {
            ++position;
        }
        if (begin == position || position - begin > 9)
        {
            throw std::invalid_argument("'" + text +
                                        "' is not a list of hosts and ranges (0-7,12)");
        }
        return static_cast<uint32_t>(std::stoul(text.substr(begin, position - begin)));
    };
    while (true)
    {
        const uint32_t first = number();
        uint32_t last = first;
        if (position < text.size() && text[position] == '-')
        {
            ++position;
            last = number();
            if (last < first)
            {
                throw std::invalid_argument("range " + std::to_string(first) + "-" +
                                            std::to_string(last) + " runs backwards");
            }
        }
        for (uint32_t host = first; host <= last; ++host)
        {
            hosts.push_back(host);
        }
        if (position == text.size())
        {
            return hosts;
        }
        if (text[position] != ',')
        {
            throw std::invalid_argument("'" + text +
                                        "' is not a list of hosts and ranges (0-7,12)");
        }
        ++position;
    }
}

JobsFile
ParseJobsFile(std::istream& in, const std::string& fileName)
{
    Json root;
    try
    {
        root = Json::parse(in);
    }
    catch (const Json::parse_error& e)
    {
        // nlohmann's message: "[json.exception.parse_error.101] parse error at line L, ..."
        const std::string what = e.what();
        const size_t at = what.find("parse error");
        throw JobsError(fileName + ": not JSON: " + what.substr(at == std::string::npos ? 0 : at));
    }
    if (!root.is_object() || !root.contains("jobs") || !root["jobs"].is_array())
    {
        throw JobsError(fileName + ": needs an object with a \"jobs\" array");
    }
    for (const auto& [key, value] : root.items())
    {
        if (key != "jobs" && key != "shareHosts")
        {
            throw JobsError(fileName + ": unknown key '" + key + "' (jobs, shareHosts)");
        }
    }
    JobsFile file;
    file.name = fileName;
    if (root.contains("shareHosts"))
    {
        if (!root["shareHosts"].is_boolean())
        {
            throw JobsError(fileName + ": \"shareHosts\" must be true or false");
        }
        file.shareHosts = root["shareHosts"].get<bool>();
    }
    std::set<std::string> names;
    for (size_t j = 0; j < root["jobs"].size(); ++j)
    {
        file.jobs.push_back(ReadJob(root["jobs"][j], j, fileName));
        if (!names.insert(file.jobs.back().name).second)
        {
            throw JobsError(fileName + ": two jobs are called '" + file.jobs.back().name + "'");
        }
    }
    if (file.jobs.empty())
    {
        throw JobsError(fileName + ": \"jobs\" is empty");
    }
    return file;
}

JobsFile
ReadJobsFile(const std::string& path)
{
    std::ifstream in(path);
    if (!in)
    {
        throw JobsError(path + ": cannot open");
    }
    return ParseJobsFile(in, path);
}

void
PlaceJobs(JobsFile& file, const PlacementFabric& fabric, const UniformIndex& draw)
{
    FreeHosts free(fabric.hosts);
    for (JobSpec& job : file.jobs)
    {
        const auto fail = [&file, &job](const std::string& problem) {
            throw JobsError(file.name + ": job '" + job.name + "': " + problem);
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
            const std::function<ConnectionMatrix(const JobSpec&)>& build)
{
    ComposedJobs composed;
    composed.traffic.nodes = fabricHosts;
    uint32_t nextTriggerId = 1;
    for (uint32_t j = 0; j < file.jobs.size(); ++j)
    {
        const JobSpec& job = file.jobs[j];
        ConnectionMatrix one;
        try
        {
            one = build(job);
        }
        catch (const std::invalid_argument& e)
        {
            throw JobsError(file.name + ": job '" + job.name + "': " + e.what());
        }
        if (!one.failures.empty())
        {
            throw JobsError(file.name + ": job '" + job.name +
                            "': a job's matrix may not fail links (use --failLinks)");
        }
        composed.firstFlow.push_back(static_cast<uint32_t>(composed.traffic.flows.size()));
        composed.flowsPerIteration.push_back(static_cast<uint32_t>(one.flows.size()));
        composed.firstTrigger.push_back(static_cast<uint32_t>(composed.traffic.triggers.size()));
        composed.iterationTriggers.push_back(static_cast<uint32_t>(one.triggers.size()));
        for (uint32_t iteration = 0; iteration < job.iterations; ++iteration)
        {
            const auto flowBase = static_cast<uint32_t>(composed.traffic.flows.size());
            const size_t triggerBase = composed.traffic.triggers.size();
            // The job's trigger ids, renumbered fabric-wide.
            std::unordered_map<uint32_t, uint32_t> triggerIds;
            for (const MatrixTrigger& trigger : one.triggers)
            {
                triggerIds[trigger.id] = nextTriggerId++;
            }
            std::optional<uint32_t> release;
            for (const MatrixFlow& original : one.flows)
            {
                MatrixFlow flow = original;
                flow.source = job.hosts.at(original.source);
                flow.destination = job.hosts.at(original.destination);
                flow.id = static_cast<uint32_t>(composed.traffic.flows.size() + 1);
                flow.line = 0;
                FlowOwner owner{j, iteration, std::nullopt};
                const auto renumber = [&triggerIds](std::optional<uint32_t>& id) {
                    if (id)
                    {
                        id = triggerIds.at(*id);
                    }
                };
                renumber(flow.trigger);
                renumber(flow.sendDoneTrigger);
                renumber(flow.recvDoneTrigger);
                if (original.startPs && iteration == 0)
                {
                    flow.startPs = job.startPs + *original.startPs;
                }
                else if (original.startPs)
                {
                    if (!release)
                    {
                        release = nextTriggerId++;
                        composed.traffic.triggers.push_back(
                            MatrixTrigger{*release, TriggerKind::ONESHOT, 1, {}, 0});
                    }
                    owner.releaseOffsetPs = *original.startPs;
                    flow.startPs.reset();
                    flow.trigger = *release;
                }
                composed.traffic.flows.push_back(flow);
                composed.owners.push_back(owner);
            }
            for (const MatrixTrigger& original : one.triggers)
            {
                MatrixTrigger trigger = original;
                trigger.id = triggerIds.at(original.id);
                trigger.line = 0;
                trigger.waiting.clear();
                composed.traffic.triggers.push_back(trigger);
            }
            // Each trigger's waiting flows, in flow order (as the parser fills them).
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
        }
    }
    return composed;
}

} // namespace fabriclb
} // namespace ns3
