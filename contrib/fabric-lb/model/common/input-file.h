/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_INPUT_FILE_H
#define FABRIC_LB_INPUT_FILE_H

#include <cstdint>
#include <stdexcept>
#include <string>

/**
 * \file
 * \ingroup fabric-lb
 * The one way the programs open an input file (a jobs file, a connection matrix, a
 * flow-size CDF, the sweep's settings and results): read whole, and what cannot be read
 * refused in one line that names the file and the flag that named it, before any of it
 * is parsed. A pipe or a device is never opened (it could block, or never end).
 */

namespace ns3
{
namespace fabriclb
{

/**
 * The largest input file read whole: 256 MiB. The largest inputs are connection matrices:
 * at about 40 bytes a flow line, 256 MiB hold some 6 million flows, which a run holds in
 * about 8 GiB (CheckMemory's 1.2 KiB a message), as large as runs on a workstation get;
 * and a file is read whole, so the cap also bounds what reading it takes.
 */
constexpr uint64_t INPUT_FILE_MAX_BYTES = uint64_t{256} << 20;

/**
 * \ingroup fabric-lb
 * \brief An input file that cannot be read. what() is one line, "FLAG=PATH: problem"
 * (or "PATH: problem" where no flag named it), with non-printable bytes escaped as \\xNN.
 */
class InputFileError : public std::invalid_argument
{
  public:
    /**
     * \param flag the flag that named the file ("--jobs"), or "" for none
     * \param path the file
     * \param problem what is wrong: "cannot open" or "cannot read: ..."
     */
    InputFileError(const std::string& flag, const std::string& path, const std::string& problem);

    /// \return what is wrong, without the flag and file
    const std::string& Problem() const;

  private:
    std::string m_problem; //!< what is wrong
};

/**
 * Checks, without opening it, that \p path is a regular file an input may be read from.
 * \param flag the flag that named it, or ""
 * \param path the file
 * \throws InputFileError for a file that does not exist ("cannot open"), that cannot be
 * reached ("cannot open: permission denied"), a directory, a pipe, a device or a socket
 * ("cannot read: a directory"), or one above INPUT_FILE_MAX_BYTES
 */
void CheckInputFile(const std::string& flag, const std::string& path);

/**
 * Reads a whole input file.
 * \param flag the flag that named it, or ""
 * \param path the file
 * \return its bytes
 * \throws InputFileError as CheckInputFile does, and for a file that cannot be opened or
 * fails to read
 */
std::string ReadInputFile(const std::string& flag, const std::string& path);

/**
 * ReadInputFile for a reader whose errors are of its own type.
 * \tparam Error the reader's error, made as Error(path, 0, problem)
 * \param path the file
 * \return its bytes \throws Error naming the file
 */
template <typename Error>
std::string
ReadInputFileAs(const std::string& path)
{
    try
    {
        return ReadInputFile("", path);
    }
    catch (const InputFileError& e)
    {
        throw Error(path, 0, e.Problem());
    }
}

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_INPUT_FILE_H */
