/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FLOW_SIZE_CDF_H
#define FABRIC_LB_FLOW_SIZE_CDF_H

#include <cstdint>
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup fabric-lb
 * Flow-size distributions for background traffic, read and sampled without a simulator.
 *
 * A CDF file has one point a line, `SIZE PROBABILITY`, separated by spaces or tabs (a
 * carriage return counts as a space: a file with CRLF line ends reads as with LF):
 * SIZE a decimal whole number of bytes, 1 to 2^53 (every size exact in a double),
 * PROBABILITY the cumulative probability P(flow size <= SIZE), a decimal number
 * in [0, 1] (not a percentage). Sizes strictly increase from line to line,
 * probabilities never decrease, and the last probability is 1 (within 1e-9, then
 * taken as exactly 1). Blank lines and comments (from `#` to the end of the line)
 * are ignored.
 *
 * The distribution is piecewise linear: a flow is exactly the first size with the
 * first point's probability, and between two points its size is uniform (the CDF
 * is the straight line between them). A first point of probability 0 thus makes a
 * continuous distribution; a zero-probability segment is never drawn from.
 */

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief A CDF file that cannot be read. what() is one line, "NAME:LINE: problem"
 * (or "NAME: problem" when no line is to blame), with non-printable bytes escaped
 * as \\xNN.
 */
class CdfError : public std::invalid_argument
{
  public:
    /**
     * \param name the file's name, as the caller gave it
     * \param line the 1-based line at fault, or 0 for the file as a whole
     * \param problem what is wrong, one line
     */
    CdfError(const std::string& name, uint32_t line, const std::string& problem);

    /// \return the line at fault, 0 for the file as a whole
    uint32_t Line() const;

    /// \return what is wrong, without the name and line
    const std::string& Problem() const;

  private:
    uint32_t m_line;       //!< the line at fault
    std::string m_problem; //!< what is wrong
};

/**
 * \ingroup fabric-lb
 * \brief One point of a CDF: P(flow size <= bytes) = probability.
 */
struct FlowSizePoint
{
    uint64_t bytes;     //!< flow size, at least 1
    double probability; //!< cumulative probability, in [0, 1]
};

/**
 * \ingroup fabric-lb
 * \brief A built-in distribution's name and what it is, for `--background=help`.
 */
struct FlowSizeCdfDescription
{
    std::string name;        //!< what `--background=` takes
    std::string description; //!< one line: the workload and its source
};

/**
 * \ingroup fabric-lb
 * \brief A piecewise-linear flow-size distribution (the format is described in
 * flow-size-cdf.h).
 */
class FlowSizeCdf
{
  public:
    /**
     * Reads a CDF.
     *
     * \param in the text
     * \param name the name errors give
     * \return the distribution
     * \throws CdfError at the first problem: a line that is not two numbers, a
     * size that is not a whole number, is 0 or is above 2^53, a probability that is
     * not a number or is outside [0, 1], a size not above the previous one, a
     * probability below the previous one; then for the file as a whole: no points,
     * a single point, or a last probability other than 1
     */
    static FlowSizeCdf Parse(std::istream& in, const std::string& name);

    /**
     * Parse on a file.
     *
     * \param path the file
     * \return the distribution
     * \throws CdfError as Parse does, and "PATH: cannot open" or "PATH: cannot read: ..."
     * for a file ReadInputFile refuses (missing, a directory, a pipe or device, above its
     * 256 MiB cap)
     */
    static FlowSizeCdf Load(const std::string& path);

    /**
     * \param name a built-in distribution's name (see Builtins)
     * \return that distribution, or nullptr when no built-in has that name
     */
    static const FlowSizeCdf* Builtin(const std::string& name);

    /// \return the built-in distributions, in the order `--background=help` lists them
    static const std::vector<FlowSizeCdfDescription>& Builtins();

    /// \return the name it was read under (the built-in's name, or the file's)
    const std::string& Name() const;

    /// \return the points, sizes strictly increasing, the last probability exactly 1
    const std::vector<FlowSizePoint>& Points() const;

    /// \return the smallest size drawn: the first point's
    uint64_t MinBytes() const;

    /// \return the largest size drawn: the last point's
    uint64_t MaxBytes() const;

    /**
     * \return the mean flow size in bytes, exactly: the first size times its
     * probability, plus for each segment its probability times the middle of its
     * sizes. Sample rounds to whole bytes, to the nearest, which moves its mean by
     * a fraction of a byte at most.
     */
    double MeanBytes() const;

    /**
     * The inverse CDF, linearly interpolated: the smallest size whose CDF is at
     * least u, rounded to the nearest byte.
     *
     * \param u a uniform draw in [0, 1) (1 is accepted and gives MaxBytes)
     * \return a flow size, between MinBytes and MaxBytes
     * \throws std::invalid_argument when u is outside [0, 1]
     */
    uint64_t Sample(double u) const;

  private:
    /**
     * \param name its name
     * \param points valid points
     */
    FlowSizeCdf(std::string name, std::vector<FlowSizePoint> points);

    std::string m_name;                  //!< the name it was read under
    std::vector<FlowSizePoint> m_points; //!< the points
};

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_FLOW_SIZE_CDF_H */
