/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_COMMAND_LINE_VALUES_H
#define FABRIC_LB_COMMAND_LINE_VALUES_H

#include <charconv>
#include <cstdint>
#include <list>
#include <optional>
#include <string>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \param text a command-line value
 * \return the whole of \p text as an Integer, or nothing if it is not one (ns-3's
 * own command-line parsing would take "1.5" as 1)
 */
template <typename Integer>
std::optional<Integer>
ParseWholeInteger(const std::string& text)
{
    Integer value{};
    const char* end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, value);
    if (text.empty() || error != std::errc() || stop != end)
    {
        return std::nullopt;
    }
    return value;
}

/**
 * \ingroup fabric-lb
 * \param text a command-line value
 * \return the whole of \p text as a finite number, or nothing if it is not one
 */
std::optional<double> ParseWholeDouble(const std::string& text);

/**
 * \ingroup fabric-lb
 * \param text a command-line value for the fat-tree radix
 * \return it as a radix FatTreeTopology accepts
 * \throws std::invalid_argument naming the problem otherwise
 */
uint32_t ParseRadix(const std::string& text);

class CommandLine;

/**
 * \ingroup fabric-lb
 * \brief Parses the command line with \p cmd, as CommandLine::Parse does, but turns
 * ns-3's own refusals into the program's bad-input line: ns-3 ends the process on an
 * unknown option or an empty value (its usage text and exit status 1) and on a malformed
 * attribute value such as --ns3::RoceNic::InitialRtt=soon (std::terminate). Either
 * becomes one line on stderr, "PROGRAM: error: " and ns-3's own message (without the usage
 * text), and exit status 2. What ns-3 writes to stderr otherwise is passed on.
 * \param cmd the options
 * \param argc as main's
 * \param argv as main's
 * \param program the program's name, the line's prefix
 */
void ParseCommandLineOrExit(CommandLine& cmd, int argc, char* argv[], const std::string& program);

/**
 * \ingroup fabric-lb
 * \brief The default of an attribute as text, so that a flag that sets it shows
 * and starts from the attribute's own default (written once, in its GetTypeId).
 * \param attribute "ns3::Class::Attribute"
 * \return its initial value, serialised (after any Config::SetDefault), a Time
 * without its leading '+' ("500000ps")
 * \throws std::invalid_argument if there is no such attribute
 */
std::string AttributeDefault(const std::string& attribute);

/**
 * \ingroup fabric-lb
 * \param attribute "ns3::Class::Attribute", an enum attribute
 * \return the names it takes, comma-separated (its checker's)
 * \throws std::invalid_argument if there is no such attribute
 */
std::string AttributeChoices(const std::string& attribute);

/**
 * \ingroup fabric-lb
 * \brief Sets the default of \p attribute from command-line text, more strictly than ns-3
 * reads it: an integer must be whole (ns-3 takes "1.5" as 1 and "-1" as 2^64 - 1), a number
 * finite, a time and a data rate must carry their unit (ns-3 takes a bare number as seconds
 * or bit/s) and a data rate must be positive; then the attribute's checker decides (its
 * range, an enum's names).
 * \param attribute "ns3::Class::Attribute", or the name of a GlobalValue ("RngSeed")
 * \param text the value
 * \return nothing once it is set, else why not ("'1.5' is not an integer")
 * \throws std::invalid_argument if there is no such attribute
 */
std::optional<std::string> SetDefaultFromText(const std::string& attribute,
                                              const std::string& text);

/**
 * \ingroup fabric-lb
 * \brief A program's flags that set attribute defaults, so that each default is written
 * once, in its class's GetTypeId: a flag shows its attribute's help and default, keeps its
 * whole value, and sets the attribute (SetDefaultFromText) when Apply is called.
 */
class AttributeFlags
{
  public:
    /**
     * Adds --\p flag for \p attribute to \p cmd.
     * \param cmd the command line
     * \param flag the flag's name
     * \param attribute "ns3::Class::Attribute" or a GlobalValue's name
     * \param note appended to the attribute's help ("--lb=help lists them")
     * \param shownDefault the default the help shows, if not the attribute's own text
     */
    void Add(CommandLine& cmd,
             const std::string& flag,
             const std::string& attribute,
             const std::string& note = "",
             const std::string& shownDefault = "");

    /// \return the value given for --\p flag, if it was given
    std::optional<std::string> Given(const std::string& flag) const;

    /// Sets the attribute of every flag given, in the order the flags were added.
    /// \throws std::invalid_argument "--flag: why" for the first bad value
    void Apply() const;

  private:
    /// One flag and what the command line gave it.
    struct Flag
    {
        std::string name;                //!< the flag, without its dashes
        std::string attribute;           //!< what it sets
        std::optional<std::string> text; //!< its value, if given
    };

    std::list<Flag> m_flags; //!< stable addresses: CommandLine's callbacks hold them
};

/**
 * \ingroup fabric-lb
 * \brief A CommandLine::AddValue callback that keeps a flag's whole value, spaces
 * included (ns-3.37's CommandLine reads a std::string value only up to its first
 * space, silently dropping the rest).
 *
 * It is a callable rather than a Callback so that it converts to the Callback type
 * of either ns-3 version: Callback<bool, std::string> up to ns-3.37,
 * Callback<bool, const std::string&> from ns-3.38.
 * \param target where the value goes; it must outlive the CommandLine's Parse
 * \return the callable
 */
inline auto
WholeTextValue(std::string& target)
{
    return [&target](const std::string& value) {
        target = value;
        return true;
    };
}

} // namespace ns3

#endif /* FABRIC_LB_COMMAND_LINE_VALUES_H */
