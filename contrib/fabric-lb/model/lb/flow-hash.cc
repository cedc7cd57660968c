/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "flow-hash.h"

#include "ns3/hash.h"

#include <array>
#include <cstring>

namespace ns3
{
namespace fabriclb
{

uint32_t
SaltedFlowHash(uint32_t salt, const FiveTuple& tuple)
{
    std::array<char, 17> key{};
    std::memcpy(key.data(), &salt, 4);
    std::memcpy(key.data() + 4, &tuple.source, 4);
    std::memcpy(key.data() + 8, &tuple.destination, 4);
    std::memcpy(key.data() + 12, &tuple.sourcePort, 2);
    std::memcpy(key.data() + 14, &tuple.destinationPort, 2);
    key[16] = static_cast<char>(tuple.protocol);
    return Hash32(key.data(), key.size());
}

} // namespace fabriclb
} // namespace ns3
