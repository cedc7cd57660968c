/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_PFC_HELPER_H
#define FABRIC_LB_PFC_HELPER_H

#include "ns3/experiment-result.h"
#include "ns3/pause-cycle-detector.h"
#include "ns3/switch-buffer.h"

#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace ns3
{

class FabricHelper;

/**
 * \ingroup fabric-lb
 * \brief Puts a fabric's switches' buffers in charge (SwitchBuffer, with the
 * attributes' defaults) when they ask for more than today's per-port drop-tail:
 * PFC (lossless data, the NICs obeying their switches' pauses, a deadlock
 * detector) or dynamic sharing. Measures what they did and writes a pause
 * timeline on request.
 */
class PfcHelper
{
  public:
    /// \return whether SwitchBuffer's defaults ask for switch buffers (PFC or dynamic sharing)
    static bool Wanted();

    /// \return whether SwitchBuffer's defaults ask for PFC
    static bool PfcWanted();

    /**
     * \brief Installs a SwitchBuffer on every switch of \p fabric (built, fabric
     * ports, direct forwarding) and, with PFC, has every switch port and NIC obey
     * pauses and (on one rank) a PauseCycleDetector watch them.
     * \param fabric the fabric
     * \throws std::invalid_argument for a buffer that cannot work or a fabric without fabric ports
     */
    void Install(const FabricHelper& fabric);

    /**
     * \brief Writes PFC's every step at every port to \p path as CSV: time_ns, node,
     * port, peer (the node at the link's far end), stage, event, priority, value. Events:
     * xoff and xon (an ingress port; value: its data bytes held outside headroom), sent
     * (a PAUSE frame queued; value: quanta, 0 a resume), pause and resume (a PAUSE frame
     * received), resumed (a paused class served again; value: ns paused).
     * \param fabric the fabric, installed
     * \param path the file
     * \throws std::invalid_argument if it cannot be written
     */
    void EnableTimeline(const FabricHelper& fabric, const std::string& path);

    /// \return whether a deadlock ended the run
    bool DeadlockFound() const;

    /**
     * \brief Adds what the buffers and PFC did to \p result (BufferResult), whole over the ranks.
     * \param fabric the fabric, after the run
     * \param result where it goes
     */
    void Measure(const FabricHelper& fabric, ExperimentResult& result) const;

    /// Lets go of the buffers and the detector.
    void Dispose();

  private:
    /**
     * \brief A timeline row: \p context names the port ("node,port,stage").
     * \param context the port
     * \param event what happened
     * \param priority the 802.1p priority
     * \param value quanta or nanoseconds
     */
    void Record(const std::string& context, const char* event, uint8_t priority, double value);

    /// Timeline: a PAUSE frame sent (quanta 0: resume)
    void PauseSent(std::string context, uint8_t priority, uint16_t quanta);

    /// Timeline: an ingress port of switch \p node goes into XOFF
    void Xoff(std::string node, uint32_t port);

    /// Timeline: an ingress port of switch \p node leaves XOFF
    void Xon(std::string node, uint32_t port);

    /**
     * \brief A timeline row of an ingress port's step, its shared bytes the value.
     * \param node the switch's node id
     * \param port the ingress port's device index
     * \param event "xoff" or "xon"
     */
    void RecordIngress(const std::string& node, uint32_t port, const char* event);

    /// Timeline: a PAUSE frame received (quanta 0: resume)
    void PauseReceived(std::string context, uint8_t priority, uint16_t quanta);

    /// Timeline: a paused priority is served again
    void Resumed(std::string context, uint8_t priority, Time paused);

    std::vector<Ptr<SwitchBuffer>> m_buffers;  //!< every switch's, if installed
    Ptr<PauseCycleDetector> m_detector;        //!< with PFC on one rank
    std::unique_ptr<std::ofstream> m_timeline; //!< the pause timeline, if asked for
    std::map<std::pair<uint32_t, uint32_t>, std::string> m_portContexts; //!< (node, port): row
};

} // namespace ns3

#endif /* FABRIC_LB_PFC_HELPER_H */
