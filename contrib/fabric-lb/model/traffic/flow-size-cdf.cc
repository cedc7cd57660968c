/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "flow-size-cdf.h"

#include "ns3/error-text.h"
#include "ns3/input-file.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <istream>
#include <sstream>
#include <string_view>
#include <utility>

namespace ns3
{
namespace fabriclb
{

namespace
{

/// The largest size: every size up to it is exact in a double, so Sample interpolates exactly.
constexpr uint64_t MAX_BYTES = uint64_t{1} << 53;

/// How far below 1 the last probability may be.
constexpr double LAST_PROBABILITY_SLACK = 1e-9;

/// \return whether c separates the two numbers of a line
bool
IsBlank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/// \return the line without its comment, split on blanks
std::vector<std::string_view>
Tokens(std::string_view line)
{
    line = line.substr(0, line.find('#'));
    std::vector<std::string_view> tokens;
    size_t begin = 0;
    while (begin < line.size())
    {
        if (IsBlank(line[begin]))
        {
            ++begin;
            continue;
        }
        size_t end = begin;
        while (end < line.size() && !IsBlank(line[end]))
        {
            ++end;
        }
        tokens.push_back(line.substr(begin, end - begin));
        begin = end;
    }
    return tokens;
}

/// Reads one CDF, line by line; every problem throws a CdfError.
class CdfParser
{
  public:
    /// \param name the name errors give
    explicit CdfParser(const std::string& name)
        : m_name(name)
    {
    }

    /**
     * \param in the text
     * \return the valid points, the last probability set to exactly 1
     */
    std::vector<FlowSizePoint> Parse(std::istream& in)
    {
        std::string text;
        while (std::getline(in, text))
        {
            ++m_line;
            ParseLine(text);
        }
        if (in.bad())
        {
            throw CdfError(m_name, 0, "cannot read");
        }
        if (m_points.empty())
        {
            throw CdfError(m_name, 0, "no points: a CDF needs at least 2 'SIZE PROBABILITY' lines");
        }
        if (m_points.size() == 1)
        {
            throw CdfError(m_name, 0, "only 1 point: a CDF needs at least 2");
        }
        if (m_points.back().probability < 1 - LAST_PROBABILITY_SLACK)
        {
            throw CdfError(m_name,
                           m_lastPointLine,
                           "the last probability is " + QuotedToken(m_lastProbability) + ", not 1");
        }
        m_points.back().probability = 1;
        return std::move(m_points);
    }

  private:
    /// Throws the problem at the current line.
    [[noreturn]] void Fail(const std::string& problem) const
    {
        throw CdfError(m_name, m_line, problem);
    }

    /// Reads one line: nothing, or one point.
    void ParseLine(std::string_view text)
    {
        const std::vector<std::string_view> tokens = Tokens(text);
        if (tokens.empty())
        {
            return;
        }
        if (tokens.size() != 2)
        {
            Fail("expected 'SIZE PROBABILITY', got " + QuotedToken(text.substr(0, text.find('#'))));
        }
        const FlowSizePoint point{ParseSize(tokens[0]), ParseProbability(tokens[1])};
        if (!m_points.empty())
        {
            const FlowSizePoint& previous = m_points.back();
            if (point.bytes <= previous.bytes)
            {
                Fail("size " + std::to_string(point.bytes) + " is not above the previous size, " +
                     std::to_string(previous.bytes));
            }
            if (point.probability < previous.probability)
            {
                Fail("probability " + QuotedToken(tokens[1]) +
                     " is below the previous probability, " + QuotedToken(m_lastProbability));
            }
        }
        m_points.push_back(point);
        m_lastPointLine = m_line;
        m_lastProbability = tokens[1];
    }

    /// \return the size a token gives
    uint64_t ParseSize(std::string_view token) const
    {
        uint64_t bytes = 0;
        const bool digitsOnly =
            std::all_of(token.begin(), token.end(), [](char c) { return c >= '0' && c <= '9'; });
        const auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), bytes);
        if (!digitsOnly || error == std::errc::invalid_argument ||
            end != token.data() + token.size())
        {
            Fail("size " + QuotedToken(token) + " is not a whole number of bytes");
        }
        if (error == std::errc::result_out_of_range || bytes > MAX_BYTES)
        {
            Fail("size " + QuotedToken(token) + " is above 2^53 bytes");
        }
        if (bytes == 0)
        {
            Fail("size 0: a flow has at least 1 byte");
        }
        return bytes;
    }

