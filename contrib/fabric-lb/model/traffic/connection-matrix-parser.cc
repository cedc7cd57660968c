/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Reading htsim's connection-matrix files (connection-matrix.h): the parser.
 */

#include "connection-matrix.h"
#include "matrix-line-reader.h"

#include "ns3/error-text.h"
#include "ns3/input-file.h"

#include <algorithm>
#include <istream>
#include <sstream>
#include <string_view>
#include <unordered_map>
#include <utility>

namespace ns3
{
namespace fabriclb
{

namespace
{

/// The latest start: an ns-3 Time holds int64 picoseconds, and htsim's float reading of
/// it stays below 2^64.
constexpr uint64_t START_MAX = 9223372036854775807;

/// Header keywords, in the order of ConnectionMatrixParser::m_header.
constexpr std::string_view HEADER_KEYS[] = {"Nodes",
                                            "Connections",
                                            "Triggers",
                                            "Failures",
                                            "Computes"};

/// Indices into HEADER_KEYS.
enum Header
{
    NODES,
    CONNECTIONS,
    TRIGGERS,
    FAILURES,
    COMPUTES,
    HEADER_COUNT
};

/// A header line that has been read: its value and line.
struct HeaderLine
{
    uint64_t value; //!< the number
    uint32_t line;  //!< where it was
};

/// Reads one file, line by line; every problem throws a MatrixError.
class ConnectionMatrixParser : public MatrixLineReader
{
  public:
    /**
     * \param fileName the name errors give
     * \param hostCount hosts in the fabric
     */
    ConnectionMatrixParser(const std::string& fileName, uint32_t hostCount)
        : MatrixLineReader(fileName),
          m_hostCount(hostCount)
    {
    }

    /**
     * \param in the text
     * \return its traffic
     */
    ConnectionMatrix Parse(std::istream& in)
    {
        std::string text;
        while (std::getline(in, text))
        {
            ++m_line;
            ParseLine(text);
        }
        if (in.bad())
        {
            throw MatrixError(m_file, 0, "cannot read");
        }
        Finish();
        return std::move(m_matrix);
    }

  private:
    /// \return whether the first token is a header keyword, and which
    std::optional<Header> HeaderKey() const
    {
        for (int h = 0; h < HEADER_COUNT; ++h)
        {
            if (m_tokens[0] == HEADER_KEYS[h])
            {
                return static_cast<Header>(h);
            }
        }
        return std::nullopt;
    }

    /// Reads one line: a header line, comment or blank line, then body lines.
    void ParseLine(const std::string& text)
    {
        Tokenize(text);
        if (m_tokens.empty())
        {
            return;
        }
        const std::string_view first = m_tokens[0];
        const bool comment = first[0] == '#';
        const std::optional<Header> header = HeaderKey();
        const bool body = first.find("->") != std::string_view::npos || first == "trigger" ||
                          first == "failure" || first == "compute";
        if (!m_inBody && (comment || header))
        {
            if (header)
            {
                ParseHeader(*header);
            }
            return;
        }
        if (comment)
        {
            Fail("comment after the first flow or trigger line (htsim accepts comments only "
                 "before it)");
        }
        if (header)
        {
            Fail("'" + std::string(first) +
                 "' line after the first flow or trigger line (header lines come first)");
        }
        if (!body)
        {
            Fail("unknown token " + QuotedToken(first));
        }
        if (!m_inBody)
        {
            m_inBody = true;
            RequireHeader(NODES);
            RequireHeader(CONNECTIONS);
        }
        if (first == "trigger")
        {
            ParseTrigger();
        }
        else if (first == "failure")
        {
            ParseFailure();
        }
        else if (first == "compute")
        {
            ParseCompute();
        }
        else
        {
            ParseFlow();
        }
    }

    /// Fails unless the header line has been read.
    void RequireHeader(Header h) const
    {
        if (!m_header[h])
        {
            Fail("missing '" + std::string(HEADER_KEYS[h]) + "' header line");
        }
    }

