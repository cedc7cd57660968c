/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_DEPENDENCY_ORDER_H
#define FABRIC_LB_DEPENDENCY_ORDER_H

#include <cstdint>
#include <vector>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * Kahn's order of items that wait on others: an item comes after every item it waits on,
 * and of the items ready at once the smallest index first, so the order is one and the same
 * for the same input.
 * \param waitsOn for each item, the indices of the items it waits on (each below
 *        waitsOn.size())
 * \return the items in that order; an item on a cycle, or waiting on one, is left out, so
 *         the result is shorter than waitsOn exactly when there is a cycle
 */
std::vector<uint32_t> DependencyOrder(const std::vector<std::vector<uint32_t>>& waitsOn);

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_DEPENDENCY_ORDER_H */
