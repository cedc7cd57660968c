/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "htsim-topology-file.h"

#include "fat-tree-topology.h"
#include "leaf-spine-topology.h"

#include "ns3/attribute-construction-list.h"
#include "ns3/error-text.h"
#include "ns3/fabric-registry.h"
#include "ns3/input-file.h"
#include "ns3/string.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <sstream>
#include <string_view>

namespace ns3
{
namespace fabriclb
{

namespace
{

/// The header's keys.
constexpr std::array<std::string_view, 3> HEADER_KEYS = {"Nodes", "Tiers", "Podsize"};

/// A tier's keys, as uet-htsim spells them in its files.
constexpr std::array<std::string_view, 9> TIER_KEYS = {"Downlink_speed_Gbps",
                                                       "Radix_Down",
                                                       "Radix_Up",
                                                       "Downlink_Latency_ns",
                                                       "Switch_Latency_ns",
                                                       "Oversubscribed",
                                                       "Bundle",
                                                       "Queue_Down",
                                                       "Queue_Up"};

/// The largest number a line may give (every count and size fits 32 bits).
constexpr uint64_t VALUE_MAX = 0xffffffffULL;

/// \return \p text in lower case
std::string
Lower(std::string_view text)
{
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) {
        return static_cast<char>(std::tolower(c));
    });
    return out;
}

/// \return the canonical spelling of \p token among \p keys, if it is one
template <size_t N>
std::optional<std::string>
FindKey(const std::array<std::string_view, N>& keys, const std::string& token)
{
    for (std::string_view key : keys)
    {
        if (Lower(key) == Lower(token))
        {
            return std::string(key);
        }
    }
    return std::nullopt;
}

/// \return the whitespace-separated tokens of \p text
std::vector<std::string>
Tokens(const std::string& text)
{
    std::vector<std::string> tokens;
    std::istringstream words(text);
    std::string word;
    while (words >> word)
    {
        tokens.push_back(word);
    }
    return tokens;
}

/// Reads one file, line by line; every problem throws an HtsimTopologyError.
class HtsimTopologyParser
{
  public:
    /// \param file the name errors give
    explicit HtsimTopologyParser(const std::string& file)
        : m_file(file)
    {
    }

    /// \param in the text \return the file as written
    HtsimTopologyFile Parse(std::istream& in)
    {
        std::string text;
        while (std::getline(in, text))
        {
            ++m_line;
            ParseLine(text);
        }
        for (size_t i = 0; i < HEADER_KEYS.size(); ++i)
        {
            if (!m_header[i])
            {
                Fail(0, "no " + std::string(HEADER_KEYS[i]) + " line");
            }
        }
        for (uint64_t t = 0; t < m_header[TIERS]->value; ++t)
        {
            if (m_topo.tier[t].empty())
            {
                Fail(0, "no Tier " + std::to_string(t) + " section");
            }
        }
        m_topo.nodes = *m_header[NODES];
        m_topo.tiers = *m_header[TIERS];
        m_topo.podsize = *m_header[PODSIZE];
        return m_topo;
    }

  private:
    /// Indices into HEADER_KEYS.
    enum Header
    {
        NODES,
        TIERS,
        PODSIZE
    };

    [[noreturn]] void Fail(uint32_t line, const std::string& problem) const
    {
        throw HtsimTopologyError(m_file, line, problem);
    }

    /// \return the value of a "Key value" line
    uint64_t Value(const std::string& key, const std::string& token) const
    {
        const bool digits = !token.empty() && token.size() <= 10 &&
                            std::all_of(token.begin(), token.end(), [](unsigned char c) {
                                return std::isdigit(c);
                            });
        if (!digits || std::stoull(token) > VALUE_MAX)
        {
            Fail(m_line,
                 key + " " + QuotedToken(token) + " is not a whole number from 0 to " +
                     std::to_string(VALUE_MAX));
        }
        return std::stoull(token);
    }

