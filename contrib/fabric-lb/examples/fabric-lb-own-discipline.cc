/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Your own load balancer in one file: a switch discipline written here, not in
 * the module, registered as a scheme and run beside Ofan and ECMP.
 *
 * The discipline is power-of-two-choices: for every packet the switch draws
 * two of the usable uplinks at random and sends it to the one with the
 * shorter queue. The base class SwitchDiscipline has already removed the
 * uplinks that cannot reach the destination (failures), so the rule below is
 * all there is to it. The registration makes the scheme `p2c` known to
 * everything in this program that reads the module's schemes (ExperimentConfig::lb,
 * the registry's help). Exit status 1 if a run leaves a message undelivered.
 *
 *   ./ns3 run fabric-lb-own-discipline
 *   ./ns3 run "fabric-lb-own-discipline --workload=all-to-all --msgBytes=262144"
 */

#include "ns3/core-module.h"
#include "ns3/fabric-experiment.h"
#include "ns3/fabric-helper.h"
#include "ns3/fabric-registry.h"
#include "ns3/switch-discipline.h"

#include <algorithm>
#include <iomanip>
#include <iostream>
#include <vector>

using namespace ns3;

/**
 * \brief Power-of-two-choices at the switch: the shorter queue of two random usable uplinks.
 */
class PowerOfTwoDiscipline : public SwitchDiscipline
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::PowerOfTwoDiscipline")
                                .SetParent<SwitchDiscipline>()
                                .SetGroupName("FabricLb")
                                .AddConstructor<PowerOfTwoDiscipline>();
        return tid;
    }

  protected:
    uint32_t DoSelectUplink(const UplinkCandidates& candidates,
                            const UplinkRequest& /* request */) override
    {
        // m_draw(n): a uniform integer below n from this switch's ns-3 stream.
        const uint32_t first = candidates[m_draw(candidates.Size())];
        const uint32_t second = candidates[m_draw(candidates.Size())];
        return Backlog(second) < Backlog(first) ? second : first;
    }
};

NS_OBJECT_ENSURE_REGISTERED(PowerOfTwoDiscipline);

namespace
{
/// The scheme: hosts keep one label per queue pair, switches run the discipline.
const fabriclb::Registration<fabriclb::LbScheme> g_p2c(
    {"p2c",
     "power-of-two-choices at the switch: the shorter queue of two random uplinks",
     fabriclb::LbSite::SWITCH,
     "ns3::FixedLabelPathPolicy",
     "ns3::PowerOfTwoDiscipline",
     0});
} // namespace

int
main(int argc, char* argv[])
{
    Time::SetResolution(Time::PS); // 41.58 ns packets need picoseconds

    ExperimentConfig config;
    config.workload = "permutation";
    config.messageBytes = 1048576;
    uint32_t k = 4;
    CommandLine cmd(__FILE__);
    cmd.AddValue("k", "fat-tree radix", k);
    cmd.AddValue("workload", "the collective (fabric-lb-sim --workload=help)", config.workload);
    cmd.AddValue("msgBytes", "bytes per message", config.messageBytes);
    cmd.Parse(argc, argv);
    Config::SetDefault("ns3::FatTreeHelper::K", UintegerValue(k));

    std::vector<ExperimentResult> results;
    bool complete = true;
    for (const char* scheme : {"ecmp", "p2c", "ofan"})
    {
        config.lb = scheme;
        results.push_back(RunFabricExperiment(config));
        complete = complete && results.back().messagesCompleted == results.back().messages &&
                   results.back().PacketBooksBalance();
    }
    std::sort(results.begin(), results.end(), [](const auto& a, const auto& b) {
        return a.cctPs < b.cctPs;
    });
    std::cout << "k=" << k << " fat tree, " << config.workload << " of " << config.messageBytes
              << " B\n"
              << std::left << std::setw(8) << "scheme" << std::right << std::setw(12) << "CCT us"
              << std::setw(12) << "bound us" << std::setw(12) << "increase %"
              << "\n";
    for (const ExperimentResult& r : results)
    {
        std::cout << std::left << std::setw(8) << r.scheme << std::right << std::fixed
                  << std::setprecision(3) << std::setw(12) << r.cctPs / 1e6 << std::setw(12)
                  << r.boundPs / 1e6 << std::setprecision(2) << std::setw(12)
                  << 100.0 * (double(r.cctPs) / r.boundPs - 1) << "\n";
    }
    return complete ? 0 : 1;
}
