/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "command-line-values.h"

#include "ns3/boolean.h"
#include "ns3/command-line.h"
#include "ns3/config.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/fabric-paths.h"
#include "ns3/fat-tree-topology.h"
#include "ns3/global-value.h"
#include "ns3/integer.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"
#include "ns3/pointer.h"
#include "ns3/string.h"
#include "ns3/type-id.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <cstdlib>
#include <exception>
#include <functional>
#include <iostream>
#include <map>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <variant>

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

/// \return an enum checker's names, comma-separated (it describes itself as them joined by '|')
std::string
EnumNames(const AttributeChecker& checker)
{
    std::string names = checker.GetUnderlyingTypeInformation();
    for (std::string::size_type bar = names.find('|'); bar != std::string::npos;
         bar = names.find('|', bar))
    {
        names.replace(bar, 1, ", ");
    }
    return names;
}

/// Where a flag's value goes: an attribute's default or a GlobalValue.
struct AttributeTarget
{
    std::string help;                               //!< its help text
    Ptr<const AttributeChecker> checker;            //!< its checker
    std::function<bool(const AttributeValue&)> set; //!< sets it; false if refused
    std::function<std::string()> current;           //!< its value now, as text
};

/// \return where \p attribute ("ns3::Class::Attribute" or a GlobalValue's name) is set
AttributeTarget
FindTarget(const std::string& attribute)
{
    if (attribute.find("::") == std::string::npos)
    {
        for (auto it = GlobalValue::Begin(); it != GlobalValue::End(); ++it)
        {
            GlobalValue* global = *it;
            if (global->GetName() == attribute)
            {
                return {global->GetHelp(),
                        global->GetChecker(),
                        [global](const AttributeValue& value) { return global->SetValue(value); },
                        [global]() {
                            StringValue text;
                            global->GetValue(text);
                            return text.Get();
                        }};
            }
        }
        throw std::invalid_argument("no global value " + attribute);
    }
    const TypeId::AttributeInformation info = LookupAttribute(attribute);
    return {info.help,
            info.checker,
            [attribute](const AttributeValue& value) {
                return Config::SetDefaultFailSafe(attribute, value);
            },
            [attribute]() { return AttributeDefault(attribute); }};
}

/// \return the range of a numeric checker, "[min, max]", from its "type min:max"
std::string
RangeOf(const AttributeChecker& checker)
{
    std::string range = checker.GetUnderlyingTypeInformation();
    range = range.substr(range.find(' ') + 1);
    return "[" + range.replace(range.find(':'), 1, ", ") + "]";
}

/// \return a time checker's range, "[0ps, 1s]", from its "Time +0ps:+1e+12ps"
std::string
TimeRangeOf(const AttributeChecker& checker)
{
    const auto shownTime = [](const std::string& text) {
        const double ps = std::stod(text); // "+1e+12ps": the number, its unit dropped
        for (const auto& [unit, scale] :
             {std::pair{"s", 1e12}, {"ms", 1e9}, {"us", 1e6}, {"ns", 1e3}})
        {
            if (ps >= scale && std::fmod(ps, scale) == 0)
            {
                std::ostringstream os;
                os << ps / scale << unit;
                return os.str();
            }
        }
        std::ostringstream os;
        os << ps << "ps";
        return os.str();
    };
    const std::string info = checker.GetUnderlyingTypeInformation();
    const std::string range = info.substr(info.find(' ') + 1);
    const std::string::size_type colon = range.find(':');
    return "[" + shownTime(range.substr(0, colon)) + ", " + shownTime(range.substr(colon + 1)) +
           "]";
}

