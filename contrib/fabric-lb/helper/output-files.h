/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_OUTPUT_FILES_H
#define FABRIC_LB_OUTPUT_FILES_H

#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief The files a run reads and writes, checked before anything is built: every input
 * is a regular file that can be read (fabriclb::CheckInputFile, naming its flag), no output
 * names an input or another output, and every output can be written. A result is written
 * whole or not at all: to a temporary name beside it, then renamed, so that a refused or
 * failed run leaves no empty or half-written file and an earlier result stays until the
 * new one is complete. Devices and pipes (/dev/null, /dev/stdout) are written directly.
 */
class OutputFiles
{
  public:
    /// Names an input file of \p flag (e.g. "--matrix"); an empty \p path is none.
    void AddInput(const std::string& flag, const std::string& path);

    /// Names an output file of \p flag (e.g. "--out"); an empty \p path is none.
    void AddOutput(const std::string& flag, const std::string& path);

    /**
     * \throws std::invalid_argument naming the flag and file of an input that cannot be read,
     * and naming the flags when an output is an input or another output, or an output's
     * folder cannot be written
     */
    void Check() const;

    /**
     * Writes \p content to the output \p path of \p flag, whole or not at all.
     * \throws std::runtime_error naming the flag and file when it cannot
     */
    static void Write(const std::string& flag, const std::string& path, const std::string& content);

  private:
    std::vector<std::pair<std::string, std::string>> m_inputs;  //!< (flag, path)
    std::vector<std::pair<std::string, std::string>> m_outputs; //!< (flag, path)
};

} // namespace ns3

#endif /* FABRIC_LB_OUTPUT_FILES_H */
