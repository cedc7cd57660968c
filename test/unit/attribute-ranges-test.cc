/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Every number the module's attributes take has a range of its own: no integer, real or time
 * attribute of a fabric-lb TypeId takes its type's extremes, so that a careless value
 * (2^32 - 1 subflows, an alpha of 1e14, a delay of a hundred days) is refused by the
 * attribute's checker with its range, before anything is built. A new attribute is checked too:
 * the TypeIds are read from ns-3's registry, not listed here.
 */

#include "ns3/fabric-helper.h"
#include "ns3/nstime.h"
#include "ns3/type-id.h"

#include <gtest/gtest.h>
#include <limits>
#include <sstream>
#include <string>

using namespace ns3;

namespace
{

/// \return the "min:max" of a numeric checker's "type min:max", split at its colon
std::pair<std::string, std::string>
RangeTexts(const AttributeChecker& checker)
{
    const std::string info = checker.GetUnderlyingTypeInformation();
    const std::string range = info.substr(info.rfind(' ') + 1);
    const std::string::size_type colon = range.find(':');
    return {range.substr(0, colon), range.substr(colon + 1)};
}

/// \return why \p checker's range is its type's whole range, or empty if it has one of its own
std::string
UnboundedBecause(const AttributeChecker& checker)
{
    const std::string type = checker.GetValueTypeName();
    const std::string info = checker.GetUnderlyingTypeInformation();
    const auto [min, max] = RangeTexts(checker);
    if (type.find("UintegerValue") != std::string::npos)
    {
        const std::string kind = info.substr(0, info.find(' '));
        if (kind == "uint8_t" || kind == "uint16_t")
        {
            return ""; // a field of a header (an MTU, PAUSE quanta): its width is its range
        }
        const std::string typeMax = kind == "uint32_t" ? "4294967295" : "18446744073709551615";
        return max == typeMax ? "takes its type's largest, " + max : "";
    }
    if (type.find("IntegerValue") != std::string::npos)
    {
        return max == "2147483647" || max == "9223372036854775807"
                   ? "takes its type's largest, " + max
                   : "";
    }
    if (type.find("DoubleValue") != std::string::npos)
    {
        return std::stod(max) >= std::numeric_limits<double>::max() / 2
                   ? "takes any real up to " + max
                   : "";
    }
    if (type.find("TimeValue") != std::string::npos)
    {
        std::ostringstream largest;
        largest << Time::Max();
        return max == largest.str() ? "takes any time up to ns-3's clock's end" : "";
    }
    return "";
}

} // namespace

TEST(AttributeRanges, EveryNumberOfTheModuleHasARangeOfItsOwn)
{
    if (Time::GetResolution() != Time::PS) // once a process: it converts every Time made
    {
        Time::SetResolution(Time::PS);
    }
    CreateObject<FabricHelper>(); // the library's TypeIds registered
    uint32_t numbers = 0;
    std::string unbounded;
    for (uint16_t i = 0; i < TypeId::GetRegisteredN(); ++i)
    {
        const TypeId tid = TypeId::GetRegistered(i);
        if (tid.GetGroupName() != "FabricLb")
        {
            continue;
        }
        for (std::size_t a = 0; a < tid.GetAttributeN(); ++a)
        {
            const TypeId::AttributeInformation info = tid.GetAttribute(a);
            const std::string type = info.checker->GetValueTypeName();
            if (type.find("ntegerValue") == std::string::npos &&
                type.find("DoubleValue") == std::string::npos &&
                type.find("TimeValue") == std::string::npos)
            {
                continue;
            }
            ++numbers;
            const std::string why = UnboundedBecause(*info.checker);
            if (!why.empty())
            {
                unbounded += "\n  " + tid.GetName() + "::" + info.name + " " + why;
            }
        }
    }
    EXPECT_GE(numbers, 80U) << "the module's number attributes were found";
    EXPECT_EQ(unbounded, "") << "attributes without a range of their own:" << unbounded;
}
