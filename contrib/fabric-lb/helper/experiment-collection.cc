/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "experiment-collection.h"

#include "ns3/flow-slowdown.h"

#include <utility>

namespace ns3
{

void
SummariseBackground(const fabriclb::ConnectionMatrix& traffic,
                    uint64_t firstBackground,
                    const MessageTimes& times,
                    const std::vector<uint64_t>& messageBoundsPs,
                    BackgroundResult& background)
{
    std::vector<std::pair<uint64_t, double>> slowdowns;
    for (uint64_t id = firstBackground; id < traffic.flows.size(); ++id)
    {
        const uint64_t bytes = traffic.flows[id].bytes;
        ++background.flows;
        background.bytes += bytes;
        if (times.completionsPs[id] >= 0)
        {
            slowdowns.emplace_back(
                bytes,
                static_cast<double>(times.completionsPs[id] - times.startsPs[id]) /
                    messageBoundsPs[id]);
        }
    }
    background.flowsCompleted = slowdowns.size();
    background.slowdowns =
        fabriclb::SummariseSlowdowns(slowdowns, fabriclb::DefaultSlowdownBucketEdges());
}

void
RecordMessages(const fabriclb::ConnectionMatrix& traffic,
               const MessageTimes& times,
               const std::vector<uint64_t>& messageBoundsPs,
               std::vector<MessageRecord>& records)
{
    for (uint32_t id = 0; id < traffic.flows.size(); ++id)
    {
        const fabriclb::MatrixFlow& flow = traffic.flows[id];
        records.push_back({flow.source,
                           flow.destination,
                           flow.bytes,
                           times.startsPs[id],
                           times.completionsPs[id],
                           messageBoundsPs[id]});
    }
}

} // namespace ns3
