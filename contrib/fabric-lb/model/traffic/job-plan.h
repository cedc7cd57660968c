/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_JOB_PLAN_H
#define FABRIC_LB_JOB_PLAN_H

#include "connection-matrix.h"

#include "ns3/uniform-index.h"

#include <cstdint>
#include <functional>
#include <istream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

/**
 * \file
 * \ingroup fabric-lb
 * Several jobs on one fabric (the driver's --jobs=FILE), without a simulator: the
 * jobs file, where each job's hosts are, and its collectives as one connection matrix.
 *
 * A jobs file is JSON:
 * \verbatim
   {"shareHosts": false,
    "jobs": [{"name": "a2a", "workload": "all-to-all", "msgBytes": 65536, "hosts": "0-7"},
             {"name": "ring", "workload": "ring-allreduce", "msgBytes": 1048576,
              "hosts": {"place": "strided", "across": "leaves", "count": 16},
              "start": "10us", "iterations": 3, "gap": "5us"}]}
   \endverbatim
 * A job's keys: `name` (required, unique), `workload` (required: a collective,
 * --workload=help), `msgBytes`, `hosts` (required), `start` and `gap` (times with a
 * unit, 0 by default), `iterations` (1), `group`, `model`, `layers`, `matrix`, `trace` (as
 * the driver's flags of the same names), `receiver` (an incast's receiver, one of its
 * hosts; the first by default) and its workload's own parameters, named and valued as the
 * driver's flags (`"tokens": 64`, `"skew": 1.5`, `"forwardTime": "20us"`; a number or a string;
 * --workload=help lists each workload's), which default to the driver's flags. `hosts` is a list of
 ranges ("0-7,12"), an array of
 * host numbers, or a placement rule {"place": P, "count": N} where P is `contiguous`
 * (the lowest N consecutive free hosts), `random` (N free hosts drawn at random),
 * `strided` (round robin over the fabric's `pods` or `leaves`, "across"; leaves by
 * default) or `per-server` (one host of each server in turn). Unless `shareHosts` is
 * true, no host belongs to two jobs, and rules place a job on hosts no earlier job
 * holds. Unknown keys, and a key twice in one object, are errors. A job runs at most
 * 2^28 iterations, and all jobs' iterations at most 2^28 messages (MAX_JOB_MESSAGES).
 */

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief A jobs file that cannot be used: what() is one line, "FILE: problem" or
 * "FILE: job 'NAME': problem".
 */
class JobsError : public std::invalid_argument
{
  public:
    /// \param what the whole line
    explicit JobsError(const std::string& what);

    /**
     * \param file the jobs file
     * \param line the 1-based line at fault, or 0 for the file as a whole
     * \param problem what is wrong
     */
    JobsError(const std::string& file, uint32_t line, const std::string& problem);
};

/**
 * \param file the jobs file
 * \param job the job's name
 * \param problem what is wrong with it
 * \return "FILE: job 'NAME': problem", the name and file printable, a long name cut short
 */
std::string JobProblem(const std::string& file, const std::string& job, const std::string& problem);

/**
 * The most messages a run's jobs may expand to (their iterations times their collectives'
 * messages), and the most iterations a job may run: 2^28. At the 1.2 KiB a message that
 * CheckMemory counts that is about 300 GiB, beyond any machine this module runs on, and
 * flow and trigger ids (32 bits) stay far from wrapping. A jobs file that asks for more is refused
 * before its iterations are composed.
 */
constexpr uint64_t MAX_JOB_MESSAGES = uint64_t{1} << 28;

/**
 * One more than the largest host number a jobs file may name, and the most hosts a list
 * may hold: 2^24, the addresses of 10.0.0.0/8, of which the address plan gives each host
 * link four (no fabric has as many hosts).
 */
constexpr uint32_t MAX_LISTED_HOSTS = uint32_t{1} << 24;

/**
 * \ingroup fabric-lb
 * \brief How a job's hosts are chosen.
 */
struct HostPlacement
{
    /// The rule.
    enum Rule
    {
        LIST,       //!< the hosts named
        CONTIGUOUS, //!< the lowest run of free consecutive hosts
        RANDOM,     //!< free hosts drawn uniformly
        STRIDED,    //!< round robin over the fabric's pods or leaves
        PER_SERVER  //!< one host of each server in turn
    };

    Rule rule{LIST};             //!< the rule
    std::vector<uint32_t> hosts; //!< LIST: the hosts, in rank order
    uint32_t count{0};           //!< the other rules: how many hosts
    bool acrossPods{false};      //!< STRIDED: over pods rather than leaves
};

/**
 * \ingroup fabric-lb
 * \brief One job of a jobs file.
 */
struct JobSpec
{
    std::string name;                 //!< its name, unique in the file
    std::string workload;             //!< the collective (fabriclb::Collectives)
    std::optional<uint64_t> bytes;    //!< msgBytes; none: the driver's --msgBytes
    HostPlacement placement;          //!< where it runs
    std::vector<uint32_t> hosts;      //!< the hosts PlaceJobs chose, in rank order
    uint64_t startPs{0};              //!< when its first iteration starts
    uint32_t iterations{1};           //!< times it runs its collective
    uint64_t gapPs{0};                //!< compute time between two iterations
    std::optional<uint32_t> group;    //!< ring collectives' hosts per ring
    std::optional<std::string> model; //!< fsdp's model
    std::optional<uint32_t> layers;   //!< fsdp's layer phases
    std::string matrixFile;           //!< workload "matrix": its file
    std::string traceFile;            //!< workload "chakra": its traces' prefix
    std::optional<uint32_t> receiver; //!< incast: the receiving host (one of its hosts)
    /// its workload's own parameters given (Collective::flags: "tokens", "stages", ...), as
    /// (flag, value as text), in key order; the others are the driver's flags'
    std::vector<std::pair<std::string, std::string>> parameters;
};

