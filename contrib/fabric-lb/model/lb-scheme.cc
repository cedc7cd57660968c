/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "lb-scheme.h"

namespace ns3
{
namespace fabriclb
{

const std::vector<LbScheme>&
LbSchemes()
{
    static const std::vector<LbScheme> schemes{
        {"ecmp",
         "flow: switches hash the 5-tuple (salted per switch); one label per queue pair",
         "ns3::FixedLabelPathPolicy",
         "ns3::EcmpDiscipline"},
    };
    return schemes;
}

const LbScheme*
FindLbScheme(const std::string& name)
{
    for (const LbScheme& scheme : LbSchemes())
    {
        if (scheme.name == name)
        {
            return &scheme;
        }
    }
    return nullptr;
}

} // namespace fabriclb
} // namespace ns3