/// \return \p text as a value of \p checker's type, or why it is not one
std::variant<Ptr<AttributeValue>, std::string>
ValueFromText(Ptr<const AttributeChecker> checkerPtr, const std::string& text)
{
    const AttributeChecker& checker = *checkerPtr;
    // Checkers name their value type with or without "ns3::" (DataRateValue, ns3::DoubleValue).
    std::string type = checker.GetValueTypeName();
    type = type.rfind("ns3::", 0) == 0 ? type : "ns3::" + type;
    const std::string shown = "'" + text + "'";
    if (type == "ns3::UintegerValue" || type == "ns3::IntegerValue")
    {
        const bool isUnsigned = type == "ns3::UintegerValue";
        const std::optional<uint64_t> u = ParseWholeInteger<uint64_t>(text);
        const std::optional<int64_t> i = ParseWholeInteger<int64_t>(text);
        if (isUnsigned ? !u : !i)
        {
            return shown + " is not " + (isUnsigned ? "a non-negative integer" : "an integer");
        }
        Ptr<AttributeValue> value = isUnsigned ? Ptr<AttributeValue>(Create<UintegerValue>(*u))
                                               : Ptr<AttributeValue>(Create<IntegerValue>(*i));
        if (!checker.Check(*value))
        {
            return shown + " is not an integer in " + RangeOf(checker);
        }
        return value;
    }
    if (type == "ns3::DoubleValue")
    {
        const std::optional<double> d = ParseWholeDouble(text);
        if (!d)
        {
            return shown + " is not a number";
        }
        Ptr<AttributeValue> value = Create<DoubleValue>(*d);
        if (!checker.Check(*value))
        {
            return shown + " is not a number in " + RangeOf(checker);
        }
        return value;
    }
    if (type == "ns3::TimeValue")
    {
        const std::optional<uint64_t> ps = fabriclb::ParseSimulatedTimePs(text);
        Ptr<AttributeValue> value;
        if (ps)
        {
            value = Create<TimeValue>(PicoSeconds(*ps));
        }
        if (!ps)
        {
            return shown + " is not a time with its unit (ps, ns, us, ms or s) such as 500ns";
        }
        if (!checker.Check(*value))
        {
            return shown + " is not a time in " + TimeRangeOf(checker);
        }
        return value;
    }
    if (type == "ns3::DataRateValue")
    {
        // ns-3 reads a bare number as bit/s and aborts on some malformed values.
        static const std::regex rateShape("[0-9]+(\\.[0-9]+)?[A-Za-z/]+");
        Ptr<DataRateValue> value = Create<DataRateValue>();
        if (!std::regex_match(text, rateShape) || !value->DeserializeFromString(text, checkerPtr) ||
            value->Get().GetBitRate() == 0)
        {
            return shown + " is not a data rate with its unit such as 800Gbps";
        }
        return Ptr<AttributeValue>(value);
    }
    if (type == "ns3::PointerValue")
    {
        // ns-3 ends the process on a name that is not an object it can create.
        const auto* pointer = dynamic_cast<const PointerChecker*>(&checker);
        TypeId typeId;
        if (!pointer || !TypeId::LookupByNameFailSafe(text, &typeId) ||
            !typeId.IsChildOf(pointer->GetPointeeTypeId()) || !typeId.HasConstructor())
        {
            return shown + " is not a registered " +
                   (pointer ? pointer->GetPointeeTypeId().GetName() : std::string("object"));
        }
        return Ptr<AttributeValue>(Create<PointerValue>(ObjectFactory(text).Create()));
    }
    if (type == "ns3::ObjectPtrContainerValue")
    {
        return "a container of objects is not set from text";
    }
    if (type == "ns3::BooleanValue" && text.empty())
    {
        return Ptr<AttributeValue>(Create<BooleanValue>(true)); // a bare --flag
    }
    TypeId typeId;
    if (type == "ns3::TypeIdValue" && !TypeId::LookupByNameFailSafe(text, &typeId))
    {
        return shown + " is not a registered TypeId";
    }
    Ptr<AttributeValue> value = checker.CreateValidValue(StringValue(text));
    if (!value)
    {
        if (type.rfind("ns3::EnumValue", 0) == 0)
        {
            return "unknown value " + shown + " (" + EnumNames(checker) + ")";
        }
        return shown + " is not a valid value (" + checker.GetUnderlyingTypeInformation() + ")";
    }
    return value;
}

} // namespace

std::optional<double>
ParseWholeDouble(const std::string& text)
{
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(value))
    {
        return std::nullopt;
    }
    return value;
}

