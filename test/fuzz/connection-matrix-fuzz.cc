/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// libFuzzer target of the connection-matrix parser (tools/fuzz-matrix.sh runs it).
// Any input either parses or throws MatrixError, whose message is one line naming
// the file and a line of it; anything that parses is written and read back to the
// same traffic, and its triggers, signalled, start only their own waiting flows. Every other
// outcome (another exception, a sanitizer report) is a bug.

#include "ns3/connection-matrix.h"

#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>

using namespace ns3::fabriclb;

namespace
{

constexpr uint32_t HOSTS = 128;

[[noreturn]] void
Bug(const std::string& what)
{
    std::cerr << "connection-matrix-fuzz: " << what << "\n";
    std::abort();
}

bool
SameFlow(const MatrixFlow& a, const MatrixFlow& b)
{
    return a.source == b.source && a.destination == b.destination && a.id == b.id &&
           a.bytes == b.bytes && a.startPs == b.startPs && a.trigger == b.trigger &&
           a.sendDoneTrigger == b.sendDoneTrigger && a.recvDoneTrigger == b.recvDoneTrigger &&
           a.priority == b.priority;
}

bool
SameTrigger(const MatrixTrigger& a, const MatrixTrigger& b)
{
    return a.id == b.id && a.kind == b.kind && a.count == b.count && a.waiting == b.waiting;
}

void
CheckRoundTrip(const ConnectionMatrix& read)
{
    std::ostringstream out;
    WriteConnectionMatrix(out, read);
    std::istringstream in(out.str());
    const ConnectionMatrix again = ParseConnectionMatrix(in, "written", read.nodes);
    if (again.nodes != read.nodes || again.flows.size() != read.flows.size() ||
        again.triggers.size() != read.triggers.size())
    {
        Bug("round trip changed the matrix's shape");
    }
    for (size_t i = 0; i < read.flows.size(); ++i)
    {
        if (!SameFlow(again.flows[i], read.flows[i]))
        {
            Bug("round trip changed flow " + std::to_string(i));
        }
    }
    for (size_t i = 0; i < read.triggers.size(); ++i)
    {
        if (!SameTrigger(again.triggers[i], read.triggers[i]))
        {
            Bug("round trip changed trigger " + std::to_string(i));
        }
    }
}

/// Signals every trigger more often than it can use: releases stay within its waiting flows.
void
CheckTriggers(const ConnectionMatrix& read)
{
    for (const MatrixTrigger& trigger : read.triggers)
    {
        TriggerState state(trigger);
        uint64_t released = 0;
        for (uint64_t i = 0; i < trigger.waiting.size() + 2; ++i)
        {
            const bool spent = state.Spent();
            const TriggerRelease r = state.Signal();
            if (r.first > r.last || r.last > trigger.waiting.size() || (spent && r.first != r.last))
            {
                Bug("trigger " + std::to_string(trigger.id) + " released a wrong range");
            }
            released += r.last - r.first;
        }
        if (released != trigger.waiting.size() && trigger.kind != TriggerKind::BARRIER)
        {
            Bug("trigger " + std::to_string(trigger.id) + " did not start its flows");
        }
    }
}

} // namespace

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    ConnectionMatrix read;
    try
    {
        read = ParseConnectionMatrix(in, "fuzz.cm", HOSTS);
    }
    catch (const MatrixError& e)
    {
        const std::string what = e.what();
        const std::string prefix = "fuzz.cm:" + std::to_string(e.Line()) + ": ";
        if (e.Line() == 0 || what.compare(0, prefix.size(), prefix) != 0 ||
            what.find('\n') != std::string::npos || what.size() > 400)
        {
            Bug("malformed error message: " + what);
        }
        return 0;
    }
    CheckRoundTrip(read);
    CheckTriggers(read);
    return 0;
}