    void ParseLine(const std::string& text)
    {
        const std::vector<std::string> tokens = Tokens(text);
        if (tokens.empty() || tokens[0][0] == '#')
        {
            return;
        }
        const std::optional<std::string> header = FindKey(HEADER_KEYS, tokens[0]);
        const std::optional<std::string> tierKey = FindKey(TIER_KEYS, tokens[0]);
        const bool tierLine = Lower(tokens[0]) == "tier";
        if (!header && !tierKey && !tierLine)
        {
            Fail(m_line,
                 "unknown key " + QuotedToken(tokens[0]) +
                     " (keys: Nodes, Tiers, Podsize, Tier, Downlink_speed_Gbps, Radix_Down, "
                     "Radix_Up, Downlink_Latency_ns, Switch_Latency_ns, Oversubscribed, "
                     "Bundle, Queue_Down, Queue_Up)");
        }
        const std::string key = header ? *header : tierKey ? *tierKey : "Tier";
        if (tokens.size() != 2)
        {
            Fail(m_line, "malformed line: want '" + key + " NUMBER'");
        }
        const uint64_t value = Value(key, tokens[1]);
        if (header)
        {
            ParseHeader(key, value);
        }
        else if (tierLine)
        {
            ParseTier(value);
        }
        else
        {
            ParseTierKey(key, value);
        }
    }

    void ParseHeader(const std::string& key, uint64_t value)
    {
        if (m_tier)
        {
            Fail(m_line, key + " belongs in the header, before the first Tier line");
        }
        const size_t i =
            std::find(HEADER_KEYS.begin(), HEADER_KEYS.end(), key) - HEADER_KEYS.begin();
        if (m_header[i])
        {
            Fail(m_line,
                 key + " given twice (first on line " + std::to_string(m_header[i]->line) + ")");
        }
        if (i == TIERS && (value < 2 || value > 3))
        {
            Fail(m_line, "Tiers " + std::to_string(value) + ": a file has 2 or 3 tiers");
        }
        if (i != TIERS && value == 0)
        {
            Fail(m_line, key + " must be positive");
        }
        m_header[i] = HtsimValue{value, m_line};
        if (i == TIERS)
        {
            m_topo.tier.resize(value);
        }
    }

    void ParseTier(uint64_t tier)
    {
        if (!m_header[TIERS])
        {
            Fail(m_line, "Tier before the header's Tiers line");
        }
        if (tier >= m_topo.tier.size())
        {
            Fail(m_line,
                 "Tier " + std::to_string(tier) + ": the file has " +
                     std::to_string(m_topo.tier.size()) + " tiers (Tier 0 to " +
                     std::to_string(m_topo.tier.size() - 1) + ")");
        }
        if (!m_topo.tier[tier].empty())
        {
            Fail(m_line,
                 "Tier " + std::to_string(tier) + " given twice (first on line " +
                     std::to_string(m_topo.tier[tier].at("Tier").line) + ")");
        }
        m_topo.tier[tier]["Tier"] = HtsimValue{tier, m_line};
        m_tier = tier;
    }

    void ParseTierKey(const std::string& key, uint64_t value)
    {
        if (!m_tier)
        {
            Fail(m_line, key + " before any Tier line");
        }
        std::map<std::string, HtsimValue>& keys = m_topo.tier[*m_tier];
        if (const auto it = keys.find(key); it != keys.end())
        {
            Fail(m_line,
                 key + " given twice in Tier " + std::to_string(*m_tier) + " (first on line " +
                     std::to_string(it->second.line) + ")");
        }
        if ((key == "Radix_Up" || key == "Queue_Up") && *m_tier + 1 == m_topo.tier.size())
        {
            Fail(m_line,
                 key + " in Tier " + std::to_string(*m_tier) +
                     ", the top tier, which has no uplinks");
        }
        keys[key] = HtsimValue{value, m_line};
    }

    std::string m_file;                                //!< the name errors give
    uint32_t m_line{0};                                //!< the line being read
    std::array<std::optional<HtsimValue>, 3> m_header; //!< the header's values
    std::optional<uint64_t> m_tier;                    //!< the section being read
    HtsimTopologyFile m_topo;                          //!< what has been read
};

/// Maps a parsed file onto a fabric; every problem throws an HtsimTopologyError.
class HtsimTopologyMapper
{
  public:
    /// \param topo the file \param file its name
    HtsimTopologyMapper(const HtsimTopologyFile& topo, const std::string& file)
        : m_topo(topo),
          m_file(file)
    {
    }

