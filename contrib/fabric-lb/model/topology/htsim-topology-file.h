/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_HTSIM_TOPOLOGY_FILE_H
#define FABRIC_LB_HTSIM_TOPOLOGY_FILE_H

#include "fabric-topology.h"

#include "ns3/object-base.h"

#include <cstdint>
#include <istream>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup fabric-lb
 * uet-htsim's topology files (`.topo`, read by its FatTreeTopologyCfg::read_cfg) as
 * fabric-lb's fabrics (--topology=htsim --topoFile=F). The format: a header of "Nodes N",
 * "Tiers T" (2 or 3) and "Podsize P", then a section per tier, "Tier t" (0: the top-of-rack
 * switches, 1: the aggregation switches or a 2-tier file's spines, 2: the core), each of
 * "Key value" lines: Downlink_speed_Gbps (the links below the tier's switches), Radix_Down
 * and Radix_Up (ports down and up), Downlink_Latency_ns, Switch_Latency_ns, Oversubscribed
 * (Radix_Down / Radix_Up of the tier), Bundle (parallel links to each switch below),
 * Queue_Down and Queue_Up (bytes). Keys are case-insensitive; '#' starts a comment line.
 * Pure logic, no simulator.
 */

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief A topology file that cannot be read or built. what() is one line, "FILE:LINE:
 * problem" (or "FILE: problem" when no line is to blame), non-printable bytes escaped.
 */
class HtsimTopologyError : public std::invalid_argument
{
  public:
    /**
     * \param file the file's name, as the caller gave it
     * \param line the 1-based line at fault, or 0 for the file as a whole
     * \param problem what is wrong, one line
     */
    HtsimTopologyError(const std::string& file, uint32_t line, const std::string& problem);
};

/// One "Key value" line of a topology file: its number and where it was.
struct HtsimValue
{
    uint64_t value; //!< the number
    uint32_t line;  //!< its 1-based line
};

/**
 * \ingroup fabric-lb
 * \brief A topology file as written: the header and each tier's keys, by their canonical
 * spelling ("Radix_Down"), each with its line.
 */
struct HtsimTopologyFile
{
    HtsimValue nodes;   //!< Nodes: hosts
    HtsimValue tiers;   //!< Tiers: 2 or 3
    HtsimValue podsize; //!< Podsize: hosts of a pod
    /// each tier's keys, tier 0 first; a tier holds its "Tier t" line as key "Tier"
    std::vector<std::map<std::string, HtsimValue>> tier;
};

/**
 * \param in the text
 * \param file its name, for errors
 * \return the file as written
 * \throws HtsimTopologyError at the first problem: a malformed line, an unknown or
 *         repeated key, a key outside its place (a tier key before "Tier", Radix_Up or
 *         Queue_Up at the top tier), a missing header value or tier section
 */
HtsimTopologyFile ParseHtsimTopology(std::istream& in, const std::string& file);

/**
 * \ingroup fabric-lb
 * \brief The fabric-lb fabric a topology file describes, and its links.
 */
struct HtsimFabric
{
    bool fatTree{false};          //!< a k-ary fat tree (3 tiers), else a leaf-spine
    uint32_t k{0};                //!< the fat tree's radix
    uint32_t oversubscription{1}; //!< the fat tree's hosts per edge switch over k/2
    uint32_t leaves{0};           //!< the leaf-spine's leaves
    uint32_t spines{0};           //!< the leaf-spine's spines
    uint32_t hostsPerLeaf{0};     //!< the leaf-spine's hosts per leaf
    uint32_t linksPerSpine{1};    //!< the leaf-spine's links between a leaf and a spine
    uint64_t linkRateGbps{0};     //!< every link's rate (0: the file gives none)
    uint64_t linkDelayNs{0};      //!< every link's delay
    bool linkDelayGiven{false};   //!< the file gives the delay

    /// \return the fabric, a FatTreeTopology or a LeafSpineTopology
    std::shared_ptr<const FabricTopology> Make() const;
};

/**
 * \param topo a parsed file
 * \param file its name, for errors
 * \return the fabric-lb fabric it describes exactly
 * \throws HtsimTopologyError for what fabric-lb cannot build exactly: a switch latency,
 *         per-tier queue sizes, tiers of different link speeds or latencies, a 3-tier file
 *         that is no k-ary fat tree, a 2-tier file of several pods, radices that do not
 *         add up
 */
HtsimFabric MapHtsimTopology(const HtsimTopologyFile& topo, const std::string& file);

/**
 * Reads, parses and maps a topology file.
 * \param path the file
 * \return its fabric
 * \throws HtsimTopologyError as the steps do, and "PATH: cannot open" for a file not read
 */
HtsimFabric ReadHtsimTopologyFile(const std::string& path);

} // namespace fabriclb

/**
 * \ingroup fabric-lb
 * \brief The file that --topology=htsim builds its fabric from, as an attribute (the
 * driver's --topoFile).
 */
class HtsimTopologyShape : public ObjectBase
{
  public:
    /// \return the attributes
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;
    /// Takes the attributes' defaults.
    HtsimTopologyShape();

    std::string topoFile; //!< the topology file
};

} // namespace ns3

#endif /* FABRIC_LB_HTSIM_TOPOLOGY_FILE_H */
