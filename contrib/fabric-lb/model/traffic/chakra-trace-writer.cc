/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "chakra-trace-writer.h"

#include "chakra-trace.pb.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl.h>
#include <limits>
#include <ostream>

namespace ns3
{
namespace fabriclb
{

namespace
{

/// Writes \p message to \p out after its length as a varint.
void
WriteRecord(google::protobuf::io::CodedOutputStream& out, const google::protobuf::Message& message)
{
    const std::string bytes = message.SerializeAsString();
    out.WriteVarint64(bytes.size());
    out.WriteString(bytes);
}

/// Adds attribute \p name of \p value to \p node as an int64_val, or a uint64_val if larger.
void
AddInteger64(chakra::Node& node, const std::string& name, uint64_t value)
{
    chakra::AttributeProto* attr = node.add_attr();
    attr->set_name(name);
    if (value > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
    {
        attr->set_uint64_val(value);
    }
    else
    {
        attr->set_int64_val(static_cast<int64_t>(value));
    }
}

/// Adds attribute \p name of \p value to \p node as an int32_val, or a uint32_val if larger.
void
AddInteger32(chakra::Node& node, const std::string& name, uint32_t value)
{
    chakra::AttributeProto* attr = node.add_attr();
    attr->set_name(name);
    if (value > static_cast<uint32_t>(std::numeric_limits<int32_t>::max()))
    {
        attr->set_uint32_val(value);
    }
    else
    {
        attr->set_int32_val(static_cast<int32_t>(value));
    }
}

/// \return \p node as the schema's message
chakra::Node
ProtoOf(const ChakraNode& node)
{
    chakra::Node proto;
    proto.set_id(node.id);
    proto.set_name(node.name);
    proto.set_type(static_cast<chakra::NodeType>(node.type));
    for (const uint64_t dep : node.dataDeps)
    {
        proto.add_data_deps(dep);
    }
    for (const uint64_t dep : node.ctrlDeps)
    {
        proto.add_ctrl_deps(dep);
    }
    proto.set_duration_micros(node.durationMicros);
    if (node.commType)
    {
        AddInteger64(proto, "comm_type", static_cast<uint64_t>(*node.commType));
    }
    if (node.commSize)
    {
        AddInteger64(proto, "comm_size", *node.commSize);
    }
    if (node.commSrc)
    {
        AddInteger32(proto, "comm_src", *node.commSrc);
    }
    if (node.commDst)
    {
        AddInteger32(proto, "comm_dst", *node.commDst);
    }
    if (node.commTag)
    {
        AddInteger32(proto, "comm_tag", *node.commTag);
    }
    if (node.pgName)
    {
        chakra::AttributeProto* attr = proto.add_attr();
        attr->set_name("pg_name");
        attr->set_string_val(*node.pgName);
    }
    if (node.cpuOp)
    {
        chakra::AttributeProto* attr = proto.add_attr();
        attr->set_name("is_cpu_op");
        attr->set_bool_val(true);
    }
    if (!node.involvedDim.empty())
    {
        chakra::AttributeProto* attr = proto.add_attr();
        attr->set_name("involved_dim");
        for (const bool involved : node.involvedDim)
        {
            attr->mutable_bool_list()->add_values(involved);
        }
    }
    return proto;
}

} // namespace

void
WriteChakraTrace(std::ostream& out, const ChakraTrace& trace)
{
    google::protobuf::io::OstreamOutputStream stream(&out);
    google::protobuf::io::CodedOutputStream coded(&stream);
    chakra::GlobalMetadata metadata;
    metadata.set_version(trace.version);
    WriteRecord(coded, metadata);
    for (const ChakraNode& node : trace.nodes)
    {
        WriteRecord(coded, ProtoOf(node));
    }
}

} // namespace fabriclb
} // namespace ns3