    HtsimFabric Map()
    {
        CheckTiers();
        HtsimFabric fabric;
        fabric.linkRateGbps = SameOnEveryTier("Downlink_speed_Gbps", "--linkRate").value_or(0);
        const std::optional<uint64_t> delay = SameOnEveryTier("Downlink_Latency_ns", "--linkDelay");
        fabric.linkDelayGiven = delay.has_value();
        fabric.linkDelayNs = delay.value_or(0);
        const uint64_t nodes = m_topo.nodes.value;
        const uint64_t podsize = m_topo.podsize.value;
        const uint64_t down0 = Get(0, "Radix_Down");
        if (nodes % podsize != 0)
        {
            Fail(m_topo.podsize.line,
                 "Podsize " + std::to_string(podsize) + " does not divide Nodes " +
                     std::to_string(nodes));
        }
        if (podsize % down0 != 0)
        {
            Fail(Line(0, "Radix_Down"),
                 "Tier 0 Radix_Down " + std::to_string(down0) + " does not divide Podsize " +
                     std::to_string(podsize));
        }
        if (m_topo.tier.size() == 2)
        {
            MapLeafSpine(fabric);
        }
        else
        {
            MapFatTree(fabric);
        }
        return fabric;
    }

  private:
    [[noreturn]] void Fail(uint32_t line, const std::string& problem) const
    {
        throw HtsimTopologyError(m_file, line, problem);
    }

    /// \return the line of \p key in \p tier, else of the tier's own line
    uint32_t Line(size_t tier, const std::string& key) const
    {
        const auto it = m_topo.tier[tier].find(key);
        return it != m_topo.tier[tier].end() ? it->second.line : m_topo.tier[tier].at("Tier").line;
    }

    /// \return \p key of \p tier, or \p otherwise where the tier lacks it
    uint64_t Get(size_t tier, const std::string& key, uint64_t otherwise) const
    {
        const auto it = m_topo.tier[tier].find(key);
        return it != m_topo.tier[tier].end() ? it->second.value : otherwise;
    }

    /// \return \p key of \p tier, which it must give
    uint64_t Get(size_t tier, const std::string& key) const
    {
        const auto it = m_topo.tier[tier].find(key);
        if (it == m_topo.tier[tier].end())
        {
            Fail(Line(tier, "Tier"), "Tier " + std::to_string(tier) + " has no " + key);
        }
        if (it->second.value == 0)
        {
            Fail(it->second.line, key + " must be positive");
        }
        return it->second.value;
    }

    /// Refuses the keys no fabric-lb fabric follows, and a tier's inconsistent radices.
    void CheckTiers() const
    {
        for (size_t t = 0; t < m_topo.tier.size(); ++t)
        {
            const std::string tier = "Tier " + std::to_string(t);
            if (const uint64_t latency = Get(t, "Switch_Latency_ns", 0); latency > 0)
            {
                Fail(Line(t, "Switch_Latency_ns"),
                     tier + " Switch_Latency_ns " + std::to_string(latency) +
                         ": fabric-lb's switches forward with no latency (0 only)");
            }
            for (const char* queue : {"Queue_Down", "Queue_Up"})
            {
                if (m_topo.tier[t].count(queue))
                {
                    Fail(Line(t, queue),
                         tier + " " + queue +
                             ": per-tier queue sizes are not supported (--bufferBytes sizes "
                             "every port)");
                }
            }
            Get(t, "Radix_Down"); // every tier gives it, positive
            if (t + 1 < m_topo.tier.size())
            {
                const uint64_t down = Get(t, "Radix_Down");
                const uint64_t up = Get(t, "Radix_Up");
                const uint64_t over = Get(t, "Oversubscribed", 1);
                if (down % up != 0 || down / up != over)
                {
                    Fail(Line(t, "Oversubscribed"),
                         tier + " Radix_Down " + std::to_string(down) + " over Radix_Up " +
                             std::to_string(up) + " is not its Oversubscribed " +
                             std::to_string(over));
                }
            }
            else if (Get(t, "Oversubscribed", 1) != 1)
            {
                Fail(Line(t, "Oversubscribed"),
                     tier + " Oversubscribed: the top tier has no uplinks (1 only)");
            }
            if (Get(t, "Bundle", 1) == 0)
            {
                Fail(Line(t, "Bundle"), "Bundle must be positive");
            }
        }
        if (Get(0, "Bundle", 1) != 1)
        {
            Fail(Line(0, "Bundle"), "Tier 0 Bundle: a host has one link to its switch (1 only)");
        }
    }

