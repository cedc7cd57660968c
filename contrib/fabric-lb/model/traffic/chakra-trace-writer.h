/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_CHAKRA_TRACE_WRITER_H
#define FABRIC_LB_CHAKRA_TRACE_WRITER_H

#include "chakra-trace.h"

#include <iosfwd>

namespace ns3
{
namespace fabriclb
{

/**
 * Writes one rank's trace in Chakra's format (chakra-trace.h): a varint-length-prefixed
 * GlobalMetadata with the version, then each node the same way. The attributes are written
 * as Chakra's own tools write them: comm_type and comm_size as int64_val (comm_size above
 * 2^63-1 as uint64_val), comm_src, comm_dst and comm_tag as int32_val (above 2^31-1 as
 * uint32_val), pg_name as string_val, involved_dim as bool_list, is_cpu_op as bool_val (when
 * true); an attribute that is not set is left out. ParseChakraTrace reads the bytes back to the
 * same trace.
 *
 * \param out where to write; check its state afterwards
 * \param trace the trace
 */
void WriteChakraTrace(std::ostream& out, const ChakraTrace& trace);

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_CHAKRA_TRACE_WRITER_H */
