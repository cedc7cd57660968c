/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_COMPLETION_TRACKER_H
#define FABRIC_LB_COMPLETION_TRACKER_H

#include "ns3/nstime.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <vector>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief Records when each message of a collective starts and completes (connected
 * to the NICs' MessageStarted and MessageAcked traces), stops the simulation after
 * the last, and reports progress on stderr.
 */
class CompletionTracker
{
  public:
    /**
     * \param total messages of the collective
     * \param stopAtLast whether the last completion stops the simulation (false when
     * the fabric is spread over ranks: each rank sees only its own hosts' messages)
     * \param progress whether to report progress on stderr
     * \param dataPackets data packets the collective must deliver
     * \param delivered reads the data packets delivered so far
     */
    CompletionTracker(uint64_t total,
                      bool stopAtLast,
                      bool progress,
                      uint64_t dataPackets,
                      std::function<uint64_t()> delivered);

    /**
     * The NICs' MessageStarted trace: a message was handed to its sender.
     * \param messageId the message
     * \param queuePair the sender's queue pair that carries it
     */
    void MessageStarted(uint32_t messageId, uint32_t queuePair);
    /**
     * The NICs' MessageAcked trace: the sender of a message holds every ACK.
     * \param messageId the message
     * \param queuePair the sender's queue pair that carried it
     */
    void MessageAcked(uint32_t messageId, uint32_t queuePair);
    /// Starts the progress reports, if asked for.
    void Start();
    /// Ends the progress line, if one was printed.
    void Finish() const;

    /// \return messages completed so far
    uint64_t Completed() const
    {
        return m_completed;
    }

    /**
     * Adds a message beyond the collective's (background traffic), before it starts: the
     * run waits for it too, but the collective's completion does not.
     */
    void AddMessage();

    /**
     * Counts \p computes computes of the collective, before it starts: the collective ends
     * with the last of its messages and computes.
     */
    void AddComputes(uint64_t computes);

    /// A compute of the collective has ended.
    void ComputeDone();

    /// \return messages and computes completed so far
    uint64_t TasksCompleted() const
    {
        return m_completed + m_computesDone;
    }

    /// \return whether every message and compute of the collective has completed
    bool CollectiveDone() const
    {
        return m_collectiveCompleted == m_collective && m_computesDone == m_computes;
    }

    /// \return when the collective's last message completed, or its last compute ended
    Time LastCompletion() const
    {
        return m_lastCompletion;
    }

    /// \return when message \p id started, ps; -1 if it never did
    int64_t StartOf(uint32_t id) const
    {
        return m_startPs[id];
    }

    /// \return when the sender of message \p id held every ACK, ps; -1 if it never did
    int64_t CompletionOf(uint32_t id) const
    {
        return m_completionPs[id];
    }

  private:
    /**
     * Checks the wall clock every microsecond of simulated time and prints at
     * most once a second; stops ticking when nothing but the tick ran.
     */
    void Tick();

    std::vector<int64_t> m_startPs;                     //!< by message id
    std::vector<int64_t> m_completionPs;                //!< by message id
    uint64_t m_collective;                              //!< messages of the collective
    uint64_t m_collectiveCompleted{0};                  //!< of them completed
    uint64_t m_total;                                   //!< messages of the run
    uint64_t m_completed{0};                            //!< messages completed
    uint64_t m_computes{0};                             //!< computes of the collective
    uint64_t m_computesDone{0};                         //!< of them ended
    bool m_stopAtLast;                                  //!< stop after the last completion
    bool m_progress;                                    //!< report progress
    uint64_t m_dataPackets;                             //!< data packets to deliver
    std::function<uint64_t()> m_delivered;              //!< data packets delivered so far
    bool m_printed{false};                              //!< a progress line was printed
    uint64_t m_eventsAtLastTick{0};                     //!< events run at the last tick
    Time m_lastCompletion;                              //!< the last completion
    std::chrono::steady_clock::time_point m_wallStart;  //!< wall clock at the start
    std::chrono::steady_clock::time_point m_lastReport; //!< wall clock at the last report
};

} // namespace ns3

#endif /* FABRIC_LB_COMPLETION_TRACKER_H */
