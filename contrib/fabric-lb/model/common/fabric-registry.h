/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FABRIC_REGISTRY_H
#define FABRIC_LB_FABRIC_REGISTRY_H

#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{
namespace fabriclb
{

class FabricTopology;

/**
 * \ingroup fabric-lb
 * \brief The names the driver, the sweep and the tests know, each registered
 * beside its class (a static Registration in the class's own file), as ns-3
 * registers a TypeId with NS_OBJECT_ENSURE_REGISTERED. `--lb=help`,
 * `--cc=help`, `--recovery=help`, the sweep's checks and the suites that run
 * every scheme read it; nothing keeps a list by hand.
 *
 * \tparam Entry a struct with at least `name` and `description` strings
 */
template <typename Entry>
class Registry
{
  public:
    /// \return the one registry of \p Entry
    static Registry& Instance()
    {
        static Registry registry;
        return registry;
    }

    /**
     * \param entry what to register
     * \throws std::logic_error if its name is empty or already registered
     */
    void Add(Entry entry)
    {
        if (entry.name.empty() || m_entries.count(entry.name))
        {
            throw std::logic_error("registry: name '" + entry.name + "' empty or taken");
        }
        std::string name = entry.name;
        m_entries.emplace(std::move(name), std::move(entry));
    }

    /// \return the entry named \p name, or nullptr
    const Entry* Find(const std::string& name) const
    {
        const auto it = m_entries.find(name);
        return it == m_entries.end() ? nullptr : &it->second;
    }

    /// \return the first entry, by name, for which \p matches is true, or nullptr
    template <typename Predicate>
    const Entry* FindWhere(Predicate matches) const
    {
        for (const auto& [name, entry] : m_entries)
        {
            if (matches(entry))
            {
                return &entry;
            }
        }
        return nullptr;
    }

    /**
     * \param name a name
     * \param kind what the entries are, for the error message ("congestion control")
     * \return the entry named \p name
     * \throws std::invalid_argument naming \p name and the known names otherwise
     */
    const Entry& Get(const std::string& name, const std::string& kind) const
    {
        if (const Entry* entry = Find(name))
        {
            return *entry;
        }
        throw std::invalid_argument("unknown " + kind + " '" + name + "' (" + Names() + ")");
    }

    /// \return every entry, by name
    std::vector<Entry> All() const
    {
        std::vector<Entry> all;
        for (const auto& [name, entry] : m_entries)
        {
            all.push_back(entry);
        }
        return all;
    }

    /// \return the names, comma-separated
    std::string Names() const
    {
        std::string names;
        for (const auto& [name, entry] : m_entries)
        {
            names += (names.empty() ? "" : ", ") + name;
        }
        return names;
    }

    /// \return one line per entry: its name, a tab, its description (the drivers' help)
    std::string Help() const
    {
        std::string help;
        for (const auto& [name, entry] : m_entries)
        {
            help += name + "\t" + entry.description + "\n";
        }
        return help;
    }

  private:
    Registry() = default;
    std::map<std::string, Entry> m_entries; //!< by name
};

/**
 * \ingroup fabric-lb
 * \brief Registers an entry while the library loads: one static object beside its class,
 * `static const Registration<LbScheme> g_mine({...});`.
 * \tparam Entry the registry's entry type
 */
template <typename Entry>
struct Registration
{
    /// \param entry what to register
    explicit Registration(Entry entry)
    {
        Registry<Entry>::Instance().Add(std::move(entry));
    }
};

/// Where a load-balancing scheme makes its choice.
enum class LbSite
{
    HOST,  //!< the hosts choose a label; switches follow it (ECMP hashing or host DR)
    SWITCH //!< the switches choose; hosts keep one label per queue pair
};

/**
 * \ingroup fabric-lb
 * \brief A load-balancing scheme (the driver's --lb): what the hosts and the switches run.
 */
struct LbScheme
{
    std::string name;             //!< name as the driver's --lb takes it
    std::string description;      //!< one line for --lb=help
    LbSite site;                  //!< where it decides
    std::string hostPolicy;       //!< TypeId name of the HostPathPolicy
    std::string switchDiscipline; //!< TypeId name of the SwitchDiscipline
    double markFraction;          //!< ECN threshold it needs, a fraction of the buffer (0: none)
};

/**
 * \ingroup fabric-lb
 * \brief A loss-recovery strategy (the driver's --recovery, RoceNic::Recovery).
 */
struct RecoveryStrategy
{
    std::string name;        //!< name as the driver takes it
    std::string description; //!< one line for --recovery=help
    std::string typeName;    //!< TypeId name of the RoceRecoveryOps
};

/**
 * \ingroup fabric-lb
 * \brief A congestion control (the driver's --cc, RoceNic::CongestionControl).
 */
struct CongestionControlStrategy
{
    std::string name;        //!< name as the driver takes it
    std::string description; //!< one line for --cc=help
    std::string typeName;    //!< TypeId name of the RoceCongestionOps
    bool redMarking{false};  //!< switch queues mark RED-style for it (FabricQueueDisc::RedMarking)
    bool telemetry{false};   //!< switch ports stamp in-band telemetry for it (IntTelemetryTag)
};

/**
 * \ingroup fabric-lb
 * \brief A kind of fabric (the driver's --topology, ExperimentConfig's Topology): the flags
 * that shape it, each an attribute, and how to build one from their current defaults.
 */
struct TopologyKind
{
    std::string name;        //!< name as the driver's --topology takes it
    std::string description; //!< one line for --topology=help
    /// (driver flag, "ns3::Class::Attribute") of each parameter, e.g. ("leaves", ...)
    std::vector<std::pair<std::string, std::string>> flags;
    /// builds the fabric from the attributes' current defaults; throws std::invalid_argument
    /// for one that cannot be built
    std::function<std::shared_ptr<const FabricTopology>()> make;
};

/// \return the registry of load-balancing schemes
inline Registry<LbScheme>&
LbSchemes()
{
    return Registry<LbScheme>::Instance();
}

/// \return the registry of fabrics
inline Registry<TopologyKind>&
TopologyKinds()
{
    return Registry<TopologyKind>::Instance();
}

/// \return the registry of loss-recovery strategies
inline Registry<RecoveryStrategy>&
RecoveryStrategies()
{
    return Registry<RecoveryStrategy>::Instance();
}

/// \return the registry of congestion controls
inline Registry<CongestionControlStrategy>&
CongestionControls()
{
    return Registry<CongestionControlStrategy>::Instance();
}

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_FABRIC_REGISTRY_H */
