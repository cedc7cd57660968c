/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "command-line-values.h"

#include "ns3/command-line.h"
#include "ns3/fat-tree-topology.h"
#include "ns3/type-id.h"

#include <cstdlib>
#include <exception>
#include <iostream>
#include <sstream>
#include <stdexcept>

namespace ns3
{

namespace
{
/// \return what the TypeId knows of \p attribute ("ns3::Class::Attribute")
TypeId::AttributeInformation
LookupAttribute(const std::string& attribute)
{
    const std::string::size_type colons = attribute.rfind("::");
    TypeId tid;
    TypeId::AttributeInformation info;
    if (colons == std::string::npos ||
        !TypeId::LookupByNameFailSafe(attribute.substr(0, colons), &tid) ||
        !tid.LookupAttributeByName(attribute.substr(colons + 2), &info))
    {
        throw std::invalid_argument("no attribute " + attribute);
    }
    return info;
}
} // namespace

std::string
AttributeChoices(const std::string& attribute)
{
    // An enum checker describes itself as its names joined by '|'.
    std::string names = LookupAttribute(attribute).checker->GetUnderlyingTypeInformation();
    for (std::string::size_type bar = names.find('|'); bar != std::string::npos;
         bar = names.find('|', bar))
    {
        names.replace(bar, 1, ", ");
    }
    return names;
}

std::string
AttributeDefault(const std::string& attribute)
{
    const TypeId::AttributeInformation info = LookupAttribute(attribute);
    const std::string text = info.initialValue->SerializeToString(info.checker);
    // ns-3 writes a positive Time with its sign ("+500000ps"); flags take it without.
    return text.rfind('+', 0) == 0 ? text.substr(1) : text;
}

namespace
{

/// What ns-3 writes to std::cerr while it parses the command line.
std::ostringstream g_parseMessages;
/// std::cerr's own buffer, restored after parsing.
std::streambuf* g_stderrBuffer = nullptr;
/// True while ns-3 parses the command line.
bool g_parsing = false;
/// The program whose command line it is, the error line's prefix.
std::string g_program;

/// At exit while parsing: ns-3's message as the program's one error line, exit status 2.
void
ReportParseMessages()
{
    if (!g_parsing)
    {
        return;
    }
    g_parsing = false;
    std::cerr.rdbuf(g_stderrBuffer);
    std::string message = g_parseMessages.str();
    if (message.empty())
    {
        return; // --help and the like: ns-3 wrote to std::cout
    }
    const std::string::size_type msg = message.find("msg=\"");
    if (msg != std::string::npos)
    {
        message = message.substr(msg + 5, message.find("\", file=", msg + 5) - (msg + 5));
    }
    message = message.substr(0, message.find('\n'));
    std::cerr << g_program << ": error: " << message << " (--help lists the options)" << std::endl;
    std::_Exit(2); // the exit status of bad input, also when ns-3 chose 1
}

/// The terminate handler while parsing: the error line, then exit status 2.
[[noreturn]] void
ReportMalformedArgument()
{
    ReportParseMessages();
    std::_Exit(2);
}

} // namespace

void
ParseCommandLineOrExit(CommandLine& cmd, int argc, char* argv[], const std::string& program)
{
    [[maybe_unused]] static const int atExit = std::atexit(ReportParseMessages); // once
    g_program = program;
    g_parseMessages.str("");
    g_stderrBuffer = std::cerr.rdbuf(g_parseMessages.rdbuf());
    g_parsing = true;
    const std::terminate_handler previousHandler = std::set_terminate(ReportMalformedArgument);
    cmd.Parse(argc, argv);
    std::set_terminate(previousHandler);
    g_parsing = false;
    std::cerr.rdbuf(g_stderrBuffer);
    std::cerr << g_parseMessages.str();
}

uint32_t
ParseRadix(const std::string& text)
{
    const std::optional<uint32_t> k = ParseWholeInteger<uint32_t>(text);
    if (!k)
    {
        throw std::invalid_argument("fat-tree radix k must be a positive integer, got '" + text +
                                    "'");
    }
    fabriclb::FatTreeTopology topology(*k); // throws for an odd or too small k
    return *k;
}

} // namespace ns3