    /// Reads a header line, `KEY N`.
    void ParseHeader(Header h)
    {
        const std::string key(HEADER_KEYS[h]);
        if (m_tokens.size() != 2)
        {
            Fail("'" + key + "' needs exactly one value");
        }
        if (m_header[h])
        {
            Fail("duplicate '" + key + "' line (first on line " +
                 std::to_string(m_header[h]->line) + ")");
        }
        const uint64_t value = Number(key, m_tokens[1], HTSIM_INT_MAX);
        if (h == NODES)
        {
            if (value == 0)
            {
                Fail("Nodes 0: a matrix needs at least one node");
            }
            if (value > m_hostCount)
            {
                Fail("Nodes " + std::to_string(value) + " exceeds the fabric's " +
                     std::to_string(m_hostCount) + " hosts");
            }
            m_matrix.nodes = static_cast<uint32_t>(value);
        }
        m_header[h] = HeaderLine{value, m_line};
    }

    /// \return a host index, checked against the fabric and Nodes
    uint32_t Host(std::string_view what, std::string_view token) const
    {
        const uint64_t host = Number(what, token, HTSIM_INT_MAX);
        if (host >= m_hostCount)
        {
            Fail("host " + std::to_string(host) + " is beyond the fabric's " +
                 std::to_string(m_hostCount) + " hosts");
        }
        if (host >= m_matrix.nodes)
        {
            Fail("host " + std::to_string(host) + " is beyond 'Nodes " +
                 std::to_string(m_matrix.nodes) + "'");
        }
        return static_cast<uint32_t>(host);
    }

    /// Reads a flow line, `SRC->DST` and key-value pairs.
    void ParseFlow()
    {
        const std::string_view ends = m_tokens[0];
        const size_t arrow = ends.find("->");
        MatrixFlow flow{};
        flow.line = m_line;
        flow.source = Host("source host", ends.substr(0, arrow));
        flow.destination = Host("destination host", ends.substr(arrow + 2));
        if (flow.source == flow.destination)
        {
            Fail("flow from host " + std::to_string(flow.source) + " to itself");
        }
        std::optional<uint32_t> id;
        std::optional<uint64_t> bytes;
        for (size_t i = 1; i < m_tokens.size(); ++i)
        {
            const std::string_view key = m_tokens[i];
            if (key == "id")
            {
                Once(id.has_value(), key);
                id = static_cast<uint32_t>(Value(i));
                if (*id == 0)
                {
                    Fail("flow id 0 is not allowed (ids start at 1)");
                }
            }
            else if (key == "start")
            {
                Once(flow.startPs.has_value(), key);
                flow.startPs = Value(i, START_MAX);
            }
            else if (key == "trigger")
            {
                Once(flow.trigger.has_value(), key);
                if (!id)
                {
                    Fail("'trigger' before 'id' (htsim needs the flow id first)");
                }
                flow.trigger = TriggerId(i);
            }
            else if (key == "size")
            {
                Once(bytes.has_value(), key);
                bytes = Value(i);
                if (*bytes == 0)
                {
                    Fail("size 0: a flow carries at least one byte");
                }
            }
            else if (key == "send_done_trigger")
            {
                Once(flow.sendDoneTrigger.has_value(), key);
                flow.sendDoneTrigger = TriggerId(i);
            }
            else if (key == "recv_done_trigger")
            {
                Once(flow.recvDoneTrigger.has_value(), key);
                flow.recvDoneTrigger = TriggerId(i);
            }
            else if (key == "prio")
            {
                Once(flow.priority.has_value(), key);
                flow.priority = static_cast<uint32_t>(Value(i));
            }
            else
            {
                Fail("unknown token " + QuotedToken(key));
            }
        }
        if (!id)
        {
            Fail("flow has no id");
        }
        if (!bytes)
        {
            Fail("flow has no size");
        }
        if (!flow.startPs && !flow.trigger)
        {
            Fail("flow has neither start nor trigger");
        }
        if (flow.startPs && flow.trigger)
        {
            Fail("flow has both start and trigger");
        }
        const auto [seen, fresh] = m_flowLines.emplace(*id, m_line);
        if (!fresh)
        {
            Fail("duplicate flow id " + std::to_string(*id) + " (first on line " +
                 std::to_string(seen->second) + ")");
        }
        flow.id = *id;
        flow.bytes = *bytes;
        m_matrix.flows.push_back(flow);
    }