    /**
     * \param key a per-tier link key
     * \param flag the one driver flag that sets it for every link
     * \return its value, the same on every tier, or none if no tier gives it
     */
    std::optional<uint64_t> SameOnEveryTier(const std::string& key, const std::string& flag) const
    {
        const auto& tiers = m_topo.tier;
        const auto given = [&](size_t t) { return tiers[t].count(key) > 0; };
        for (size_t t = 1; t < tiers.size(); ++t)
        {
            const std::string what = "Tier " + std::to_string(t) + " " + key;
            if (given(t) != given(0))
            {
                Fail(Line(given(t) ? t : 0, key),
                     (given(t) ? what + " given" : "Tier " + std::to_string(t) + " has no " + key) +
                         (given(0) ? " while Tier 0 gives it" : " while Tier 0 has none") +
                         ": fabric-lb has one " + flag + " for every link");
            }
            if (given(t) && tiers[t].at(key).value != tiers[0].at(key).value)
            {
                Fail(Line(t, key),
                     what + " " + std::to_string(tiers[t].at(key).value) +
                         " differs from Tier 0's " + std::to_string(tiers[0].at(key).value) +
                         ": fabric-lb has one " + flag + " for every link");
            }
        }
        if (!given(0))
        {
            return std::nullopt;
        }
        if (key == "Downlink_speed_Gbps")
        {
            Get(0, key); // positive
        }
        return tiers[0].at(key).value;
    }

    void MapLeafSpine(HtsimFabric& fabric) const
    {
        const uint64_t nodes = m_topo.nodes.value;
        if (m_topo.podsize.value != nodes)
        {
            Fail(m_topo.podsize.line,
                 "Podsize " + std::to_string(m_topo.podsize.value) + " of Nodes " +
                     std::to_string(nodes) +
                     ": a 2-tier file of several pods is several fabrics (Podsize = Nodes)");
        }
        const uint64_t down0 = Get(0, "Radix_Down");
        const uint64_t up0 = Get(0, "Radix_Up");
        const uint64_t down1 = Get(1, "Radix_Down");
        const uint64_t bundle = Get(1, "Bundle", 1);
        const uint64_t leaves = nodes / down0;
        if (down1 != leaves * bundle)
        {
            Fail(Line(1, "Radix_Down"),
                 "Tier 1 Radix_Down " + std::to_string(down1) + " is not the " +
                     std::to_string(leaves) + " leaves times Bundle " + std::to_string(bundle));
        }
        if (up0 % bundle != 0)
        {
            Fail(Line(0, "Radix_Up"),
                 "Tier 0 Radix_Up " + std::to_string(up0) + " is not a multiple of Tier 1 Bundle " +
                     std::to_string(bundle));
        }
        fabric.leaves = static_cast<uint32_t>(leaves);
        fabric.spines = static_cast<uint32_t>(up0 / bundle);
        fabric.hostsPerLeaf = static_cast<uint32_t>(down0);
        fabric.linksPerSpine = static_cast<uint32_t>(bundle);
    }

