/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_SWEEP_OPTIONS_H
#define FABRIC_LB_SWEEP_OPTIONS_H

#include <cstdint>
#include <string>
#include <vector>

namespace sweep
{

/// What the command line asks for.
struct Options
{
    std::string sim;                     //!< path of fabric-lb-sim
    std::vector<std::string> schemes;    //!< scheme names
    std::string workload;                //!< permutation or all-to-all
    std::vector<uint64_t> sizes;         //!< message sizes in bytes
    uint32_t runs{0};                    //!< runs (RngRun 1..runs) per point
    std::string topology;                //!< the fabric's kind (ns3::ExperimentConfig::Topology)
    uint32_t k{0};                       //!< fat-tree radix
    uint32_t jobs{0};                    //!< simulations at once
    std::string out;                     //!< output directory
    std::string extra;                   //!< further arguments for every run
    uint32_t fitMinPackets{0};           //!< smallest message size in the fits
    std::string varyFlag;                //!< the driver flag of --vary ("" without it)
    std::vector<std::string> varyValues; //!< its values, in the order given
    bool replot{false};                  //!< redraw out/results.csv's figures, run nothing
    std::string caption;                 //!< what every run shares, in words, for the titles
    double bufferPackets{0};             //!< a port's buffer in data packets, drawn (0: none)
    std::string printStyle;              //!< print this scheme's style and name, run nothing
};

/**
 * \return the items of the comma-separated list \p text of --\p flag
 * \throws std::invalid_argument for an empty item or one given twice
 */
std::vector<std::string> ListItems(const std::string& text, const std::string& flag);

/// \return \p text as one word of a POSIX shell command: in single quotes
std::string ShellWord(const std::string& text);

/// Parses the command line; throws std::invalid_argument naming the first bad value.
Options ParseOptions(int argc, char* argv[]);

} // namespace sweep

#endif /* FABRIC_LB_SWEEP_OPTIONS_H */
