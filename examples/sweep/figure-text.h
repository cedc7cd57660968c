/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FIGURE_TEXT_H
#define FABRIC_LB_FIGURE_TEXT_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sweep
{

/// How figures name a --vary flag and show its values.
struct FlagText
{
    std::string name;    //!< what it is, in words: "link failure probability"
    std::string unit;    //!< its values' unit ("%", "KB"), empty for counts and names
    double scale{1};     //!< a value is shown as value x scale in \p unit
    bool numeric{false}; //!< its values are numbers, drawn on a numeric axis
};

/**
 * \param flag a --vary flag: a driver flag (failProb) or an attribute (ns3::Type::Name)
 * \return its text: from the table of the flags the figure scripts vary, else its name's
 *         words (ns3::RoceNic::InitialRtt: "initial rtt"), numeric if every value is
 */
FlagText TextOf(const std::string& flag);

/// \return the axis label of \p flag: "buffer (KB)", "convergence time G"
std::string AxisLabel(const std::string& flag);

/// \return \p value of \p flag as a figure shows it: "83.16" (bufferBytes=83160), "1 RTT",
///         "never" (convergence=inf), "7B" (model=llama3-7b), "selective repeat" (sack)
std::string ValueText(const std::string& flag, const std::string& value);

/// \return \p value of a numeric \p flag as a figure places it (value x scale); none for a
///         categorical flag or a value that is not a number
std::optional<double> AxisValue(const std::string& flag, const std::string& value);

/// \return the setting \p flag = \p value in words: "buffer 83.16 KB", "loss recovery:
///         selective repeat"
std::string Condition(const std::string& flag, const std::string& value);

/// \return \p bytes in words: "1 MiB", "256 KiB", "83160 B"
std::string BytesText(uint64_t bytes);

/**
 * \param fabric a result's "fabric" field ("k=8", "leaf-spine leaves=8 spines=16
 *        hostsPerLeaf=16 linksPerSpine=1", "rail servers=16 ... nvlink pxn", each with
 *        " planes=P" on P planes)
 * \param hosts its hosts (0: not known)
 * \return it in words: "k=8 fat tree (128 hosts)", "leaf-spine, 8 leaves of 16 hosts,
 *         16 spines (128 hosts)"
 */
std::string FabricText(const std::string& fabric, uint32_t hosts);

/**
 * \param fabrics the distinct "fabric" fields of a figure's runs
 * \param hosts their host counts
 * \return FabricText of the one fabric, or of several: "fat trees (16 to 1024 hosts)"
 */
std::string FabricsText(const std::vector<std::string>& fabrics,
                        const std::vector<uint32_t>& hosts);

/// \return the collective \p workload in words: "permutation", "ring all-reduce", "Llama-3
///         FSDP backward pass"
std::string WorkloadText(const std::string& workload);

/// \return whether \p workload's messages have the sweep's size (fsdp's, matrix's, moe's and
///         chakra's not)
bool HasMessageSize(const std::string& workload);

/// \return \p text inside a gnuplot double-quoted string: \, " and ` escaped (gnuplot runs
///         what stands between backquotes), control characters as spaces
std::string GnuplotQuoted(const std::string& text);

/// \return \p value with %g's digits, as gnuplot reads it back
std::string Shown(double value);

} // namespace sweep

#endif /* FABRIC_LB_FIGURE_TEXT_H */
