/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_COMPAT_H
#define FABRIC_LB_COMPAT_H

/**
 * \file
 * \ingroup fabric-lb
 * The few ns-3 API differences between ns-3.37 (Debian 12) and newer releases,
 * resolved from the API itself (an in-tree build has no version macros unless
 * it is configured with --enable-build-version).
 */

#include "ns3/enum.h"
#include "ns3/ipv4-routing-protocol.h"

#include <cstdint>
#include <tuple>
#include <type_traits>

namespace ns3
{
namespace fabriclb
{

/**
 * IPv4's EtherType (IEEE 802 numbers): ns-3.49 deprecates
 * Ipv4L3Protocol::PROT_NUMBER for iana-ieee802-numbers.h, which ns-3.37 lacks.
 */
constexpr uint16_t IPV4_ETHERTYPE = 0x0800;

/**
 * UDP's IP protocol number (IANA): ns-3.49 deprecates UdpL4Protocol::PROT_NUMBER
 * for iana-internet-protocol-numbers.h, which ns-3.37 lacks.
 */
constexpr uint8_t UDP_PROTOCOL_NUMBER = 17;

/**
 * \brief EnumValue is a class from ns-3.37 to 3.40 and a class template from ns-3.41
 * (EnumValue<E>); this picks whichever the API has, so that one spelling holds an
 * enum attribute's value in both.
 * \tparam Value EnumValue, whichever it is
 * \tparam E the enum
 * \return nothing: only its type is used
 */
template <template <typename...> class Value, typename E>
Value<E> EnumValueOf(int);
/// The overload for ns-3.37 to 3.40, where EnumValue is a class. \return nothing
template <typename Value, typename E>
Value EnumValueOf(long);

/// An enum attribute's value holder: EnumValue (ns-3.37) or EnumValue<E> (ns-3.41 on).
template <typename E>
using EnumAttributeValue = decltype(EnumValueOf<EnumValue, E>(0));

/**
 * \brief MakeEnumAccessor<E> of ns-3.41 on (its first parameter the enum).
 * \param member the attribute's member
 * \return the accessor
 */
template <typename E, typename Member>
auto
MakeEnumAttributeAccessor(Member member, int) -> decltype(MakeEnumAccessor<E, Member>(member))
{
    return MakeEnumAccessor<E, Member>(member);
}

/**
 * \brief MakeEnumAccessor of ns-3.37 to 3.40 (the enum is not a parameter; the
 * member must be an unscoped enum, which converts to the int EnumValue holds).
 * \param member the attribute's member
 * \return the accessor
 */
template <typename E, typename Member>
auto
MakeEnumAttributeAccessor(Member member, long) -> decltype(MakeEnumAccessor<Member>(member))
{
    return MakeEnumAccessor<Member>(member);
}

/**
 * \brief The accessor of an enum attribute, in either ns-3 API.
 * \tparam E the enum (unscoped)
 * \param member the attribute's member, of type E
 * \return the accessor
 */
template <typename E, typename Member>
Ptr<const AttributeAccessor>
MakeEnumAttributeAccessor(Member member)
{
    return MakeEnumAttributeAccessor<E>(member, 0);
}

/// The parameter types of a member function.
template <typename F>
struct MemberArgs;

/// The parameter types of a member function, as a tuple.
template <typename R, typename C, typename... A>
struct MemberArgs<R (C::*)(A...)>
{
    using Tuple = std::tuple<A...>; //!< the parameter types
};

/**
 * Parameter I of Ipv4RoutingProtocol::RouteInput: its callbacks are passed by
 * value up to ns-3.38 and by const reference from ns-3.39 on.
 */
template <size_t I>
using RouteInputArg =
    std::tuple_element_t<I, typename MemberArgs<decltype(&Ipv4RoutingProtocol::RouteInput)>::Tuple>;

/// TestCase's QUICK duration: a plain enum up to ns-3.41 ...
template <typename T, typename = void>
struct QuickDuration
{
    static constexpr auto value = T::QUICK; //!< the QUICK enumerator
};

/// ... and TestCase::Duration::QUICK from ns-3.42 on.
template <typename T>
struct QuickDuration<T, std::void_t<typename T::Duration>>
{
    static constexpr auto value = T::Duration::QUICK; //!< the QUICK enumerator
};

} // namespace fabriclb
} // namespace ns3

/// The RouteInput callback parameter type of this ns-3.
#define FABRIC_LB_ROUTE_CALLBACK(index) ns3::fabriclb::RouteInputArg<index>

/// TestCase's QUICK duration of this ns-3 (use where ns3/test.h is included).
#define FABRIC_LB_TEST_QUICK ns3::fabriclb::QuickDuration<ns3::TestCase>::value

/// A unit-test suite (TestSuite::Type names its enumerators in every version).
#define FABRIC_LB_SUITE_UNIT ns3::TestSuite::Type::UNIT

/// A system-test suite.
#define FABRIC_LB_SUITE_SYSTEM ns3::TestSuite::Type::SYSTEM

#endif /* FABRIC_LB_COMPAT_H */