    /// Reads a compute line, `compute HOST` and key-value pairs.
    void ParseCompute()
    {
        if (m_tokens.size() < 2)
        {
            Fail("compute needs a host");
        }
        MatrixCompute compute{};
        compute.line = m_line;
        compute.host = Host("compute host", m_tokens[1]);
        std::optional<uint32_t> id;
        std::optional<uint64_t> duration;
        for (size_t i = 2; i < m_tokens.size(); ++i)
        {
            const std::string_view key = m_tokens[i];
            if (key == "id")
            {
                Once(id.has_value(), key);
                id = static_cast<uint32_t>(Value(i));
                if (*id == 0)
                {
                    Fail("compute id 0 is not allowed (ids start at 1)");
                }
            }
            else if (key == "start")
            {
                Once(compute.startPs.has_value(), key);
                compute.startPs = Value(i, START_MAX);
            }
            else if (key == "trigger")
            {
                Once(compute.trigger.has_value(), key);
                compute.trigger = TriggerId(i);
            }
            else if (key == "duration")
            {
                Once(duration.has_value(), key);
                duration = Value(i, START_MAX);
            }
            else if (key == "done_trigger")
            {
                Once(compute.doneTrigger.has_value(), key);
                compute.doneTrigger = TriggerId(i);
            }
            else
            {
                Fail("unknown token " + QuotedToken(key));
            }
        }
        if (!id)
        {
            Fail("compute has no id");
        }
        if (!duration)
        {
            Fail("compute has no duration");
        }
        if (compute.startPs.has_value() == compute.trigger.has_value())
        {
            Fail(compute.startPs ? "compute has both start and trigger"
                                 : "compute has neither start nor trigger");
        }
        const auto [seen, fresh] = m_computeLines.emplace(*id, m_line);
        if (!fresh)
        {
            Fail("duplicate compute id " + std::to_string(*id) + " (first on line " +
                 std::to_string(seen->second) + ")");
        }
        compute.id = *id;
        compute.durationPs = *duration;
        m_matrix.computes.push_back(compute);
    }

    /// Reads a trigger line: `id T`, a type and, for a barrier, `count N`.
    void ParseTrigger()
    {
        std::optional<uint32_t> id;
        std::optional<TriggerKind> kind;
        std::string_view kindWord;
        std::optional<uint32_t> count;
        for (size_t i = 1; i < m_tokens.size(); ++i)
        {
            const std::string_view word = m_tokens[i];
            std::optional<TriggerKind> thisKind;
            if (word == "oneshot")
            {
                thisKind = TriggerKind::ONESHOT;
            }
            else if (word == "multishot")
            {
                thisKind = TriggerKind::MULTISHOT;
            }
            else if (word == "barrier")
            {
                thisKind = TriggerKind::BARRIER;
            }
            if (thisKind)
            {
                if (kind)
                {
                    Fail("trigger has two types ('" + std::string(kindWord) + "' and '" +
                         std::string(word) + "')");
                }
                kind = thisKind;
                kindWord = word;
            }
            else if (word == "id")
            {
                Once(id.has_value(), word);
                id = TriggerId(i);
            }
            else if (word == "count")
            {
                Once(count.has_value(), word);
                count = static_cast<uint32_t>(Value(i));
            }
            else
            {
                Fail("unknown token " + QuotedToken(word));
            }
        }
        if (!id)
        {
            Fail("trigger has no id");
        }
        if (!kind)
        {
            Fail("trigger has no type (oneshot, multishot or barrier)");
        }
        if (*kind != TriggerKind::BARRIER && count)
        {
            Fail("'count' is only for barrier triggers");
        }
        if (*kind == TriggerKind::BARRIER && count.value_or(0) == 0)
        {
            Fail("barrier trigger " + std::to_string(*id) + " needs 'count N' with N at least 1");
        }
        const auto [seen, fresh] = m_triggerIndex.emplace(*id, m_matrix.triggers.size());
        if (!fresh)
        {
            Fail("duplicate trigger id " + std::to_string(*id) + " (first on line " +
                 std::to_string(m_matrix.triggers[seen->second].line) + ")");
        }
        m_matrix.triggers.push_back(MatrixTrigger{*id, *kind, count.value_or(1), {}, m_line});
    }

