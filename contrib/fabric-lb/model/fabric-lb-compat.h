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
/// TestCase durations are a plain enum up to ns-3.41.
#define FABRIC_LB_TEST_QUICK TestCase::QUICK
#else
/// ... and an enum class from ns-3.42 on.
#define FABRIC_LB_TEST_QUICK TestCase::Duration::QUICK
#endif

#endif /* FABRIC_LB_COMPAT_H */
