/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "transport-stack.h"

#include "ns3/boolean.h"
#include "ns3/config.h"
#include "ns3/string.h"

namespace ns3
{
namespace fabriclb
{

namespace
{
/// The study's ideal transport, the fabric's default.
const Registration<TransportStack> g_ideal(
    {"ideal",
     "the study's ideal transport: rateless erasure coding at the fair share, no trimming",
     "erasure",
     "fixed",
     false});
/// RoCEv2 as deployed.
const Registration<TransportStack> g_roce(
    {"roce",
     "RoCEv2 as deployed: go-back-N and DCQCN (lossless with --pfc)",
     "gbn",
     "dcqcn",
     false});
/// Ultra Ethernet's transport.
const Registration<TransportStack> g_uet(
    {"uet",
     "Ultra Ethernet: reliable unordered delivery, NSCC and trimming switches",
     "rud",
     "nscc",
     true});
} // namespace

void
ApplyTransportStack(const std::string& name,
                    const std::function<bool(const std::string& flag)>& given)
{
    const TransportStack& stack = TransportStacks().Get(name, "transport stack");
    if (!given("recovery"))
    {
        Config::SetDefault("ns3::ExperimentConfig::Recovery", StringValue(stack.recovery));
    }
    if (!given("cc"))
    {
        Config::SetDefault("ns3::ExperimentConfig::CongestionControl", StringValue(stack.cc));
    }
    if (!given("trim"))
    {
        Config::SetDefault("ns3::FatTreeHelper::Trim", BooleanValue(stack.trim));
    }
}

} // namespace fabriclb
} // namespace ns3
