/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_VALUE_LIMITS_H
#define FABRIC_LB_VALUE_LIMITS_H

#include <cstdint>

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief The largest values the module's attributes take where no other limit is theirs: far
 * beyond any fabric built today, well within what the machine and ns-3's picosecond clock hold
 * (2^63 ps, 106 days), so that every product the module forms of them stays in 64 bits.
 * Each attribute's checker gives its range (tests/unit/attribute-ranges-test.cc).
 */
struct ValueLimits
{
    /// A port's, a queue's or a threshold's bytes: 1 GiB (switch ASICs hold tens of MiB).
    static constexpr uint64_t MAX_PORT_BYTES = 1ULL << 30;
    /// A switch's shared buffer: 64 GiB.
    static constexpr uint64_t MAX_SWITCH_BYTES = 1ULL << 36;
    /// Switches, hosts or servers along one dimension of a fabric (a tier's width).
    static constexpr uint32_t MAX_FABRIC_WIDTH = 1U << 20;
    /// Parallel links between two switches, GPUs of a server, planes: 256.
    static constexpr uint32_t MAX_PARALLEL = 256;
    /// A count of packets, ACKs, wraps or steps an algorithm waits for: 2^20.
    static constexpr uint32_t MAX_STEPS = 1U << 20;
    /// A link's or a server's propagation delay, a timer, a period: 1 s.
    static constexpr int64_t MAX_DELAY_PS = 1000000000000LL;
    /// A watchdog, a detector's patience, a convergence delay: 1000 s.
    static constexpr int64_t MAX_PATIENCE_PS = 1000000000000000LL;
    /// A message's bytes: 2^44, 16 TiB (its packets a queue pair counts are checked apart).
    static constexpr uint64_t MAX_MESSAGE_BYTES = 1ULL << 44;
};

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_VALUE_LIMITS_H */