    /// \return the probability a token gives
    double ParseProbability(std::string_view token) const
    {
        double probability = 0;
        const auto [end, error] =
            std::from_chars(token.data(), token.data() + token.size(), probability);
        if (error == std::errc::invalid_argument || end != token.data() + token.size() ||
            std::isnan(probability))
        {
            Fail("probability " + QuotedToken(token) + " is not a number");
        }
        if (error == std::errc::result_out_of_range)
        {
            Fail("probability " + QuotedToken(token) + " is beyond what a double holds");
        }
        if (probability < 0 || probability > 1)
        {
            Fail("probability " + QuotedToken(token) + " is outside [0, 1]");
        }
        return probability;
    }

    const std::string& m_name;           //!< the name errors give
    uint32_t m_line = 0;                 //!< the current line
    std::vector<FlowSizePoint> m_points; //!< the points so far
    uint32_t m_lastPointLine = 0;        //!< the line of the last point
    std::string m_lastProbability;       //!< the last point's probability, as written
};

/// A built-in distribution: its table in the file format, and what it is.
struct BuiltinTable
{
    const char* name;        //!< its name
    const char* description; //!< one line for `--background=help`
    const char* table;       //!< its points, in the CDF file format
};

/**
 * The built-in tables.
 *
 * web-search and hadoop are HPCC's (github.com/alibaba-edu/High-Precision-Congestion-Control,
 * traffic_gen/WebSearch_distribution.txt and traffic_gen/FbHdp_distribution.txt), sizes in
 * bytes as there, its percentages divided by 100, and its first point "0 0" moved to 1 byte
 * (a flow has at least one byte; HPCC's traffic_gen.py likewise turns a size of 0 into 1),
 * which raises the mean by 0.075 and 0.005 bytes. HPCC's web-search table is DCTCP's
 * distribution in bytes; its mean, 1711250 bytes, is the `mean_flow_size` of pFabric's and
 * PIAS's ns-2 scripts.
 *
 * data-mining is pFabric's CDF_vl2.tcl as PIAS ships it (github.com/HKUST-SING/PIAS-NS2,
 * scripts/CDF_vl2.tcl), whose sizes are in packets: here times 1460 payload bytes, as PIAS's
 * scripts count them (`meanFlowSize = 5117*1460`). Its first two lines, 1 packet at
 * probability 0 and at 0.5, are one point here: half the flows are exactly 1460 bytes.
 */
const BuiltinTable BUILTIN_TABLES[] = {
    {"web-search",
     "web search (DCTCP, Alizadeh et al., SIGCOMM 2010), HPCC's table; mean 1.71 MB",
     "1 0\n"
     "10000 0.15\n"
     "20000 0.2\n"
     "30000 0.3\n"
     "50000 0.4\n"
     "80000 0.53\n"
     "200000 0.6\n"
     "1000000 0.7\n"
     "2000000 0.8\n"
     "5000000 0.9\n"
     "10000000 0.97\n"
     "30000000 1\n"},
    {"hadoop",
     "Facebook Hadoop (Roy et al., SIGCOMM 2015), HPCC's FbHdp table; mean 120 KB",
     "1 0\n"
     "100 0.01\n"
     "200 0.02\n"
     "300 0.05\n"
     "350 0.15\n"
     "400 0.2\n"
     "500 0.3\n"
     "600 0.4\n"
     "700 0.5\n"
     "1000 0.6\n"
     "2000 0.67\n"
     "7000 0.7\n"
     "30000 0.72\n"
     "50000 0.82\n"
     "80000 0.87\n"
     "120000 0.9\n"
     "300000 0.95\n"
     "1000000 0.975\n"
     "2000000 0.99\n"
     "10000000 1\n"},
    {"data-mining",
     "data mining (VL2, Greenberg et al., SIGCOMM 2009), pFabric's table; mean 7.47 MB",
     "1460 0.5\n"      // 1 packet
     "2920 0.6\n"      // 2
     "4380 0.7\n"      // 3
     "10220 0.8\n"     // 7
     "389820 0.9\n"    // 267
     "3076220 0.95\n"  // 2107
     "97333820 0.99\n" // 66667
     "973333820 1\n"}, // 666667
};

/// A built-in distribution, read.
struct BuiltinCdf
{
    FlowSizeCdfDescription description; //!< its name and what it is
    FlowSizeCdf cdf;                    //!< its distribution
};

/// \return the built-in distributions, read once
const std::vector<BuiltinCdf>&
BuiltinCdfs()
{
    static const std::vector<BuiltinCdf> builtins = [] {
        std::vector<BuiltinCdf> read;
        for (const BuiltinTable& table : BUILTIN_TABLES)
        {
            std::istringstream text(table.table);
            read.push_back({{table.name, table.description}, FlowSizeCdf::Parse(text, table.name)});
        }
        return read;
    }();
    return builtins;
}

} // namespace

