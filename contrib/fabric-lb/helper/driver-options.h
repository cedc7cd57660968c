/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_DRIVER_OPTIONS_H
#define FABRIC_LB_DRIVER_OPTIONS_H

#include "command-line-values.h"
#include "experiment-config.h"

#include <optional>
#include <string>

namespace ns3
{

class CommandLine;

/**
 * \ingroup fabric-lb
 * \brief The command line of fabric-lb-sim, the driver of every experiment: its flags (each
 * but the outputs sets an attribute's default: the experiment's, ExperimentConfig and
 * FailureSpec, the fabric's, FabricHelper and LinkFailureManager, and RngSeedManager's
 * global values), the help listings of --lb=help and the like, and the checks of flags
 * against each other. Each default is written once, in its GetTypeId.
 */
class DriverOptions
{
  public:
    /// \param program the program's name, the prefix of its error lines
    explicit DriverOptions(std::string program);

    /**
     * Adds every flag to \p cmd.
     * \param cmd the command line; it must outlive Parse
     */
    void Declare(CommandLine& cmd);

    /**
     * Parses the command line, prints a help listing if one was asked for, sets the defaults
     * the flags give and checks the flags against each other.
     * \param cmd the command line Declare filled
     * \param argc as main's
     * \param argv as main's
     * \return the exit status if the program is done (a listing, or bad input), else nothing
     */
    std::optional<int> Parse(CommandLine& cmd, int argc, char* argv[]);

    /**
     * Prints one error line (from the first rank only).
     * \param message what is wrong
     * \return the exit status of bad input
     */
    int Fail(const std::string& message) const;

    /// \return the program's name
    const std::string& GetProgram() const
    {
        return m_program;
    }

    /// \return what to run, from the defaults the flags set (after Parse)
    const ExperimentConfig& GetConfig() const
    {
        return *m_config;
    }

    /// \return --dump-matrix's file, or empty
    const std::string& GetDumpMatrixFile() const
    {
        return m_dumpMatrix;
    }

    /// \return --out's file, or empty
    const std::string& GetJsonFile() const
    {
        return m_out;
    }

    /// \return --flows's file, or empty
    const std::string& GetFlowsFile() const
    {
        return m_flows;
    }

  private:
    /// \return the exit status if a flag asked for a help listing (printed), else nothing
    std::optional<int> PrintListing() const;
    /// \return an error line's exit status if two flags clash, else nothing
    std::optional<int> CheckFlags() const;

    std::string m_program;                    //!< the program's name
    AttributeFlags m_flags;                   //!< the flags that set attribute defaults
    std::string m_dumpMatrix;                 //!< --dump-matrix
    std::string m_flows;                      //!< --flows
    std::string m_out;                        //!< --out
    bool m_progress{false};                   //!< --progress
    bool m_pfc{false};                        //!< --pfc
    std::optional<ExperimentConfig> m_config; //!< what to run, once parsed
};

} // namespace ns3

#endif /* FABRIC_LB_DRIVER_OPTIONS_H */
