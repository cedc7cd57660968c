/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_MATRIX_LINE_READER_H
#define FABRIC_LB_MATRIX_LINE_READER_H

#include "connection-matrix.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief The words of a connection-matrix file's lines, as htsim reads them: a line split on
 * single spaces, decimal numbers, key-value pairs; every problem throws a MatrixError
 * naming the file and line. The parser (connection-matrix-parser.cc) reads lines with it.
 */
class MatrixLineReader
{
  public:
    /// htsim reads every number but the start time with std::stoi into an int.
    static constexpr uint64_t HTSIM_INT_MAX = 2147483647;

  protected:
    /// \param fileName the name errors give
    explicit MatrixLineReader(const std::string& fileName)
        : m_file(fileName)
    {
    }

    /// Throws the problem at the current line.
    [[noreturn]] void Fail(const std::string& problem) const
    {
        throw MatrixError(m_file, m_line, problem);
    }

    /// Splits \p text as htsim does: on single spaces, one trailing space allowed.
    void Tokenize(const std::string& text);

    /**
     * \param what the number's name, for errors
     * \param token the text
     * \param max the largest value accepted
     * \return the value of a decimal integer of digits only
     */
    uint64_t Number(std::string_view what, std::string_view token, uint64_t max) const;

    /// \return the number after the key at m_tokens[i], moving i onto it
    uint64_t Value(size_t& i, uint64_t max = HTSIM_INT_MAX) const
    {
        const std::string_view key = m_tokens[i];
        if (++i == m_tokens.size())
        {
            Fail("'" + std::string(key) + "' needs a value");
        }
        return Number(key, m_tokens[i], max);
    }

    /// \return a trigger id that a flow or trigger line names, never 0
    uint32_t TriggerId(size_t& i) const
    {
        const auto id = static_cast<uint32_t>(Value(i));
        if (id == 0)
        {
            Fail("trigger id 0 is not allowed (ids start at 1)");
        }
        return id;
    }

    /// Fails for a key seen before on this line.
    void Once(bool seen, std::string_view key) const
    {
        if (seen)
        {
            Fail("duplicate '" + std::string(key) + "'");
        }
    }

    std::string m_file;                     //!< name for errors
    uint32_t m_line{0};                     //!< the line being read
    std::vector<std::string_view> m_tokens; //!< the current line's tokens
};

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_MATRIX_LINE_READER_H */
