/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "connection-matrix.h"

#include "ns3/error-text.h"

#include <sstream>

namespace ns3
{
namespace fabriclb
{

namespace
{

/// \return the word of a trigger kind in the file
const char*
KindWord(TriggerKind kind)
{
    switch (kind)
    {
    case TriggerKind::ONESHOT:
        return "oneshot";
    case TriggerKind::MULTISHOT:
        return "multishot";
    case TriggerKind::BARRIER:
        return "barrier";
    }
    return "unknown";
}

} // namespace

MatrixError::MatrixError(const std::string& file, uint32_t line, const std::string& problem)
    : std::invalid_argument(FileErrorLine(file, line, problem)),
      m_line(line),
      m_problem(problem)
{
}

uint32_t
MatrixError::Line() const
{
    return m_line;
}

const std::string&
MatrixError::Problem() const
{
    return m_problem;
}

void
WriteConnectionMatrix(std::ostream& out, const ConnectionMatrix& matrix)
{
    std::ostringstream text;
    text << "Nodes " << matrix.nodes << "\n";
    text << "Connections " << matrix.flows.size() << "\n";
    if (!matrix.triggers.empty())
    {
        text << "Triggers " << matrix.triggers.size() << "\n";
    }
    if (!matrix.failures.empty())
    {
        text << "Failures " << matrix.failures.size() << "\n";
    }
    if (!matrix.computes.empty())
    {
        text << "Computes " << matrix.computes.size() << "\n";
    }
    for (const MatrixFlow& flow : matrix.flows)
    {
        text << flow.source << "->" << flow.destination << " id " << flow.id;
        if (flow.startPs)
        {
            text << " start " << *flow.startPs;
        }
        if (flow.trigger)
        {
            text << " trigger " << *flow.trigger;
        }
        text << " size " << flow.bytes;
        if (flow.sendDoneTrigger)
        {
            text << " send_done_trigger " << *flow.sendDoneTrigger;
        }
        if (flow.recvDoneTrigger)
        {
            text << " recv_done_trigger " << *flow.recvDoneTrigger;
        }
        if (flow.priority)
        {
            text << " prio " << *flow.priority;
        }
        text << "\n";
    }
    for (const MatrixTrigger& trigger : matrix.triggers)
    {
        text << "trigger id " << trigger.id << " " << KindWord(trigger.kind);
        if (trigger.kind == TriggerKind::BARRIER)
        {
            text << " count " << trigger.count;
        }
        text << "\n";
    }
    for (const MatrixFailure& failure : matrix.failures)
    {
        text << "failure switch_type "
             << (failure.switchType == FabricRole::EDGE          ? "TOR"
                 : failure.switchType == FabricRole::AGGREGATION ? "AGG"
                                                                 : "CORE")
             << " switch_id " << failure.switchId << " link_id " << failure.linkId << "\n";
    }
    for (const MatrixCompute& compute : matrix.computes)
    {
        text << "compute " << compute.host << " id " << compute.id;
        if (compute.startPs)
        {
            text << " start " << *compute.startPs;
        }
        if (compute.trigger)
        {
            text << " trigger " << *compute.trigger;
        }
        text << " duration " << compute.durationPs;
        if (compute.doneTrigger)
        {
            text << " done_trigger " << *compute.doneTrigger;
        }
        text << "\n";
    }
    // The parser is the one definition of a valid file: what it rejects is not written.
    std::istringstream check(text.str());
    ParseConnectionMatrix(check, "(matrix to write)", matrix.nodes);
    out << text.str();
}

TriggerState::TriggerState(const MatrixTrigger& trigger)
    : m_kind(trigger.kind),
      m_waiting(static_cast<uint32_t>(trigger.waiting.size())),
      m_remaining(trigger.kind == TriggerKind::BARRIER ? trigger.count : 1),
      m_next(0)
{
    if (m_remaining == 0)
    {
        throw std::invalid_argument("barrier trigger " + std::to_string(trigger.id) +
                                    " with count 0");
    }
}

TriggerRelease
TriggerState::Signal()
{
    if (m_kind == TriggerKind::MULTISHOT)
    {
        if (m_next == m_waiting)
        {
            return TriggerRelease{m_next, m_next};
        }
        ++m_next;
        return TriggerRelease{m_next - 1, m_next};
    }
    if (m_remaining == 0 || --m_remaining > 0)
    {
        return TriggerRelease{0, 0};
    }
    return TriggerRelease{0, m_waiting};
}

bool
TriggerState::Spent() const
{
    return m_kind == TriggerKind::MULTISHOT ? m_next == m_waiting : m_remaining == 0;
}

} // namespace fabriclb
} // namespace ns3