    /// Reads a failure line.
    void ParseFailure()
    {
        bool type = false;
        bool switchId = false;
        bool linkId = false;
        MatrixFailure failure{FabricRole::AGGREGATION, 0, 0, m_line};
        for (size_t i = 1; i < m_tokens.size(); ++i)
        {
            const std::string_view key = m_tokens[i];
            if (key == "switch_type")
            {
                Once(type, key);
                type = true;
                if (++i == m_tokens.size())
                {
                    Fail("'switch_type' needs a value");
                }
                if (m_tokens[i] != "TOR" && m_tokens[i] != "AGG" && m_tokens[i] != "CORE")
                {
                    Fail("unknown switch_type " + QuotedToken(m_tokens[i]) + " (TOR, AGG or CORE)");
                }
                failure.switchType = m_tokens[i] == "TOR"   ? FabricRole::EDGE
                                     : m_tokens[i] == "AGG" ? FabricRole::AGGREGATION
                                                            : FabricRole::CORE;
            }
            else if (key == "switch_id")
            {
                Once(switchId, key);
                switchId = true;
                failure.switchId = static_cast<uint32_t>(Value(i));
            }
            else if (key == "link_id")
            {
                Once(linkId, key);
                linkId = true;
                failure.linkId = static_cast<uint32_t>(Value(i));
            }
            else
            {
                Fail("unknown token " + QuotedToken(key));
            }
        }
        if (!type || !switchId || !linkId)
        {
            Fail("failure needs switch_type, switch_id and link_id");
        }
        m_matrix.failures.push_back(failure);
    }

    /// Checks the header counts and the trigger references, then links flows to triggers.
    void Finish()
    {
        if (!m_inBody)
        {
            m_line = std::max<uint32_t>(m_line, 1);
            RequireHeader(NODES);
            RequireHeader(CONNECTIONS);
        }
        CheckCount(CONNECTIONS, m_matrix.flows.size(), "flow");
        if (!m_matrix.triggers.empty() && !m_header[TRIGGERS])
        {
            m_line = m_matrix.triggers.front().line;
            Fail("trigger lines need a 'Triggers' header line");
        }
        CheckCount(TRIGGERS, m_matrix.triggers.size(), "trigger");
        if (!m_matrix.failures.empty() && !m_header[FAILURES])
        {
            m_line = m_matrix.failures.front().line;
            Fail("failure lines need a 'Failures' header line");
        }
        CheckCount(FAILURES, m_matrix.failures.size(), "failure");
        if (!m_matrix.computes.empty() && !m_header[COMPUTES])
        {
            m_line = m_matrix.computes.front().line;
            Fail("compute lines need a 'Computes' header line");
        }
        CheckCount(COMPUTES, m_matrix.computes.size(), "compute");
        for (size_t f = 0; f < m_matrix.flows.size(); ++f)
        {
            const MatrixFlow& flow = m_matrix.flows[f];
            m_line = flow.line;
            if (flow.trigger)
            {
                m_matrix.triggers[Declared(*flow.trigger, "trigger")].waiting.push_back(
                    static_cast<uint32_t>(f));
            }
            if (flow.sendDoneTrigger)
            {
                Declared(*flow.sendDoneTrigger, "send_done_trigger");
            }
            if (flow.recvDoneTrigger)
            {
                Declared(*flow.recvDoneTrigger, "recv_done_trigger");
            }
        }
        for (size_t c = 0; c < m_matrix.computes.size(); ++c)
        {
            const MatrixCompute& compute = m_matrix.computes[c];
            m_line = compute.line;
            if (compute.trigger)
            {
                m_matrix.triggers[Declared(*compute.trigger, "trigger")].waiting.push_back(
                    ComputeTask(static_cast<uint32_t>(c)));
            }
            if (compute.doneTrigger)
            {
                Declared(*compute.doneTrigger, "done_trigger");
            }
        }
        CheckEveryFlowStarts();
    }

