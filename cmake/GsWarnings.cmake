# gs_target_defaults(target [HOT]): the project's warning and sanitizer flags, per target. GS_FUZZ
# instruments every target for libFuzzer's coverage, ASan and UBSan (tests/fuzz links the fuzzer).
# HOT marks the code the tests spend their time in (the simulation, the reference model): in a
# sanitized Debug build it compiles at -O1, the rest at -O0, which compiles in half the time under
# the sanitizers and runs little.
function(gs_target_defaults target)
  cmake_parse_arguments(defaults "HOT" "" "" ${ARGN})
  target_compile_options(${target} PRIVATE
    $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion>)
  if(GS_SANITIZE)
    target_compile_options(${target} PRIVATE
      $<$<COMPILE_LANGUAGE:CXX>:-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined>)
    if(defaults_HOT)
      # ASan's own advice: -O1 keeps the reports exact and makes the simulation tests (a
      # thousand steps on a megacell grid) run in seconds rather than minutes.
      target_compile_options(${target} PRIVATE $<$<AND:$<CONFIG:Debug>,$<COMPILE_LANGUAGE:CXX>>:-O1>)
    endif()
    target_link_options(${target} PRIVATE -fsanitize=address,undefined)
  endif()
  if(GS_FUZZ)
    target_compile_options(${target} PRIVATE
      $<$<COMPILE_LANGUAGE:CXX>:-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined>
      # Asserts on, at a fuzzing pace (-O1 vectorises no `omp simd` loop: clang would say so).
      $<$<AND:$<CONFIG:Debug>,$<COMPILE_LANGUAGE:CXX>>:-O1 -Wno-pass-failed>)
    target_link_options(${target} PRIVATE -fsanitize=address,undefined)
  endif()
endfunction()
