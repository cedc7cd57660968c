# The module's files, shared by its in-tree CMakeLists.txt (ns-3's build_lib) and the
# repository's stand-alone CMakeLists.txt: every source and header of model/ and helper/,
# every test/*-test-suite.cc and every examples/*.cc, found by name (a new file needs no
# list). Paths are relative to this folder.
# model/ before helper/: the library's static initialisation (TypeIds, registrations)
# then runs in the order the layers depend on each other.
file(GLOB FABRIC_LB_MODEL_SOURCES RELATIVE ${CMAKE_CURRENT_LIST_DIR} CONFIGURE_DEPENDS
     ${CMAKE_CURRENT_LIST_DIR}/model/*.cc)
file(GLOB FABRIC_LB_HELPER_SOURCES RELATIVE ${CMAKE_CURRENT_LIST_DIR} CONFIGURE_DEPENDS
     ${CMAKE_CURRENT_LIST_DIR}/helper/*.cc)
set(FABRIC_LB_SOURCES ${FABRIC_LB_MODEL_SOURCES} ${FABRIC_LB_HELPER_SOURCES})
file(GLOB FABRIC_LB_HEADERS RELATIVE ${CMAKE_CURRENT_LIST_DIR} CONFIGURE_DEPENDS
     ${CMAKE_CURRENT_LIST_DIR}/model/*.h ${CMAKE_CURRENT_LIST_DIR}/helper/*.h)
file(GLOB FABRIC_LB_TEST_SOURCES RELATIVE ${CMAKE_CURRENT_LIST_DIR} CONFIGURE_DEPENDS
     ${CMAKE_CURRENT_LIST_DIR}/test/*-test-suite.cc)

# The module's example programs: examples/NAME.cc each.
file(GLOB FABRIC_LB_EXAMPLE_FILES CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/examples/*.cc)
set(FABRIC_LB_EXAMPLES)
foreach(example_file ${FABRIC_LB_EXAMPLE_FILES})
  get_filename_component(example ${example_file} NAME_WE)
  list(APPEND FABRIC_LB_EXAMPLES ${example})
endforeach()
