/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Reading a jobs file (job-plan.h): its JSON, each job's keys, host lists.
 */

#include "collectives.h"
#include "job-plan.h"

#include "ns3/error-text.h"
#include "ns3/fabric-paths.h"
#include "ns3/input-file.h"

#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

namespace ns3
{
namespace fabriclb
{

JobsError::JobsError(const std::string& what)
    : std::invalid_argument(what)
{
}

JobsError::JobsError(const std::string& file, uint32_t line, const std::string& problem)
    : std::invalid_argument(FileErrorLine(file, line, problem))
{
}

std::string
JobProblem(const std::string& file, const std::string& job, const std::string& problem)
{
    return PrintableText(file) + ": job " + QuotedToken(job) + ": " + problem;
}

namespace
{

using Json = nlohmann::json;

/// The deepest a jobs file's JSON nests: a jobs file needs 4 levels (the file, "jobs", a
/// job, its "hosts"); far deeper text is no jobs file.
constexpr int MAX_DEPTH = 64;

/// \return \p value as an error message shows it: its JSON, printable, cut short if long
std::string
Shown(const Json& value)
{
    const std::string text = value.dump();
    return text.size() > QUOTED_TOKEN_MAX ? QuotedToken(text) : PrintableText(text);
}

/// \return a host number of a jobs file, checked against MAX_LISTED_HOSTS
uint32_t
HostNumber(uint64_t host)
{
    if (host >= MAX_LISTED_HOSTS)
    {
        throw std::invalid_argument("host " + std::to_string(host) +
                                    " is beyond any fabric (at most " +
                                    std::to_string(MAX_LISTED_HOSTS) + " hosts)");
    }
    return static_cast<uint32_t>(host);
}

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
            m_fail("'" + key + "' must be a string, got " + Shown(m_job[key]));
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
                   ", got " + Shown(value));
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
            m_fail("'" + key + "' must be a time with a unit (10us), got " + QuotedToken(*text));
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
                fail("'hosts' must list host numbers, got " + Shown(host));
            }
            try
            {
                placement.hosts.push_back(HostNumber(host.get<uint64_t>()));
            }
            catch (const std::invalid_argument& e)
            {
                fail(std::string("'hosts': ") + e.what());
            }
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
            fail("unknown key " + QuotedToken(key) + " in 'hosts' (place, count, across)");
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

/// \return the parameters of its own \p collective that \p job gives, as text; \p fail throws
/// for a parameter of another workload's or a value neither a number nor a string
std::vector<std::pair<std::string, std::string>>
ReadParameters(const Json& job,
               const Collective& collective,
               const std::function<void(const std::string&)>& fail)
{
    std::vector<std::pair<std::string, std::string>> given;
    for (const auto& [key, value] : job.items())
    {
        std::string readers;
        bool own = false;
        for (const Collective& reader : Workloads().All())
        {
            for (const auto& [flag, attribute] : reader.flags)
            {
                if (flag == key)
                {
                    own = own || reader.name == collective.name;
                    readers += (readers.empty() ? "" : ", ") + reader.name;
                }
            }
        }
        if (readers.empty())
        {
            continue; // a key of every job's
        }
        if (!own)
        {
            fail(QuotedToken(key) + " does nothing in workload " + QuotedToken(collective.name) +
                 " (it shapes " + readers + ")");
        }
        if (value.is_string())
        {
            given.emplace_back(key, value.get<std::string>());
        }
        else if (value.is_number() || value.is_boolean())
        {
            given.emplace_back(key, value.dump());
        }
        else
        {
            fail(QuotedToken(key) + " must be a number or a string, got " + Shown(value));
        }
    }
    return given;
}

/// \return job \p job of a file, read
JobSpec
ReadJob(const Json& job, size_t index, const std::string& fileName)
{
    std::optional<std::string> name;
    const auto fail = [&fileName, &name, index](const std::string& problem) {
        throw name ? JobsError(JobProblem(fileName, *name, problem))
                   : JobsError(fileName, 0, "job " + std::to_string(index + 1) + ": " + problem);
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
                                            "trace",
                                            "receiver"};
    const JobReader reader(job, fail);
    JobSpec spec;
    const std::optional<std::string> named = reader.String("name");
    if (!named || named->empty())
    {
        fail("needs a \"name\"");
    }
    spec.name = *named;
    name = spec.name;
    // The workloads' own parameters (Collective::flags), each read by some workload.
    std::set<std::string> parameters;
    for (const Collective& collective : Workloads().All())
    {
        for (const auto& [flag, attribute] : collective.flags)
        {
            parameters.insert(flag);
        }
    }
    for (const auto& [key, value] : job.items())
    {
        if (keys.count(key) == 0 && parameters.count(key) == 0)
        {
            fail("unknown key " + QuotedToken(key));
        }
    }
    const std::optional<std::string> workload = reader.String("workload");
    if (!workload)
    {
        fail("needs a \"workload\"");
    }
    if (!Workloads().Find(*workload))
    {
        fail("unknown workload " + QuotedToken(*workload) + " (--workload=help lists them)");
    }
    spec.workload = *workload;
    spec.parameters = ReadParameters(job, Workloads().Get(spec.workload, "workload"), fail);
    spec.bytes = reader.Positive("msgBytes", UINT64_MAX >> 1);
    if (!job.contains("hosts"))
    {
        fail("needs \"hosts\"");
    }
    spec.placement = ReadPlacement(job["hosts"], fail);
    spec.startPs = reader.Time("start");
    spec.gapPs = reader.Time("gap");
    spec.iterations =
        static_cast<uint32_t>(reader.Positive("iterations", MAX_JOB_MESSAGES).value_or(1));
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
    spec.traceFile = reader.String("trace").value_or("");
    if ((spec.workload == "chakra") != !spec.traceFile.empty())
    {
        fail("\"trace\" names the traces' prefix of workload \"chakra\", and only of it");
    }
    if (job.contains("receiver"))
    {
        if (spec.workload != "incast" || !job["receiver"].is_number_unsigned() ||
            job["receiver"].get<uint64_t>() >= MAX_LISTED_HOSTS)
        {
            fail("\"receiver\" is a host number, for workload \"incast\"");
        }
        spec.receiver = job["receiver"].get<uint32_t>();
    }
    return spec;
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
            throw std::invalid_argument(QuotedToken(text) +
                                        " is not a list of hosts and ranges (0-7,12)");
        }
        return HostNumber(std::stoul(text.substr(begin, position - begin)));
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
        if (hosts.size() + (last - first) >= MAX_LISTED_HOSTS)
        {
            throw std::invalid_argument("lists more than " + std::to_string(MAX_LISTED_HOSTS) +
                                        " hosts, more than any fabric has");
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
            throw std::invalid_argument(QuotedToken(text) +
                                        " is not a list of hosts and ranges (0-7,12)");
        }
        ++position;
    }
}

