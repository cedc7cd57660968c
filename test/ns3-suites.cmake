# Writes one CTest test per ns-3 TestSuite that the runner lists (run after each build
# of fabric-lb-test-runner, as gtest_discover_tests does for GoogleTest).
#   cmake -D RUNNER=path/to/fabric-lb-test-runner -D OUTPUT=tests.cmake -P ns3-suites.cmake
execute_process(COMMAND ${RUNNER} --list OUTPUT_VARIABLE listing RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${RUNNER} --list failed (${status})")
endif()
string(REGEX MATCHALL "fabric-lb-[a-z0-9-]+" suites "${listing}")
if(NOT suites)
  message(FATAL_ERROR "${RUNNER} --list named no fabric-lb suite")
endif()
set(content "")
foreach(suite ${suites})
  string(APPEND content
         "add_test(ns3-suite-${suite} \"${RUNNER}\" --suite=${suite} --stop-on-failure)\n")
endforeach()
file(WRITE ${OUTPUT} "${content}")