std::optional<std::string>
SetDefaultFromText(const std::string& attribute, const std::string& text)
{
    const AttributeTarget target = FindTarget(attribute);
    // ns-3's global values that name a TypeId as text: ns-3 ends the process on another name.
    // MRG32k3a, ns-3's generator, takes seeds below its first modulus (ns-3 aborts above).
    constexpr uint64_t largestSeed = 4294967086;
    if (attribute == "RngSeed" && ParseWholeInteger<uint64_t>(text).value_or(0) > largestSeed)
    {
        return "'" + text + "' is not a seed in [1, " + std::to_string(largestSeed) + "]";
    }
    static const std::map<std::string, std::string> typeIdGlobals{
        {"SimulatorImplementationType", "ns3::SimulatorImpl"},
        {"SchedulerType", "ns3::Scheduler"}};
    if (const auto base = typeIdGlobals.find(attribute); base != typeIdGlobals.end())
    {
        TypeId typeId;
        if (!TypeId::LookupByNameFailSafe(text, &typeId) ||
            !typeId.IsChildOf(TypeId::LookupByName(base->second)) || !typeId.HasConstructor())
        {
            return "'" + text + "' is not a registered " + base->second;
        }
    }
    auto value = ValueFromText(target.checker, text);
    if (const std::string* why = std::get_if<std::string>(&value))
    {
        return *why;
    }
    if (!target.set(*std::get<Ptr<AttributeValue>>(value)))
    {
        return "'" + text + "' is refused by " + attribute;
    }
    return std::nullopt;
}

void
AttributeFlags::Add(CommandLine& cmd,
                    const std::string& flag,
                    const std::string& attribute,
                    const std::string& note,
                    const std::string& shownDefault)
{
    const AttributeTarget target = FindTarget(attribute);
    Flag& added = m_flags.emplace_back(Flag{flag, attribute, std::nullopt});
    const std::string help = target.help + (note.empty() ? "" : " (" + note + ")");
    cmd.AddValue(
        flag,
        help,
        [&added](const std::string& value) {
            added.text = value;
            return true;
        },
        shownDefault.empty() ? target.current() : shownDefault);
}

std::optional<std::string>
AttributeFlags::Given(const std::string& flag) const
{
    for (const Flag& f : m_flags)
    {
        if (f.name == flag)
        {
            return f.text;
        }
    }
    return std::nullopt;
}

void
AttributeFlags::Apply() const
{
    for (const Flag& flag : m_flags)
    {
        if (!flag.text)
        {
            continue;
        }
        if (const std::optional<std::string> why = SetDefaultFromText(flag.attribute, *flag.text))
        {
            throw std::invalid_argument("--" + flag.name + ": " + *why);
        }
    }
}

std::string
AttributeChoices(const std::string& attribute)
{
    return EnumNames(*LookupAttribute(attribute).checker);
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

/**
 * Sets, through SetDefaultFromText, every attribute (--ns3::Class::Attribute=value) and global
 * value (--RngRun=value) that \p argv names, and ends the process with the program's error
 * line and exit status 2 on a bad one.
 * \return the arguments left for ns-3's CommandLine: argv[0] and the program's own options
 */
std::vector<char*>
SetAttributeArguments(int argc, char* argv[], const std::string& program)
{
    std::vector<char*> left{argv, argv + std::min(argc, 1)};
    for (int i = 1; i < argc; ++i)
    {
        // As ns-3 reads an option: "--name=value" or "-name=value".
        std::string option = argv[i];
        const std::string::size_type dashes = option.rfind("--", 0) == 0  ? 2
                                              : option.rfind('-', 0) == 0 ? 1
                                                                          : 0;
        option = option.substr(dashes);
        const std::string::size_type equals = option.find('=');
        const std::string name = option.substr(0, equals);
        const bool global = std::any_of(GlobalValue::Begin(), GlobalValue::End(), [&name](auto g) {
            return g->GetName() == name;
        });
        if (dashes == 0 || (name.find("::") == std::string::npos && !global))
        {
            left.push_back(argv[i]);
            continue;
        }
        std::optional<std::string> why;
        try
        {
            why = SetDefaultFromText(name,
                                     equals == std::string::npos ? "" : option.substr(equals + 1));
        }
        catch (const std::invalid_argument& e)
        {
            why = e.what();
        }
        if (why)
        {
            std::cerr << program << ": error: --" << name << ": " << *why << std::endl;
            std::_Exit(2);
        }
    }
    return left;
}

} // namespace

void
ParseCommandLineOrExit(CommandLine& cmd, int argc, char* argv[], const std::string& program)
{
    [[maybe_unused]] static const int atExit = std::atexit(ReportParseMessages); // once
    g_program = program;
    std::vector<char*> left = SetAttributeArguments(argc, argv, program);
    g_parseMessages.str("");
    g_stderrBuffer = std::cerr.rdbuf(g_parseMessages.rdbuf());
    g_parsing = true;
    const std::terminate_handler previousHandler = std::set_terminate(ReportMalformedArgument);
    cmd.Parse(static_cast<int>(left.size()), left.data());
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
