/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "experiment-memory.h"

#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <unistd.h>

namespace ns3
{

namespace
{
/// Fabrics from this many hosts (k=32) announce the memory they expect.
constexpr uint32_t LARGE_FABRIC_HOSTS = 8192;

/// \return the machine's memory in bytes
double
MachineMemoryBytes()
{
    return static_cast<double>(sysconf(_SC_PHYS_PAGES)) *
           static_cast<double>(sysconf(_SC_PAGE_SIZE));
}

/// \return \p bytes in whole MiB, for a message
std::string
Mib(double bytes)
{
    return std::to_string(static_cast<uint64_t>(bytes / (1 << 20))) + " MiB";
}
} // namespace

double
EstimatePeakMemoryBytes(uint32_t hosts, const TrafficMemory& traffic)
{
    // Measured on Debian's ns-3.37 (peak RSS of one packet a host, 2026-12-07): about 23 MiB
    // and 50 KiB (ECMP) to 57 KiB (Ofan, whose pointers per destination edge switch grow with
    // k) a host with its share of switches and links, k = 16 .. 64; 1.2 KiB a message.
    // Measured on 2026-12-06 (k=4, 16 messages of 4 MiB to 256 MiB; linkDelay 100 us and 1
    // ms, where the ideal sender keeps sending until its first ACK): 12 B a data packet sent
    // under erasure coding, 16 B under go-back-N and selective repeat (the sender's sending
    // time, label and ACK by PSN, the receiver's arrival by PSN; the message's whole reserved
    // at its start), and 290-310 B a packet on the links at once (an ns-3 packet with its
    // headers and its arrival event), data or ACK. A permutation of 1 MiB under Ofan peaked at
    // 888 MiB at k=32 (this model: 868) and 7,205 MiB at k=64 (6,775).
    constexpr double base = 23 << 20;
    constexpr double perHost = 57 << 10;
    constexpr double perMessage = 1229;
    constexpr double perPacketSent = 16;
    constexpr double perPacketInFlight = 310;
    return base + perHost * hosts + perMessage * traffic.messages +
           perPacketSent * traffic.packetsSent +
           perPacketInFlight * (traffic.packetsInFlight + traffic.acksInFlight);
}

void
CheckMemory(const fabriclb::FabricTopology& topology, uint64_t flows)
{
    TrafficMemory traffic;
    traffic.messages = static_cast<double>(flows);
    const std::string what = std::to_string(flows) + " messages";
    CheckTrafficMemory(topology, traffic, what, "");
}

void
AnnounceMemory(const fabriclb::FabricTopology& topology, const TrafficMemory& traffic)
{
    if (topology.HostCount() >= LARGE_FABRIC_HOSTS)
    {
        std::cerr << "fabric-lb: " << topology.Describe() << " (" << topology.HostCount()
                  << " hosts, " << static_cast<uint64_t>(traffic.messages) << " messages, "
                  << static_cast<uint64_t>(traffic.packetsSent) << " data packets, up to "
                  << static_cast<uint64_t>(traffic.packetsInFlight + traffic.acksInFlight)
                  << " packets on the links at once): about "
                  << Mib(EstimatePeakMemoryBytes(topology.HostCount(), traffic))
                  << " of memory expected" << std::endl;
    }
}

void
CheckMessagesMemory(const fabriclb::FabricTopology& topology,
                    const fabriclb::ConnectionMatrix& traffic,
                    uint32_t payloadBytes)
{
    TrafficMemory memory;
    memory.messages = static_cast<double>(traffic.flows.size());
    for (const fabriclb::MatrixFlow& flow : traffic.flows)
    {
        memory.packetsSent += static_cast<double>((flow.bytes - 1) / payloadBytes + 1);
    }
    std::ostringstream what;
    what << traffic.flows.size() << " messages of " << memory.packetsSent << " packets in all";
    CheckTrafficMemory(topology, memory, what.str(), " (16 B a packet; --msgBytes)");
}

void
CheckTrafficMemory(const fabriclb::FabricTopology& topology,
                   const TrafficMemory& traffic,
                   const std::string& what,
                   const std::string& why)
{
    const double expected = EstimatePeakMemoryBytes(topology.HostCount(), traffic);
    const double machine = MachineMemoryBytes();
    if (expected > machine)
    {
        throw std::invalid_argument(topology.Describe() + " with " + what + " needs about " +
                                    Mib(expected) + why + ", more than this machine's " +
                                    Mib(machine));
    }
}

} // namespace ns3
