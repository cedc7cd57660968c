/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_ERROR_TEXT_H
#define FABRIC_LB_ERROR_TEXT_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

/**
 * \file
 * \ingroup fabric-lb
 * How the file parsers (connection matrices, flow-size CDFs, jobs files, the sweep's files)
 * show what they read in their one-line errors, without a simulator.
 */

namespace ns3
{
namespace fabriclb
{

/// The longest token an error message quotes in full.
constexpr size_t QUOTED_TOKEN_MAX = 40;

/**
 * \param text any bytes
 * \return text with bytes outside printable ASCII escaped as \\xNN
 */
inline std::string
PrintableText(std::string_view text)
{
    static const char* const hex = "0123456789abcdef";
    std::string out;
    for (char c : text)
    {
        const auto byte = static_cast<unsigned char>(c);
        if (byte >= 0x20 && byte < 0x7f)
        {
            out += c;
        }
        else
        {
            out += "\\x";
            out += hex[byte >> 4];
            out += hex[byte & 0xf];
        }
    }
    return out;
}

/// \return \p text printable, cut after \p max bytes and then ending in "..."
inline std::string
ShortText(std::string_view text, size_t max)
{
    return text.size() > max ? PrintableText(text.substr(0, max)) + "..." : PrintableText(text);
}

/// \return \p token quoted for an error message, printable, cut short if long
inline std::string
QuotedToken(std::string_view token)
{
    return "'" + ShortText(token, QUOTED_TOKEN_MAX) + "'";
}

/**
 * \param file the file's name
 * \param line the 1-based line at fault, or 0 for the file as a whole
 * \param problem what is wrong
 * \return "FILE:LINE: problem" (or "FILE: problem"), the file's name printable
 */
inline std::string
FileErrorLine(const std::string& file, uint32_t line, const std::string& problem)
{
    return PrintableText(file) + (line ? ":" + std::to_string(line) : "") + ": " + problem;
}

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_ERROR_TEXT_H */
