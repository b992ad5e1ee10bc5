# The docs that stay true: README.md and every docs/*.md, their commands run and their claims
# checked by tests/docs/check_docs.py (its docstring holds the conventions), one test per
# document, label `docs`. Included by tests/CMakeLists.txt (paths relative to tests/). The
# fixtures prove each of the runner's checks able to fail.
if(NOT GS_BUILD_APP)
  return()  # the docs show all three programs
endif()
find_package(Python3 COMPONENTS Interpreter)
if(NOT Python3_Interpreter_FOUND)
  message(STATUS "Python 3 not found: the docs tests are not registered")
  return()
endif()

# The key table and the script parser, asked by the runner (no regex over the sources).
add_executable(doc_check_tool docs/doc_check_tool.cpp)
target_link_libraries(doc_check_tool PRIVATE gs_app_ui gs_app_core)
gs_target_defaults(doc_check_tool)

set(gs_docs_mpiexec none)
if(GS_MPI_ENABLED)
  set(gs_docs_mpiexec ${MPIEXEC_EXECUTABLE})
endif()
find_program(XVFB_RUN xvfb-run)
set(gs_docs_xvfb_run none)
if(XVFB_RUN)
  set(gs_docs_xvfb_run ${XVFB_RUN})
endif()
set(gs_docs_runner ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/docs/check_docs.py
  --repo ${PROJECT_SOURCE_DIR} --bin $<TARGET_FILE_DIR:grayscott>
  --tool $<TARGET_FILE:doc_check_tool> --mpiexec ${gs_docs_mpiexec} --xvfb-run ${gs_docs_xvfb_run})
set(gs_docs_scratch ${CMAKE_BINARY_DIR}/docs-scratch)

# One test per document: a failure names the document, the line and the command. A display block
# starts an Xvfb of its own, on a display number apart from other tests' (check_docs.py).
file(GLOB gs_docs_guides CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/*.md)
add_test(NAME docs.README COMMAND ${gs_docs_runner} --scratch ${gs_docs_scratch}/README
  ${PROJECT_SOURCE_DIR}/README.md)
set(gs_docs_tests docs.README)
foreach(guide IN LISTS gs_docs_guides)
  get_filename_component(name ${guide} NAME_WE)
  add_test(NAME docs.${name} COMMAND ${gs_docs_runner} --scratch ${gs_docs_scratch}/${name}
    --guide ${guide})
  list(APPEND gs_docs_tests docs.${name})
endforeach()

# The runner proven able to fail: each fixture says in its first line whether it must pass or
# which failure it must report (tests/docs/fixtures/).
file(GLOB gs_docs_fixtures CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/docs/fixtures/*.md)
foreach(fixture IN LISTS gs_docs_fixtures)
  get_filename_component(name ${fixture} NAME_WE)
  add_test(NAME docs_fixture.${name} COMMAND ${Python3_EXECUTABLE}
    ${CMAKE_CURRENT_SOURCE_DIR}/docs/fixture_test.py ${fixture} -- ${gs_docs_runner}
    --scratch ${gs_docs_scratch}/fixtures/${name} --guide ${fixture})
  list(APPEND gs_docs_tests docs_fixture.${name})
endforeach()

set_tests_properties(${gs_docs_tests} PROPERTIES LABELS docs COST 100 TIMEOUT 300)
add_dependencies(doc_check_tool grayscott grayscott-batch grayscott-sheet)