/**
 * \ingroup fabric-lb
 * \brief A jobs file, read.
 */
struct JobsFile
{
    std::string name;          //!< the file's name, for messages
    bool shareHosts{false};    //!< jobs may share hosts
    std::vector<JobSpec> jobs; //!< in file order
};

/**
 * \param in the JSON text
 * \param fileName the name errors give
 * \return its jobs, unplaced
 * \throws JobsError for text that is not JSON, nested deeper than 64 levels or with a key
 * twice in one object, a missing or unknown key, a value of the wrong type, a duplicate
 * name, an unknown workload, a bad time, a zero count, more than MAX_JOB_MESSAGES
 * iterations, a host number from MAX_LISTED_HOSTS on
 */
JobsFile ParseJobsFile(std::istream& in, const std::string& fileName);

/// ParseJobsFile on a file \throws JobsError also for a file ReadInputFile refuses
JobsFile ReadJobsFile(const std::string& path);

/**
 * \ingroup fabric-lb
 * \brief What placement rules see of the fabric.
 */
struct PlacementFabric
{
    uint32_t hosts{0};            //!< hosts of the fabric
    std::vector<uint32_t> leafOf; //!< by host: its leaf (tier-0 switch)
    std::vector<uint32_t> podOf;  //!< by host: its pod (the partition group of its leaf)
    uint32_t hostsPerServer{1};   //!< consecutive hosts a server holds
};

/**
 * Chooses every job's hosts (JobSpec::hosts), in file order.
 * \param file the jobs
 * \param fabric the fabric's hosts and their leaves, pods and servers
 * \param draw randomness for `random` placement
 * \throws JobsError for a host beyond the fabric, a host twice in a job, hosts shared
 * without `shareHosts`, more hosts wanted than are free, a receiver not among the hosts
 */
void PlaceJobs(JobsFile& file, const PlacementFabric& fabric, const UniformIndex& draw);

/**
 * \ingroup fabric-lb
 * \brief Which job and iteration a flow or a compute of the composed traffic belongs to.
 */
struct FlowOwner
{
    uint32_t job;       //!< index in JobsFile::jobs
    uint32_t iteration; //!< from 0
    /// a timed flow or compute of a later iteration: its start after the iteration's release, ps
    std::optional<uint64_t> releaseOffsetPs;
};

/**
 * \ingroup fabric-lb
 * \brief Every job's iterations as one connection matrix. The first iteration's timed
 * flows and computes start at the job's start plus their own; a later iteration's timed flows
 * and computes wait on a trigger of their iteration that no task signals (JobSet starts them
 * after the previous iteration's last completion and the gap); triggered flows and computes
 * keep their triggers. Flows, computes and triggers are numbered fabric-wide, job by job,
 * iteration by iteration; each trigger's waiting list holds its flows, then its computes.
 */
struct ComposedJobs
{
    ConnectionMatrix traffic;                   //!< every flow and compute, job by job
    std::vector<FlowOwner> owners;              //!< by flow index
    std::vector<FlowOwner> computeOwners;       //!< by compute index
    std::vector<uint32_t> firstFlow;            //!< by job: its first flow's index
    std::vector<uint32_t> flowsPerIteration;    //!< by job
    std::vector<uint32_t> firstCompute;         //!< by job: its first compute's index
    std::vector<uint32_t> computesPerIteration; //!< by job
    std::vector<uint32_t> firstTrigger;         //!< by job: its first iteration's first trigger
    std::vector<uint32_t> iterationTriggers;    //!< by job: its collective's triggers
};

/**
 * Composes the jobs' collectives: builds each job's collective once, counts the messages
 * and triggers its iterations expand to (in 128-bit arithmetic), and only then composes them.
 * \param file the placed jobs
 * \param fabricHosts hosts of the fabric (the matrix's `nodes`)
 * \param build a job's collective over ranks 0 .. its host count - 1 (one iteration)
 * \param checkMessages given the messages of every job's every iteration, before they are
 * composed, throws std::invalid_argument if the run cannot hold them (none: no check)
 * \return the flows, their owners and the jobs' flow ranges
 * \throws whatever \p build or \p checkMessages throws, as JobsError naming the job or
 * the file; JobsError for more than MAX_JOB_MESSAGES messages, computes or triggers, and for
 * iterations whose flows or computes would start beyond ns-3's clock (the job's start, each
 * iteration's latest timed flow or compute, the gaps between them)
 */
ComposedJobs ComposeJobs(const JobsFile& file,
                         uint32_t fabricHosts,
                         const std::function<ConnectionMatrix(const JobSpec&)>& build,
                         const std::function<void(uint64_t messages)>& checkMessages = {});

/**
 * \param text a list of hosts and ranges, "0-7,12"
 * \return the hosts, in order \throws std::invalid_argument for a malformed list, a host
 * from MAX_LISTED_HOSTS on, or more than MAX_LISTED_HOSTS hosts
 */
std::vector<uint32_t> ParseHostList(const std::string& text);

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_JOB_PLAN_H */
