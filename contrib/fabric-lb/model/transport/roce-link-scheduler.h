/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_ROCE_LINK_SCHEDULER_H
#define FABRIC_LB_ROCE_LINK_SCHEDULER_H

#include "roce-queue-pair.h"

#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/random-variable-stream.h"

#include <cstdint>
#include <deque>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief What a RoceLinkScheduler asks of the NIC whose link it serves.
 */
class RoceLinkOwner
{
  public:
    virtual ~RoceLinkOwner() = default;

    /**
     * \param qp a queue pair
     * \return its sending end
     */
    virtual RoceRequester& GetRequester(uint32_t qp) = 0;

    /**
     * \brief Puts the next data packet of \p qp on the link: takes it from the
     * queue pair's recovery (RecoverySender::Send) and sets its lastSendPs,
     * which the line-rate scheduler's pacing-gap check reads.
     * \param qp a queue pair with a packet to send
     * \return the packet's serialisation time
     */
    virtual Time SendData(uint32_t qp) = 0;

    /**
     * \brief Puts \p ack on the link.
     * \param ack an ACK, NACK or CNP
     * \return its serialisation time
     */
    virtual Time SendAck(const RocePendingAck& ack) = 0;

    /**
     * \brief Schedules the loss timer of \p qp at its recovery's deadline; a
     * pending timer that fires no later is kept, so it may be called often.
     * \param qp a queue pair that has stopped sending for now
     */
    virtual void ArmTimer(uint32_t qp) = 0;
};

/**
 * \ingroup fabric-lb
 * \brief Decides which of a NIC's packets goes on its host link next: the
 * data of its queue pairs and the ACKs its responders owe.
 *
 * The base class runs the link: it commits a packet when the bits of the one
 * before have left, so that the device keeps the gap after every packet, and
 * asks the subclass for each packet. RoceAlternatingScheduler serves the link
 * at line rate; RocePacedScheduler paces every queue pair as the study's
 * simulator does.
 */
class RoceLinkScheduler
{
  public:
    /**
     * \param nic the NIC whose link it serves; outlives the scheduler
     * \param gap the gap the device keeps after every packet
     */
    RoceLinkScheduler(RoceLinkOwner& nic, Time gap);
    /// Cancels the pending decision, if any.
    virtual ~RoceLinkScheduler();

    RoceLinkScheduler(const RoceLinkScheduler&) = delete;
    RoceLinkScheduler& operator=(const RoceLinkScheduler&) = delete;

    /**
     * \brief A message starts on queue pair \p qp.
     * \param qp the queue pair
     */
    virtual void Start(uint32_t qp) = 0;

    /**
     * \brief Queue pair \p qp may send again: an ACK, a timer or the end of its
     * congestion control's pacing gap.
     * \param qp the queue pair
     */
    virtual void Requeue(uint32_t qp) = 0;

    /**
     * \brief Queues \p ack, which \p receiver owes, for the link.
     * \param receiver the responder that answers
     * \param ack an ACK, NACK or CNP
     */
    virtual void QueueAck(RoceResponder& receiver, const RocePendingAck& ack) = 0;

    /**
     * \brief The link's switch pauses or resumes the data class (PFC): data waits
     * while it is paused, ACKs go on.
     * \param paused whether data is held back from now on
     */
    void SetDataPaused(bool paused);

  protected:
    /// Puts the next packet on the link if the link is idle.
    void Kick();

    /// \return whether data is held back (PFC)
    bool DataPaused() const
    {
        return m_dataPaused;
    }

    /// \return the next packet's serialisation time once sent, or zero if nothing waits
    virtual Time SendNext() = 0;

    RoceLinkOwner& m_nic; //!< the NIC whose link it serves

  private:
    /// Commits the next packet and schedules the next decision.
    void TransmitNext();

