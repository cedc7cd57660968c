/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_SWITCH_DISCIPLINE_H
#define FABRIC_LB_SWITCH_DISCIPLINE_H

#include "flow-hash.h"

#include "ns3/object.h"
#include "ns3/random-variable-stream.h"

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief What a switch knows about a packet when it must pick an uplink.
 */
struct UplinkRequest
{
    fabriclb::FiveTuple tuple; //!< addresses, ports (the label) and protocol
    uint32_t destinationHost;  //!< index of the destination host
    uint32_t packetBytes;      //!< IP payload size (tells data from ACK)
};

/**
 * \ingroup fabric-lb
 * \brief Load balancing at a switch: which of its uplinks a packet takes.
 *
 * Downward hops of a fat tree are fixed by the destination, so the fabric
 * routing protocol asks its discipline only for upward hops. One instance
 * serves one switch.
 */
class SwitchDiscipline : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * \brief Called once, when the fabric is wired; random draws wait for DoInitialize.
     * \param uplinks number of uplinks the switch has
     */
    virtual void Setup(uint32_t uplinks);

    /**
     * \param request what the switch knows about the packet
     * \return the uplink to use, 0 .. uplinks-1
     */
    virtual uint32_t SelectUplink(const UplinkRequest& request) = 0;

    /**
     * \param stream first stream index to use
     * \return the number of streams used
     */
    virtual int64_t AssignStreams(int64_t stream);

  protected:
    uint32_t m_uplinks{0}; //!< uplinks of the switch, set by Setup
};

/**
 * \ingroup fabric-lb
 * \brief ECMP: a per-switch-salted hash of the five-tuple picks the uplink.
 *
 * The salt is drawn from an ns-3 random stream when the switch node is
 * initialised at simulation start (FatTreeHelper aggregates the discipline to its node), so that switches of
 * one tier do not polarise onto the same choices.
 */
class EcmpDiscipline : public SwitchDiscipline
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    EcmpDiscipline();

    uint32_t SelectUplink(const UplinkRequest& request) override;
    int64_t AssignStreams(int64_t stream) override;

  protected:
    /// Draws the salt: runs at simulation start, after AssignStreams.
    void DoInitialize() override;

  private:
    Ptr<UniformRandomVariable> m_saltSource; //!< draws the salt
    uint32_t m_salt{0};                      //!< this switch's salt
};

} // namespace ns3

#endif /* FABRIC_LB_SWITCH_DISCIPLINE_H */
