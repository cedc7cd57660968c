/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_CHAIN_BROADCAST_H
#define FABRIC_LB_CHAIN_BROADCAST_H

#include "connection-matrix.h"

#include <cstdint>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief A pipelined broadcast from host 0 down the chain 0 -> 1 -> ... -> n-1 (NCCL's ring
 * broadcast, from the root to the rank before it): the buffer is cut into n chunks of
 * ceil(bytes/n) bytes; rank h sends chunk c to rank h+1 once it has received chunk c (h > 0)
 * and its chunk c-1 to rank h+1 is acknowledged (c > 0), one chunk in flight per link, as
 * the tree all-reduce's edges carry theirs. Flows are numbered link by link, chunk by chunk;
 * the first chunk of the first link starts at time 0; the others wait on oneshot triggers
 * (one condition) or barriers of count 2.
 *
 * \param hosts the chain's length n, at least 2
 * \param bytes the buffer, at least 1
 * \return (n-1) n flows over hosts 0 .. n-1
 * \throws std::invalid_argument for fewer than 2 hosts or 0 bytes
 */
ConnectionMatrix ChainBroadcast(uint32_t hosts, uint64_t bytes);

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_CHAIN_BROADCAST_H */
