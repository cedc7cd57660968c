/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "experiment-memory.h"

#include <iostream>
#include <stdexcept>
#include <string>
#include <unistd.h>

namespace ns3
{

namespace
{
/// Fabrics from this many hosts (k=32) announce the memory they expect.
constexpr uint32_t LARGE_FABRIC_HOSTS = 8192;
} // namespace

uint64_t
EstimatePeakMemoryBytes(uint32_t hosts, uint64_t flows)
{
    // Measured on Debian's ns-3.37 (peak RSS, k = 8 .. 32): about 23 MiB, 63 KiB a
    // host with its share of switches and links, and 1.2 KiB a message.
    constexpr uint64_t base = 23ULL << 20;
    constexpr uint64_t perHost = 63ULL << 10;
    constexpr uint64_t perFlow = 1229;
    return base + perHost * hosts + perFlow * flows;
}

void
CheckMemory(const fabriclb::FabricTopology& topology, uint64_t flows)
{
    const uint64_t expected = EstimatePeakMemoryBytes(topology.HostCount(), flows);
    const uint64_t machine = static_cast<uint64_t>(sysconf(_SC_PHYS_PAGES)) *
                             static_cast<uint64_t>(sysconf(_SC_PAGE_SIZE));
    const auto mib = [](uint64_t bytes) { return std::to_string(bytes >> 20) + " MiB"; };
    if (expected > machine)
    {
        throw std::invalid_argument(topology.Describe() + " with " + std::to_string(flows) +
                                    " messages needs about " + mib(expected) +
                                    ", more than this machine's " + mib(machine));
    }
    if (topology.HostCount() >= LARGE_FABRIC_HOSTS)
    {
        std::cerr << "fabric-lb: " << topology.Describe() << " (" << topology.HostCount()
                  << " hosts, " << flows << " messages): about " << mib(expected)
                  << " of memory expected" << std::endl;
    }
}

} // namespace ns3
