# Fails when any source under DIR includes an OpenGL, glad, GLFW, EGL or ImGui header. The engine
# and the app's core and export rooms stay GL-free: they build and are tested without a display.
file(GLOB_RECURSE sources ${DIR}/*.h ${DIR}/*.hpp ${DIR}/*.cpp ${DIR}/*.cu ${DIR}/*.cuh)
set(offenders "")
foreach(source IN LISTS sources)
  file(STRINGS ${source} includes REGEX
       "^[ \t]*#[ \t]*include[ \t]*[<\"](GL/|glad/|GLFW/|EGL/|imgui|backends/imgui|cuda_gl_interop)")
  if(includes)
    list(APPEND offenders "${source}: ${includes}")
  endif()
endforeach()
list(LENGTH sources count)
if(count EQUAL 0)
  message(FATAL_ERROR "no sources found under ${DIR}")
endif()
if(offenders)
  message(FATAL_ERROR "${DIR} must not include GL, GLFW, EGL or ImGui headers:\n${offenders}")
endif()
message(STATUS "${count} files under ${DIR} checked: none includes GL, GLFW, EGL or ImGui")
