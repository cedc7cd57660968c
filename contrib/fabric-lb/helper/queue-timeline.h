/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_QUEUE_TIMELINE_H
#define FABRIC_LB_QUEUE_TIMELINE_H

#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/simple-ref-count.h"

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

namespace ns3
{

class FabricHelper;

/**
 * \ingroup fabric-lb
 * \brief Writes the bytes queued at each switch stage (every port of the stage together, and
 * its fullest port) at instants 0, T, 2T, ... as CSV (`--queueTimeline`).
 *
 * It schedules no event: each change of a switch port's backlog first writes the instants
 * that passed since the last change, so that a run, its events and its results are the same
 * with and without it. The value at instant t is the backlog after every event at or before
 * t. Rows: time_ns,stage,bytes,largest_port_bytes, one a switch stage an instant, in the
 * path order of the fabric's stages. The ports' trace callbacks hold a reference to it, so
 * that a backlog flushed after the run (a port disposed) finds it, finished, and is ignored.
 */
class QueueTimeline : public SimpleRefCount<QueueTimeline>
{
  public:
    /**
     * Watches every switch port of \p fabric from now on (the ports empty).
     *
     * \param fabric the built fabric
     * \param path the CSV file
     * \param interval the time between instants, positive
     * \throws std::invalid_argument for a file that cannot be written, an interval that is not
     * positive, or a run over several processes
     */
    QueueTimeline(const FabricHelper& fabric, const std::string& path, Time interval);

    /// Writes the instants up to now (the run's end) and closes the file: changes after it are
    /// ignored.
    void Finish();

  private:
    /**
     * A part of \p port's backlog went from \p oldBytes to \p newBytes.
     * \param timeline the timeline
     * \param port index in m_portBytes
     * \param oldBytes bytes before
     * \param newBytes bytes now
     */
    static void Changed(Ptr<QueueTimeline> timeline,
                        uint32_t port,
                        uint32_t oldBytes,
                        uint32_t newBytes);

    /// Writes every instant before \p end (or at it, if \p inclusive).
    void WriteUntil(Time end, bool inclusive);

    std::ofstream m_file;                  //!< the CSV
    bool m_finished{false};                //!< Finish has written the last instant
    Time m_interval;                       //!< between instants
    uint64_t m_nextInstant{0};             //!< the next instant to write, in intervals
    std::vector<std::string> m_stageNames; //!< by stage index, its name
    std::vector<uint64_t> m_portBytes;     //!< by port, the bytes queued now
    std::vector<uint32_t> m_stageOfPort;   //!< by port, its stage index
};

} // namespace ns3

#endif /* FABRIC_LB_QUEUE_TIMELINE_H */