    const Time m_gap;         //!< the gap after every packet
    EventId m_decision;       //!< the scheduled TransmitNext, pending while the link is busy
    Time m_linkFreeAt;        //!< when the link finishes the last committed packet and its gap
    bool m_dataPaused{false}; //!< data held back (PFC)
};

/**
 * \ingroup fabric-lb
 * \brief Serves the link at line rate, back to back: ACKs and data take
 * turns, and within data the queue pairs with packets to send take turns.
 *
 * A queue pair sends only while its congestion control's window holds more
 * than its packets in flight, it holds credit (under RoceReceiverCredit), and
 * its pacing gap has passed since its last packet. It gets its recovery's chance to send when it
 * starts, after each packet it sends, and at each Requeue while it is out of the round robin.
 */
class RoceAlternatingScheduler : public RoceLinkScheduler
{
  public:
    /**
     * \param nic the NIC whose link it serves
     * \param gap the gap the device keeps after every packet
     */
    RoceAlternatingScheduler(RoceLinkOwner& nic, Time gap);

    void Start(uint32_t qp) override;
    void Requeue(uint32_t qp) override;
    void QueueAck(RoceResponder& receiver, const RocePendingAck& ack) override;

  private:
    Time SendNext() override;

    /**
     * \param qp a queue pair
     * \return whether its congestion control lets it send now; if its pacing
     * gap holds it back, schedules Requeue at the gap's end
     */
    bool MaySend(uint32_t qp);

    bool m_ackTurn{true};                     //!< ACKs go next when both kinds wait
    std::deque<uint32_t> m_dataRing;          //!< queue pairs with packets to send
    std::deque<RocePendingAck> m_pendingAcks; //!< ACKs to send
};

/**
 * \ingroup fabric-lb
 * \brief Paces as the study's simulator does: every queue pair releases one
 * packet per pacing gap into a queue of its own, every incoming flow queues
 * its ACKs in a queue of its own, and the link serves these queues one packet
 * at a time in round robin, as soon as it is free.
 *
 * A queue pair's gap is the NIC's pacing gap, or its congestion control's if
 * longer, each stretched by a uniform 0 to \c jitter of itself; its first
 * packet is released at a uniform offset within one gap. It gets its
 * recovery's chance to send at each release.
 */
class RocePacedScheduler : public RoceLinkScheduler
{
  public:
    /**
     * \param nic the NIC whose link it serves
     * \param gap the gap the device keeps after every packet
     * \param pacingGapPs a queue pair's pacing gap before jitter, in [1, 2^32) ps
     * (the jitter and start offsets are drawn as 32-bit integers)
     * \param jitter the largest stretch of a gap, as a fraction of it, at least 0
     * \param rng draws the jitter and the start offsets
     */
    RocePacedScheduler(RoceLinkOwner& nic,
                       Time gap,
                       uint64_t pacingGapPs,
                       double jitter,
                       Ptr<UniformRandomVariable> rng);

    void Start(uint32_t qp) override;
    /**
     * \brief Does nothing: a paced queue pair sends at its releases.
     * \param qp the queue pair
     */
    void Requeue(uint32_t qp) override;
    void QueueAck(RoceResponder& receiver, const RocePendingAck& ack) override;

  private:
    /// A queue in the round robin: a queue pair's data, or a flow's ACKs.
    struct PacedQueue
    {
        uint32_t queuePair;       //!< the sending queue pair, if responder is null
        RoceResponder* responder; //!< the flow whose ACKs wait, or null
    };

    Time SendNext() override;

    /// Releases one packet of \p qp to the round robin and schedules the next release.
    void Release(uint32_t qp);

    const uint64_t m_pacingGapPs;     //!< a queue pair's pacing gap before jitter
    const double m_jitter;            //!< the largest stretch of a gap
    Ptr<UniformRandomVariable> m_rng; //!< jitter and start offsets
    std::deque<PacedQueue> m_ring;    //!< the round robin
};

} // namespace ns3

#endif /* FABRIC_LB_ROCE_LINK_SCHEDULER_H */
