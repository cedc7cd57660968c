/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "chakra-traffic.h"

#include "chain-broadcast.h"
#include "collectives.h"
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

/// The end of a task that a trigger counts.
struct Signal
{
    /// Which end.
    enum End
    {
        SENT,     //!< a flow's sender holds every acknowledgement (send_done_trigger)
        RECEIVED, //!< a flow's receiver holds every byte (recv_done_trigger)
        COMPUTED, //!< a compute has ended (done_trigger)
    };

    uint32_t task; //!< index in ConnectionMatrix::flows, or in ConnectionMatrix::computes
    End end;       //!< which end
};

/// Operations, in order: the ends a waiting node counts on.
using WaitSet = std::vector<uint32_t>;

/// Tasks that start together once a node's dependencies are done.
struct Gate
{
    std::vector<uint32_t> tasks; //!< MatrixTrigger::waiting entries: flows, ComputeTask(c)
    WaitSet waitsOn;             //!< the operations (events) it waits for
    NodeRef node;                //!< the node it starts, for errors
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
            FindWaitSets(r);
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
        CheckEventsAcyclic();
        for (Gate& gate : m_gates)
        {
            gate.waitsOn = WithoutImplied(gate.waitsOn);
        }
        ConnectGates();
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

    /// \return a new event of node \p ref (for errors), with no signals yet
    uint32_t NewEvent(const NodeRef& ref)
    {
        m_signals.emplace_back();
        m_before.emplace_back();
        m_eventNode.push_back(ref);
        return static_cast<uint32_t>(m_signals.size() - 1);
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
    WaitSet DoneSet(const NodeRef& ref) const
    {
        if (const std::optional<uint32_t> event = m_eventOf[ref.rank][ref.index])
        {
            return {*event};
        }
        return m_waitSet[ref.rank][ref.index];
    }

    /// Finds what each node of rank \p r waits for, dependencies first.
    void FindWaitSets(uint32_t r)
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
                const WaitSet done = DoneSet(NodeRef{r, indexOf.at(dep)});
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
        // One gate a rank: the flows that start the collective there.
        std::vector<Gate> gates(n);
        for (uint32_t rank = 0; rank < n; ++rank)
        {
            const NodeRef& ref = instance.nodes[rank];
            gates[rank].waitsOn = m_waitSet[ref.rank][ref.index];
            gates[rank].node = ref;
        }
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
                gates[subFlow.source].tasks.push_back(index);
            }
            if (!flow.recvDoneTrigger)
            {
                m_signals[*event].push_back(Signal{index, Signal::RECEIVED});
            }
            m_traffic.flows.push_back(flow);
        }
        std::set<uint32_t> before;
        for (Gate& gate : gates)
        {
            before.insert(gate.waitsOn.begin(), gate.waitsOn.end());
            if (!gate.tasks.empty())
            {
                m_gates.push_back(std::move(gate));
            }
        }
        m_before[*event].assign(before.begin(), before.end());
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
        m_signals[*sent].push_back(Signal{index, Signal::SENT});
        m_signals[*m_eventOf[receive.rank][receive.index]].push_back(
            Signal{index, Signal::RECEIVED});
        std::set<uint32_t> events(m_waitSet[send.rank][send.index].begin(),
                                  m_waitSet[send.rank][send.index].end());
        events.insert(m_waitSet[receive.rank][receive.index].begin(),
                      m_waitSet[receive.rank][receive.index].end());
        m_gates.push_back(Gate{{index}, WaitSet(events.begin(), events.end()), send});
        m_before[*sent] = m_gates.back().waitsOn;
        m_before[*m_eventOf[receive.rank][receive.index]] = m_gates.back().waitsOn;
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
        m_signals[event].push_back(Signal{index, Signal::COMPUTED});
        m_gates.push_back(Gate{{ComputeTask(index)}, m_waitSet[ref.rank][ref.index], ref});
        m_before[event] = m_gates.back().waitsOn;
    }

    /// \return the id of a new trigger that fires on \p count signals
    uint32_t NewTrigger(uint32_t count)
    {
        const auto id = static_cast<uint32_t>(m_traffic.triggers.size() + 1);
        m_traffic.triggers.push_back(
            MatrixTrigger{id,
                          count == 1 ? TriggerKind::ONESHOT : TriggerKind::BARRIER,
                          count,
                          {},
                          0});
        return id;
    }

    /// Makes every event of \p events signal trigger \p trigger at each of its ends.
    void SignalTo(const WaitSet& events, uint32_t trigger)
    {
        for (const uint32_t event : events)
        {
            for (const Signal& signal : m_signals[event])
            {
                switch (signal.end)
                {
                case Signal::SENT:
                    m_traffic.flows[signal.task].sendDoneTrigger = trigger;
                    break;
                case Signal::RECEIVED:
                    m_traffic.flows[signal.task].recvDoneTrigger = trigger;
                    break;
                case Signal::COMPUTED:
                    m_traffic.computes[signal.task].doneTrigger = trigger;
                    break;
                }
            }
        }
    }

    /**
     * \throws std::invalid_argument naming a node whose operation waits, through others, for
     * itself: ranks that wait for each other for ever (before WithoutImplied, which such a
     * circle would mislead)
     */
    void CheckEventsAcyclic() const
    {
        // Kahn's order of the events by m_before; an event left over is on or after a circle.
        const auto n = static_cast<uint32_t>(m_before.size());
        std::vector<uint32_t> waiting(n);
        std::vector<std::vector<uint32_t>> after(n);
        for (uint32_t e = 0; e < n; ++e)
        {
            waiting[e] = static_cast<uint32_t>(m_before[e].size());
            for (const uint32_t before : m_before[e])
            {
                after[before].push_back(e);
            }
        }
        std::vector<uint32_t> ready;
        for (uint32_t e = 0; e < n; ++e)
        {
            if (waiting[e] == 0)
            {
                ready.push_back(e);
            }
        }
        while (!ready.empty())
        {
            const uint32_t e = ready.back();
            ready.pop_back();
            for (const uint32_t next : after[e])
            {
                if (--waiting[next] == 0)
                {
                    ready.push_back(next);
                }
            }
        }
        for (uint32_t e = 0; e < n; ++e)
        {
            if (waiting[e] > 0)
            {
                throw Error(m_eventNode[e],
                            "never starts: what it waits for waits, on another rank, for it (a "
                            "deadlock between ranks)");
            }
        }
    }

    /**
     * \return \p events without those that end before another of them starts (its flows wait,
     * directly or through other events, for their end): waiting for the others is enough
     */
    WaitSet WithoutImplied(const WaitSet& events)
    {
        if (events.size() < 2)
        {
            return events;
        }
        // Events marked with this generation end before one of \p events starts.
        m_marks.resize(m_before.size(), 0);
        const uint32_t mark = ++m_generation;
        std::vector<uint32_t> stack;
        for (const uint32_t event : events)
        {
            stack.insert(stack.end(), m_before[event].begin(), m_before[event].end());
        }
        while (!stack.empty())
        {
            const uint32_t event = stack.back();
            stack.pop_back();
            if (m_marks[event] != mark)
            {
                m_marks[event] = mark;
                stack.insert(stack.end(), m_before[event].begin(), m_before[event].end());
            }
        }
        WaitSet needed;
        for (const uint32_t event : events)
        {
            if (m_marks[event] != mark)
            {
                needed.push_back(event);
            }
        }
        return needed;
    }

    /// Starts \p task at time 0 (no \p trigger) or on \p trigger.
    void Release(uint32_t task, std::optional<uint32_t> trigger)
    {
        std::optional<uint64_t> start;
        if (!trigger)
        {
            start = 0;
        }
        if (IsComputeTask(task))
        {
            m_traffic.computes[ComputeIndexOf(task)].startPs = start;
            m_traffic.computes[ComputeIndexOf(task)].trigger = trigger;
        }
        else
        {
            m_traffic.flows[task].startPs = start;
            m_traffic.flows[task].trigger = trigger;
        }
    }

    /// \return the trigger that \p event's ends signal, made (and signalled) the first time
    uint32_t EventTrigger(uint32_t event)
    {
        if (!m_eventTrigger[event])
        {
            m_eventTrigger[event] = NewTrigger(static_cast<uint32_t>(m_signals[event].size()));
            SignalTo({event}, *m_eventTrigger[event]);
        }
        return *m_eventTrigger[event];
    }

    /**
     * \return the trigger that fires when every event of \p events has ended, a node of rank
     * \p rank waiting for them. An end signals one trigger: an event that other nodes wait
     * for in another set reaches this one's barrier through a compute of no time on \p rank,
     * released by the event's own trigger; the others' ends count on the barrier directly.
     */
    uint32_t JoinTrigger(const WaitSet& events, uint32_t rank, const std::vector<uint32_t>& sets)
    {
        if (events.size() == 1)
        {
            return EventTrigger(events.front());
        }
        uint32_t count = 0;
        WaitSet direct;
        WaitSet shared;
        for (const uint32_t event : events)
        {
            if (sets[event] > 1)
            {
                shared.push_back(event);
                ++count;
            }
            else
            {
                direct.push_back(event);
                count += static_cast<uint32_t>(m_signals[event].size());
            }
        }
        const uint32_t barrier = NewTrigger(count);
        SignalTo(direct, barrier);
        for (const uint32_t event : shared)
        {
            MatrixCompute join{};
            join.host = rank;
            join.id = static_cast<uint32_t>(m_traffic.computes.size() + 1);
            join.durationPs = 0;
            join.trigger = EventTrigger(event);
            join.doneTrigger = barrier;
            m_traffic.computes.push_back(join);
        }
        return barrier;
    }

    /**
     * Starts each gate's tasks at time 0 or on the trigger of what it waits for: one trigger
     * for each set of events waited on (JoinTrigger).
     */
    void ConnectGates()
    {
        // By event, the distinct sets it is in.
        std::set<WaitSet> distinct;
        for (const Gate& gate : m_gates)
        {
            if (!gate.waitsOn.empty())
            {
                distinct.insert(gate.waitsOn);
            }
        }
        std::vector<uint32_t> sets(m_signals.size(), 0);
        for (const WaitSet& events : distinct)
        {
            for (const uint32_t event : events)
            {
                ++sets[event];
            }
        }
        m_eventTrigger.assign(m_signals.size(), std::nullopt);
        std::map<WaitSet, uint32_t> triggerOf;
        for (const Gate& gate : m_gates)
        {
            std::optional<uint32_t> trigger;
            if (!gate.waitsOn.empty())
            {
                auto found = triggerOf.find(gate.waitsOn);
                if (found == triggerOf.end())
                {
                    found =
                        triggerOf
                            .emplace(gate.waitsOn, JoinTrigger(gate.waitsOn, gate.node.rank, sets))
                            .first;
                }
                trigger = found->second;
            }
            for (const uint32_t task : gate.tasks)
            {
                Release(task, trigger);
            }
        }
        // Each trigger's waiting tasks, flows first, then computes, each in order.
        for (MatrixTrigger& trigger : m_traffic.triggers)
        {
            trigger.waiting.clear();
        }
        for (uint32_t i = 0; i < m_traffic.flows.size(); ++i)
        {
            if (const std::optional<uint32_t> trigger = m_traffic.flows[i].trigger)
            {
                m_traffic.triggers[*trigger - 1].waiting.push_back(i);
            }
        }
        for (uint32_t c = 0; c < m_traffic.computes.size(); ++c)
        {
            if (const std::optional<uint32_t> trigger = m_traffic.computes[c].trigger)
            {
                m_traffic.triggers[*trigger - 1].waiting.push_back(ComputeTask(c));
            }
        }
    }

    const std::vector<ChakraTrace>& m_ranks;                     //!< by rank, its trace
    const std::vector<std::string>& m_files;                     //!< by rank, its file
    ChakraCollectiveChoice m_choice;                             //!< how collectives are built
    ConnectionMatrix m_traffic{};                                //!< what is built
    std::vector<std::vector<std::optional<uint32_t>>> m_eventOf; //!< by rank and node, its event
    std::vector<std::vector<WaitSet>> m_waitSet; //!< by rank and node, what it waits for
    std::vector<std::vector<Signal>> m_signals;  //!< by event, the flow ends that finish it
    std::vector<uint32_t> m_marks;    //!< by event, the last WithoutImplied that reached it
    uint32_t m_generation{0};         //!< WithoutImplied's calls so far
    std::vector<NodeRef> m_eventNode; //!< by event, its (first) node
    std::vector<WaitSet> m_before;    //!< by event, the events its flows wait for
    std::vector<CollectiveInstance> m_collectives;       //!< the collectives
    std::vector<std::optional<uint32_t>> m_eventTrigger; //!< by event, the trigger it signals
    std::vector<NodeRef> m_computeNodes;                 //!< the GPU computations
    std::vector<std::pair<NodeRef, NodeRef>> m_pairs;    //!< each send and its receive
    std::vector<Gate> m_gates;                           //!< flows that wait on nodes
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
