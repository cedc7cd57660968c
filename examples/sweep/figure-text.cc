/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "figure-text.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <sstream>

namespace sweep
{

namespace
{

/// A --vary flag the figure scripts use: its text, and the words of its named values.
struct KnownFlag
{
    FlagText text;                             //!< its name, unit and axis
    std::map<std::string, std::string> values; //!< value -> words, for named values
};

/// The flags the figure scripts vary (grep --vary= examples/*.sh), by flag.
const std::map<std::string, KnownFlag>&
KnownFlags()
{
    static const std::map<std::string, KnownFlag> flags{
        {"failProb", {{"link failure probability", "%", 100, true}, {}}},
        {"convergence",
         {{"convergence time G", "", 1, false}, {{"1rtt", "1 RTT"}, {"inf", "never"}}}},
        {"bufferBytes", {{"buffer", "KB", 0.001, true}, {}}},
        {"ns3::FatTreeHelper::PayloadBytes", {{"payload", "B", 1, true}, {}}},
        {"k", {{"fat-tree radix k", "", 1, true}, {}}},
        {"spines", {{"spine switches", "", 1, true}, {}}},
        {"load", {{"background load", "%", 100, true}, {}}},
        {"model",
         {{"Llama-3 model", "parameters", 1, false},
          {{"llama3-7b", "7B"}, {"llama3-70b", "70B"}, {"llama3-405b", "405B"}}}},
        {"recovery",
         {{"loss recovery", "", 1, false},
          {{"sack", "selective repeat"},
           {"gbn", "go-back-N"},
           {"erasure", "erasure coding"},
           {"study-erasure", "the study's erasure coding"}}}},
        {"cc",
         {{"congestion control", "", 1, false},
          {{"fixed", "none (line rate)"},
           {"dcqcn", "DCQCN"},
           {"swift", "Swift"},
           {"hpcc", "HPCC"}}}},
        {"failMode",
         {{"failure mode", "", 1, false}, {{"drop", "link down"}, {"degrade", "link slowed"}}}},
        {"jobs", {{"job placement", "", 1, false}, {}}},
    };
    return flags;
}

/// \return \p text as a number if all of it is one
std::optional<double>
Number(const std::string& text)
{
    std::istringstream is(text);
    double value;
    if (!(is >> value) || !is.eof() || !std::isfinite(value))
    {
        return std::nullopt;
    }
    return value;
}

/// \return \p name's words: the last part of an attribute path, split at its capitals
std::string
Words(const std::string& name)
{
    const std::string last =
        name.substr(name.rfind(':') == std::string::npos ? 0 : name.rfind(':') + 1);
    std::string words;
    for (size_t i = 0; i < last.size(); ++i)
    {
        const char c = last[i];
        if (std::isupper(static_cast<unsigned char>(c)) && i > 0)
        {
            words += ' ';
        }
        words += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return words;
}

/// \return the key=value words of \p fabric after its kind, by key
std::map<std::string, std::string>
Fields(const std::string& fabric)
{
    std::map<std::string, std::string> fields;
    std::istringstream is(fabric);
    for (std::string word; is >> word;)
    {
        const size_t equals = word.find('=');
        fields[word.substr(0, equals)] = equals == std::string::npos ? "" : word.substr(equals + 1);
    }
    return fields;
}

/// \return the kind of \p fabric, from its first word ("k=8" is a fat tree)
std::string
Kind(const std::string& fabric)
{
    const std::string first = fabric.substr(0, fabric.find(' '));
    return first.rfind("k=", 0) == 0 || first.empty() ? "fat-tree" : first;
}

} // namespace

FlagText
TextOf(const std::string& flag)
{
    const auto it = KnownFlags().find(flag);
    if (it != KnownFlags().end())
    {
        return it->second.text;
    }
    return {Words(flag), "", 1, true};
}

std::string
AxisLabel(const std::string& flag)
{
    const FlagText text = TextOf(flag);
    return text.unit.empty() ? text.name : text.name + " (" + text.unit + ")";
}

std::optional<double>
AxisValue(const std::string& flag, const std::string& value)
{
    const FlagText text = TextOf(flag);
    const std::optional<double> number = Number(value);
    if (!text.numeric || !number)
    {
        return std::nullopt;
    }
    return *number * text.scale;
}

std::string
ValueText(const std::string& flag, const std::string& value)
{
    if (const std::optional<double> number = AxisValue(flag, value))
    {
        return Shown(*number);
    }
    const auto it = KnownFlags().find(flag);
    if (it != KnownFlags().end())
    {
        const auto named = it->second.values.find(value);
        if (named != it->second.values.end())
        {
            return named->second;
        }
    }
    if (flag == "jobs")
    {
        // A jobs file: its name without folder and extension.
        std::string name =
            value.substr(value.rfind('/') == std::string::npos ? 0 : value.rfind('/') + 1);
        return name.substr(0, name.rfind(".json"));
    }
    // A number with its unit (10us): a space between them.
    const auto unit = std::find_if(value.begin(), value.end(), [](char c) {
        return std::isalpha(static_cast<unsigned char>(c));
    });
    if (unit != value.begin() && unit != value.end() && Number(std::string(value.begin(), unit)) &&
        std::all_of(unit, value.end(), [](char c) {
            return std::isalpha(static_cast<unsigned char>(c));
        }))
    {
        return std::string(value.begin(), unit) + " " + std::string(unit, value.end());
    }
    return value;
}

std::string
Condition(const std::string& flag, const std::string& value)
{
    const FlagText text = TextOf(flag);
    const std::string shown = ValueText(flag, value);
    if (!AxisValue(flag, value))
    {
        return text.name + ": " + shown;
    }
    return text.name + " " + shown +
           (text.unit == "%"    ? "%"
            : text.unit.empty() ? ""
                                : " " + text.unit);
}

std::string
BytesText(uint64_t bytes)
{
    if (bytes >= 1048576 && bytes % 1048576 == 0)
    {
        return std::to_string(bytes / 1048576) + " MiB";
    }
    if (bytes >= 1024 && bytes % 1024 == 0)
    {
        return std::to_string(bytes / 1024) + " KiB";
    }
    return std::to_string(bytes) + " B";
}

std::string
FabricText(const std::string& fabric, uint32_t hosts)
{
    std::map<std::string, std::string> f = Fields(fabric);
    const std::string kind = Kind(fabric);
    std::string text;
    std::string members = "hosts";
    if (kind == "fat-tree")
    {
        text = "k=" + f["k"] + " fat tree";
        if (!f["oversubscription"].empty())
        {
            text += ", " + f["oversubscription"] + ":1 at the edge";
        }
    }
    else if (kind == "leaf-spine")
    {
        text = "leaf-spine, " + f["leaves"] + " leaves of " + f["hostsPerLeaf"] + " hosts, " +
               f["spines"] + " spines";
        if (f["linksPerSpine"] != "1" && !f["linksPerSpine"].empty())
        {
            text += " (" + f["linksPerSpine"] + " links to each)";
        }
    }
    else if (kind == "rail")
    {
        members = "GPUs";
        text = "rail-optimised, " + f["servers"] + " servers of " + f["gpusPerServer"] + " GPUs, " +
               f["spines"] + " spines";
        text += f.count("pxn") ? ", NVLink and PXN" : f.count("nvlink") ? ", NVLink" : "";
    }
    else
    {
        text = fabric;
    }
    if (!f["planes"].empty() && f["planes"] != "1")
    {
        text += ", " + f["planes"] + " planes";
    }
    return hosts > 0 ? text + " (" + std::to_string(hosts) + " " + members + ")" : text;
}

std::string
FabricsText(const std::vector<std::string>& fabrics, const std::vector<uint32_t>& hosts)
{
    const uint32_t least = hosts.empty() ? 0 : *std::min_element(hosts.begin(), hosts.end());
    const uint32_t most = hosts.empty() ? 0 : *std::max_element(hosts.begin(), hosts.end());
    if (fabrics.size() == 1)
    {
        return FabricText(fabrics.front(), most);
    }
    const std::string kind = fabrics.empty() ? "fat-tree" : Kind(fabrics.front());
    std::string text = kind == "fat-tree"     ? "fat trees"
                       : kind == "leaf-spine" ? "leaf-spine fabrics"
                       : kind == "rail"       ? "rail-optimised fabrics"
                                              : "fabrics";
    if (least > 0)
    {
        text += " (" + std::to_string(least) + (most > least ? " to " + std::to_string(most) : "") +
                " hosts)";
    }
    return text;
}

std::string
WorkloadText(const std::string& workload)
{
    static const std::map<std::string, std::string> names{
        {"ring-allgather", "ring all-gather"},
        {"ring-reducescatter", "ring reduce-scatter"},
        {"ring-allreduce", "ring all-reduce"},
        {"allreduce", "all-reduce"},
        {"fsdp", "Llama-3 FSDP backward pass"},
        {"matrix", "connection matrix"},
        {"moe", "mixture-of-experts step"},
        {"chakra", "training step (Chakra traces)"},
    };
    const auto it = names.find(workload);
    return it == names.end() ? workload : it->second;
}

bool
HasMessageSize(const std::string& workload)
{
    // These set their messages' sizes themselves (a model, a routing, a trace).
    return workload != "fsdp" && workload != "matrix" && workload != "moe" && workload != "chakra";
}

std::string
GnuplotQuoted(const std::string& text)
{
    std::string quoted;
    for (char c : text)
    {
        if (c == '\\' || c == '"' || c == '`')
        {
            quoted += '\\';
        }
        quoted += std::iscntrl(static_cast<unsigned char>(c)) ? ' ' : c; // one line
    }
    return quoted;
}

std::string
Shown(double value)
{
    std::ostringstream os;
    os << value;
    return os.str();
}

} // namespace sweep
