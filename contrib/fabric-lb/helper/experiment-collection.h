/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_EXPERIMENT_COLLECTION_H
#define FABRIC_LB_EXPERIMENT_COLLECTION_H

#include "experiment-result.h"

#include "ns3/connection-matrix.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief When a run's messages started and completed, by message id (-1: never).
 */
struct MessageTimes
{
    std::vector<int64_t> startsPs;      //!< when each was handed to its sender's NIC
    std::vector<int64_t> completionsPs; //!< when its sender held every ACK
};

/**
 * \ingroup fabric-lb
 * \brief Counts the background flows and summarises the completed ones' slowdowns.
 * \param traffic the run's messages, the background's last
 * \param firstBackground the first background flow's message id
 * \param times the messages' start and completion times
 * \param messageBoundsPs every message's bound alone on the idle fabric
 * \param background takes the counts and the slowdowns
 */
void SummariseBackground(const fabriclb::ConnectionMatrix& traffic,
                         uint64_t firstBackground,
                         const MessageTimes& times,
                         const std::vector<uint64_t>& messageBoundsPs,
                         BackgroundResult& background);

/**
 * \ingroup fabric-lb
 * \brief Appends what every message did to \p records.
 * \param traffic the run's messages
 * \param times their start and completion times
 * \param messageBoundsPs their bounds alone on the idle fabric
 * \param records takes one record a message, by message id
 */
void RecordMessages(const fabriclb::ConnectionMatrix& traffic,
                    const MessageTimes& times,
                    const std::vector<uint64_t>& messageBoundsPs,
                    std::vector<MessageRecord>& records);

} // namespace ns3

#endif /* FABRIC_LB_EXPERIMENT_COLLECTION_H */
