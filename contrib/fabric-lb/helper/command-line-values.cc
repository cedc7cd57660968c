/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "command-line-values.h"

#include "ns3/fat-tree-topology.h"

#include <stdexcept>

namespace ns3
{

uint32_t
ParseRadix(const std::string& text)
{
    const std::optional<uint32_t> k = ParseWholeInteger<uint32_t>(text);
    if (!k)
    {
        throw std::invalid_argument("fat-tree radix k must be a positive integer, got '" + text +
                                    "'");
    }
    fabriclb::FatTreeTopology topology(*k); // throws for an odd or too small k
    return *k;
}

} // namespace ns3
