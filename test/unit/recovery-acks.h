/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_TEST_RECOVERY_ACKS_H
#define FABRIC_LB_TEST_RECOVERY_ACKS_H

#include "ns3/roce-recovery-logic.h"

namespace fabriclb_test
{

/// An ACK drawn by \p psn, the receiver holding every PSN below \p cumulative and \p sack.
inline ns3::fabriclb::AckInfo
Ack(uint32_t psn, uint32_t cumulative = 0, uint64_t sack = 0)
{
    ns3::fabriclb::AckInfo ack;
    ack.psn = psn;
    ack.cumulativePsn = cumulative;
    ack.sackBitmap = sack;
    return ack;
}

} // namespace fabriclb_test

#endif /* FABRIC_LB_TEST_RECOVERY_ACKS_H */