JobsFile
ParseJobsFile(std::istream& in, const std::string& fileName)
{
    const auto fail = [&fileName](const std::string& problem) {
        throw JobsError(fileName, 0, problem);
    };
    // nlohmann keeps the last of two equal keys: each object's keys so far, to refuse them.
    std::vector<std::set<std::string>> keys;
    const Json::parser_callback_t check = [&](int depth, Json::parse_event_t event, Json& parsed) {
        if (depth > MAX_DEPTH)
        {
            fail("nests deeper than " + std::to_string(MAX_DEPTH) + " levels");
        }
        if (event == Json::parse_event_t::object_start)
        {
            keys.emplace_back();
        }
        else if (event == Json::parse_event_t::object_end)
        {
            keys.pop_back();
        }
        else if (event == Json::parse_event_t::key &&
                 !keys.back().insert(parsed.get<std::string>()).second)
        {
            fail("key " + QuotedToken(parsed.get<std::string>()) + " twice in one object");
        }
        return true;
    };
    Json root;
    try
    {
        root = Json::parse(in, check);
    }
    catch (const Json::exception& e)
    {
        // nlohmann's message: "[json.exception.parse_error.101] parse error at line L, ...",
        // ending in what it last read, which may be long; or a number too large for it,
        // "[json.exception.out_of_range.406] number overflow parsing '...'".
        const std::string what = e.what();
        const size_t at = what.find("] ");
        fail("not JSON: " + ShortText(what.substr(at == std::string::npos ? 0 : at + 2), 200));
    }
    if (!root.is_object() || !root.contains("jobs") || !root["jobs"].is_array())
    {
        fail("needs an object with a \"jobs\" array");
    }
    for (const auto& [key, value] : root.items())
    {
        if (key != "jobs" && key != "shareHosts")
        {
            fail("unknown key " + QuotedToken(key) + " (jobs, shareHosts)");
        }
    }
    JobsFile file;
    file.name = fileName;
    if (root.contains("shareHosts"))
    {
        if (!root["shareHosts"].is_boolean())
        {
            fail("\"shareHosts\" must be true or false");
        }
        file.shareHosts = root["shareHosts"].get<bool>();
    }
    std::set<std::string> names;
    for (size_t j = 0; j < root["jobs"].size(); ++j)
    {
        file.jobs.push_back(ReadJob(root["jobs"][j], j, fileName));
        if (!names.insert(file.jobs.back().name).second)
        {
            fail("two jobs are called " + QuotedToken(file.jobs.back().name));
        }
    }
    if (file.jobs.empty())
    {
        fail("\"jobs\" is empty");
    }
    return file;
}

JobsFile
ReadJobsFile(const std::string& path)
{
    std::istringstream in(ReadInputFileAs<JobsError>(path));
    return ParseJobsFile(in, path);
}

} // namespace fabriclb
} // namespace ns3
