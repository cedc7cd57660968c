/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The smallest fabric-lb program: a k=4 fat tree, two hosts in different pods
 * exchanging 1 MiB each under ECMP, the completion time against its exact bound.
 *
 *   ./ns3 run fabric-lb-two-hosts -- --bytes=1048576
 */

#include "ns3/collective-app.h"
#include "ns3/core-module.h"
#include "ns3/fabric-helper.h"
#include "ns3/lower-bound.h"

#include <iostream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    Time::SetResolution(Time::PS); // 41.58 ns packets need picoseconds

    uint64_t bytes = 1048576;
    CommandLine cmd(__FILE__);
    cmd.AddValue("bytes", "message size in bytes", bytes);
    cmd.Parse(argc, argv);

    Ptr<FabricHelper> fabric = CreateObject<FabricHelper>();
    fabric->SetAttribute("K", UintegerValue(4));
    fabric->Build();
    fabric->AssignStreams(1);

    const uint32_t a = 0;
    const uint32_t b = 4; // first host of pod 1: six links away
    Ptr<CollectiveApp> appA = CreateObject<CollectiveApp>();
    Ptr<CollectiveApp> appB = CreateObject<CollectiveApp>();
    fabric->GetHosts().Get(a)->AddApplication(appA);
    fabric->GetHosts().Get(b)->AddApplication(appB);
    appA->AddMessage(fabric->GetHostAddress(b), b, bytes, 0);
    appB->AddMessage(fabric->GetHostAddress(a), a, bytes, 1);

    Time done;
    auto acked = [&done](uint32_t, uint32_t) { done = Simulator::Now(); };
    fabric->GetNic(a)->TraceConnectWithoutContext("MessageAcked",
                                                  Callback<void, uint32_t, uint32_t>(acked));
    fabric->GetNic(b)->TraceConnectWithoutContext("MessageAcked",
                                                  Callback<void, uint32_t, uint32_t>(acked));
    Simulator::Run();

    const uint32_t packets = fabric->GetNic(a)->PacketsFor(bytes);
    const auto bound = fabriclb::ComputePermutationBound(fabriclb::WireModel{}, packets, 6);
    std::cout << "two hosts, " << packets << " packets each way: completed at "
              << done.GetPicoSeconds() / 1e6 << " us, bound " << bound.completionPs / 1e6
              << " us (i1 = " << bound.dataBeforeAck << ")" << std::endl;
    fabric->Dispose();
    Simulator::Destroy();
    return 0;
}
