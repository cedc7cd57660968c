/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_BUFFER_ADMISSION_H
#define FABRIC_LB_BUFFER_ADMISSION_H

#include "buffer-accounting.h"
#include "class-queues.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief What a port sees of its switch's shared buffer (SwitchBuffer): it asks
 * it to admit every frame it queues and tells it when one leaves.
 */
class BufferAdmission
{
  public:
    /// Ingress of a frame the switch itself sent (not forwarded): no ingress port.
    static constexpr uint32_t NO_INGRESS = UINT32_MAX;

    virtual ~BufferAdmission() = default;

    /**
     * \param ingress the device index the frame came in on, or NO_INGRESS
     * \param egress the device index it leaves by
     * \param cls its class
     * \param bytes its bytes on the wire
     * \param trimmedBytes if positive, its bytes on the wire trimmed: refused, it may be
     * admitted so to the control class (fabriclb::BufferAccounting::Admit)
     * \return what became of it
     */
    virtual fabriclb::BufferAccounting::Verdict Admit(uint32_t ingress,
                                                      uint32_t egress,
                                                      fabriclb::TrafficClass cls,
                                                      uint32_t bytes,
                                                      uint32_t trimmedBytes) = 0;

    /**
     * \brief A frame Admit took leaves by its egress port.
     * \param ingress as admitted
     * \param egress as admitted
     * \param cls as admitted
     * \param bytes as admitted
     */
    virtual void Release(uint32_t ingress,
                         uint32_t egress,
                         fabriclb::TrafficClass cls,
                         uint32_t bytes) = 0;
};

} // namespace ns3

#endif /* FABRIC_LB_BUFFER_ADMISSION_H */
