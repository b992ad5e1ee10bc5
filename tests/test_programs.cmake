# gs_test_program(target [OPTIMIZED] [ONE_GROUP] [PROPERTIES name value...]): what every GoogleTest
# program of the suite gets, included by tests/CMakeLists.txt.
# - The project's warnings and sanitizer flags (gs_target_defaults).
# - No optimisation of the test code itself (-O0), unless OPTIMIZED: a test that drives the
#   product (its libraries and programs, built as the build type says) spends nothing in its own
#   code, which then compiles in half the time. A program whose own code computes (the kernels'
#   bodies under the launch emulator, the SIMD rows, edge strips of a grid) is OPTIMIZED.
# - Unity builds (CMAKE_UNITY_BUILD, set at the top), and precompiled headers where a program
#   has more than one unity unit: GoogleTest, nlohmann/json and the standard headers nearly every
#   test file includes, parsed once per program instead of once per unit. A program of one unit
#   has no header to share: its precompiled header would cost more than it saves.
# - Its tests listed for ctest, in two groups: a test whose suite name ends in `Timing` judges
#   wall-clock time (a frame count over a second, a key that must land within a wait) and gets
#   the label `timing`, which CI runs three times over with both cores loaded; the rest judge no
#   clock. The `timing` label replaces any LABELS in PROPERTIES (one label a test: gtest's
#   discovery cannot pass a list), so a program whose tests carry a label of their own (gpu)
#   discovers them in one group.
function(gs_test_program target)
  cmake_parse_arguments(test "OPTIMIZED;ONE_GROUP" "" "PROPERTIES" ${ARGN})
  if(test_OPTIMIZED)
    gs_target_defaults(${target} HOT)
  else()
    gs_target_defaults(${target})
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-O0>)
  endif()
  target_link_libraries(${target} PRIVATE GTest::gtest nlohmann_json::nlohmann_json)
  # Sources are still added after this call: count them once the folder is read (EVAL: a
  # deferred call's arguments are read when it runs, where ${target} is gone).
  cmake_language(EVAL CODE "cmake_language(DEFER CALL gs_precompile_test_headers [[${target}]])")
  if(test_ONE_GROUP)
    gtest_discover_tests(${target} DISCOVERY_TIMEOUT 60 PROPERTIES ${test_PROPERTIES})
    return()
  endif()
  gtest_discover_tests(${target} DISCOVERY_TIMEOUT 60 TEST_FILTER "-*Timing.*"
    PROPERTIES ${test_PROPERTIES})
  gtest_discover_tests(${target} DISCOVERY_TIMEOUT 60 TEST_FILTER "*Timing.*"
    PROPERTIES ${test_PROPERTIES} LABELS timing)
endfunction()

function(gs_precompile_test_headers target)
  get_target_property(sources ${target} SOURCES)
  list(FILTER sources INCLUDE REGEX "\\.cpp$")
  list(LENGTH sources count)
  if(CMAKE_UNITY_BUILD AND count LESS_EQUAL CMAKE_UNITY_BUILD_BATCH_SIZE)
    return()
  endif()
  target_precompile_headers(${target} PRIVATE
    <gtest/gtest.h> <nlohmann/json.hpp> <algorithm> <filesystem> <functional> <map> <memory>
    <optional> <sstream> <string> <vector>)
endfunction()
