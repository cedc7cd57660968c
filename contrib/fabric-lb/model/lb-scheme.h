/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_LB_SCHEME_H
#define FABRIC_LB_LB_SCHEME_H

#include <string>
#include <vector>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief A load-balancing scheme by name: what the hosts and the switches run.
 */
struct LbScheme
{
    std::string name;             //!< name as the driver's --lb takes it
    std::string description;      //!< one line for --lb=help
    std::string hostPolicy;       //!< TypeId name of the HostPathPolicy
    std::string switchDiscipline; //!< TypeId name of the SwitchDiscipline
    double markFraction;          //!< ECN marking threshold, a fraction of the buffer (0: none)
};

/// \return every scheme the module implements
const std::vector<LbScheme>& LbSchemes();

/**
 * \param name a scheme name
 * \return the scheme, or nullptr if there is none of that name
 */
const LbScheme* FindLbScheme(const std::string& name);

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_LB_SCHEME_H */
