# The module's files, shared by its in-tree CMakeLists.txt (ns-3's build_lib) and the
# repository's stand-alone CMakeLists.txt: every source and header of model/'s layer
# folders and of helper/, every test/*-test-suite.cc and every examples/*.cc, found by
# name (a new file needs no list). Paths are relative to this folder.
# The layers of model/, lowest first (doc/architecture.md: what each holds and may
# include; tools/check-layers.py checks it). model/ before helper/: the library's static
# initialisation (TypeIds, registrations) then runs in the order the layers depend on
# each other.
set(FABRIC_LB_LAYERS
    common
    topology
    traffic
    measure
    port
    lb
    routing
    transport
    application)
set(FABRIC_LB_SOURCES)
set(FABRIC_LB_HEADERS)
set(FABRIC_LB_FOLDERS ${FABRIC_LB_LAYERS})
list(TRANSFORM FABRIC_LB_FOLDERS PREPEND model/)
foreach(folder ${FABRIC_LB_FOLDERS} helper)
  file(GLOB sources RELATIVE ${CMAKE_CURRENT_LIST_DIR} CONFIGURE_DEPENDS
       ${CMAKE_CURRENT_LIST_DIR}/${folder}/*.cc)
  file(GLOB headers RELATIVE ${CMAKE_CURRENT_LIST_DIR} CONFIGURE_DEPENDS
       ${CMAKE_CURRENT_LIST_DIR}/${folder}/*.h)
  list(APPEND FABRIC_LB_SOURCES ${sources})
  list(APPEND FABRIC_LB_HEADERS ${headers})
endforeach()
file(GLOB FABRIC_LB_TEST_SOURCES RELATIVE ${CMAKE_CURRENT_LIST_DIR} CONFIGURE_DEPENDS
     ${CMAKE_CURRENT_LIST_DIR}/test/*-test-suite.cc)

# The module's example programs: examples/NAME.cc each.
file(GLOB FABRIC_LB_EXAMPLE_FILES CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/examples/*.cc)
set(FABRIC_LB_EXAMPLES)
foreach(example_file ${FABRIC_LB_EXAMPLE_FILES})
  get_filename_component(example ${example_file} NAME_WE)
  list(APPEND FABRIC_LB_EXAMPLES ${example})
endforeach()
# The protobuf schemas of the traces read (generated into the build folder by each build).
set(FABRIC_LB_PROTOS model/traffic/chakra-trace.proto)
