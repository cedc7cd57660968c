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
         "ns3::EcmpDiscipline",
         0},
        {"subflow",
         "MPTCP-like: 4 subflows per queue pair, each its own label, over ECMP",
         "ns3::SubflowPathPolicy",
         "ns3::EcmpDiscipline",
         0},
        {"plb",
         "PLB-like host flowlets: new random label once 4 or more of the last 10 ACKs have "
         "carried ECN for 10-12 pacing gaps, or after a loss (marking at 50% of the buffer)",
         "ns3::PlbPathPolicy",
         "ns3::EcmpDiscipline",
         0.5},
        {"host-spray",
         "host packet spraying: a fresh random label for every packet, over ECMP",
         "ns3::SprayPathPolicy",
         "ns3::EcmpDiscipline",
         0},
        {"reps",
         "REPS-like adaptive host spraying: recycle unmarked labels, drop marked ones "
         "(marking at 10% of the buffer)",
         "ns3::RepsPathPolicy",
         "ns3::EcmpDiscipline",
         0.1},
        {"host-dr",
         "host destination-based rotation over the lowest common tier; switches follow the label",
         "ns3::HostDrPathPolicy",
         "ns3::LabelPathDiscipline",
         0},
        {"rr",
         "switch round-robin spraying, order reshuffled every 5 wrap-arounds",
         "ns3::FixedLabelPathPolicy",
         "ns3::RoundRobinDiscipline",
         0},
        {"simple-rr",
         "switch round-robin in a fixed order, never reshuffled (theory)",
         "ns3::FixedLabelPathPolicy",
         "ns3::SimpleRoundRobinDiscipline",
         0},
        {"switch-ar",
         "switch adaptive routing: shortest quantised queue (bands 5/10/20% of the buffer, "
         "refreshed after 100 ns)",
         "ns3::FixedLabelPathPolicy",
         "ns3::QuantisedAdaptiveDiscipline",
         0},
        {"jsq",
         "switch join-shortest-queue, exact (theory)",
         "ns3::FixedLabelPathPolicy",
         "ns3::ShortestQueueDiscipline",
         0},
        {"rsq",
         "switch random spraying: a uniformly random uplink per packet (theory)",
         "ns3::FixedLabelPathPolicy",
         "ns3::RandomUplinkDiscipline",
         0},
        {"flowlet",
         "switch flowlet switching (LetFlow): after a 10 us idle gap, a new random uplink "
         "with probability 1/2",
         "ns3::FixedLabelPathPolicy",
         "ns3::FlowletDiscipline",
         0},
        {"ofan",
         "Ofan: switch destination rotation, a pointer per (destination edge or pod, size bin)",
         "ns3::FixedLabelPathPolicy",
         "ns3::OfanDiscipline",
         0},
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