CdfError::CdfError(const std::string& name, uint32_t line, const std::string& problem)
    : std::invalid_argument(FileErrorLine(name, line, problem)),
      m_line(line),
      m_problem(problem)
{
}

uint32_t
CdfError::Line() const
{
    return m_line;
}

const std::string&
CdfError::Problem() const
{
    return m_problem;
}

FlowSizeCdf::FlowSizeCdf(std::string name, std::vector<FlowSizePoint> points)
    : m_name(std::move(name)),
      m_points(std::move(points))
{
}

FlowSizeCdf
FlowSizeCdf::Parse(std::istream& in, const std::string& name)
{
    return FlowSizeCdf(name, CdfParser(name).Parse(in));
}

FlowSizeCdf
FlowSizeCdf::Load(const std::string& path)
{
    std::istringstream in(ReadInputFileAs<CdfError>(path));
    return Parse(in, path);
}

const FlowSizeCdf*
FlowSizeCdf::Builtin(const std::string& name)
{
    for (const BuiltinCdf& builtin : BuiltinCdfs())
    {
        if (builtin.description.name == name)
        {
            return &builtin.cdf;
        }
    }
    return nullptr;
}

const std::vector<FlowSizeCdfDescription>&
FlowSizeCdf::Builtins()
{
    static const std::vector<FlowSizeCdfDescription> descriptions = [] {
        std::vector<FlowSizeCdfDescription> listed;
        for (const BuiltinCdf& builtin : BuiltinCdfs())
        {
            listed.push_back(builtin.description);
        }
        return listed;
    }();
    return descriptions;
}

const std::string&
FlowSizeCdf::Name() const
{
    return m_name;
}

const std::vector<FlowSizePoint>&
FlowSizeCdf::Points() const
{
    return m_points;
}

uint64_t
FlowSizeCdf::MinBytes() const
{
    return m_points.front().bytes;
}

uint64_t
FlowSizeCdf::MaxBytes() const
{
    return m_points.back().bytes;
}

double
FlowSizeCdf::MeanBytes() const
{
    double mean = m_points.front().probability * static_cast<double>(m_points.front().bytes);
    for (size_t i = 1; i < m_points.size(); ++i)
    {
        const FlowSizePoint& low = m_points[i - 1];
        const FlowSizePoint& high = m_points[i];
        mean += (high.probability - low.probability) *
                (static_cast<double>(low.bytes) + static_cast<double>(high.bytes)) / 2;
    }
    return mean;
}

uint64_t
FlowSizeCdf::Sample(double u) const
{
    if (!(u >= 0 && u <= 1))
    {
        throw std::invalid_argument("a flow-size draw must be in [0, 1], not " + std::to_string(u));
    }
    const auto high = std::lower_bound(
        m_points.begin(),
        m_points.end(),
        u,
        [](const FlowSizePoint& point, double value) { return point.probability < value; });
    if (high == m_points.begin())
    {
        return high->bytes;
    }
    const FlowSizePoint& low = *(high - 1);
    const double lowBytes = static_cast<double>(low.bytes);
    const double span = static_cast<double>(high->bytes) - lowBytes;
    const double bytes =
        lowBytes + span * (u - low.probability) / (high->probability - low.probability);
    return static_cast<uint64_t>(std::llround(bytes));
}

} // namespace fabriclb
} // namespace ns3
