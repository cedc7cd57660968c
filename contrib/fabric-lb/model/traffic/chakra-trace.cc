/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "chakra-trace.h"

#include "chakra-trace.pb.h"

#include "ns3/dependency-order.h"
#include "ns3/error-text.h"
#include "ns3/input-file.h"

#include <functional>
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/stubs/logging.h>
#include <limits>
#include <unordered_map>
#include <unordered_set>

namespace ns3
{
namespace fabriclb
{

namespace
{

/// The highest CollectiveCommType number of the schema (BARRIER).
constexpr uint32_t LAST_COMM_TYPE = static_cast<uint32_t>(ChakraCommType::BARRIER);

/// The highest NodeType number of the schema (COMM_COLL_NODE).
constexpr uint32_t LAST_NODE_TYPE = static_cast<uint32_t>(ChakraNodeType::COLLECTIVE);

/// \return the error of \p file: "FILE: where: problem"
std::invalid_argument
TraceError(const std::string& file, const std::string& where, const std::string& problem)
{
    return std::invalid_argument(PrintableText(file) + ": " + where + ": " + problem);
}

/// \return "node ID"
std::string
NodeWhere(uint64_t id)
{
    return "node " + std::to_string(id);
}

/// \return "byte OFFSET"
std::string
ByteWhere(uint64_t offset)
{
    return "byte " + std::to_string(offset);
}

/**
 * \param attr an attribute
 * \return its value if it is an integer of any of the schema's kinds and not negative
 * \throws std::invalid_argument (a bare problem, without file or node) otherwise
 */
uint64_t
NonNegativeInteger(const chakra::AttributeProto& attr)
{
    int64_t signedValue = 0;
    switch (attr.value_case())
    {
    case chakra::AttributeProto::kUint32Val:
        return attr.uint32_val();
    case chakra::AttributeProto::kUint64Val:
        return attr.uint64_val();
    case chakra::AttributeProto::kFixed32Val:
        return attr.fixed32_val();
    case chakra::AttributeProto::kFixed64Val:
        return attr.fixed64_val();
    case chakra::AttributeProto::kInt32Val:
        signedValue = attr.int32_val();
        break;
    case chakra::AttributeProto::kInt64Val:
        signedValue = attr.int64_val();
        break;
    case chakra::AttributeProto::kSint32Val:
        signedValue = attr.sint32_val();
        break;
    case chakra::AttributeProto::kSint64Val:
        signedValue = attr.sint64_val();
        break;
    case chakra::AttributeProto::kSfixed32Val:
        signedValue = attr.sfixed32_val();
        break;
    case chakra::AttributeProto::kSfixed64Val:
        signedValue = attr.sfixed64_val();
        break;
    default:
        throw std::invalid_argument("attribute " + attr.name() + " is not an integer");
    }
    if (signedValue < 0)
    {
        throw std::invalid_argument("attribute " + attr.name() + " is negative (" +
                                    std::to_string(signedValue) + ")");
    }
    return static_cast<uint64_t>(signedValue);
}

/// \return NonNegativeInteger(attr), checked to fit 32 bits \throws std::invalid_argument
uint32_t
Integer32(const chakra::AttributeProto& attr)
{
    const uint64_t value = NonNegativeInteger(attr);
    if (value > std::numeric_limits<uint32_t>::max())
    {
        throw std::invalid_argument("attribute " + attr.name() + " is above 4294967295 (" +
                                    std::to_string(value) + ")");
    }
    return static_cast<uint32_t>(value);
}

/// Reads the attributes fabric-lb uses into \p node \throws std::invalid_argument (bare)
void
ReadAttributes(const chakra::Node& proto, ChakraNode& node)
{
    // Each reader stores one attribute; a name without a reader is ignored.
    using Reader = std::function<void(const chakra::AttributeProto&)>;
    const std::unordered_map<std::string, Reader> readers{
        {"comm_type",
         [&node](const chakra::AttributeProto& a) {
             const uint64_t type = NonNegativeInteger(a);
             if (type > LAST_COMM_TYPE)
             {
                 throw std::invalid_argument("comm type " + std::to_string(type) +
                                             " is unknown (0 ALL_REDUCE .. 9 BARRIER)");
             }
             node.commType = static_cast<ChakraCommType>(type);
         }},
        {"comm_size",
         [&node](const chakra::AttributeProto& a) { node.commSize = NonNegativeInteger(a); }},
        {"comm_src", [&node](const chakra::AttributeProto& a) { node.commSrc = Integer32(a); }},
        {"comm_dst", [&node](const chakra::AttributeProto& a) { node.commDst = Integer32(a); }},
        {"comm_tag", [&node](const chakra::AttributeProto& a) { node.commTag = Integer32(a); }},
        {"pg_name",
         [&node](const chakra::AttributeProto& a) {
             if (a.value_case() != chakra::AttributeProto::kStringVal)
             {
                 throw std::invalid_argument("attribute pg_name is not a string");
             }
             node.pgName = a.string_val();
         }},
        {"is_cpu_op",
         [&node](const chakra::AttributeProto& a) {
             if (a.value_case() != chakra::AttributeProto::kBoolVal)
             {
                 throw std::invalid_argument("attribute is_cpu_op is not a boolean");
             }
             node.cpuOp = a.bool_val();
         }},
        {"involved_dim",
         [&node](const chakra::AttributeProto& a) {
             if (a.value_case() != chakra::AttributeProto::kBoolList)
             {
                 throw std::invalid_argument("attribute involved_dim is not a list of booleans");
             }
             node.involvedDim.assign(a.bool_list().values().begin(), a.bool_list().values().end());
         }},
    };
    std::unordered_set<std::string> seen;
    for (const chakra::AttributeProto& attr : proto.attr())
    {
        const auto reader = readers.find(attr.name());
        if (reader == readers.end())
        {
            continue;
        }
        if (!seen.insert(attr.name()).second)
        {
            throw std::invalid_argument("attribute " + attr.name() + " is given twice");
        }
        reader->second(attr);
    }
}

/// \return the name of the first attribute \p node's type needs and lacks, or ""
std::string
MissingAttribute(const ChakraNode& node)
{
    if (node.cpuOp)
    {
        return ""; // a host-side call: its GPU kernel, if any, is a node of its own
    }
    switch (node.type)
    {
    case ChakraNodeType::COLLECTIVE:
        return !node.commType ? "comm_type" : !node.commSize ? "comm_size" : "";
    case ChakraNodeType::SEND:
        return !node.commDst ? "comm_dst" : !node.commSize ? "comm_size" : "";
    case ChakraNodeType::RECEIVE:
        return !node.commSrc ? "comm_src" : "";
    default:
        return "";
    }
}

/// \return the node that \p proto describes \throws std::invalid_argument (bare problem)
ChakraNode
NodeOf(const chakra::Node& proto)
{
    ChakraNode node;
    node.id = proto.id();
    node.name = proto.name();
    const auto type = static_cast<uint32_t>(proto.type());
    if (type == 0 || type > LAST_NODE_TYPE)
    {
        throw std::invalid_argument("node type " + std::to_string(type) +
                                    " is unknown (1 METADATA_NODE .. 7 COMM_COLL_NODE)");
    }
    node.type = static_cast<ChakraNodeType>(type);
    node.dataDeps.assign(proto.data_deps().begin(), proto.data_deps().end());
    node.ctrlDeps.assign(proto.ctrl_deps().begin(), proto.ctrl_deps().end());
    node.durationMicros = proto.duration_micros();
    ReadAttributes(proto, node);
    if (const std::string missing = MissingAttribute(node); !missing.empty())
    {
        throw std::invalid_argument("a " + ChakraNodeTypeName(node.type) + " needs attribute " +
                                    missing);
    }
    return node;
}

/**
 * Reads the next record's bytes from \p in.
 * \return the record's offset and bytes, or nothing at the end of the file
 * \throws std::invalid_argument naming \p file and the offset of a record cut off
 */
std::optional<std::pair<uint64_t, std::string>>
NextRecord(google::protobuf::io::CodedInputStream& in, size_t size, const std::string& file)
{
    const auto offset = static_cast<uint64_t>(in.CurrentPosition());
    if (offset == size)
    {
        return std::nullopt;
    }
    uint64_t length = 0;
    if (!in.ReadVarint64(&length))
    {
        throw TraceError(file, ByteWhere(offset), "the record's length is cut off or malformed");
    }
    const uint64_t left = size - static_cast<uint64_t>(in.CurrentPosition());
    std::string record;
    if (length > left || !in.ReadString(&record, static_cast<int>(length)))
    {
        throw TraceError(file,
                         ByteWhere(offset),
                         "a record of " + std::to_string(length) +
                             " bytes runs past the end of the file (" + std::to_string(left) +
                             " bytes left)");
    }
    return std::make_pair(offset, std::move(record));
}

/// \throws std::invalid_argument naming a node of \p trace with a data dependency it lacks
void
CheckDependencies(const ChakraTrace& trace, const std::string& file)
{
    std::unordered_set<uint64_t> ids;
    for (const ChakraNode& node : trace.nodes)
    {
        ids.insert(node.id);
    }
    for (const ChakraNode& node : trace.nodes)
    {
        for (const uint64_t dep : node.dataDeps)
        {
            if (ids.count(dep) == 0)
            {
                throw TraceError(file,
                                 NodeWhere(node.id),
                                 "depends on node " + std::to_string(dep) +
                                     " (data_deps), which the file does not have");
            }
        }
    }
}

/// \return by node index, the indices of the nodes it depends on (each once)
std::vector<std::vector<uint32_t>>
DependencyIndices(const ChakraTrace& trace)
{
    std::unordered_map<uint64_t, uint32_t> indexOf;
    for (uint32_t i = 0; i < trace.nodes.size(); ++i)
    {
        indexOf.emplace(trace.nodes[i].id, i);
    }
    std::vector<std::vector<uint32_t>> deps(trace.nodes.size());
    for (uint32_t i = 0; i < trace.nodes.size(); ++i)
    {
        std::unordered_set<uint32_t> seen;
        for (const uint64_t id : trace.nodes[i].dataDeps)
        {
            const uint32_t dep = indexOf.at(id);
            if (seen.insert(dep).second)
            {
                deps[i].push_back(dep);
            }
        }
    }
    return deps;
}

/// \throws std::invalid_argument naming a node of \p trace on a dependency cycle, if any
void
CheckAcyclic(const ChakraTrace& trace, const std::string& file)
{
    const std::vector<std::vector<uint32_t>> deps = DependencyIndices(trace);
    const std::vector<uint32_t> order = DependencyOrder(deps);
    if (order.size() == trace.nodes.size())
    {
        return;
    }
    // Every node left waits on another node left: walking back along such dependencies
    // from the first of them in file order comes round to a node on a cycle.
    std::vector<bool> left(trace.nodes.size(), true);
    for (const uint32_t i : order)
    {
        left[i] = false;
    }
    uint32_t node = 0;
    while (!left[node])
    {
        ++node;
    }
    std::vector<bool> visited(trace.nodes.size(), false);
    while (!visited[node])
    {
        visited[node] = true;
        for (const uint32_t dep : deps[node])
        {
            if (left[dep])
            {
                node = dep;
                break;
            }
        }
    }
    throw TraceError(file, NodeWhere(trace.nodes[node].id), "is on a dependency cycle");
}

} // namespace

std::string
ChakraCommTypeName(ChakraCommType type)
{
    static const char* const names[] = {"ALL_REDUCE",
                                        "REDUCE",
                                        "ALL_GATHER",
                                        "GATHER",
                                        "SCATTER",
                                        "BROADCAST",
                                        "ALL_TO_ALL",
                                        "REDUCE_SCATTER",
                                        "REDUCE_SCATTER_BLOCK",
                                        "BARRIER"};
    return names[static_cast<uint32_t>(type)];
}

std::string
ChakraNodeTypeName(ChakraNodeType type)
{
    static const char* const names[] = {"INVALID_NODE",
                                        "METADATA_NODE",
                                        "MEM_LOAD_NODE",
                                        "MEM_STORE_NODE",
                                        "COMP_NODE",
                                        "COMM_SEND_NODE",
                                        "COMM_RECV_NODE",
                                        "COMM_COLL_NODE"};
    return names[static_cast<uint32_t>(type)];
}

ChakraTrace
ParseChakraTrace(const std::string& bytes, const std::string& fileName)
{
    if (bytes.size() > static_cast<size_t>(std::numeric_limits<int>::max()))
    {
        throw std::invalid_argument(PrintableText(fileName) + ": above 2 GiB");
    }
    // A string that is not UTF-8 fails the parse, which the error below reports: protobuf's own
    // log line about it would be a second line.
    const google::protobuf::LogSilencer quiet;
    google::protobuf::io::CodedInputStream in(reinterpret_cast<const uint8_t*>(bytes.data()),
                                              static_cast<int>(bytes.size()));
    ChakraTrace trace;
    const auto metadata = NextRecord(in, bytes.size(), fileName);
    if (!metadata)
    {
        throw std::invalid_argument(PrintableText(fileName) +
                                    ": empty, without the GlobalMetadata record");
    }
    chakra::GlobalMetadata global;
    if (!global.ParseFromString(metadata->second))
    {
        throw TraceError(fileName, ByteWhere(0), "the GlobalMetadata record does not parse");
    }
    trace.version = global.version();
    std::unordered_set<uint64_t> ids;
    while (const auto record = NextRecord(in, bytes.size(), fileName))
    {
        chakra::Node proto;
        if (!proto.ParseFromString(record->second))
        {
            throw TraceError(fileName,
                             ByteWhere(record->first),
                             "the record does not parse as a Chakra Node");
        }
        try
        {
            trace.nodes.push_back(NodeOf(proto));
        }
        catch (const std::invalid_argument& e)
        {
            throw TraceError(fileName, NodeWhere(proto.id()), e.what());
        }
        if (!ids.insert(proto.id()).second)
        {
            throw TraceError(fileName, NodeWhere(proto.id()), "a second node with this id");
        }
    }
    CheckDependencies(trace, fileName);
    CheckAcyclic(trace, fileName);
    return trace;
}

ChakraTrace
ReadChakraTrace(const std::string& path)
{
    std::string bytes;
    try
    {
        bytes = ReadInputFile("", path);
    }
    catch (const InputFileError& e)
    {
        throw std::invalid_argument(PrintableText(path) + ": " + e.Problem());
    }
    return ParseChakraTrace(bytes, path);
}

std::vector<uint32_t>
ChakraTopologicalOrder(const ChakraTrace& trace)
{
    return DependencyOrder(DependencyIndices(trace));
}

} // namespace fabriclb
} // namespace ns3
