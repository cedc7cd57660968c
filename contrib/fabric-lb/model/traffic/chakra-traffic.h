/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_CHAKRA_TRAFFIC_H
#define FABRIC_LB_CHAKRA_TRAFFIC_H

#include "chakra-trace.h"
#include "connection-matrix.h"

#include <cstdint>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup fabric-lb
 * A training step given as Chakra execution traces (one file per rank), as fabric-lb traffic.
 *
 * Rank r runs on host r (ranks 0 .. R-1 on hosts 0 .. R-1, in rank order). Each node becomes:
 *  - COMM_SEND_NODE and COMM_RECV_NODE: the k-th send of rank s to rank d with tag t and the
 *    k-th receive of rank d from rank s with tag t (file order) are one flow of the send's
 *    comm_size bytes from host s to host d; it starts when both nodes' dependencies are done
 *    (a rendezvous, as NCCL's send and receive), the send is done when the sender holds every
 *    acknowledgement, the receive when the receiver holds every byte.
 *  - COMM_COLL_NODE: the k-th collective of process group pg_name on every rank that has one
 *    (file order; a node without pg_name is in the group "") is one collective over those
 *    ranks: ALL_REDUCE as --algorithm says (ring: RingCollective; tree: TreeAllReduce with
 *    --chunkBytes), ALL_GATHER and REDUCE_SCATTER as ring collectives, ALL_TO_ALL as a
 *    message of ceil(comm_size / ranks) bytes to every other rank, BROADCAST from the lowest of
 *    its ranks (a Chakra node names no root) as ChainBroadcast down the ranks in order. Its flows
 * that start the collective on a rank wait for that rank's node's dependencies; the collective is
 * done, on every rank, when its last flows (those no flow of it waits on) are received.
 *  - COMP_NODE: a compute (MatrixCompute) of duration_micros on its rank's GPU, released when
 *    its dependencies are done; a GPU runs its computes one at a time, in release order.
 *  - METADATA_NODE, MEM_LOAD_NODE, MEM_STORE_NODE, and any node with is_cpu_op (a host-side
 *    call, whose GPU kernel is a node of its own): no time, done when its dependencies are.
 * A collective over one rank, or of 0 bytes, and a send-receive pair of 0 bytes take no time
 * either. A node waits for the operations (flows, computes) its dependencies lead to, wired as
 * triggers by EventTriggers (event-triggers.h; a compute of no time that joins an operation to
 * a barrier runs on the waiting node's rank).
 */

namespace ns3
{
namespace fabriclb
{

/**
 * \param prefix the traces' prefix
 * \param rank a rank
 * \return the file of \p rank's trace, "PREFIX.RANK.et"
 */
std::string ChakraRankFile(const std::string& prefix, uint32_t rank);

/**
 * \ingroup fabric-lb
 * \brief How collectives are built.
 */
struct ChakraCollectiveChoice
{
    std::string algorithm{"ring"}; //!< ALL_REDUCE: ring or tree
    uint64_t chunkBytes{0};        //!< the tree's largest chunk
};

/**
 * The traffic of a step (the mapping is described in chakra-traffic.h).
 *
 * \param ranks by rank, its trace (as ParseChakraTrace checked it)
 * \param files by rank, its file's name, for errors
 * \param hosts hosts of the fabric, at least the ranks
 * \param choice how collectives are built
 * \return the flows, computes and triggers over hosts 0 .. ranks-1 (ConnectionMatrix::nodes is
 * \p hosts)
 * \throws std::invalid_argument, one line naming the file and the node at fault: a send or
 * receive without its partner, a peer that is not a rank or is the rank itself, a receive
 * whose comm_size differs from its send's, a collective whose comm type or comm_size differs
 * from the same collective's on a lower rank, a comm type other than ALL_REDUCE, ALL_GATHER,
 * REDUCE_SCATTER, ALL_TO_ALL and BROADCAST, an unknown --algorithm, a duration_micros above
 * 2^63-1 ps, a task that never starts (ranks waiting for each other); or naming the traces
 * for more ranks than hosts, or for traces that send nothing from one rank to another
 */
ConnectionMatrix ChakraTraffic(const std::vector<ChakraTrace>& ranks,
                               const std::vector<std::string>& files,
                               uint32_t hosts,
                               const ChakraCollectiveChoice& choice);

/**
 * ChakraTraffic on the files PREFIX.0.et, PREFIX.1.et, ... (as many ranks as there are
 * consecutive files from 0).
 *
 * \param prefix the traces' prefix
 * \param hosts hosts of the fabric
 * \param choice how collectives are built
 * \return the traffic
 * \throws std::invalid_argument as ReadChakraTrace and ChakraTraffic do, and for a prefix
 * without PREFIX.0.et
 */
ConnectionMatrix ReadChakraTraffic(const std::string& prefix,
                                   uint32_t hosts,
                                   const ChakraCollectiveChoice& choice);

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_CHAKRA_TRAFFIC_H */
