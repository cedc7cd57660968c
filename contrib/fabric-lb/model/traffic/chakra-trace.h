/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_CHAKRA_TRACE_H
#define FABRIC_LB_CHAKRA_TRACE_H

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup fabric-lb
 * One rank's MLCommons Chakra execution trace (a `.et` file), read without a simulator.
 *
 * A file is a sequence of records, each a varint byte count followed by that many bytes of
 * a protobuf message: first a `GlobalMetadata`, then one `Node` per operation of the rank
 * (Chakra's schema/protobuf/et_def.proto; fabric-lb parses them with messages of its own,
 * chakra-trace.proto, that keep the schema's field numbers and types).
 *
 * What is read of a node: its id, name, type, data dependencies (the nodes it runs after),
 * control dependencies (kept, not used: Chakra's PyTorch converter puts there the operation
 * that called this one, which may be absent from the file or, for a GPU kernel's CPU call,
 * depend on this very node; Chakra's own feeder orders nodes by data_deps alone),
 * duration_micros, and the
 * attributes Chakra puts communication in: `comm_type` (a CollectiveCommType number), `comm_size`
 * (bytes), `comm_src`, `comm_dst`, `comm_tag` (a send's or receive's peer rank and tag), `pg_name`
 * (the process group) and `involved_dim` (a list of booleans, kept but not used), and `is_cpu_op`
 * (a boolean: a node that runs on the CPU, such as PyTorch's c10d:: call of a collective beside its
 * GPU kernel, needs no communication attributes). The integer attributes may be of any of the
 * schema's integer kinds (Chakra's own tools write comm_type and comm_size as int64_val, comm_src,
 * comm_dst and comm_tag as int32_val). Every other field and attribute (start_time_micros, inputs,
 * outputs, ...) is ignored.
 */

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief Chakra's NodeType: what a node does (the numbers are the schema's).
 */
enum class ChakraNodeType : uint32_t
{
    METADATA = 1,   //!< METADATA_NODE: no work
    MEM_LOAD = 2,   //!< MEM_LOAD_NODE: a memory load
    MEM_STORE = 3,  //!< MEM_STORE_NODE: a memory store
    COMPUTE = 4,    //!< COMP_NODE: computation for duration_micros
    SEND = 5,       //!< COMM_SEND_NODE: a message to comm_dst
    RECEIVE = 6,    //!< COMM_RECV_NODE: a message from comm_src
    COLLECTIVE = 7, //!< COMM_COLL_NODE: this rank's part of a collective
};

/**
 * \ingroup fabric-lb
 * \brief Chakra's CollectiveCommType (the numbers are the schema's).
 */
enum class ChakraCommType : uint32_t
{
    ALL_REDUCE = 0,           //!< ALL_REDUCE
    REDUCE = 1,               //!< REDUCE
    ALL_GATHER = 2,           //!< ALL_GATHER
    GATHER = 3,               //!< GATHER
    SCATTER = 4,              //!< SCATTER
    BROADCAST = 5,            //!< BROADCAST
    ALL_TO_ALL = 6,           //!< ALL_TO_ALL
    REDUCE_SCATTER = 7,       //!< REDUCE_SCATTER
    REDUCE_SCATTER_BLOCK = 8, //!< REDUCE_SCATTER_BLOCK
    BARRIER = 9,              //!< BARRIER
};

/// \return the schema's name of \p type ("ALL_REDUCE", ...)
std::string ChakraCommTypeName(ChakraCommType type);

/// \return the schema's name of \p type ("COMP_NODE", ...)
std::string ChakraNodeTypeName(ChakraNodeType type);

/**
 * \ingroup fabric-lb
 * \brief One node of a trace.
 */
struct ChakraNode
{
    uint64_t id{0};                                //!< unique in its file
    std::string name;                              //!< the operation's name
    ChakraNodeType type{ChakraNodeType::METADATA}; //!< what it does
    std::vector<uint64_t> dataDeps;                //!< nodes it runs after
    std::vector<uint64_t> ctrlDeps;                //!< its caller (read, not used)
    uint64_t durationMicros{0};                    //!< duration_micros (computation)
    std::optional<ChakraCommType> commType;        //!< comm_type (required of a collective)
    std::optional<uint64_t> commSize;              //!< comm_size in bytes (required of a collective
                                                   //!< and a send)
    std::optional<uint32_t> commSrc;               //!< comm_src (required of a receive)
    std::optional<uint32_t> commDst;               //!< comm_dst (required of a send)
    std::optional<uint32_t> commTag;               //!< comm_tag (a send's or receive's tag)
    std::optional<std::string> pgName;             //!< pg_name, the process group
    std::vector<bool> involvedDim;                 //!< involved_dim (read, not used)
    bool cpuOp{false}; //!< is_cpu_op: a host-side operation (PyTorch's call of a collective,
                       //!< not its kernel)
};

/**
 * \ingroup fabric-lb
 * \brief One rank's trace file.
 */
struct ChakraTrace
{
    std::string version;           //!< GlobalMetadata's version
    std::vector<ChakraNode> nodes; //!< the nodes, in file order
};

/**
 * Reads one rank's trace (the format is described in chakra-trace.h).
 *
 * \param bytes the file's bytes
 * \param fileName the name errors give
 * \return its nodes, checked: ids unique, every data dependency a node of the file (control
 * dependencies on other nodes dropped), no cycle, each node's type known and the attributes its
 * type needs present and in range \throws std::invalid_argument whose what() is one line naming the
 * file and the node at fault ("FILE: node ID: problem"), or the byte offset of a record that cannot
 * be read
 * ("FILE: byte OFFSET: problem"): a length cut off or malformed, a record that runs past the
 * end of the file or does not parse, no GlobalMetadata, a node of an unknown type, a second
 * node with the same id, a data dependency on a node the file does not have, a dependency
 * cycle,
 * a missing required attribute, an attribute of the wrong kind or out of range, an unknown
 * comm type
 */
ChakraTrace ParseChakraTrace(const std::string& bytes, const std::string& fileName);

/**
 * ParseChakraTrace on a file.
 * \param path the file
 * \return its nodes
 * \throws std::invalid_argument as ParseChakraTrace does, and "PATH: cannot open" (or another
 * reason ReadInputFile gives) for a file that cannot be read
 */
ChakraTrace ReadChakraTrace(const std::string& path);

/**
 * \param trace a trace whose dependencies name nodes of it and form no cycle
 * \return indices into trace.nodes, every node after the nodes it depends on; among nodes
 * free to go in either order, file order
 */
std::vector<uint32_t> ChakraTopologicalOrder(const ChakraTrace& trace);

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_CHAKRA_TRACE_H */
