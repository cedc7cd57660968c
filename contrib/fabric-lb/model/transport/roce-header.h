/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_ROCE_HEADER_H
#define FABRIC_LB_ROCE_HEADER_H

#include "ns3/header.h"

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief A compact RoCEv2 base-transport-like header.
 *
 * Carried in UDP to port 4791. It serialises to 32 bytes, so that PPP (2) +
 * IPv4 (20) + UDP (8) + this header (32) account for RoCEv2's 62 bytes of
 * per-packet overhead (Ethernet 14, IPv4 20, UDP 8, BTH 12, ICRC 4, FCS 4).
 *
 * Layout: opcode (1), flags (1: bit 0 the ECN echo, bits 1-7 the echoed hop
 * count), echoed label (2), queue pair (4), PSN (4),
 * message id (4), message length in packets (4), cumulative PSN (4), SACK
 * bitmap (8). The last two are zero in data packets and under erasure coding;
 * the ACKs of study-erasure carry the receiver's count of data packets received
 * in the cumulative-PSN field; under receiver credit control (RoceReceiverCredit)
 * a data packet carries its sender's pull target there, and a CREDIT packet the
 * cumulative grant.
 */
class RoceHeader : public Header
{
  public:
    /// Packet kinds.
    enum Opcode : uint8_t
    {
        DATA = 1,  //!< a (coded) data packet
        ACK = 2,   //!< acknowledges one data packet
        NACK = 3,  //!< reports a sequence gap: resend from cumulativePsn
        CNP = 4,   //!< congestion notification (DCQCN): data of the queue pair arrived CE-marked
        CREDIT = 5 //!< a grant of credit (RCCC): cumulativePsn is the cumulative grant
    };

    /// Serialised size in bytes.
    static constexpr uint32_t SIZE = 32;
    /// UDP destination port of RoCEv2, every RoCE packet's.
    static constexpr uint16_t UDP_PORT = 4791;
    /// The largest hop count the flags byte carries.
    static constexpr uint8_t MAX_HOPS = 127;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;
    uint32_t GetSerializedSize() const override;
    void Serialize(Buffer::Iterator start) const override;
    uint32_t Deserialize(Buffer::Iterator start) override;
    void Print(std::ostream& os) const override;

    Opcode opcode{DATA};   //!< packet kind
    bool ecnEcho{false};   //!< ACK/NACK: the data packet that drew it arrived CE-marked
    uint8_t hops{0};       //!< ACK/NACK: switches that data packet crossed (0 .. MAX_HOPS)
    uint16_t label{0};     //!< ACK/NACK: the label (UDP source port) that data packet used
    uint32_t queuePair{0}; //!< the sender's queue-pair number (the one a CNP throttles)
    uint32_t psn{0};       //!< packet sequence number (DATA) or the PSN that drew it (ACK/NACK)
    uint32_t messageId{0}; //!< collective-wide message id
    uint32_t messagePackets{0}; //!< packets that complete the message
    uint32_t cumulativePsn{0};  //!< ACK/NACK: every PSN below has arrived (go-back-N, SACK);
                                //!< data packets received (study-erasure); DATA: the pull
                                //!< target, CREDIT: the cumulative grant (RCCC)
    uint64_t sackBitmap{0};     //!< ACK: bit i, PSN cumulativePsn + 1 + i has arrived (SACK)
};

} // namespace ns3

#endif /* FABRIC_LB_ROCE_HEADER_H */
