/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "experiment-lookup.h"

#include "command-line-values.h"
#include "fabric-helper.h"

#include "ns3/multi-plane-topology.h"
#include "ns3/roce-nic.h"

#include <stdexcept>

namespace ns3
{

namespace
{

/// \return the TypeId name that \p attribute of \p tid holds by default
std::string
DefaultTypeName(TypeId tid, const std::string& attribute)
{
    return AttributeDefault(tid.GetName() + "::" + attribute);
}

/**
 * \return the entry of \p registry named \p name, or if it is empty the one whose TypeId is
 * RoceNic's default for \p attribute
 * \param kind what the entries are, for the error message
 */
template <typename Entry>
const Entry&
ResolveNicStrategy(const fabriclb::Registry<Entry>& registry,
                   const std::string& name,
                   const std::string& kind,
                   const std::string& attribute)
{
    if (!name.empty())
    {
        return registry.Get(name, kind);
    }
    const std::string type = DefaultTypeName(RoceNic::GetTypeId(), attribute);
    const Entry* entry = registry.FindWhere([&type](const Entry& e) { return e.typeName == type; });
    if (!entry)
    {
        throw std::invalid_argument("RoceNic's " + attribute + " " + type + " is not registered");
    }
    return *entry;
}

} // namespace

const fabriclb::Collective&
CollectiveNamed(const std::string& name)
{
    return fabriclb::Workloads().Get(name, "workload");
}

std::shared_ptr<const fabriclb::FabricTopology>
MakeTopology(const ExperimentConfig& config)
{
    std::shared_ptr<const fabriclb::FabricTopology> plane =
        fabriclb::TopologyKinds().Get(config.topology, "topology").make();
    if (config.planes == 1)
    {
        return plane;
    }
    if (config.planes == 0)
    {
        throw std::invalid_argument("--planes must be at least 1, got 0");
    }
    return std::make_shared<const fabriclb::MultiPlaneTopology>(plane, config.planes);
}

const fabriclb::LbScheme&
ResolveLbScheme(const std::string& name)
{
    if (!name.empty())
    {
        return fabriclb::LbSchemes().Get(name, "load-balancing scheme");
    }
    const std::string discipline = DefaultTypeName(FabricHelper::GetTypeId(), "SwitchDiscipline");
    const std::string policy = DefaultTypeName(FabricHelper::GetTypeId(), "HostPathPolicy");
    const fabriclb::LbScheme* scheme =
        fabriclb::LbSchemes().FindWhere([&](const fabriclb::LbScheme& s) {
            return s.switchDiscipline == discipline && s.hostPolicy == policy;
        });
    if (!scheme)
    {
        throw std::invalid_argument("FabricHelper's SwitchDiscipline " + discipline +
                                    " and HostPathPolicy " + policy +
                                    " form no registered scheme: name one (--lb)");
    }
    return *scheme;
}

const fabriclb::RecoveryStrategy&
ResolveRecovery(const std::string& name)
{
    return ResolveNicStrategy(fabriclb::RecoveryStrategies(), name, "recovery", "Recovery");
}

const fabriclb::CongestionControlStrategy&
ResolveCongestionControl(const std::string& name)
{
    return ResolveNicStrategy(fabriclb::CongestionControls(),
                              name,
                              "congestion control",
                              "CongestionControl");
}

} // namespace ns3