    /// \return the triggers that task \p task (a MatrixTrigger::waiting entry) signals when done
    std::vector<uint32_t> SignalsOf(uint32_t task) const
    {
        std::vector<uint32_t> signalled;
        const auto add = [&signalled](const std::optional<uint32_t>& trigger) {
            if (trigger)
            {
                signalled.push_back(*trigger);
            }
        };
        if (IsComputeTask(task))
        {
            add(m_matrix.computes[ComputeIndexOf(task)].doneTrigger);
        }
        else
        {
            add(m_matrix.flows[task].sendDoneTrigger);
            add(m_matrix.flows[task].recvDoneTrigger);
        }
        return signalled;
    }

    /**
     * Fails at the trigger line of the first flow, in file order, that would never start (then
     * of the first compute): it waits on a trigger that nothing signals, that its flows and
     * computes signal too few times (a barrier's count, a multishot's waiting tasks), or whose
     * signalling tasks never start themselves. Plays the signals as TriggerState fires them,
     * from the timed flows and computes on.
     */
    void CheckEveryFlowStarts()
    {
        const std::vector<MatrixFlow>& flows = m_matrix.flows;
        const std::vector<MatrixCompute>& computes = m_matrix.computes;
        const std::vector<MatrixTrigger>& triggers = m_matrix.triggers;
        std::vector<TriggerState> states(triggers.begin(), triggers.end());
        std::vector<uint32_t> named(triggers.size(), 0); // signals the tasks name, started or not
        std::vector<bool> starts(flows.size(), false);
        std::vector<bool> computeStarts(computes.size(), false);
        std::vector<uint32_t> started; // tasks whose signals are still to play
        const auto begin = [&](uint32_t task) {
            if (IsComputeTask(task))
            {
                computeStarts[ComputeIndexOf(task)] = true;
            }
            else
            {
                starts[task] = true;
            }
            started.push_back(task);
        };
        for (uint32_t f = 0; f < flows.size(); ++f)
        {
            for (uint32_t signalled : SignalsOf(f))
            {
                ++named[m_triggerIndex.at(signalled)];
            }
            if (flows[f].startPs)
            {
                begin(f);
            }
        }
        for (uint32_t c = 0; c < computes.size(); ++c)
        {
            for (uint32_t signalled : SignalsOf(ComputeTask(c)))
            {
                ++named[m_triggerIndex.at(signalled)];
            }
            if (computes[c].startPs)
            {
                begin(ComputeTask(c));
            }
        }
        while (!started.empty())
        {
            const uint32_t task = started.back();
            started.pop_back();
            for (uint32_t signalled : SignalsOf(task))
            {
                const size_t t = m_triggerIndex.at(signalled);
                const TriggerRelease release = states[t].Signal();
                for (uint32_t w = release.first; w < release.last; ++w)
                {
                    begin(triggers[t].waiting[w]);
                }
            }
        }
        std::string task;
        uint32_t taskLine = 0;
        std::optional<uint32_t> trigger;
        const auto never = std::find(starts.begin(), starts.end(), false);
        const auto neverCompute = std::find(computeStarts.begin(), computeStarts.end(), false);
        if (never != starts.end())
        {
            const MatrixFlow& flow = flows[never - starts.begin()];
            task = "flow " + std::to_string(flow.id);
            taskLine = flow.line;
            trigger = flow.trigger;
        }
        else if (neverCompute != computeStarts.end())
        {
            const MatrixCompute& compute = computes[neverCompute - computeStarts.begin()];
            task = "compute " + std::to_string(compute.id);
            taskLine = compute.line;
            trigger = compute.trigger;
        }
        else
        {
            return;
        }
        const size_t t = m_triggerIndex.at(*trigger);
        const MatrixTrigger& waitedOn = triggers[t];
        const std::string name = "trigger " + std::to_string(waitedOn.id);
        const std::string times = std::to_string(named[t]) + (named[t] == 1 ? " time" : " times");
        // Files without computes keep htsim's words: flows.
        const std::string signallers = computes.empty() ? "flows" : "tasks";
        std::string why;
        if (named[t] == 0)
        {
            why = name + " never fires: no " + (computes.empty() ? "flow" : "task") +
                  " signals it (" +
                  (computes.empty() ? "send_done_trigger or recv_done_trigger"
                                    : "send_done_trigger, recv_done_trigger or done_trigger") +
                  ")";
        }
        else if (waitedOn.kind == TriggerKind::BARRIER && named[t] < waitedOn.count)
        {
            why = "barrier " + name + " never fires: it needs count " +
                  std::to_string(waitedOn.count) + " signals, and " + signallers + " signal it " +
                  times;
        }
        else if (waitedOn.kind == TriggerKind::MULTISHOT && named[t] < waitedOn.waiting.size())
        {
            why = "multishot " + name + " starts one " + (computes.empty() ? "flow" : "task") +
                  " a signal: " + std::to_string(waitedOn.waiting.size()) + " " + signallers +
                  " wait on it, and " + signallers + " signal it " + times;
        }
        else
        {
            why = name + " never fires: the " + signallers +
                  " that signal it never start (they wait on it, " +
                  "or on a trigger that never fires)";
        }
        m_line = waitedOn.line;
        Fail(why + "; " + task + " (line " + std::to_string(taskLine) + ") would never start");
    }

