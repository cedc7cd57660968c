/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "matrix-line-reader.h"

#include "ns3/error-text.h"

#include <algorithm>

namespace ns3
{
namespace fabriclb
{

void
MatrixLineReader::Tokenize(const std::string& text)
{
    m_tokens.clear();
    if (text.empty())
    {
        return;
    }
    if (text.find('\t') != std::string::npos)
    {
        Fail("tab character: tokens are separated by single spaces");
    }
    if (text.find('\r') != std::string::npos)
    {
        Fail("carriage return: lines must end in a bare newline");
    }
    const std::string_view line(text);
    size_t begin = 0;
    while (begin < line.size())
    {
        const size_t end = std::min(line.find(' ', begin), line.size());
        if (end == begin)
        {
            Fail("empty token: a leading space or two spaces in a row (tokens are "
                 "separated by single spaces)");
        }
        m_tokens.push_back(line.substr(begin, end - begin));
        begin = end + 1;
    }
}

uint64_t
MatrixLineReader::Number(std::string_view what, std::string_view token, uint64_t max) const
{
    if (token.empty() || token.find_first_not_of("0123456789") != std::string_view::npos)
    {
        Fail("malformed " + std::string(what) + " " + QuotedToken(token) +
             ": expected a non-negative decimal integer");
    }
    uint64_t value = 0;
    for (char digit : token)
    {
        const auto d = static_cast<uint64_t>(digit - '0');
        if (value > (max - d) / 10)
        {
            Fail(std::string(what) + " " + QuotedToken(token) + " out of range (largest is " +
                 std::to_string(max) + ")");
        }
        value = value * 10 + d;
    }
    return value;
}

} // namespace fabriclb
} // namespace ns3