    void MapFatTree(HtsimFabric& fabric) const
    {
        const uint64_t half = Get(0, "Radix_Up");
        const uint64_t k = 2 * half;
        const uint64_t down0 = Get(0, "Radix_Down");
        const std::string fat = "not a k-ary fat tree (Tier 0 Radix_Up " + std::to_string(half) +
                                ": k=" + std::to_string(k) + "): ";
        const auto want =
            [&](uint32_t line, const std::string& what, uint64_t is, uint64_t should) {
                if (is != should)
                {
                    Fail(line,
                         fat + what + " is " + std::to_string(is) + ", k=" + std::to_string(k) +
                             " needs " + std::to_string(should));
                }
            };
        want(Line(1, "Bundle"), "Tier 1 Bundle", Get(1, "Bundle", 1), 1);
        want(Line(2, "Bundle"), "Tier 2 Bundle", Get(2, "Bundle", 1), 1);
        want(Line(1, "Radix_Down"), "Tier 1 Radix_Down", Get(1, "Radix_Down"), half);
        want(Line(1, "Radix_Up"), "Tier 1 Radix_Up", Get(1, "Radix_Up"), half);
        want(Line(2, "Radix_Down"), "Tier 2 Radix_Down", Get(2, "Radix_Down"), k);
        want(m_topo.podsize.line, "Podsize", m_topo.podsize.value, down0 * half);
        want(m_topo.nodes.line, "Nodes", m_topo.nodes.value, k * down0 * half);
        fabric.fatTree = true;
        fabric.k = static_cast<uint32_t>(k);
        fabric.oversubscription = static_cast<uint32_t>(down0 / half);
    }

    const HtsimTopologyFile& m_topo; //!< the file
    std::string m_file;              //!< its name
};

} // namespace

HtsimTopologyError::HtsimTopologyError(const std::string& file,
                                       uint32_t line,
                                       const std::string& problem)
    : std::invalid_argument(FileErrorLine(file, line, problem))
{
}

HtsimTopologyFile
ParseHtsimTopology(std::istream& in, const std::string& file)
{
    return HtsimTopologyParser(file).Parse(in);
}

HtsimFabric
MapHtsimTopology(const HtsimTopologyFile& topo, const std::string& file)
{
    return HtsimTopologyMapper(topo, file).Map();
}

std::shared_ptr<const FabricTopology>
HtsimFabric::Make() const
{
    if (fatTree)
    {
        return std::make_shared<const FatTreeTopology>(k, oversubscription);
    }
    return std::make_shared<const LeafSpineTopology>(leaves, spines, hostsPerLeaf, linksPerSpine);
}

HtsimFabric
ReadHtsimTopologyFile(const std::string& path)
{
    std::istringstream in(ReadInputFileAs<HtsimTopologyError>(path));
    const HtsimFabric fabric = MapHtsimTopology(ParseHtsimTopology(in, path), path);
    try
    {
        fabric.Make();
    }
    catch (const std::invalid_argument& e)
    {
        throw HtsimTopologyError(path, 0, e.what());
    }
    return fabric;
}

} // namespace fabriclb

NS_OBJECT_ENSURE_REGISTERED(HtsimTopologyShape);

TypeId
HtsimTopologyShape::GetTypeId()
{
    static TypeId tid = TypeId("ns3::HtsimTopologyShape")
                            .SetParent<ObjectBase>()
                            .SetGroupName("FabricLb")
                            .AddAttribute("TopoFile",
                                          "htsim: uet-htsim's topology file (.topo) of the fabric",
                                          StringValue(""),
                                          MakeStringAccessor(&HtsimTopologyShape::topoFile),
                                          MakeStringChecker());
    return tid;
}

TypeId
HtsimTopologyShape::GetInstanceTypeId() const
{
    return GetTypeId();
}

HtsimTopologyShape::HtsimTopologyShape()
{
    ConstructSelf(AttributeConstructionList());
}

namespace
{
/// `--topology=htsim`.
const fabriclb::Registration<fabriclb::TopologyKind> g_htsimTopology(
    {"htsim",
     "uet-htsim's topology file (--topoFile): 2 tiers as the leaf-spine, 3 as the k-ary fat "
     "tree, its link speed and latency as --linkRate and --linkDelay",
     {{"topoFile", "ns3::HtsimTopologyShape::TopoFile"}},
     [] {
         const HtsimTopologyShape shape;
         if (shape.topoFile.empty())
         {
             throw std::invalid_argument("--topology=htsim reads its fabric from --topoFile=FILE");
         }
         return fabriclb::ReadHtsimTopologyFile(shape.topoFile).Make();
     }});
} // namespace

} // namespace ns3
