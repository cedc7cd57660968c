/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_COLLECTIVE_TRIGGERS_H
#define FABRIC_LB_COLLECTIVE_TRIGGERS_H

#include "connection-matrix.h"

#include "ns3/object.h"

#include <functional>
#include <unordered_map>
#include <vector>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief Starts the messages of a collective that wait for others: the
 * triggers of an htsim connection matrix (fabriclb::TriggerState says what
 * each kind does).
 *
 * Messages are the matrix's flows, identified by their index in
 * ConnectionMatrix::flows. A flow that names a `send_done_trigger` signals it
 * when its sender holds every ACK (RoceNic's MessageAcked); one that names a
 * `recv_done_trigger` signals it when its receiver holds every packet
 * (MessageReceived); a compute signals its `done_trigger` when it ends (ComputeDone). The
 * flows and computes a signal releases start at once.
 */
class CollectiveTriggers : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// Starts the message of flow index \p flow now.
    using StartFlow = std::function<void(uint32_t flow)>;
    /// Releases the compute of index \p compute (in ConnectionMatrix::computes) now.
    using StartCompute = std::function<void(uint32_t compute)>;

    /**
     * \param matrix the collective's flows, computes and triggers
     * \param start starts a released flow
     * \param startCompute releases a released compute (may be empty without computes)
     */
    void Setup(const fabriclb::ConnectionMatrix& matrix,
               StartFlow start,
               StartCompute startCompute = nullptr);

    /**
     * A compute has ended: signals its done trigger.
     * \param compute its index in ConnectionMatrix::computes
     */
    void ComputeDone(uint32_t compute);

    /**
     * MessageAcked sink: the sender of flow \p flow is done.
     * \param flow the message id (flow index)
     */
    void SendDone(uint32_t flow, uint32_t /* queuePair */);

    /**
     * MessageReceived sink: the receiver of flow \p flow is done.
     * \param flow the message id (flow index)
     */
    void ReceiveDone(uint32_t flow, uint32_t /* queuePair */);

    /// \return how many flows the triggers have started
    uint32_t GetFlowsStarted() const
    {
        return m_flowsStarted;
    }

  protected:
    void DoDispose() override;

  private:
    /// Signals the trigger with id \p triggerId and starts what it releases.
    void Signal(uint32_t triggerId);

    std::vector<fabriclb::MatrixFlow> m_flows;       //!< the flows, by index
    std::vector<fabriclb::MatrixCompute> m_computes; //!< the computes, by index
    std::vector<fabriclb::MatrixTrigger> m_triggers; //!< the triggers, with their waiting flows
    std::vector<fabriclb::TriggerState> m_states;    //!< each trigger's firing state
    std::unordered_map<uint32_t, uint32_t> m_byId;   //!< trigger id -> index
    StartFlow m_start;                               //!< starts a released flow
    StartCompute m_startCompute;                     //!< releases a released compute
    uint32_t m_flowsStarted{0};                      //!< flows started so far
};

} // namespace ns3

#endif /* FABRIC_LB_COLLECTIVE_TRIGGERS_H */