    /// Fails at the header line when its count differs from the lines found.
    void CheckCount(Header h, size_t found, const std::string& what)
    {
        if (m_header[h] && m_header[h]->value != found)
        {
            m_line = m_header[h]->line;
            Fail(std::string(HEADER_KEYS[h]) + " " + std::to_string(m_header[h]->value) + " but " +
                 std::to_string(found) + " " + what + " line" + (found == 1 ? "" : "s"));
        }
    }

    /// \return the index of a trigger a flow names, failing when it is not declared
    size_t Declared(uint32_t id, const std::string& key) const
    {
        const auto it = m_triggerIndex.find(id);
        if (it == m_triggerIndex.end())
        {
            Fail(key + " " + std::to_string(id) + " is not declared");
        }
        return it->second;
    }

    uint32_t m_hostCount;                                  //!< hosts in the fabric
    bool m_inBody{false};                                  //!< past the header
    std::optional<HeaderLine> m_header[HEADER_COUNT];      //!< header lines read
    ConnectionMatrix m_matrix{};                           //!< the result
    std::unordered_map<uint32_t, uint32_t> m_flowLines;    //!< flow id -> line
    std::unordered_map<uint32_t, uint32_t> m_computeLines; //!< compute id -> line
    std::unordered_map<uint32_t, size_t> m_triggerIndex;   //!< trigger id -> index in triggers
};

} // namespace

ConnectionMatrix
ParseConnectionMatrix(std::istream& in, const std::string& fileName, uint32_t hostCount)
{
    return ConnectionMatrixParser(fileName, hostCount).Parse(in);
}

ConnectionMatrix
ReadConnectionMatrix(const std::string& path, uint32_t hostCount)
{
    std::istringstream in(ReadInputFileAs<MatrixError>(path));
    return ParseConnectionMatrix(in, path, hostCount);
}

} // namespace fabriclb
} // namespace ns3
