/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_COMPAT_H
#define FABRIC_LB_COMPAT_H

/**
 * \file
 * \ingroup fabric-lb
 * The few ns-3 API differences between ns-3.37 (Debian 12) and newer releases.
 */

#include "ns3/version-defines.h"

#if NS3_VERSION_MAJOR == 3 && NS3_VERSION_MINOR < 39
/// Ipv4RoutingProtocol::RouteInput takes its callbacks by value up to ns-3.38.
#define FABRIC_LB_ROUTE_CALLBACK(type) type
#else
/// ... and by const reference from ns-3.39 on.
#define FABRIC_LB_ROUTE_CALLBACK(type) const type&
#endif

#if NS3_VERSION_MAJOR == 3 && NS3_VERSION_MINOR < 42
/// TestCase durations and TestSuite types are plain enums up to ns-3.41 ...
#define FABRIC_LB_TEST_QUICK TestCase::QUICK
/// A unit-test suite.
#define FABRIC_LB_SUITE_UNIT TestSuite::UNIT
/// A system-test suite.
#define FABRIC_LB_SUITE_SYSTEM TestSuite::SYSTEM
#else
/// ... and enum classes from ns-3.42 on.
#define FABRIC_LB_TEST_QUICK TestCase::Duration::QUICK
/// A unit-test suite.
#define FABRIC_LB_SUITE_UNIT TestSuite::Type::UNIT
/// A system-test suite.
#define FABRIC_LB_SUITE_SYSTEM TestSuite::Type::SYSTEM
#endif

#endif /* FABRIC_LB_COMPAT_H */
