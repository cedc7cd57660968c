# The module's files, shared by its in-tree CMakeLists.txt (ns-3's build_lib)
# and the repository's stand-alone CMakeLists.txt. Paths are relative to this folder.
set(FABRIC_LB_SOURCES
    model/collective-app.cc
    model/collective-triggers.cc
    model/connection-matrix.cc
    model/fabric-queue-disc.cc
    model/fabric-routing.cc
    model/fat-tree-topology.cc
    model/flow-hash.cc
    model/host-path-policy.cc
    model/lb-scheme.cc
    model/lower-bound.cc
    model/port-monitor.cc
    model/roce-header.cc
    model/roce-nic.cc
    model/switch-discipline.cc
    model/wire-model.cc
    model/workload.cc
    model/lb-logic.cc
    helper/fabric-experiment.cc
    helper/fat-tree-helper.cc
)

set(FABRIC_LB_HEADERS
    model/collective-app.h
    model/collective-triggers.h
    model/connection-matrix.h
    model/fabric-lb-compat.h
    model/fabric-queue-disc.h
    model/fabric-routing.h
    model/fat-tree-topology.h
    model/flow-hash.h
    model/host-path-policy.h
    model/lb-scheme.h
    model/lower-bound.h
    model/port-monitor.h
    model/roce-header.h
    model/roce-nic.h
    model/switch-discipline.h
    model/wire-model.h
    model/workload.h
    model/lb-logic.h
    helper/fabric-experiment.h
    helper/fat-tree-helper.h
)

set(FABRIC_LB_TEST_SOURCES
    test/fabric-lb-test-suite.cc
    test/fabric-lb-schemes-test-suite.cc
    test/fabric-lb-matrix-test-suite.cc
    test/fabric-lb-scheme-behaviour-test-suite.cc
)

# ns-3 TestSuites defined in FABRIC_LB_TEST_SOURCES, one CTest test each.
set(FABRIC_LB_TEST_SUITES
    fabric-lb-wire
    fabric-lb-bounds
    fabric-lb-fabric
    fabric-lb-ecmp
    fabric-lb-determinism
    fabric-lb-schemes
    fabric-lb-rotation
    fabric-lb-matrix
    fabric-lb-behaviour-ecmp
    fabric-lb-behaviour-subflow
    fabric-lb-behaviour-reps
    fabric-lb-behaviour-host-spray
    fabric-lb-behaviour-simple-rr
    fabric-lb-behaviour-jsq
    fabric-lb-behaviour-host-dr
    fabric-lb-behaviour-ofan
)

set(FABRIC_LB_EXAMPLES
    fabric-lb-two-hosts
)
