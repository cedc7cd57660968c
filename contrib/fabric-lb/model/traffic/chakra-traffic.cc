/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "chakra-traffic.h"

#include "chain-broadcast.h"
#include "collectives.h"
#include "event-triggers.h"
#include "ring-collectives.h"
#include "tree-collectives.h"
#include "workload.h"

#include "ns3/error-text.h"

#include <algorithm>
#include <deque>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace ns3
{
namespace fabriclb
{

namespace
{

/// Picoseconds in a microsecond (duration_micros to a compute's duration).
constexpr uint64_t PS_PER_MICROSECOND = 1000000;

/// The longest compute, in microseconds: an ns-3 Time holds at most 2^63-1 ps.
constexpr uint64_t MAX_COMPUTE_MICROS = INT64_MAX / PS_PER_MICROSECOND;

/// A node of one rank's trace: the rank and the node's index in its trace.
struct NodeRef
{
    uint32_t rank;  //!< the rank
    uint32_t index; //!< index in ChakraTrace::nodes
};

/// A collective: the same-numbered collective of one process group on every rank.
struct CollectiveInstance
{
    std::vector<NodeRef> nodes; //!< one node a rank, in rank order
};

/**
 * Builds the traffic of a step: every node becomes an event (an operation whose end the
 * nodes after it wait for) or passes through (done when its dependencies are).
 */
class TrafficBuilder
{
  public:
    /// \copydoc ChakraTraffic
    TrafficBuilder(const std::vector<ChakraTrace>& ranks,
                   const std::vector<std::string>& files,
                   uint32_t hosts,
                   const ChakraCollectiveChoice& choice)
        : m_ranks(ranks),
          m_files(files),
          m_choice(choice)
    {
        m_traffic.nodes = hosts;
        m_eventOf.resize(ranks.size());
        m_waitSet.resize(ranks.size());
        for (uint32_t r = 0; r < ranks.size(); ++r)
        {
            m_eventOf[r].resize(ranks[r].nodes.size());
            m_waitSet[r].resize(ranks[r].nodes.size());
        }
    }

    /// \return the traffic
    ConnectionMatrix Build()
    {
        FindCollectives();
        PairSendsAndReceives();
        FindComputes();
        for (uint32_t r = 0; r < m_ranks.size(); ++r)
        {
            FindEventSets(r);
        }
        for (const CollectiveInstance& instance : m_collectives)
        {
            AddCollective(instance);
        }
        for (const auto& [send, receive] : m_pairs)
        {
            AddSendReceive(send, receive);
        }
        for (const NodeRef& compute : m_computeNodes)
        {
            AddCompute(compute);
        }
        if (const std::optional<uint32_t> event = m_events.EventOnCircle())
        {
            throw Error(m_eventNode[*event],
                        "never starts: what it waits for waits, on another rank, for it (a "
                        "deadlock between ranks)");
        }
        m_events.Connect(m_traffic);
        return std::move(m_traffic);
    }

  private:
    /// \return the node \p ref
    const ChakraNode& Node(const NodeRef& ref) const
    {
        return m_ranks[ref.rank].nodes[ref.index];
    }

    /// \return the one-line error "FILE: node ID: problem" of \p ref
    std::invalid_argument Error(const NodeRef& ref, const std::string& problem) const
    {
        return std::invalid_argument(PrintableText(m_files[ref.rank]) + ": node " +
                                     std::to_string(Node(ref).id) + ": " + problem);
    }

    /// \return a new event of node \p ref (for errors), with no ends yet
    uint32_t NewEvent(const NodeRef& ref)
    {
        m_eventNode.push_back(ref);
        return m_events.NewEvent();
    }

    /// Numbers every rank's collectives and checks that each agrees across ranks.
    void FindCollectives()
    {
        // (process group, its n-th collective) -> the instance
        std::map<std::pair<std::string, uint32_t>, uint32_t> instanceOf;
        for (uint32_t r = 0; r < m_ranks.size(); ++r)
        {
            std::map<std::string, uint32_t> seen; // collectives of each group so far
            for (uint32_t i = 0; i < m_ranks[r].nodes.size(); ++i)
            {
                const ChakraNode& node = m_ranks[r].nodes[i];
                if (node.type != ChakraNodeType::COLLECTIVE || node.cpuOp)
                {
                    continue;
                }
                const std::string group = node.pgName.value_or("");
                const auto key = std::make_pair(group, seen[group]++);
                const auto [it, added] =
                    instanceOf.emplace(key, static_cast<uint32_t>(m_collectives.size()));
                if (added)
                {
                    m_collectives.emplace_back();
                }
                CollectiveInstance& instance = m_collectives[it->second];
                if (!instance.nodes.empty())
                {
                    const ChakraNode& first = Node(instance.nodes.front());
                    if (first.commType != node.commType || first.commSize != node.commSize)
                    {
                        throw Error(NodeRef{r, i},
                                    Describe(node) + ", but the same collective (number " +
                                        std::to_string(key.second + 1) + " of process group " +
                                        QuotedToken(group) + ") on rank " +
                                        std::to_string(instance.nodes.front().rank) + " (node " +
                                        std::to_string(first.id) + ") is " + Describe(first));
                    }
                }
                instance.nodes.push_back(NodeRef{r, i});
            }
        }
        for (const CollectiveInstance& instance : m_collectives)
        {
            if (instance.nodes.size() > 1 && *Node(instance.nodes.front()).commSize > 0)
            {
                CheckMapped(instance.nodes.front());
                const uint32_t event = NewEvent(instance.nodes.front());
                for (const NodeRef& ref : instance.nodes)
                {
                    m_eventOf[ref.rank][ref.index] = event;
                }
            }
        }
    }

    /// \return "ALL_REDUCE of N bytes"
    static std::string Describe(const ChakraNode& node)
    {
        return ChakraCommTypeName(*node.commType) + " of " + std::to_string(*node.commSize) +
               " bytes";
    }

    /// \throws std::invalid_argument for a collective of a kind without traffic here
    void CheckMapped(const NodeRef& ref) const
    {
        switch (*Node(ref).commType)
        {
        case ChakraCommType::ALL_REDUCE:
        case ChakraCommType::ALL_GATHER:
        case ChakraCommType::REDUCE_SCATTER:
        case ChakraCommType::ALL_TO_ALL:
        case ChakraCommType::BROADCAST:
            return;
        default:
            throw Error(ref,
                        "comm type " + ChakraCommTypeName(*Node(ref).commType) +
                            " has no traffic in fabric-lb (ALL_REDUCE, ALL_GATHER, "
                            "REDUCE_SCATTER, ALL_TO_ALL and BROADCAST have)");
        }
    }

    /// \throws std::invalid_argument unless \p peer is a rank other than \p ref's
    void CheckPeer(const NodeRef& ref, uint32_t peer, const std::string& attribute) const
    {
        if (peer >= m_ranks.size() || peer == ref.rank)
        {
            throw Error(ref,
                        attribute + " " + std::to_string(peer) + " is not another rank (the " +
                            "traces have ranks 0 to " + std::to_string(m_ranks.size() - 1) + ")");
        }
    }

    /// Matches each send with its receive, in file order per (source, destination, tag).
    void PairSendsAndReceives()
    {
        std::map<std::tuple<uint32_t, uint32_t, uint32_t>, std::deque<NodeRef>> sends;
        for (uint32_t r = 0; r < m_ranks.size(); ++r)
        {
            for (uint32_t i = 0; i < m_ranks[r].nodes.size(); ++i)
            {
                const ChakraNode& node = m_ranks[r].nodes[i];
                if (node.type == ChakraNodeType::SEND && !node.cpuOp)
                {
                    CheckPeer(NodeRef{r, i}, *node.commDst, "comm_dst");
                    sends[{r, *node.commDst, node.commTag.value_or(0)}].push_back(NodeRef{r, i});
                }
            }
        }
        for (uint32_t r = 0; r < m_ranks.size(); ++r)
        {
            for (uint32_t i = 0; i < m_ranks[r].nodes.size(); ++i)
            {
                const ChakraNode& node = m_ranks[r].nodes[i];
                if (node.type != ChakraNodeType::RECEIVE || node.cpuOp)
                {
                    continue;
                }
                const NodeRef receive{r, i};
                CheckPeer(receive, *node.commSrc, "comm_src");
                const uint32_t tag = node.commTag.value_or(0);
                std::deque<NodeRef>& queue = sends[{*node.commSrc, r, tag}];
                if (queue.empty())
                {
                    throw Error(receive,
                                "no send from rank " + std::to_string(*node.commSrc) +
                                    " with tag " + std::to_string(tag) + " is left to match");
                }
                const NodeRef send = queue.front();
                queue.pop_front();
                const uint64_t bytes = *Node(send).commSize;
                if (node.commSize && *node.commSize != bytes)
                {
                    throw Error(receive,
                                "comm_size " + std::to_string(*node.commSize) +
                                    " differs from its send's (rank " + std::to_string(send.rank) +
                                    ", node " + std::to_string(Node(send).id) + ": " +
                                    std::to_string(bytes) + ")");
                }
                m_pairs.emplace_back(send, receive);
                if (bytes > 0)
                {
                    m_eventOf[send.rank][send.index] = NewEvent(send);
                    m_eventOf[receive.rank][receive.index] = NewEvent(receive);
                }
            }
        }
        for (const auto& [key, queue] : sends)
        {
            if (!queue.empty())
            {
                throw Error(queue.front(),
                            "no receive on rank " + std::to_string(std::get<1>(key)) +
                                " with tag " + std::to_string(std::get<2>(key)) +
                                " matches this send");
            }
        }
    }

    /// Makes every GPU computation an event (a CPU-side one takes no time).
    void FindComputes()
    {
        for (uint32_t r = 0; r < m_ranks.size(); ++r)
        {
            for (uint32_t i = 0; i < m_ranks[r].nodes.size(); ++i)
            {
                const ChakraNode& node = m_ranks[r].nodes[i];
                if (node.type == ChakraNodeType::COMPUTE && !node.cpuOp)
                {
                    m_eventOf[r][i] = NewEvent(NodeRef{r, i});
                    m_computeNodes.push_back(NodeRef{r, i});
                }
            }
        }
    }

    /// \return what a node that depends on \p ref waits for: its event, or what it waits for
    EventSet DoneSet(const NodeRef& ref) const
    {
        if (const std::optional<uint32_t> event = m_eventOf[ref.rank][ref.index])
        {
            return {*event};
        }
        return m_waitSet[ref.rank][ref.index];
    }

    /// Finds what each node of rank \p r waits for, dependencies first.
    void FindEventSets(uint32_t r)
    {
        const ChakraTrace& trace = m_ranks[r];
        std::map<uint64_t, uint32_t> indexOf;
        for (uint32_t i = 0; i < trace.nodes.size(); ++i)
        {
            indexOf.emplace(trace.nodes[i].id, i);
        }
        for (const uint32_t i : ChakraTopologicalOrder(trace))
        {
            std::set<uint32_t> events;
            for (const uint64_t dep : trace.nodes[i].dataDeps)
            {
                const EventSet done = DoneSet(NodeRef{r, indexOf.at(dep)});
                events.insert(done.begin(), done.end());
            }
            m_waitSet[r][i].assign(events.begin(), events.end());
        }
    }

    /// \return the flows of \p instance's collective over \p n ranks (hosts 0 .. n-1)
    ConnectionMatrix CollectiveFlows(const CollectiveInstance& instance, uint32_t n) const
    {
        const ChakraNode& node = Node(instance.nodes.front());
        const uint64_t bytes = *node.commSize;
        try
        {
            switch (*node.commType)
            {
            case ChakraCommType::ALL_REDUCE:
                if (m_choice.algorithm == "tree")
                {
                    return TreeAllReduce(n, 0, bytes, m_choice.chunkBytes);
                }
                if (m_choice.algorithm != "ring")
                {
                    throw std::invalid_argument("unknown all-reduce algorithm " +
                                                QuotedToken(m_choice.algorithm) + " (ring, tree)");
                }
                return RingCollective(RingKind::ALL_REDUCE, n, 0, bytes);
            case ChakraCommType::ALL_GATHER:
                return RingCollective(RingKind::ALL_GATHER, n, 0, bytes);
            case ChakraCommType::REDUCE_SCATTER:
                return RingCollective(RingKind::REDUCE_SCATTER, n, 0, bytes);
            case ChakraCommType::BROADCAST:
                return ChainBroadcast(n, bytes);
            default: // ALL_TO_ALL (CheckMapped)
                return StartingTogether(n, AllToAllWorkload(n, (bytes + n - 1) / n));
            }
        }
        catch (const std::invalid_argument& e)
        {
            throw Error(instance.nodes.front(), e.what());
        }
    }

    /// Adds the flows of a collective over its ranks, its starting flows gated by each rank.
    void AddCollective(const CollectiveInstance& instance)
    {
        const NodeRef& first = instance.nodes.front();
        const std::optional<uint32_t> event = m_eventOf[first.rank][first.index];
        if (!event)
        {
            return; // one rank, or no bytes: no traffic
        }
        const auto n = static_cast<uint32_t>(instance.nodes.size());
        const ConnectionMatrix sub = CollectiveFlows(instance, n);
        const auto flowBase = static_cast<uint32_t>(m_traffic.flows.size());
        // The collective's triggers are renumbered after those already here: trigger id i is
        // at index i-1 throughout.
        std::map<uint32_t, uint32_t> renumbered;
        for (const MatrixTrigger& subTrigger : sub.triggers)
        {
            MatrixTrigger trigger = subTrigger;
            trigger.id = static_cast<uint32_t>(m_traffic.triggers.size() + 1);
            renumbered.emplace(subTrigger.id, trigger.id);
            m_traffic.triggers.push_back(trigger);
        }
        const auto shift = [&renumbered](std::optional<uint32_t>& trigger) {
            if (trigger)
            {
                trigger = renumbered.at(*trigger);
            }
        };
        // By rank of the collective, the flows that start it there (one gate a rank).
        std::vector<std::vector<uint32_t>> starting(n);
        for (const MatrixFlow& subFlow : sub.flows)
        {
            MatrixFlow flow = subFlow;
            flow.source = instance.nodes[subFlow.source].rank;
            flow.destination = instance.nodes[subFlow.destination].rank;
            flow.id += flowBase;
            shift(flow.trigger);
            shift(flow.sendDoneTrigger);
            shift(flow.recvDoneTrigger);
            const auto index = static_cast<uint32_t>(m_traffic.flows.size());
            if (flow.startPs)
            {
                flow.startPs.reset();
                starting[subFlow.source].push_back(index);
            }
            if (!flow.recvDoneTrigger)
            {
                m_events.AddEnd(*event, TaskEnd{index, TaskEnd::RECEIVED});
            }
            m_traffic.flows.push_back(flow);
        }
        std::set<uint32_t> before;
        for (uint32_t rank = 0; rank < n; ++rank)
        {
            const NodeRef& ref = instance.nodes[rank];
            const EventSet& waitsOn = m_waitSet[ref.rank][ref.index];
            before.insert(waitsOn.begin(), waitsOn.end());
            if (!starting[rank].empty())
            {
                m_events.AddGate(std::move(starting[rank]), waitsOn, ref.rank);
            }
        }
        m_events.SetBefore(*event, EventSet(before.begin(), before.end()));
    }

    /// Adds the flow of a send and its receive.
    void AddSendReceive(const NodeRef& send, const NodeRef& receive)
    {
        const std::optional<uint32_t> sent = m_eventOf[send.rank][send.index];
        if (!sent)
        {
            return; // no bytes: no traffic
        }
        const auto index = static_cast<uint32_t>(m_traffic.flows.size());
        MatrixFlow flow{};
        flow.source = send.rank;
        flow.destination = receive.rank;
        flow.id = index + 1;
        flow.bytes = *Node(send).commSize;
        m_traffic.flows.push_back(flow);
        const uint32_t received = *m_eventOf[receive.rank][receive.index];
        m_events.AddEnd(*sent, TaskEnd{index, TaskEnd::SENT});
        m_events.AddEnd(received, TaskEnd{index, TaskEnd::RECEIVED});
        std::set<uint32_t> events(m_waitSet[send.rank][send.index].begin(),
                                  m_waitSet[send.rank][send.index].end());
        events.insert(m_waitSet[receive.rank][receive.index].begin(),
                      m_waitSet[receive.rank][receive.index].end());
        const EventSet waitsOn(events.begin(), events.end());
        m_events.AddGate({index}, waitsOn, send.rank);
        m_events.SetBefore(*sent, waitsOn);
        m_events.SetBefore(received, waitsOn);
    }

    /// Adds the compute of a COMP_NODE on its rank's GPU, for its duration_micros.
    void AddCompute(const NodeRef& ref)
    {
        const uint64_t micros = Node(ref).durationMicros;
        if (micros > MAX_COMPUTE_MICROS)
        {
            throw Error(ref,
                        "duration_micros " + std::to_string(micros) + " is above " +
                            std::to_string(MAX_COMPUTE_MICROS) + " (2^63-1 ps)");
        }
        const auto index = static_cast<uint32_t>(m_traffic.computes.size());
        MatrixCompute compute{};
        compute.host = ref.rank;
        compute.id = index + 1;
        compute.durationPs = micros * PS_PER_MICROSECOND;
        m_traffic.computes.push_back(compute);
        const uint32_t event = *m_eventOf[ref.rank][ref.index];
        m_events.AddEnd(event, TaskEnd{index, TaskEnd::COMPUTED});
        m_events.AddGate({ComputeTask(index)}, m_waitSet[ref.rank][ref.index], ref.rank);
        m_events.SetBefore(event, m_waitSet[ref.rank][ref.index]);
    }

    const std::vector<ChakraTrace>& m_ranks;                     //!< by rank, its trace
    const std::vector<std::string>& m_files;                     //!< by rank, its file
    ChakraCollectiveChoice m_choice;                             //!< how collectives are built
    ConnectionMatrix m_traffic{};                                //!< what is built
    std::vector<std::vector<std::optional<uint32_t>>> m_eventOf; //!< by rank and node, its event
    std::vector<std::vector<EventSet>> m_waitSet;     //!< by rank and node, what it waits for
    EventTriggers m_events;                           //!< the operations, wired as triggers
    std::vector<NodeRef> m_eventNode;                 //!< by event, its (first) node
    std::vector<CollectiveInstance> m_collectives;    //!< the collectives
    std::vector<NodeRef> m_computeNodes;              //!< the GPU computations
    std::vector<std::pair<NodeRef, NodeRef>> m_pairs; //!< each send and its receive
};

} // namespace

std::string
ChakraRankFile(const std::string& prefix, uint32_t rank)
{
    return prefix + "." + std::to_string(rank) + ".et";
}

ConnectionMatrix
ChakraTraffic(const std::vector<ChakraTrace>& ranks,
              const std::vector<std::string>& files,
              uint32_t hosts,
              const ChakraCollectiveChoice& choice)
{
    if (ranks.size() > hosts)
    {
        throw std::invalid_argument(PrintableText(files.back()) + ": the traces have " +
                                    std::to_string(ranks.size()) + " ranks, more than the " +
                                    std::to_string(hosts) + " hosts of the fabric");
    }
    ConnectionMatrix traffic = TrafficBuilder(ranks, files, hosts, choice).Build();
    if (traffic.flows.empty())
    {
        throw std::invalid_argument(PrintableText(files.front()) + ": the traces (" +
                                    std::to_string(ranks.size()) +
                                    (ranks.size() == 1 ? " rank" : " ranks") +
                                    ") send nothing from one rank to another: no traffic for "
                                    "the fabric");
    }
    return traffic;
}

ConnectionMatrix
ReadChakraTraffic(const std::string& prefix, uint32_t hosts, const ChakraCollectiveChoice& choice)
{
    std::vector<std::string> files;
    std::error_code noFile;
    // One file beyond the hosts is enough to tell that there are too many ranks.
    while (files.size() <= hosts &&
           std::filesystem::exists(ChakraRankFile(prefix, files.size()), noFile))
    {
        files.push_back(ChakraRankFile(prefix, files.size()));
    }
    if (files.empty())
    {
        throw std::invalid_argument(PrintableText(ChakraRankFile(prefix, 0)) +
                                    ": cannot open (--trace=PREFIX reads PREFIX.0.et, "
                                    "PREFIX.1.et, ...)");
    }
    if (files.size() > hosts)
    {
        throw std::invalid_argument(PrintableText(files.back()) +
                                    ": the traces have more ranks than the " +
                                    std::to_string(hosts) + " hosts of the fabric");
    }
    std::vector<ChakraTrace> ranks;
    for (const std::string& file : files)
    {
        ranks.push_back(ReadChakraTrace(file));
    }
    return ChakraTraffic(ranks, files, hosts, choice);
}

} // namespace fabriclb
} // namespace ns3
