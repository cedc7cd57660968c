/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_SWITCH_BUFFER_H
#define FABRIC_LB_SWITCH_BUFFER_H

#include "buffer-accounting.h"
#include "buffer-admission.h"

#include "ns3/node.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <optional>
#include <vector>

namespace ns3
{

class FabricPortDevice;

/**
 * \ingroup fabric-lb
 * \brief A switch's packet buffer shared by its fabric ports, and priority flow
 * control on it: the MMU of a merchant-silicon switch.
 *
 * Its ports ask it to admit every frame they queue and tell it when one leaves
 * (fabriclb::BufferAccounting keeps the books). Under static sharing every port
 * has its own MaxSize; under dynamic sharing the switch has BufferBytes and a
 * queue may grow to Alpha times what is free. With Pfc the data class is
 * lossless: an ingress port whose data held in the switch crosses its XOFF
 * threshold sends a PAUSE of PauseQuanta upstream (refreshed at half its time
 * while it lasts) and a zero-quanta PAUSE once it has drained to XON; its
 * headroom, by default 2 R d + 3 F + P of its link (fabriclb::HeadroomBytes),
 * takes what arrives meanwhile. The control class stays lossy and unpaused.
 */
class SwitchBuffer : public Object, public BufferAdmission
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// How the buffer is divided among the ports.
    enum Sharing
    {
        STATIC, //!< every port its own MaxSize
        DYNAMIC //!< BufferBytes shared, a queue up to Alpha times what is free
    };

    /**
     * \brief Takes charge of every FabricPortDevice of \p node and aggregates itself to it.
     * \param node a switch whose links are made
     * \throws std::invalid_argument for settings that cannot work (BufferSettings::Validate)
     */
    void Install(Ptr<Node> node);

    /// \return whether the data class is lossless (PFC)
    bool IsLossless() const
    {
        return m_pfc;
    }

    /// \return whether sharing is dynamic
    bool IsDynamic() const
    {
        return m_sharing == DYNAMIC;
    }

    /**
     * \param ingress the device index the frame came in on, or NO_INGRESS
     * \param egress the device index it leaves by
     * \param cls its class
     * \param bytes its bytes on the wire
     * \param trimmedBytes if positive, its bytes on the wire trimmed
     * \return what became of it (a PAUSE is sent if it put \p ingress in XOFF)
     */
    fabriclb::BufferAccounting::Verdict Admit(uint32_t ingress,
                                              uint32_t egress,
                                              fabriclb::TrafficClass cls,
                                              uint32_t bytes,
                                              uint32_t trimmedBytes) override;

    /**
     * \brief A frame Admit took leaves by its egress port (a resume is sent if
     * its ingress port leaves XOFF).
     * \param ingress as admitted
     * \param egress as admitted
     * \param cls as admitted
     * \param bytes as admitted
     */
    void Release(uint32_t ingress,
                 uint32_t egress,
                 fabriclb::TrafficClass cls,
                 uint32_t bytes) override;

    /// \return the books
    const fabriclb::BufferAccounting& GetAccounting() const
    {
        return *m_accounting;
    }

    /// \param port a device index \return its PFC headroom, bytes (0: not a fabric port)
    uint32_t GetHeadroomBytes(uint32_t port) const;

    /// \return the switch's fabric ports by device index (null where a device is not one)
    const std::vector<Ptr<FabricPortDevice>>& GetPorts() const
    {
        return m_ports;
    }

  protected:
    void DoDispose() override;

  private:
    bool m_pfc{false};                                      //!< Pfc
    Sharing m_sharing{STATIC};                              //!< Sharing
    uint64_t m_bufferBytes{0};                              //!< BufferBytes
    double m_alpha{0};                                      //!< Alpha
    uint32_t m_xoffBytes{0};                                //!< XoffBytes
    uint32_t m_xonBytes{0};                                 //!< XonBytes
    uint32_t m_headroomBytes{0};                            //!< HeadroomBytes
    uint16_t m_pauseQuanta{0};                              //!< PauseQuanta
    std::vector<Ptr<FabricPortDevice>> m_ports;             //!< by device index
    std::optional<fabriclb::BufferAccounting> m_accounting; //!< the books
    std::vector<uint32_t> m_headroom;                       //!< by device index
    TracedCallback<uint32_t> m_xoffTrace;                   //!< an ingress port goes into XOFF
    TracedCallback<uint32_t> m_xonTrace;                    //!< an ingress port leaves XOFF
};

} // namespace ns3

#endif /* FABRIC_LB_SWITCH_BUFFER_H */
